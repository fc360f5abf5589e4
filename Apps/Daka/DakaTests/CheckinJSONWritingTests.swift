import Foundation
import SparrowCore
import SparrowDemo
import SparrowStore
import DakaStore
import GeoData
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

/// Kept entries' JSON (`CheckinPresenter.text`) against the presenter's fresh JSON, byte for byte, over a random
/// history of the entry's and its author's rows changing, for several viewers (the owner sees the exact point, a trip
/// is named or not): a kept entry is never shown for rows, or to a viewer, it was not made for.
@Test(arguments: [5, 2028] as [UInt64])
func keptCheckinsAreTheirFreshJSON(seed: UInt64) async throws {
  var random = SplitMix(seed: seed)
  func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
  try await withStore(.sqlite) { engine in
    let kept = KeptByRecord<CheckinPresenter.Shown, JSONFragment>()
    let now = Date(timeIntervalSince1970: 1_780_000_000)
    var users = (1...3).map { UserRecord(id: Int64($0), screenName: "用户\($0)", passwordHash: "", createdAt: now) }
    var entries: [CheckinRecord] = []
    for n in 1...4 {
      let point = Coordinate(latitude: 30.25, longitude: 120.15)
      entries.append(CheckinRecord(id: Int64(100 + n), userID: Int64(1 + n % 3), date: "2026-11-2\(n)", location: "杭州",
                                   spot: "西湖", visibility: .public, createdAt: now, point: point, tripID: 7))
    }
    let texts = ["断桥", "\"引号\"", "换行\n", ""]
    for step in 0..<400 {
      switch roll(5) {
      case 0: entries[roll(4)].thoughts = texts[roll(texts.count)]
      case 1: entries[roll(4)].showsPoint.toggle()
      case 2: users[roll(3)].screenName = texts[roll(texts.count)]
      case 3: users[roll(3)].description = texts[roll(texts.count)]
      default: break
      }
      let entry = entries[roll(4)]
      let viewer: Int64? = [nil, 1, 2, 3][roll(4)]
      let presenter = CheckinPresenter(store: engine.engine.shared, journal: engine.journal, baseURL: "https://sparrow.example",
                                       viewer: viewer)
      let user = roll(6) == 0 ? nil : users.first { $0.id == entry.userID }
      let tripShown = roll(2) == 0
      let fresh = presenter.checkin(entry, user: user, trips: tripShown ? [7] : [])
      #expect(JSONForms.byHand(presenter.text(entry, user: user, tripShown: tripShown, kept: kept)) == JSONForms.byHand(fresh),
              "step \(step)")
    }
  }
}
