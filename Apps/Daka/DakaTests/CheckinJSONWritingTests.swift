import Foundation
import SparrowCore
import SparrowDemo
import SparrowTestSupport
import Testing
@testable import DakaAPI

/// 打卡's hand-written JSON (`CheckinJSON+Writing.swift`) against each type's `Encodable` form, byte for byte: the
/// same keys, in the same order, with the same values, over random check-ins (places known and unknown, points
/// shown and hidden, with and without author, trip and pictures; text that needs escaping).
@Test(arguments: [7, 2026] as [UInt64])
func checkinsWrittenByHandAreTheirEncodableForm(seed: UInt64) throws {
  var random = SplitMix(seed: seed)
  func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
  let texts = ["西湖", "", "\"引号\" 和 \\ 反斜杠", "换行\n制表\t", "a/b <b>&amp;", "\u{1}控制"]
  func text() -> String { texts[roll(texts.count)] }
  func maybe<T>(_ value: T) -> T? { roll(2) == 0 ? nil : value }
  func coordinate() -> Double { [0, 30.2592, Double(roll(180_000_000)) / 1_000_000 - 90][roll(3)] }

  for _ in 0..<300 {
    let place = CheckinJSON.Place(
      country: maybe(text()), countryCode: maybe("CN"), city: maybe(text()), district: maybe(text()),
      adcode: maybe(330_106), geonameId: maybe(roll(9_000_000)), latitude: maybe(coordinate()),
      longitude: maybe(coordinate()))
    let pics = (0..<roll(3)).map { _ in
      CheckinJSON.Pic(id: text(), thumbnail: text(), large: text(), width: roll(4000), height: roll(4000))
    }
    let user = maybe(User(id: Int64(roll(1_000_000)), screenName: text(), description: text(), verifiedType: roll(3) - 1))
    let checkin = CheckinJSON(
      id: Int64(roll(1_000_000_000)), date: "2026-11-\(10 + roll(18))", location: text(), spot: text(),
      thoughts: text(), visibility: ["public", "friends", "private"][roll(3)], place: maybe(place), pics: pics,
      user: user, createdAt: text(), showExactLocation: maybe(roll(2) == 0), tripId: maybe(Int64(roll(99))))
    #expect(try JSONForms.byHand(place) == JSONForms.throughEncoder(place))
    for pic in pics { #expect(try JSONForms.byHand(pic) == JSONForms.throughEncoder(pic)) }
    #expect(try JSONForms.byHand(checkin) == JSONForms.throughEncoder(checkin))
    let list = CheckinList(checkins: [checkin, checkin].prefix(roll(3)).map { $0 }, totalNumber: roll(100), page: 1 + roll(3))
    #expect(try JSONForms.byHand(list) == JSONForms.throughEncoder(list))
  }
}
