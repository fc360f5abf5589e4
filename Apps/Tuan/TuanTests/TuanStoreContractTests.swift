import Foundation
import TuanApp
import TuanStore
import SparrowStore
import SparrowTestSupport
import Testing

/// The 团购 store contract, on every available engine.

/// A small 团购 world: two merchants in 北京 朝阳区 (one at 三里屯), one in 海淀区, one in 上海; deals of each.
struct TuanFixture {
  static let now = Date(timeIntervalSince1970: 1_750_000_000)
  static let beijing = 110000, chaoyang = 110105, haidian = 110108, shanghai = 310000, pudong = 310115
  let ids = IDGenerator(node: 3)
  var merchants: [MerchantRecord] = []
  var deals: [DealRecord] = []

  mutating func merchant(_ name: String, city: Int, district: Int, neighbourhood: String = "", at point: (Double, Double),
                         category: String = "美食", subcategory: String = "火锅") -> MerchantRecord {
    let merchant = MerchantRecord(
      id: ids.next(at: Self.now - 86_400 * 30), name: name, branchName: "测试店", cityAdcode: city, districtAdcode: district,
      neighbourhood: neighbourhood, address: "\(name)路1号", phone: "010-12345678", latitude: point.0, longitude: point.1,
      category: category, subcategory: subcategory, hours: "10:00-22:00", tally: ReviewTally(stars: [0, 0, 0, 5, 5], spend: 80),
      createdAt: Self.now - 86_400 * 30)
    merchants.append(merchant)
    return merchant
  }

  @discardableResult
  mutating func deal(_ title: String, at merchant: MerchantRecord, price: Int, list: Int = 20_000, sold: Int = 0,
                     publishedDaysAgo: Double = 10, daysLeft: Double = 30, nationwide: Bool = false,
                     category: String? = nil, subcategory: String? = nil, stock: Int? = nil, limit: Int? = nil)
    -> DealRecord
  {
    let deal = DealRecord(
      id: ids.next(at: Self.now - publishedDaysAgo * 86_400), merchantID: merchant.id, title: title,
      description: "仅售\(price / 100)元", cityAdcode: merchant.cityAdcode, districtAdcode: merchant.districtAdcode,
      neighbourhood: merchant.neighbourhood, isNationwide: nationwide, category: category ?? merchant.category,
      subcategory: subcategory ?? merchant.subcategory, listPrice: list, currentPrice: price, purchaseCount: sold,
      publishedAt: Self.now - publishedDaysAgo * 86_400, deadline: Self.now + daysLeft * 86_400, stock: stock,
      limitPerPerson: limit, details: [DealSection(title: "套餐内容", lines: ["双人餐"])],
      pictures: [PictureRef(id: "p1", ext: "jpg", width: 450, height: 280)], latitude: merchant.latitude,
      longitude: merchant.longitude)
    deals.append(deal)
    return deal
  }

  /// The standard world, written to `store`.
  static func world(_ store: any TuanStore) async throws -> TuanFixture {
    var f = TuanFixture()
    let sanlitun = f.merchant("小龙坎", city: beijing, district: chaoyang, neighbourhood: "三里屯", at: (39.9335, 116.4540))
    let guomao = f.merchant("王品牛排", city: beijing, district: chaoyang, at: (39.9087, 116.4605), category: "美食",
                            subcategory: "西餐")
    let zhongguancun = f.merchant("万达影城", city: beijing, district: haidian, at: (39.9834, 116.3160), category: "电影",
                                  subcategory: "院线影院")
    let lujiazui = f.merchant("如家酒店", city: shanghai, district: pudong, at: (31.2397, 121.4998), category: "酒店",
                              subcategory: "经济型酒店")
    f.deal("火锅双人餐", at: sanlitun, price: 9_800, list: 16_800, sold: 500)
    f.deal("火锅四人餐", at: sanlitun, price: 19_850, list: 19_850, sold: 20, publishedDaysAgo: 1)
    f.deal("牛排套餐", at: guomao, price: 12_800, sold: 1_000, publishedDaysAgo: 40, daysLeft: 3)
    f.deal("电影票", at: zhongguancun, price: 3_990, list: 8_000, sold: 5_000)
    f.deal("标准间", at: lujiazui, price: 19_900, list: 39_900, sold: 50)
    f.deal("已下线", at: guomao, price: 5_000, daysLeft: -2)
    f.deal("全国代金券", at: lujiazui, price: 8_000, list: 10_000, nationwide: true, category: "购物", subcategory: "超市卡券")
    try await store.importDeals(merchants: f.merchants, deals: f.deals)
    return f
  }

