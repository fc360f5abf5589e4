import Foundation
import Hummingbird
import HummingbirdTesting
import SparrowStoreSQLite
import SparrowTestSupport
import Testing
import TuanStore

/// Every statement 团购 runs for its API, its pages and its orders reads deals, merchants and orders by index,
/// never whole (by each engine's plans: SQLite's `EXPLAIN QUERY PLAN`, PostgreSQL's `EXPLAIN`).
@Suite struct TuanQueryPlanTests {
  static let tables: Set<String> = [
    "tuan_deals", "tuan_merchants", "tuan_orders", "tuan_coupons", "tuan_favourites", "tuan_views", "tuan_city_visits",
    "tuan_reviews", "tuan_review_votes", "tuan_shop_users",
  ]

  /// Deliberate whole-table reads, each with its reason.
  static let allowed = [
    // The cities on sale group every deal on sale, once until a deal or the time changes them (`OnSaleSets`).
    "SELECT DISTINCT city_adcode FROM tuan_deals",
    // Every shop's people (a row a shop, at most `ShopPeople.limit`), once until the catalog changes (`ShopPeople`).
    "SELECT user_id, merchant_id FROM tuan_shop_users",
  ]

  @Test func everyReadUsesAnIndex() async throws {
    let d = try await DealsAPITests.Deals()
    let engine = d.world.engine
    let before = engine.statementsSeen
    let now = d.world.clock.now
    let hotpot = d.deals["hotpot"]!
    let order = OrderRecord(
      id: d.world.ids.next(at: now), userID: 7, dealID: hotpot.id, quantity: 2, unitPrice: hotpot.currentPrice,
      createdAt: now, coupons: (0..<2).map { _ in
        CouponRecord(code: CouponCode.make(), orderID: 0, dealID: hotpot.id, merchantID: hotpot.merchantID, userID: 7,
                     validUntil: hotpot.deadline)
      })
    try await d.world.tuan.placeOrder(order, now: now)
    _ = try await d.world.tuan.orders(userID: 7, limit: 10, offset: 0)
    _ = try await d.world.tuan.order(id: order.id, userID: 7)
    _ = try await d.world.tuan.cancelCoupon(code: order.coupons[1].code, userID: 7, now: now)
    try await d.world.tuan.collect(userID: 7, dealID: hotpot.id, at: now)
    _ = try await d.world.tuan.collections(userID: 7, limit: 10, offset: 0)
    _ = try await d.world.tuan.collected(by: 7, among: [hotpot.id])
    _ = try await d.world.tuan.uncollect(userID: 7, dealIDs: [hotpot.id])
    try await d.world.tuan.recordView(userID: 7, dealID: hotpot.id, at: now)
    _ = try await d.world.tuan.recentlyViewed(userID: 7, limit: 10)
    try await d.world.tuan.forgetViews(userID: 7, dealIDs: nil)
    try await d.world.tuan.recordCityVisit(userID: 7, adcode: 110000, at: now)
    _ = try await d.world.tuan.recentCities(userID: 7, limit: 5)
    let business = String(d.merchants["sanlitun"]!.id)
    // 点评: a review of the used 券, a vote, a reply, the lists, the shop's side.
    _ = try await d.world.tuan.consumeCoupon(code: order.coupons[0].code, merchantID: hotpot.merchantID, now: now)
    let review = try await d.world.tuan.addReview(ReviewRecord(
      id: d.world.ids.next(at: now), merchantID: 0, dealID: 0, userID: 7, couponCode: order.coupons[0].code, rating: 4,
      grades: ReviewGrades(product: 4, decoration: 4, service: 4), text: "很好吃的火锅，服务也不错，还会再来的。", createdAt: now))
    _ = try await d.world.tuan.setHelpful(reviewID: review.id, userID: 8, helpful: true)
    try await d.world.tuan.reply(toReview: review.id, merchantID: hotpot.merchantID, text: "谢谢", at: now)
    for filter in ReviewFilter.allCases {
      _ = try await d.world.tuan.reviews(merchantID: hotpot.merchantID, filter: filter, viewer: 8, limit: 10, offset: 0)
    }
    _ = try await d.world.tuan.reviews(userID: 7, limit: 10, offset: 0)
    _ = try await d.world.tuan.reviewIDs(couponCodes: order.coupons.map(\.code))
    _ = try await d.world.tuan.helpfulVotes(by: 8, among: [review.id])
    try await d.world.tuan.linkShop(userID: 9, merchantID: hotpot.merchantID)
    _ = try await d.world.tuan.shop(of: 9)
    _ = try await d.world.tuan.consumedCoupons(merchantID: hotpot.merchantID, since: now - 86_400, limit: 10)
    var edited = review
    edited.rating = 3
    _ = try await d.world.tuan.editReview(edited, now: now)
    _ = try await d.world.tuan.setReviewHidden(id: review.id, hidden: true, rows: [])
    let scans = try await d.world.test { client in
      let calls: [(String, [(String, String)])] = [
        ("metadata/get_cities_with_deals", []), ("metadata/get_categories_with_deals", []),
        ("metadata/get_regions_with_deals", [("city", "北京")]), ("metadata/get_regions_with_deals", []),
        ("deal/find_deals", [("city", "北京")]), ("deal/find_deals", [("city", "北京"), ("is_local", "1"), ("sort", "2")]),
        ("deal/find_deals", [("city", "北京"), ("is_local", "0"), ("sort", "3")]),
        ("deal/find_deals", [("city", "北京"), ("region", "海淀区"), ("sort", "4")]),
        ("deal/find_deals", [("city", "北京"), ("region", "三里屯"), ("sort", "5")]),
        ("deal/find_deals", [("city", "北京"), ("category", "火锅"), ("sort", "6")]),
        ("deal/find_deals", [("city", "北京"), ("keyword", "火锅")]),
        ("deal/find_deals", [("city", "北京"), ("latitude", "39.93"), ("longitude", "116.45"), ("radius", "2000"), ("sort", "7")]),
        ("deal/get_single_deal", [("deal_id", d.id("hotpot"))]),
        ("deal/get_batch_deals_by_id", [("deal_ids", d.id("hotpot") + "," + d.id("movie"))]),
        ("deal/get_all_id_list", [("city", "北京")]), ("deal/get_daily_new_id_list", [("city", "北京")]),
        ("deal/get_sold_out_id_list", [("city", "北京")]), ("deal/get_incremental_id_list", [("city", "北京")]),
        ("deal/get_deals_by_business_id", [("business_id", business)]),
        ("business/find_businesses", [("city", "北京"), ("sort", "2")]),
        ("business/find_businesses", [("city", "北京"), ("category", "美食"), ("keyword", "小龙坎")]),
        ("business/find_businesses", [("city", "北京"), ("latitude", "39.93"), ("longitude", "116.45"), ("sort", "7")]),
        ("business/get_single_business", [("business_id", business)]),
        ("review/get_recent_reviews", [("business_id", business)]),
      ]
      for (path, params) in calls { _ = try await client.get(DealsAPITests.uri(path, params)) }
      _ = try await DealsAPITests.consume(client, order.coupons[0].code)
      for page in ["/tuan", "/tuan?sort=2", "/tuan?keyword=火锅", "/tuan?district=110105", "/tuan/deals?page=2",
                   "/tuan/deal/\(d.id("hotpot"))", "/tuan/business/\(business)", "/tuan/map", "/tuan/cities",
                   "/tuan/cities/search?q=bj", "/tuan/business/\(business)/reviews?filter=bad",
                   "/tuan/review/\(review.id)"] {
        _ = try await client.get(page.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)!)
      }
      // Inside the run: the world closes its engine (and drops a PostgreSQL database) when the run ends.
      return try await fullScans(in: engine, of: Self.tables, allowing: Self.allowed, before: before)
    }
    #expect(scans.isEmpty, "\(scans.count) whole-table reads:\n\(scans.map(\.description).joined(separator: "\n"))")
  }
}
