import Foundation
import SparrowCore
import SparrowDemo
import SparrowTestSupport
import Testing
@testable import DealsAPI

/// The deals API's hand-written JSON (`DealsJSON+Writing.swift`) against each type's `Encodable` form, byte for
/// byte: the same keys, in the same order, with the same values, over random deals and businesses (optional
/// fields present and absent, whole and fractional prices, text that needs escaping).
@Test(arguments: [7, 2026] as [UInt64])
func dealsWrittenByHandAreTheirEncodableForm(seed: UInt64) throws {
  var random = SplitMix(seed: seed)
  func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
  let texts = ["海底捞", "", "\"引号\" 和 \\ 反斜杠", "换行\n制表\t", "a/b <b>&amp;", "\u{1}控制"]
  func text() -> String { texts[roll(texts.count)] }
  func maybe<T>(_ value: T) -> T? { roll(2) == 0 ? nil : value }
  func coordinate() -> Double { Double(roll(180_000_000)) / 1_000_000 - 90 }

  for _ in 0..<200 {
    let business = DealJSON.Business(
      name: text(), id: Int64(roll(1_000_000)), city: text(), address: maybe(text()), latitude: coordinate(),
      longitude: [0, 116.4605, coordinate()][roll(3)], url: text(), h5Url: text())
    let deal = DealJSON(
      dealId: "1-\(roll(99_999))", title: text(), description: text(), city: text(),
      listPrice: Yuan(cents: roll(100_000)), currentPrice: Yuan(cents: 100 * roll(1_000)),
      regions: (0..<roll(3)).map { _ in text() }, categories: (0..<roll(3)).map { _ in text() },
      purchaseCount: roll(5_000), publishDate: "2026-11-28", purchaseDeadline: "2026-12-31",
      distance: maybe([-1, roll(3_000), DealsPresenter.unknownDistance][roll(3)]), imageUrl: text(), sImageUrl: text(),
      moreImageUrls: maybe((0..<roll(3)).map { _ in text() }), moreSImageUrls: maybe([text()]), details: maybe(text()),
      isPopular: maybe(roll(2)),
      restrictions: maybe(DealJSON.Restrictions(isReservationRequired: roll(2), isRefundable: 1, specialTips: text())),
      notice: maybe(text()), dealUrl: text(), dealH5Url: text(), commissionRatio: 0,
      businesses: (0..<roll(3)).map { _ in business })
    let shop = BusinessJSON(
      businessId: Int64(roll(1_000_000)), name: text(), branchName: text(), address: text(), telephone: text(),
      city: text(), regions: [text()], categories: [text(), text()], latitude: coordinate(), longitude: coordinate(),
      avgRating: Double(roll(11)) / 2, ratingImgUrl: text(), ratingSImgUrl: text(), productGrade: roll(4),
      decorationGrade: roll(4), serviceGrade: roll(4), productScore: Double(roll(100)) / 10,
      decorationScore: Double(roll(100)) / 10, serviceScore: 8.25, avgPrice: roll(500), reviewCount: roll(900),
      distance: roll(2) == 0 ? -1 : roll(5_000), businessUrl: text(), photoUrl: text(), sPhotoUrl: text(),
      hasCoupon: 0, couponId: 0, couponDescription: "", couponUrl: "", hasDeal: roll(2), dealCount: roll(9),
      deals: (0..<roll(3)).map { _ in BusinessJSON.Deal(id: "1-\(roll(99))", description: text(), url: text()) },
      hasOnlineReservation: 0, onlineReservationUrl: "", businessHours: text())

    #expect(try JSONForms.byHand(deal) == JSONForms.throughEncoder(deal))
    #expect(try JSONForms.byHand(business) == JSONForms.throughEncoder(business))
    #expect(try JSONForms.byHand(shop) == JSONForms.throughEncoder(shop))
    let price = Yuan(cents: roll(100_000))
    #expect(try JSONForms.byHand(price) == JSONForms.throughEncoder(price))
  }
  // A fractional price stays fractional, a whole one has no decimals.
  #expect(JSONForms.byHand(Yuan(cents: 9805)) == "98.05")
  #expect(JSONForms.byHand(Yuan(cents: 9800)) == "98")
}