  func deal(_ title: String) -> DealRecord { deals.first { $0.title == title }! }
}

func titles(_ page: FeedPage<DealHit>) -> [String] { page.items.map(\.deal.title) }

@Test(arguments: StoreKind.available)
func dealsRoundTripAndUnknownIDsAreLeftOut(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let f = try await TuanFixture.world(engine.tuan)
    let first = f.deals[0]
    #expect(try await engine.tuan.deal(id: first.id) == first)
    let found = try await engine.tuan.deals(ids: [first.id, 42, f.deals[1].id])
    #expect(Set(found.keys) == [first.id, f.deals[1].id])
    #expect(try await engine.tuan.merchant(id: f.merchants[0].id) == f.merchants[0])
    #expect(try await engine.tuan.merchant(id: 7) == nil)
    await #expect(throws: StoreError.conflict) { try await engine.tuan.importDeals(merchants: [], deals: [first]) }
    #expect(first.struckPrice == 16_800 && f.deal("火锅四人餐").struckPrice == nil)
    #expect(first.discountTenths == 58 && f.deal("火锅四人餐").discountTenths == nil)
  }
}

@Test(arguments: StoreKind.available)
func findDealsFiltersByCityRegionCategoryAndLocality(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    _ = try await TuanFixture.world(engine.tuan)
    let store = engine.tuan
    var query = DealQuery()
    query.cityAdcodes = [TuanFixture.beijing]
    query.onSaleAt = TuanFixture.now
    query.sort = .priceLow
    // On sale in 北京, with the nationwide deal; the one past its deadline is gone.
    #expect(titles(try await store.findDeals(query)) == ["电影票", "全国代金券", "火锅双人餐", "牛排套餐", "火锅四人餐"])
    query.locality = .localOnly
    #expect(try await store.findDeals(query).total == 4)
    query.locality = .nationwideOnly
    #expect(titles(try await store.findDeals(query)) == ["全国代金券"])
    query.locality = .any
    query.districtAdcode = TuanFixture.chaoyang
    #expect(titles(try await store.findDeals(query)) == ["火锅双人餐", "牛排套餐", "火锅四人餐"])
    query.neighbourhood = "三里屯"
    #expect(titles(try await store.findDeals(query)) == ["火锅双人餐", "火锅四人餐"])
    query.districtAdcode = nil
    query.neighbourhood = nil
    query.categories = ["电影"]
    #expect(titles(try await store.findDeals(query)) == ["电影票"])
    query.categories = []
    query.subcategories = ["西餐", "超市卡券"]
    #expect(titles(try await store.findDeals(query)) == ["全国代金券", "牛排套餐"])
    query.subcategories = []
    query.keyword = "小龙坎 四人"
    #expect(titles(try await store.findDeals(query)) == ["火锅四人餐"])
    query.keyword = "100%_"
    #expect(try await store.findDeals(query).total == 0)
  }
}

@Test(arguments: StoreKind.available)
func findDealsSortsAndPages(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    _ = try await TuanFixture.world(engine.tuan)
    var query = DealQuery()
    query.cityAdcodes = [TuanFixture.beijing]
    query.locality = .localOnly
    query.onSaleAt = TuanFixture.now
    let expected: [DealSort: [String]] = [
      .priceLow: ["电影票", "火锅双人餐", "牛排套餐", "火锅四人餐"],
      .priceHigh: ["火锅四人餐", "牛排套餐", "火锅双人餐", "电影票"],
      .popular: ["电影票", "牛排套餐", "火锅双人餐", "火锅四人餐"],
      .newest: ["火锅四人餐", "电影票", "火锅双人餐", "牛排套餐"],
      // Ties in the same order everywhere: the latest made (largest id) first.
      .endingSoon: ["牛排套餐", "电影票", "火锅四人餐", "火锅双人餐"],
      .ranking: ["电影票", "火锅双人餐", "牛排套餐", "火锅四人餐"],
    ]
    for (sort, titles) in expected {
      query.sort = sort
      #expect(TuanTests.titles(try await engine.tuan.findDeals(query)) == titles, "\(sort)")
    }
    query.sort = .priceLow
    query.limit = 3
    query.offset = 3
    let last = try await engine.tuan.findDeals(query)
    #expect(titles(last) == ["火锅四人餐"] && last.total == 4)
    query.offset = 30
    let past = try await engine.tuan.findDeals(query)
    #expect(past.items.isEmpty && past.total == 4)
    query.offset = 0
    query.limit = 40
    #expect(try await engine.tuan.dealIDs(query).count == 4)
  }
}

