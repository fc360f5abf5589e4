import DealsAPI
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SparrowMedia
import SparrowPlatform
import SparrowStore
import SparrowTestSupport
import Testing
import TuanStore

/// 点评 and the shop's side, from the pages and the API: who may write, what the numbers become everywhere,
/// 有用, the reply, hiding from staff, and bad input changing nothing.
@Suite struct ReviewWebTests {
  typealias Deals = DealsAPITests.Deals

  static func photo(_ colour: String) throws -> Data {
    try ImageProcessor().render(svg: drawing(320, 240, colour: colour), as: .jpeg)
  }

  /// Alice's order of two of the hot pot deal, one 券 used at the shop; the codes (used, unused).
  static func aliceUsedOne(_ fixture: Deals, alice: Int64) async throws -> (used: String, unused: String) {
    let world = fixture.world
    let deal = fixture.deals["hotpot"]!
    let id = world.ids.next(at: world.clock.now)
    let coupons = (0..<2).map { _ in
      CouponRecord(code: CouponCode.make(), orderID: id, dealID: deal.id, merchantID: deal.merchantID, userID: alice,
                   validUntil: deal.deadline)
    }
    try await world.tuan.placeOrder(OrderRecord(
      id: id, userID: alice, dealID: deal.id, quantity: 2, unitPrice: deal.currentPrice, createdAt: world.clock.now,
      coupons: coupons), now: world.clock.now)
    _ = try await world.tuan.consumeCoupon(code: coupons[0].code, merchantID: deal.merchantID, now: world.clock.now)
    return (coupons[0].code, coupons[1].code)
  }

  static func reviewForm(_ fields: [(String, String)], pics: [Data] = [], csrf: String) -> (HTTPFields, ByteBuffer) {
    let files = pics.enumerated().map { (name: "pic", filename: "p\($0.offset).jpg", type: "image/jpeg", data: $0.element) }
    return ([.contentType: "multipart/form-data; boundary=SparrowBoundary"],
            multipart(fields + [("csrf", csrf)], files: files))
  }

