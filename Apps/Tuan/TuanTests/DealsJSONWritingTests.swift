import Foundation
import SparrowCore
import SparrowDemo
import SparrowTestSupport
import Testing
@testable import DealsAPI

/// The deals API's hand-written JSON (`DealsJSON+Writing.swift`) against each type's `Encodable` form, byte for
/// byte: the same keys, in the same order, with the same values, over random deals, businesses and reviews (optional
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
    let user = ReviewDetailJSON.User(id: Int64(roll(1_000)), screenName: text())
    let picture = ReviewDetailJSON.Picture(thumbnail: text(), large: text())
    let review = ReviewDetailJSON(
      id: Int64(roll(1_000_000)), idstr: text(), businessId: Int64(roll(1_000)), dealId: text(), user: user,
      rating: roll(6), productRating: roll(6), decorationRating: roll(6), serviceRating: roll(6),
      gradeNames: (0..<roll(4)).map { _ in text() }, text: text(), pictures: (0..<roll(3)).map { _ in picture },
      spend: maybe(roll(900)), helpful: roll(50), helped: roll(2) == 0, reply: maybe(text()), repliedAt: maybe(text()),
      hidden: roll(2) == 0, createdAt: text(), updatedAt: text(), url: text())
    let recent = ReviewJSON(
      reviewId: Int64(roll(1_000_000)), userNickname: text(), createdTime: text(), textExcerpt: text(),
      reviewRating: roll(6), ratingImgUrl: text(), ratingSImgUrl: text(), productRating: roll(6),
      decorationRating: roll(6), serviceRating: roll(6), reviewUrl: text())
    #expect(try JSONForms.byHand(user) == JSONForms.throughEncoder(user))
    #expect(try JSONForms.byHand(picture) == JSONForms.throughEncoder(picture))
    #expect(try JSONForms.byHand(review) == JSONForms.throughEncoder(review))
    #expect(try JSONForms.byHand(recent) == JSONForms.throughEncoder(recent))
    let price = Yuan(cents: roll(100_000))
    #expect(try JSONForms.byHand(price) == JSONForms.throughEncoder(price))
  }
  // A fractional price stays fractional, a whole one has no decimals.
  #expect(JSONForms.byHand(Yuan(cents: 9805)) == "98.05")
  #expect(JSONForms.byHand(Yuan(cents: 9800)) == "98")
}

/// The kept deals' JSON (`DealTemplates`) against the presenter's fresh JSON, byte for byte, over a random history
/// of the rows it is made from changing (a title that holds the cut's own key, 已售, the shop's name, 适用分店),
/// both forms, with and without a point, with and without a shop: a kept entry is never shown for rows that differ.
/// Businesses likewise, with their deals.
@Test(arguments: [3, 2027] as [UInt64])
func keptDealsAreTheirFreshJSON(seed: UInt64) throws {
  var random = SplitMix(seed: seed)
  func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
  let presenter = DealsPresenter(publicURL: "https://sparrow.example")
  let templates = DealTemplates(presenter: presenter)
  var f = TuanFixture()
  var shops = (0..<3).map { f.merchant("店\($0)", city: TuanFixture.beijing, district: TuanFixture.chaoyang, at: (39.9, 116.4)) }
  var deals = (0..<4).map { f.deal("套餐\($0)", at: shops[$0 % 3], price: 1_000 * ($0 + 1)) }
  let titles = ["火锅", #"a ,"image_url":"x" b"#, "\"引号\"", "换行\n"]
  for step in 0..<400 {
    switch roll(5) {
    case 0: deals[roll(4)].title = titles[roll(titles.count)]
    case 4: deals[roll(4)].description = titles[roll(titles.count)]
    case 1: deals[roll(4)].purchaseCount += 1
    case 2: shops[roll(3)].name = titles[roll(titles.count)]
    default: break
    }
    let deal = deals[roll(4)]
    let merchant = roll(5) == 0 ? nil : shops.first { $0.id == deal.merchantID }
    let branches = roll(2) == 0 ? [] : [shops[roll(3)]]
    let full = roll(2) == 0, hasPoint = roll(2) == 0
    let distance = roll(3) == 0 ? nil : Double(roll(5_000)) / 3
    var kept = JSONOutput(), fresh = JSONOutput()
    templates.deal(deal, merchant: merchant, full: full, distance: distance, hasPoint: hasPoint, branches: branches)
      .writeJSON(&kept)
    presenter.deal(deal, merchant: merchant, full: full, distance: distance, hasPoint: hasPoint, branches: branches)
      .writeJSON(&fresh)
    #expect(String(decoding: kept.bytes, as: UTF8.self) == String(decoding: fresh.bytes, as: UTF8.self), "step \(step)")
    // A business with some of the deals (its own and ones it honours), near a point or not.
    let shop = shops[roll(3)]
    let listed = deals.filter { _ in roll(2) == 0 }
    #expect(JSONForms.byHand(templates.business(shop, deals: listed, distance: distance))
            == JSONForms.byHand(presenter.business(shop, deals: listed, distance: distance)), "step \(step)")
  }
}