@Test(arguments: StoreKind.available)
func geoSearchKeepsTheCircleAndSortsByDistance(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    _ = try await TuanFixture.world(engine.tuan)
    var query = DealQuery()
    query.cityAdcodes = [TuanFixture.beijing]
    query.onSaleAt = TuanFixture.now
    // 工体, about 700 m from 三里屯 and 3 km from 国贸.
    query.near = GeoCircle(latitude: 39.9298, longitude: 116.4470, radius: 2000)
    query.sort = .nearest
    let near = try await engine.tuan.findDeals(query)
    #expect(Set(titles(near)) == ["火锅双人餐", "火锅四人餐"])
    #expect(near.items.allSatisfy { ($0.distance ?? 0) > 500 && ($0.distance ?? 0) < 900 })
    query.near?.radius = 5000
    let wider = try await engine.tuan.findDeals(query)
    #expect(titles(wider).suffix(1) == ["牛排套餐"] && wider.total == 3)
    let distances = wider.items.compactMap(\.distance)
    #expect(distances == distances.sorted())
  }
}

@Test(arguments: StoreKind.available)
func metadataListsWhatIsOnSale(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    _ = try await TuanFixture.world(engine.tuan)
    let now = TuanFixture.now
    #expect(try await engine.tuan.dealCities(onSaleAt: now) == [0, TuanFixture.beijing, TuanFixture.shanghai])
    #expect(try await engine.tuan.dealRegions(cityAdcode: TuanFixture.beijing, onSaleAt: now) == [
      DealRegion(districtAdcode: TuanFixture.chaoyang, neighbourhoods: ["三里屯"]),
      DealRegion(districtAdcode: TuanFixture.haidian, neighbourhoods: []),
    ])
    let pairs = try await engine.tuan.dealCategories(onSaleAt: now)
    #expect(pairs.contains(DealCategoryPair(category: "电影", subcategory: "院线影院")))
    #expect(pairs.count == 5)
  }
}

@Test(arguments: StoreKind.available)
func findMerchantsByPlaceCategoryAndDistance(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let f = try await TuanFixture.world(engine.tuan)
    var query = MerchantQuery()
    query.now = TuanFixture.now
    query.cityAdcodes = [TuanFixture.beijing]
    #expect(try await engine.tuan.findMerchants(query).total == 3)
    query.categories = ["电影"]
    #expect(try await engine.tuan.findMerchants(query).items.map(\.merchant.name) == ["万达影城"])
    query.categories = []
    query.keyword = "王品"
    #expect(try await engine.tuan.findMerchants(query).items.map(\.merchant.id) == [f.merchants[1].id])
    query.keyword = nil
    query.near = GeoCircle(latitude: 39.9298, longitude: 116.4470, radius: 5000)
    query.sort = .nearest
    let near = try await engine.tuan.findMerchants(query)
    #expect(near.items.map(\.merchant.name) == ["小龙坎", "王品牛排"])
    #expect((near.items[0].distance ?? 0) < (near.items[1].distance ?? 0))
    query.near = nil
    query.hasDeal = true
    query.cityAdcodes = []
    #expect(try await engine.tuan.findMerchants(query).total == 4)
  }
}

@Test(arguments: StoreKind.available)
func ordersIssueCouponsAndCountSales(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let f = try await TuanFixture.world(engine.tuan)
    let store = engine.tuan
    let deal = f.deal("火锅双人餐")
    let order = makeOrder(f, deal: deal, user: 7, quantity: 2)
    try await store.placeOrder(order, now: TuanFixture.now)
    #expect(try await store.deal(id: deal.id)?.purchaseCount == 502)
    var sorted = order
    sorted.coupons.sort { $0.code < $1.code }
    #expect(try await store.order(id: order.id, userID: 7) == sorted)
    // Only the owner sees an order.
    #expect(try await store.order(id: order.id, userID: 8) == nil)
    #expect(try await store.orders(userID: 8, limit: 10, offset: 0).items.isEmpty)
    let mine = try await store.orders(userID: 7, limit: 10, offset: 0)
    #expect(mine.total == 1 && mine.items[0].coupons.count == 2 && mine.items[0].total == 19_600)
    await #expect(throws: OrderError.notOnSale) {
      try await store.placeOrder(makeOrder(f, deal: f.deal("已下线"), user: 7), now: TuanFixture.now)
    }
    var ghost = makeOrder(f, deal: deal, user: 7)
    ghost.dealID = 99
    await #expect(throws: OrderError.noSuchDeal) { try await store.placeOrder(ghost, now: TuanFixture.now) }
    var taken = makeOrder(f, deal: deal, user: 7)
    taken.coupons[0].code = order.coupons[0].code
    await #expect(throws: StoreError.conflict) { try await store.placeOrder(taken, now: TuanFixture.now) }
    #expect(try await store.deal(id: deal.id)?.purchaseCount == 502)
  }
}