  @Test func aUsedCouponsReviewChangesTheShopsNumbersOnThePagesAndTheAPI() async throws {
    let fixture = try await Deals()
    let world = fixture.world
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let (used, unused) = try await Self.aliceUsedOne(fixture, alice: alice.id)
    let shop = fixture.merchants["sanlitun"]!
    // The shop starts with no reviews of its own (the fixture's numbers are not from reviews: start clean).
    let before = try #require(try await world.tuan.merchant(id: shop.id))

    try await world.test { client in
      var headers = TuanWebTests.headers(cookie: try await client.sessionCookie("alice"))
      let orders = try await client.get("/tuan/orders", headers: headers)
      let csrf = try pageCSRF(orders)
      let form = try await client.get("/tuan/review/new?coupon=\(used)", headers: headers)
      let unusedForm = try await client.get("/tuan/review/new?coupon=\(unused)", headers: headers)
      // Too short: refused, the form again with what was typed, nothing stored.
      var (formHeaders, body) = Self.reviewForm([
        ("coupon", used), ("rating", "5"), ("product", "5"), ("decoration", "4"), ("service", "5"), ("text", "好吃"),
      ], csrf: csrf)
      formHeaders[.cookie] = headers[.cookie]
      let short = try await client.execute(uri: "/tuan/review/new", method: .post, headers: formHeaders, body: body)
      let countAfterShort = try await world.tuan.merchant(id: shop.id)?.reviewCount
      (_, body) = Self.reviewForm([
        ("coupon", used), ("rating", "5"), ("product", "5"), ("decoration", "4"), ("service", "5"),
        ("text", "锅底很香，毛肚新鲜，服务员很热情，下次还会再来。"), ("spend", "98"),
      ], pics: [try Self.photo("#aa3300"), try Self.photo("#0033aa")], csrf: csrf)
      let posted = try await client.execute(uri: "/tuan/review/new", method: .post, headers: formHeaders, body: body)
      let again = try await client.execute(uri: "/tuan/review/new", method: .post, headers: formHeaders, body: body)
      let after = try #require(try await world.tuan.merchant(id: shop.id))
      let list = try await client.get("/tuan/business/\(shop.id)/reviews?filter=latest", headers: headers)
      let detail = try await client.get("/tuan/deal/\(fixture.id("hotpot"))", headers: headers)
      let ordersAfter = try await client.get("/tuan/orders", headers: headers)
      let shopPage = try await client.get("/tuan/business/\(shop.id)", headers: headers)
      let api = try await DealsAPITests.call(client, "business/get_single_business", [("business_id", String(shop.id))])
      let recent = try await DealsAPITests.call(client, "review/get_recent_reviews", [("business_id", String(shop.id))])
      let reviewID = try #require(try await world.tuan.reviews(userID: alice.id, limit: 1, offset: 0).items.first?.id)

      // Bob marks it 有用 (once); Alice cannot vote on her own.
      headers = TuanWebTests.headers(cookie: try await client.sessionCookie("bob"))
      let bobCSRF = try pageCSRF(try await client.get("/tuan/review/\(reviewID)", headers: headers))
      _ = try await client.post("/tuan/review/\(reviewID)/helpful", [("helpful", "1"), ("csrf", bobCSRF)], headers: headers)
      _ = try await client.post("/tuan/review/\(reviewID)/helpful", [("helpful", "1"), ("csrf", bobCSRF)], headers: headers)
      let forged = try await client.post("/tuan/review/\(reviewID)/helpful", [("helpful", "1")], headers: headers)
      let bobsEdit = try await client.get("/tuan/review/\(reviewID)/edit", headers: headers)
      let seenByBob = try await client.get("/tuan/review/\(reviewID)", headers: headers)

      #expect(orders.text.contains("/tuan/review/new?coupon=\(used)") && !orders.text.contains("coupon=\(unused)"))
      #expect(form.status == .ok && form.text.contains("口味") && form.text.contains("人均") && form.text.contains("已消费"))
      #expect(unusedForm.status == .notFound, "an unused 券 has no review")
      #expect(short.status == .badRequest && short.text.contains("至少写15个字") && short.text.contains(">好吃</textarea>"))
      #expect(countAfterShort == before.reviewCount)
      #expect(posted.status == .seeOther)
      #expect(again.status == .conflict, "one review per used 券")
      #expect(after.reviewCount == before.reviewCount + 1)
      #expect(after.tally.stars[4] == before.tally.stars[4] + 1 && after.tally.pictured == before.tally.pictured + 1)
      #expect(list.text.contains("锅底很香") && list.text.contains("已消费") && list.text.contains("人均 ¥98"))
      #expect(list.text.components(separatedBy: "class=\"review-pics\"").count == 2)
      #expect(list.text.contains(">\(after.reviewCount)条点评") && list.text.contains(String(format: "%.1f", after.rating)))
      #expect(detail.text.contains("网友点评") && detail.text.contains("锅底很香") && detail.text.contains("\(after.reviewCount)条点评"))
      #expect(ordersAfter.text.contains("查看点评") && !ordersAfter.text.contains("coupon=\(used)"))
      #expect(shopPage.text.contains("class=\"card-rating\"") && shopPage.text.contains("\(after.reviewCount)条点评</span>"),
              "the cards say the same")
      let business = (api["businesses"] as? [[String: Any]])?.first
      #expect(business?["review_count"] as? Int == after.reviewCount)
      #expect(business?["avg_rating"] as? Double == after.rating)
      // 人均 is the mean of what the reviews say they spent, the same on the API and the pages.
      let spend = Int((Double(before.tally.spendSum + 98) / Double(before.tally.spent + 1)).rounded())
      #expect(after.averagePrice == spend && business?["avg_price"] as? Int == spend)
      #expect(detail.text.contains("人均 <b>¥\(spend)</b>") && list.text.contains("人均 <b>¥\(spend)</b>"))
      #expect((business?["rating_img_url"] as? String)?.hasSuffix("/tuan/stars/\(Int(after.rating * 10)).svg") == true)
      let reviews = recent["reviews"] as? [[String: Any]] ?? []
      #expect(recent["count"] as? Int == reviews.count && reviews.first?["user_nickname"] as? String == "alice")
      #expect(reviews.first?["review_rating"] as? Int == 5 && reviews.first?["product_rating"] as? Int == 5)
      #expect((reviews.first?["created_time"] as? String)?.count == 19)
      #expect((reviews.first?["review_url"] as? String)?.hasSuffix("/tuan/review/\(reviewID)") == true)
      #expect(forged.status == .forbidden)
      #expect(bobsEdit.status == .notFound, "someone else's review is not theirs to edit")
      #expect(seenByBob.text.contains("helpful on") && seenByBob.text.contains("<span class=\"helpful-count\">1</span>"))
      #expect(try await world.tuan.review(id: reviewID, viewer: nil)?.helpful == 1)
      _ = bob
    }
  }

  @Test func theShopVerifiesItsOwnCouponsAndRepliesToItsReviews() async throws {
    let fixture = try await Deals()
    let world = fixture.world
    let alice = try await world.user("alice")
    try await world.user("keeper")
    try await world.user("stranger")
    let shop = fixture.merchants["sanlitun"]!
    try await world.tuan.linkShop(userID: try #require(try await world.store.user(screenName: "keeper")).id, merchantID: shop.id)
    let deal = fixture.deals["hotpot"]!, movie = fixture.deals["movie"]!
    let id = world.ids.next(at: world.clock.now)
    let mine = CouponRecord(code: CouponCode.make(), orderID: id, dealID: deal.id, merchantID: deal.merchantID,
                            userID: alice.id, validUntil: deal.deadline)
    try await world.tuan.placeOrder(OrderRecord(id: id, userID: alice.id, dealID: deal.id, quantity: 1,
                                                unitPrice: deal.currentPrice, createdAt: world.clock.now, coupons: [mine]), now: world.clock.now)
    let otherID = world.ids.next(at: world.clock.now)
    let theirs = CouponRecord(code: CouponCode.make(), orderID: otherID, dealID: movie.id, merchantID: movie.merchantID,
                              userID: alice.id, validUntil: movie.deadline)
    try await world.tuan.placeOrder(OrderRecord(id: otherID, userID: alice.id, dealID: movie.id, quantity: 1,
                                                unitPrice: movie.currentPrice, createdAt: world.clock.now, coupons: [theirs]), now: world.clock.now)

    try await world.test { client in
      let stranger = TuanWebTests.headers(cookie: try await client.sessionCookie("stranger"))
      let refused = try await client.get("/tuan/shop", headers: stranger)
      let headers = TuanWebTests.headers(cookie: try await client.sessionCookie("keeper"))
      let page = try await client.get("/tuan/shop", headers: headers)
      let csrf = try pageCSRF(page)
      let other = try await client.post("/tuan/shop/consume", [("code", theirs.code), ("csrf", csrf)], headers: headers)
      let invented = try await client.post("/tuan/shop/consume", [("code", "999999999999"), ("csrf", csrf)], headers: headers)
      let done = try await client.post("/tuan/shop/consume", [("code", mine.code), ("csrf", csrf)], headers: headers)
      let twice = try await client.post("/tuan/shop/consume", [("code", mine.code), ("csrf", csrf)], headers: headers)
      let after = try await client.get("/tuan/shop", headers: headers)
      let review = try await world.tuan.addReview(ReviewRecord(
        id: world.ids.next(at: world.clock.now), merchantID: 0, dealID: 0, userID: alice.id, couponCode: mine.code,
        rating: 2, grades: ReviewGrades(product: 2, decoration: 3, service: 1), text: "等了四十分钟才上菜，味道一般般。",
        createdAt: world.clock.now))
      let strangerReply = try await client.post("/tuan/shop/reply", [("review", String(review.id)), ("text", "抱歉"), ("csrf", try pageCSRF(try await client.get("/tuan/orders", headers: stranger)))],
                                                headers: stranger)
      let replied = try await client.post("/tuan/shop/reply", [("review", String(review.id)), ("text", "抱歉让您久等，已经改进出餐流程。"), ("csrf", csrf)],
                                          headers: headers)
      let shown = try await client.get("/tuan/review/\(review.id)")
      let withReview = try await client.get("/tuan/shop", headers: headers)

      #expect(refused.status == .forbidden && refused.text.contains("还没有关联商家"))
      // 更多 offers 商家后台 to the person who serves a shop, not to everyone signed in.
      #expect(page.text.contains("id=\"more-shop\""))
      #expect(!(try await client.get("/tuan", headers: stranger)).text.contains("more-shop"))
      #expect(!(try await client.get("/tuan")).text.contains("more-shop"))
      #expect(page.status == .ok && page.text.contains("验券") && page.text.contains("今天还没有验券"))
      // Another shop's real code answers as an invented one: the same words.
      let location = { (r: TestResponse) in r.headers[.location] ?? "" }
      #expect(location(other) == location(invented) && location(other).contains("ok=0"))
      #expect(location(done).contains("ok=1") && location(twice).contains("ok=0"))
      #expect(after.text.contains("今日已验券") && after.text.contains(String(mine.code.prefix(4))))
      #expect(try await world.tuan.coupon(code: theirs.code, userID: alice.id)?.storedState == .unused)
      #expect(strangerReply.status == .forbidden)
      #expect(replied.status == .seeOther)
      #expect(shown.text.contains("商家回复") && shown.text.contains("已经改进出餐流程"))
      #expect(withReview.text.contains("maxlength=\"\(ReviewRules.reply.visible)\""))
    }
  }

  @Test func aHiddenReviewIsItsAuthorsAloneAndLeavesTheNumbers() async throws {
    let fixture = try await Deals()
    let world = fixture.world
    let alice = try await world.user("alice")
    try await world.user("bob")
    let (used, _) = try await Self.aliceUsedOne(fixture, alice: alice.id)
    let shop = fixture.merchants["sanlitun"]!
    let before = try #require(try await world.tuan.merchant(id: shop.id))
    let review = try await world.tuan.addReview(ReviewRecord(
      id: world.ids.next(at: world.clock.now), merchantID: 0, dealID: 0, userID: alice.id, couponCode: used, rating: 1,
      grades: ReviewGrades(product: 1, decoration: 1, service: 1), text: "<script>alert(1)</script>这家店真的很差劲啊啊",
      createdAt: world.clock.now))
    #expect(try await world.tuan.setReviewHidden(id: review.id, hidden: true, rows: []))

    try await world.test { client in
      let bob = try await client.get("/tuan/review/\(review.id)", headers: TuanWebTests.headers(cookie: try await client.sessionCookie("bob")))
      let mine = try await client.get("/tuan/review/\(review.id)", headers: TuanWebTests.headers(cookie: try await client.sessionCookie("alice")))
      let list = try await client.get("/tuan/business/\(shop.id)/reviews")
      #expect(bob.status == .notFound)
      #expect(mine.status == .ok && mine.text.contains("只有你自己能看到"))
      #expect(mine.text.contains("&lt;script&gt;") && !mine.text.contains("<script>alert"))
      #expect(!list.text.contains("这家店真的很差劲"))
      #expect(try await world.tuan.merchant(id: shop.id)?.tally == before.tally)
    }
  }

  @Test func aReportedReviewGoesToTheStaffWhoHideItFromTheNumbers() async throws {
    let fixture = try await Deals()
    let world = fixture.world
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let mia = try await world.user("mia")
    let (used, _) = try await Self.aliceUsedOne(fixture, alice: alice.id)
    let shop = fixture.merchants["sanlitun"]!
    let before = try #require(try await world.tuan.merchant(id: shop.id))
    let review = try await world.tuan.addReview(ReviewRecord(
      id: world.ids.next(at: world.clock.now), merchantID: 0, dealID: 0, userID: alice.id, couponCode: used, rating: 1,
      grades: ReviewGrades(product: 1, decoration: 1, service: 1), text: "加微信买便宜券，加微信买便宜券，加微信。",
      createdAt: world.clock.now))
    let staff = Staff(store: world.store, ids: world.ids)
    try await staff.setRole(.moderator, of: mia, by: AuditEntry.operatorID, reason: "test", at: world.clock.now)

    try await world.test { client in
      let cookie = TuanWebTests.headers(cookie: try await client.sessionCookie("bob"))
      let page = try await client.get("/tuan/review/\(review.id)", headers: cookie)
      let form = try await client.get("/report?target=review:\(review.id)&next=/tuan/review/\(review.id)", headers: cookie)
      let reported = try await client.post("/report", [("csrf", try pageCSRF(page)), ("target", "review:\(review.id)"),
                                                       ("reason", "spam"), ("next", "/")], headers: cookie)
      let open = try await world.store.openReports(limit: 10)
      #expect(page.text.contains("/report?target=review"))
      #expect(form.status == .ok && form.text.contains("加微信"))
      #expect(reported.status == .ok && reported.text.contains("举报已提交") && open.count == 1)
      #expect(try await staff.setHidden(try #require(ContentRef("review:\(review.id)")), true, in: world.moderation(),
                                        by: mia.id, reason: "广告", at: world.clock.now))
      #expect(try await world.tuan.merchant(id: shop.id)?.tally == before.tally)
      #expect(try await client.get("/tuan/review/\(review.id)", headers: cookie).status == .notFound)
      _ = bob
    }
  }

  @Test func aDealsBranchesAreListedOnTheDetailAndInTheAPI() async throws {
    let fixture = try await Deals()
    let world = fixture.world
    let deal = fixture.deals["hotpot"]!
    // Another shop of the brand, with no deal of its own.
    let branch = MerchantRecord(
      id: world.ids.next(at: world.clock.now), name: "小龙坎", branchName: "国贸店", cityAdcode: 110000,
      districtAdcode: 110105, address: "建国门外大街1号", phone: "010-0000-0001", latitude: 39.9087, longitude: 116.4605,
      category: "美食", subcategory: "火锅", createdAt: world.clock.now)
    try await world.tuan.importDeals(merchants: [branch], deals: [])
    try await world.tuan.setBranches(dealID: deal.id, merchantIDs: [branch.id])
    try await world.test { client in
      let detail = try await client.get("/tuan/deal/\(fixture.id("hotpot"))")
      let api = try await DealsAPITests.call(client, "deal/get_single_deal", [("deal_id", fixture.id("hotpot"))])
      let businesses = ((api["deals"] as? [[String: Any]])?.first?["businesses"] as? [[String: Any]]) ?? []
      #expect(detail.text.contains("适用分店（共2家）") && detail.text.contains("/tuan/business/\(branch.id)"))
      #expect(businesses.compactMap { ($0["id"] as? Int).map(Int64.init) } == [deal.merchantID, branch.id])
      let branchPage = try await client.get("/tuan/business/\(branch.id)")
      let map = try await client.get("/tuan/map")  // 北京, the default
      let byBusiness = try await DealsAPITests.call(client, "deal/get_deals_by_business_id", [("city", "北京"), ("business_id", String(branch.id))])
      #expect(branchPage.text.contains("火锅双人餐"), "the branch's page lists the deal it honours")
      #expect(map.text.contains("\(branch.fullName)：火锅双人餐"), "the map has a marker at the branch")
      #expect((byBusiness["deals"] as? [[String: Any]])?.contains { $0["deal_id"] as? String == fixture.id("hotpot") } == true)
    }
  }

  @Test func theStarPicturesAreServedForEveryHalfStepOnly() async throws {
    let world = try await TestWorld()
    try await world.test { client in
      let full = try await client.get("/tuan/stars/45.svg")
      let small = try await client.get("/tuan/stars/0s.svg")
      let odd = try await client.get("/tuan/stars/44.svg")
      let hostile = try await client.get("/tuan/stars/..%2F45.svg")
      #expect(full.status == .ok && full.headers[.contentType] == "image/svg+xml" && full.text.contains("url(#half)"))
      #expect(small.status == .ok && !small.text.contains("#ff9500\" d"))
      #expect(odd.status == .notFound && hostile.status == .notFound)
    }
  }
}