/// 我的订单's pages (orders and their 团购券 read together on PostgreSQL) are the orders one by one, newest first,
/// each as `order(id:)` reads it, page after page, with the count; nobody else's.
@Test(arguments: StoreKind.available)
func ordersPageByPageAreEachOrderWithItsCoupons(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let f = try await TuanFixture.world(engine.tuan)
    let store = engine.tuan
    let deal = f.deal("火锅双人餐")
    var placed: [Int64] = []
    for quantity in [1, 3, 2, 1, 2] {
      let order = makeOrder(f, deal: deal, user: 7, quantity: quantity)
      try await store.placeOrder(order, now: TuanFixture.now)
      placed.append(order.id)
    }
    try await store.placeOrder(makeOrder(f, deal: deal, user: 8, quantity: 2), now: TuanFixture.now)
    var expected: [OrderRecord] = []
    for id in placed.sorted(by: >) { expected.append(try #require(try await store.order(id: id, userID: 7))) }
    for (limit, offset) in [(2, 0), (2, 2), (2, 4), (10, 0), (3, 1), (2, 5), (0, 0)] {
      let page = try await store.orders(userID: 7, limit: limit, offset: offset)
      #expect(page.total == 5, "\(limit) \(offset)")
      #expect(page.items == Array(expected.dropFirst(offset).prefix(limit)), "\(limit) \(offset)")
    }
    #expect(expected.map(\.coupons.count) == [2, 1, 2, 3, 1])
  }
}

func makeOrder(_ f: TuanFixture, deal: DealRecord, user: Int64, quantity: Int = 1) -> OrderRecord {
  let id = f.ids.next(at: TuanFixture.now)
  let coupons = (0..<quantity).map { _ in
    CouponRecord(code: CouponCode.make(), orderID: id, dealID: deal.id, merchantID: deal.merchantID, userID: user,
                 validUntil: deal.deadline)
  }
  return OrderRecord(id: id, userID: user, dealID: deal.id, quantity: quantity, unitPrice: deal.currentPrice,
                     createdAt: TuanFixture.now, coupons: coupons)
}

@Test(arguments: StoreKind.available)
func aCouponIsConsumedOnceEvenWhenTwoShopsRace(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let f = try await TuanFixture.world(engine.tuan)
    let store = engine.tuan
    let deal = f.deal("火锅双人餐")
    let order = makeOrder(f, deal: deal, user: 7, quantity: 1)
    try await store.placeOrder(order, now: TuanFixture.now)
    let code = order.coupons[0].code
    let second = TuanModule.store(on: try engine.reopen())
    async let a = store.consumeCoupon(code: code, merchantID: deal.merchantID, now: TuanFixture.now)
    async let b = second.consumeCoupon(code: code, merchantID: deal.merchantID, now: TuanFixture.now)
    let outcomes = try await [a, b]
    #expect(outcomes.filter { if case .done = $0 { true } else { false } }.count == 1)
    #expect(outcomes.contains(.refused(.consumed)))
    #expect(try await store.order(id: order.id, userID: 7)?.coupons[0].state(at: TuanFixture.now) == .consumed)
  }
}

@Test(arguments: StoreKind.available)
func consumingNeedsTheRightShopAndAnUsableCoupon(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let f = try await TuanFixture.world(engine.tuan)
    let store = engine.tuan
    let deal = f.deal("牛排套餐")  // three days left
    let order = makeOrder(f, deal: deal, user: 7, quantity: 3)
    try await store.placeOrder(order, now: TuanFixture.now)
    let (a, b, c) = (order.coupons[0].code, order.coupons[1].code, order.coupons[2].code)
    #expect(try await store.consumeCoupon(code: "000000000000", merchantID: deal.merchantID, now: TuanFixture.now) == .notFound)
    // Another shop's coupon, usable or not, is not found, as one that does not exist; so is another user's cancel.
    let otherShop = try #require(f.merchants.first { $0.id != deal.merchantID }).id
    #expect(try await store.consumeCoupon(code: a, merchantID: otherShop, now: TuanFixture.now) == .notFound)
    #expect(try await store.cancelCoupon(code: b, userID: 8, now: TuanFixture.now) == .notFound)
    #expect(try await store.cancelCoupon(code: b, userID: 7, now: TuanFixture.now).isDone)
    #expect(try await store.consumeCoupon(code: b, merchantID: otherShop, now: TuanFixture.now) == .notFound)
    #expect(try await store.consumeCoupon(code: b, merchantID: deal.merchantID, now: TuanFixture.now) == .refused(.cancelled))
    let later = TuanFixture.now + 4 * 86_400
    #expect(try await store.consumeCoupon(code: c, merchantID: deal.merchantID, now: later) == .refused(.expired))
    #expect(try await store.consumeCoupon(code: a, merchantID: deal.merchantID, now: TuanFixture.now).isDone)
    #expect(try await store.cancelCoupon(code: a, userID: 7, now: TuanFixture.now) == .refused(.consumed))
    #expect(try await store.cancelCoupon(code: c, userID: 7, now: later) == .refused(.expired))
  }
}

@Test(arguments: StoreKind.available)
func cancellingAnUnusedCouponReturnsItToStockAndLowersSold(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    var f = TuanFixture()
    let shop = f.merchant("店", city: TuanFixture.beijing, district: TuanFixture.chaoyang, at: (39.93, 116.45))
    let deal = f.deal("限量", at: shop, price: 100, sold: 7, daysLeft: 2, stock: 10)
    try await engine.tuan.importDeals(merchants: f.merchants, deals: f.deals)
    let store = engine.tuan
    let order = makeOrder(f, deal: deal, user: 7, quantity: 3)
    try await store.placeOrder(order, now: TuanFixture.now)
    #expect(try await store.deal(id: deal.id)?.purchaseCount == 10)
    #expect(try await store.deal(id: deal.id)?.isSoldOut == true)
    await #expect(throws: OrderError.soldOut(left: 0)) {
      try await store.placeOrder(makeOrder(f, deal: deal, user: 8, quantity: 1), now: TuanFixture.now)
    }
    // Only its owner cancels, once; the unit is for sale again and 已售 drops by it.
    #expect(try await store.cancelCoupon(code: order.coupons[0].code, userID: 8, now: TuanFixture.now) == .notFound)
    #expect(try await store.cancelCoupon(code: order.coupons[0].code, userID: 7, now: TuanFixture.now).isDone)
    #expect(try await store.cancelCoupon(code: order.coupons[0].code, userID: 7, now: TuanFixture.now) == .refused(.cancelled))
    let after = try #require(try await store.deal(id: deal.id))
    #expect(after.purchaseCount == 9 && after.left == 1)
    try await store.placeOrder(makeOrder(f, deal: deal, user: 8, quantity: 1), now: TuanFixture.now)
    #expect(try await store.deal(id: deal.id)?.left == 0)
    // A used coupon stays sold; an expired one cannot be cancelled.
    _ = try await store.consumeCoupon(code: order.coupons[1].code, merchantID: shop.id, now: TuanFixture.now)
    #expect(try await store.cancelCoupon(code: order.coupons[1].code, userID: 7, now: TuanFixture.now) == .refused(.consumed))
    let later = TuanFixture.now + 3 * 86_400
    #expect(try await store.cancelCoupon(code: order.coupons[2].code, userID: 7, now: later) == .refused(.expired))
    #expect(try await store.deal(id: deal.id)?.purchaseCount == 10)
  }
}

@Test(arguments: StoreKind.available)
func aPersonsLimitCountsTheirCouponsButNotCancelledOnes(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    var f = TuanFixture()
    let shop = f.merchant("店", city: TuanFixture.beijing, district: TuanFixture.chaoyang, at: (39.93, 116.45))
    let deal = f.deal("限购", at: shop, price: 100, limit: 3)
    try await engine.tuan.importDeals(merchants: f.merchants, deals: f.deals)
    let store = engine.tuan
    let first = makeOrder(f, deal: deal, user: 7, quantity: 2)
    try await store.placeOrder(first, now: TuanFixture.now)
    #expect(try await store.heldCoupons(userID: 7, dealID: deal.id) == 2)
    await #expect(throws: OrderError.overLimit(limit: 3, left: 1)) {
      try await store.placeOrder(makeOrder(f, deal: deal, user: 7, quantity: 2), now: TuanFixture.now)
    }
    // Someone else has their own three; a used coupon still counts, a cancelled one does not.
    try await store.placeOrder(makeOrder(f, deal: deal, user: 8, quantity: 3), now: TuanFixture.now)
    _ = try await store.consumeCoupon(code: first.coupons[0].code, merchantID: shop.id, now: TuanFixture.now)
    _ = try await store.cancelCoupon(code: first.coupons[1].code, userID: 7, now: TuanFixture.now)
    try await store.placeOrder(makeOrder(f, deal: deal, user: 7, quantity: 2), now: TuanFixture.now)
    #expect(try await store.heldCoupons(userID: 7, dealID: deal.id) == 3)
    #expect(try await store.deal(id: deal.id)?.purchaseCount == 6)
  }
}

@Test(arguments: StoreKind.available)
func twoPeopleBuyingTheLastUnitAndOnePersonInTwoTabsGetOneEach(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    var f = TuanFixture()
    let shop = f.merchant("店", city: TuanFixture.beijing, district: TuanFixture.chaoyang, at: (39.93, 116.45))
    let last = f.deal("最后一份", at: shop, price: 100, sold: 4, stock: 5)
    let limited = f.deal("每人一份", at: shop, price: 100, limit: 1)
    try await engine.tuan.importDeals(merchants: f.merchants, deals: f.deals)
    let store = engine.tuan
    // Two connections, as two instances would have.
    let other = TuanModule.store(on: try engine.reopen())
    for _ in 0..<5 {
      let orders = [(last, 7), (last, 8), (limited, 9), (limited, 9)].map { makeOrder(f, deal: $0.0, user: $0.1, quantity: 1) }
      async let a: Bool = ordered { try await store.placeOrder(orders[0], now: TuanFixture.now) }
      async let b: Bool = ordered { try await other.placeOrder(orders[1], now: TuanFixture.now) }
      async let c: Bool = ordered { try await store.placeOrder(orders[2], now: TuanFixture.now) }
      async let d: Bool = ordered { try await other.placeOrder(orders[3], now: TuanFixture.now) }
      let (x, y, z, w) = try await (a, b, c, d)
      #expect([x, y].filter { $0 }.count <= 1 && [z, w].filter { $0 }.count <= 1)
    }
    #expect(try await store.deal(id: last.id)?.purchaseCount == 5)
    #expect(try await store.heldCoupons(userID: 9, dealID: limited.id) == 1)
    #expect(try await store.deal(id: limited.id)?.purchaseCount == 1)
  }
}

/// Whether the order went in; `OrderError` (sold out, over the limit) is a refusal, anything else fails the test.
func ordered(_ place: () async throws -> Void) async throws -> Bool {
  do {
    try await place()
    return true
  } catch is OrderError {
    return false
  }
}

extension CouponOutcome {
  var isDone: Bool { if case .done = self { true } else { false } }
}

@Test(arguments: StoreKind.available)
func favouritesAndViewsBelongToTheirUser(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let f = try await TuanFixture.world(engine.tuan)
    let store = engine.tuan
    let (d1, d2, d3) = (f.deals[0].id, f.deals[1].id, f.deals[2].id)
    try await store.collect(userID: 7, dealID: d1, at: TuanFixture.now)
    try await store.collect(userID: 7, dealID: d2, at: TuanFixture.now + 1)
    try await store.collect(userID: 7, dealID: d3, at: TuanFixture.now + 2)
    try await store.collect(userID: 7, dealID: d1, at: TuanFixture.now + 3)  // again: to the front
    await #expect(throws: StoreError.notFound) { try await store.collect(userID: 7, dealID: 5, at: TuanFixture.now) }
    let mine = try await store.collections(userID: 7, limit: 10, offset: 0)
    #expect(mine.items.map(\.dealID) == [d1, d3, d2] && mine.total == 3)
    #expect(try await store.collections(userID: 8, limit: 10, offset: 0).total == 0)
    #expect(try await store.collected(by: 7, among: [d1, d2, 5]) == [d1, d2])
    #expect(try await store.collected(by: 8, among: [d1]).isEmpty)
    #expect(try await store.uncollect(userID: 8, dealIDs: [d1]) == 0)
    #expect(try await store.uncollect(userID: 7, dealIDs: [d1, d2]) == 2)
    #expect(try await store.collections(userID: 7, limit: 10, offset: 0).items.map(\.dealID) == [d3])

    for (index, deal) in [d1, d2, d3, d1].enumerated() {
      try await store.recordView(userID: 7, dealID: deal, at: TuanFixture.now + Double(index))
    }
    try await store.recordView(userID: 8, dealID: d2, at: TuanFixture.now)
    #expect(try await store.recentlyViewed(userID: 7, limit: 10).map(\.dealID) == [d1, d3, d2])
    #expect(try await store.recentlyViewed(userID: 8, limit: 10).map(\.dealID) == [d2])
    try await store.forgetViews(userID: 7, dealIDs: [d3])
    #expect(try await store.recentlyViewed(userID: 7, limit: 10).map(\.dealID) == [d1, d2])
    try await store.forgetViews(userID: 7, dealIDs: nil)
    #expect(try await store.recentlyViewed(userID: 7, limit: 10).isEmpty)
    #expect(try await store.recentlyViewed(userID: 8, limit: 10).count == 1)
  }
}

@Test(arguments: StoreKind.available)
func chosenCitiesAreEachUsersOwnLatestFirstAndKeepTheLatestEight(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.tuan
    let cities = [110100, 430100, 310100, 440100, 440300, 330100, 510100, 420100, 320100, 500100]
    for (index, city) in cities.enumerated() {
      try await store.recordCityVisit(userID: 7, adcode: city, at: TuanFixture.now + Double(index))
    }
    try await store.recordCityVisit(userID: 7, adcode: 430100, at: TuanFixture.now + 20)  // again: to the front
    try await store.recordCityVisit(userID: 8, adcode: 110100, at: TuanFixture.now)

    let mine = try await store.recentCities(userID: 7, limit: 100)
    #expect(mine.count == recentCityLimit)
    #expect(mine == [430100, 500100, 320100, 420100, 510100, 330100, 440300, 440100])
    #expect(try await store.recentCities(userID: 7, limit: 2) == [430100, 500100])
    #expect(try await store.recentCities(userID: 8, limit: 100) == [110100])
    #expect(try await store.recentCities(userID: 9, limit: 100).isEmpty)
  }
}

@Test(arguments: StoreKind.available)
func recentlyViewedKeepsTheLatestHundred(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    var f = TuanFixture()
    let shop = f.merchant("店", city: TuanFixture.beijing, district: TuanFixture.chaoyang, at: (39.93, 116.45))
    for index in 0..<(recentLimit + 5) { f.deal("d\(index)", at: shop, price: 100) }
    try await engine.tuan.importDeals(merchants: f.merchants, deals: f.deals)
    for (index, deal) in f.deals.enumerated() {
      try await engine.tuan.recordView(userID: 7, dealID: deal.id, at: TuanFixture.now + Double(index))
    }
    let views = try await engine.tuan.recentlyViewed(userID: 7, limit: 1000)
    #expect(views.count == recentLimit && views.first?.dealID == f.deals.last?.id)
  }
}

@Test(arguments: StoreKind.available)
func dealsKeysAreUniqueAndLinkAMerchant(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let key = DealsKeyRecord(clientID: "12345678", secret: "s", merchantID: 5, createdAt: TuanFixture.now)
    try await engine.tuan.saveDealsKey(key)
    #expect(try await engine.tuan.dealsKey(clientID: "12345678") == key)
    #expect(try await engine.tuan.dealsKey(clientID: "nope") == nil)
    await #expect(throws: StoreError.conflict) { try await engine.tuan.saveDealsKey(key) }
  }
}

@Test(arguments: StoreKind.available)
func dealPicturesAreKeptByThePictureCollector(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let old = TuanFixture.now - 30 * 86_400
    try await engine.store.savePicture(PictureRef(id: "p1", ext: "jpg", width: 450, height: 280), at: old)
    try await engine.store.savePicture(PictureRef(id: "loose", ext: "jpg", width: 10, height: 10), at: old)
    _ = try await TuanFixture.world(engine.tuan)
    let unreferenced = try await engine.store.unreferencedPictures(before: TuanFixture.now, limit: 10)
    #expect(unreferenced.map(\.id) == ["loose"])
  }
}

@Test(arguments: StoreKind.available)
func aDealMayBeUsedAtItsBranchesWhichThenOwnTheCoupon(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let f = try await TuanFixture.world(engine.tuan)
    let store = engine.tuan
    let deal = f.deal("火锅双人餐")
    let branch = f.merchants.first { $0.name == "王品牛排" }!, stranger = f.merchants.first { $0.name == "万达影城" }!
    await #expect(throws: StoreError.notFound) { try await store.setBranches(dealID: deal.id, merchantIDs: [424_242]) }
    try await store.setBranches(dealID: deal.id, merchantIDs: [branch.id, deal.merchantID])
    #expect(try await store.branches(of: [deal.id, f.deals[3].id]) == [deal.id: [branch.id]], "its own shop is not a branch")
    var honoured = DealQuery()
    honoured.merchantIDs = [branch.id]
    #expect(titles(try await store.findDeals(honoured)).contains("火锅双人餐"), "a branch's deals include those it honours")
    let order = makeOrder(f, deal: deal, user: 7, quantity: 2)
    try await store.placeOrder(order, now: TuanFixture.now)
    // Another shop cannot; a branch can, and the coupon is then the branch's.
    #expect(try await store.consumeCoupon(code: order.coupons[0].code, merchantID: stranger.id, now: TuanFixture.now) == .notFound)
    guard case .done(let used) = try await store.consumeCoupon(code: order.coupons[0].code, merchantID: branch.id, now: TuanFixture.now)
    else { Issue.record("the branch could not verify it"); return }
    #expect(used.merchantID == branch.id)
    #expect(try await store.consumeCoupon(code: order.coupons[0].code, merchantID: branch.id, now: TuanFixture.now) == .refused(.consumed))
    #expect(try await store.consumedCoupons(merchantID: branch.id, since: TuanFixture.now - 60, limit: 5).map(\.code) == [used.code])
    try await store.setBranches(dealID: deal.id, merchantIDs: [])
    #expect(try await store.branches(of: [deal.id]).isEmpty)
    #expect(try await store.consumeCoupon(code: order.coupons[1].code, merchantID: branch.id, now: TuanFixture.now) == .notFound)
  }
}

/// A shop's deals (its own and those it honours as a 适用分店), read with their total in one statement on
/// PostgreSQL: every page in every order is the slice of the whole list, under the same total (past the end too,
/// with no deals); none for a shop that has none.
@Test(arguments: StoreKind.available)
func aShopsDealsPageBySliceWithTheirTotal(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    var f = try await TuanFixture.world(engine.tuan)
    let store = engine.tuan
    let shop = f.merchants.first { $0.name == "王品牛排" }!
    var more: [DealRecord] = []
    for n in 0..<9 {
      more.append(f.deal("套餐\(n)", at: shop, price: 1_000 * (n % 4 + 1), sold: 7 * n % 5, publishedDaysAgo: Double(n + 1)))
    }
    try await store.importDeals(merchants: [], deals: more)
    try await store.setBranches(dealID: f.deal("火锅双人餐").id, merchantIDs: [shop.id])
    for sort in [DealSort.ranking, .priceLow, .priceHigh, .newest, .endingSoon] {
      for onSale in [nil, TuanFixture.now] {
        var all = DealQuery()
        all.merchantIDs = [shop.id]
        all.sort = sort
        all.onSaleAt = onSale
        all.limit = 100
        let whole = try await store.findDeals(all)
        #expect(whole.total == whole.items.count && whole.total == (onSale == nil ? 12 : 11), "\(sort)")
        for limit in [1, 3, 5] {
          for offset in stride(from: 0, through: whole.total + 2, by: limit) {
            var page = all
            page.limit = limit
            page.offset = offset
            let found = try await store.findDeals(page)
            #expect(found.total == whole.total, "\(sort) \(limit) \(offset)")
            #expect(found.items.map(\.deal.id) == Array(whole.items.dropFirst(offset).prefix(limit)).map(\.deal.id),
                    "\(sort) \(limit) \(offset)")
          }
        }
      }
    }
    var nothing = DealQuery()
    nothing.merchantIDs = [424_242]
    let none = try await store.findDeals(nothing)
    #expect(none.items.isEmpty && none.total == 0)
  }
}

/// A deal's 团购详情 are kept as stored and parsed when asked for; two texts holding the same sections are equal
/// (PostgreSQL may hand back other spacing), different sections are not.
@Test func storedSectionsAreParsedWhenAskedAndEqualByWhatTheyHold() {
  let sections = [DealSection(title: "套餐内容", lines: ["双人餐 1份", "饮料 \"2\" 杯"])]
  let written = StoredSections(sections)
  #expect(written.sections == sections)
  #expect(StoredSections(stored: #"[ {"lines": ["双人餐 1份", "饮料 \"2\" 杯"], "title": "套餐内容"} ]"#) == written)
  #expect(StoredSections(stored: "[]") != written)
  #expect(StoredSections([]).sections.isEmpty)
  var deal = DealRecord(id: 1, merchantID: 2, title: "t", description: "d", cityAdcode: 110100, districtAdcode: 110105,
                        category: "美食", listPrice: 100, currentPrice: 90, publishedAt: Date(timeIntervalSince1970: 0),
                        deadline: Date(timeIntervalSince1970: 86_400), latitude: 39.9, longitude: 116.4)
  #expect(deal.details.isEmpty)
  deal.details = sections
  #expect(deal.details == sections && deal.storedDetails == written)
}
