import Foundation
import SparrowDemo
import SparrowServer
import SparrowStore
import SparrowTestSupport
import Testing
import TuanApp
import TuanStore

/// The kept on-sale sets (`OnSaleSets`) against the rows, over a random history: deals published and ending at
/// random times, written by this process or another one on the same database, read at times that move forward and
/// sometimes back. Every read must equal what the deals written so far say.
@Test(arguments: StoreKind.available, [11, 2026] as [UInt64])
func onSaleSetsAreTheRowsOverARandomHistory(_ kind: StoreKind, seed: UInt64) async throws {
  try await withStore(kind) { engine in
    var random = SplitMix(seed: seed)
    func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
    let reader = engine.tuan
    let other = TuanModule.store(on: try engine.reopen())
    var f = TuanFixture()
    let beijing = TuanFixture.beijing, shanghai = TuanFixture.shanghai
    let shops = [
      f.merchant("小龙坎", city: beijing, district: TuanFixture.chaoyang, neighbourhood: "三里屯", at: (39.93, 116.45)),
      f.merchant("万达影城", city: beijing, district: TuanFixture.haidian, at: (39.98, 116.31), category: "电影",
                 subcategory: "院线影院"),
      f.merchant("如家酒店", city: shanghai, district: TuanFixture.pudong, neighbourhood: "陆家嘴", at: (31.24, 121.50),
                 category: "酒店", subcategory: "经济型酒店"),
    ]
    try await reader.importDeals(merchants: f.merchants, deals: [])
    var written = 0
    var imported: [DealRecord] = []
    // Deals held back and imported later, on their own, behind newer ones: an import of older rows, or another
    // instance's transaction committing after a later one (a lower id, an older update).
    var held: [DealRecord] = []
    var day = 0.0
    for step in 0..<40 {
      if !held.isEmpty, roll(2) == 0 {
        try await (roll(2) == 0 ? reader : other).importDeals(merchants: [], deals: held)
        imported += held
        held = []
      } else if roll(3) == 0 {
        // A few deals, from either process, published and ending around the present (some in the future, some over).
        for _ in 0..<(1 + roll(3)) {
          f.deal("团购\(f.deals.count)", at: shops[roll(shops.count)], price: 1_000 + roll(9_000),
                 publishedDaysAgo: Double(roll(12)) - 4 - day, daysLeft: Double(roll(12)) - 3 + day,
                 nationwide: roll(6) == 0)
        }
        var batch = Array(f.deals[written...])
        written = f.deals.count
        if batch.count > 1, roll(2) == 0 { held.append(batch.removeFirst()) }
        try await (roll(2) == 0 ? reader : other).importDeals(merchants: [], deals: batch)
        imported += batch
      }
      // Time moves on by up to two days, and now and then back.
      day += roll(5) == 0 ? -Double(roll(3)) : Double(roll(48)) / 24
      let now = TuanFixture.now + day * 86_400
      let onSale = imported.filter { $0.publishedAt <= now && $0.deadline > now }
      var cities = Set(onSale.filter { !$0.isNationwide }.map(\.cityAdcode))
      if onSale.contains(where: \.isNationwide) { cities.insert(0) }
      #expect(try await reader.dealCities(onSaleAt: now) == cities, "step \(step)")
      #expect(try await reader.dealCategories(onSaleAt: now)
              == Set(onSale.map { DealCategoryPair(category: $0.category, subcategory: $0.subcategory) }), "step \(step)")
      for city in [beijing, shanghai] {
        // Distinct (district, 商圈) in order, as the engines' ORDER BY gives them (district codes have six digits).
        let pairs = Set(onSale.filter { !$0.isNationwide && $0.cityAdcode == city }
          .map { "\($0.districtAdcode)\t\($0.neighbourhood)" }).sorted()
          .map { line in (Int(line.prefix(6))!, String(line.dropFirst(7))) }
        #expect(try await reader.dealRegions(cityAdcode: city, onSaleAt: now) == DealRegion.grouping(pairs),
                "step \(step) city \(city)")
        // The kept totals (`OnSaleSets.totalKey`) are the deals a page lists when it lists them all.
        for category in [nil, "美食"] as [String?] {
          var query = DealQuery()
          query.cityAdcodes = [city]
          query.onSaleAt = now
          query.categories = category.map { [$0] } ?? []
          query.limit = 1
          let total = try await reader.findDeals(query).total
          query.limit = 10_000
          let listed = try await reader.findDeals(query).items.count
          let counted = onSale.filter { ($0.isNationwide || $0.cityAdcode == city) && (category == nil || $0.category == category) }
          #expect(total == listed && total == counted.count, "step \(step) city \(city) \(category ?? "all")")
        }
      }
    }
  }
}

/// The kept orders (`OnSaleSets.orderKey`: the first pages of each filter's order) and a place's deals, a shop's or
/// a point's (`OnSaleSets.placeKey`), against the rows, over a random history of 券 sold and cancelled by this process and
/// another one, deals added, 适用分店 set, and time moving by seconds and minutes (智能排序 ranks at the minute).
/// Every page, pin list and id list must be what the rows read back say.
@Test(arguments: StoreKind.available, [5, 1999] as [UInt64])
func keptOrdersAreTheRowsOverARandomHistoryOfSales(_ kind: StoreKind, seed: UInt64) async throws {
  try await withStore(kind) { engine in
    var random = SplitMix(seed: seed)
    func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
    let reader = engine.tuan
    let other = TuanModule.store(on: try engine.reopen())
    var f = TuanFixture()
    let beijing = TuanFixture.beijing
    let shops = [
      f.merchant("小龙坎", city: beijing, district: TuanFixture.chaoyang, neighbourhood: "三里屯", at: (39.93, 116.45)),
      f.merchant("万达影城", city: beijing, district: TuanFixture.haidian, at: (39.98, 116.31), category: "电影",
                 subcategory: "院线影院"),
    ]
    func addDeals(_ n: Int) {
      for _ in 0..<n {
        // Sales close together, so a few 券 reorder them; some published in the next hours, some ending soon.
        f.deal("团购\(f.deals.count)", at: shops[roll(shops.count)], price: 1_000 + roll(40) * 100, sold: roll(6),
               publishedDaysAgo: Double(roll(10 * 24) - 6) / 24, daysLeft: Double(roll(5 * 24) + 1) / 24,
               nationwide: roll(8) == 0)
      }
    }
    addDeals(30)
    try await reader.importDeals(merchants: f.merchants, deals: f.deals)
    let truth = try Afresh(engine)
    var written = f.deals.count
    var unused: [(code: String, user: Int64)] = []
    var now = TuanFixture.now
    for step in 0..<60 {
      let byReader = roll(2) == 0
      let writer = byReader ? reader : other
      // Each step is a request to `reader`'s process that reads first (on PostgreSQL the stamp it read serves the
      // request's later reads, `OnSaleSets.stamp(reading:)`), writes and reads again: its own write must show. A
      // write of the other process shows to requests that arrive after it.
      let arrived = ContinuousClock.now
      _ = try await RequestStart.$instant.withValue(arrived) { try await reader.deals(ids: [f.deals[0].id]) }
      switch roll(7) {
      case 0, 1, 2:
        let onSale = f.deals.prefix(written).filter { $0.publishedAt <= now && $0.deadline > now }
        if let deal = onSale.randomElement(using: &random) {
          let user = Int64(1 + roll(50))
          let order = makeOrder(f, deal: deal, user: user, quantity: 1 + roll(2))
          try await writer.placeOrder(order, now: now)
          unused += order.coupons.map { ($0.code, user) }
        }
      case 3:
        if !unused.isEmpty {
          let coupon = unused.remove(at: roll(unused.count))
          _ = try await writer.cancelCoupon(code: coupon.code, userID: coupon.user, now: now)
        }
      case 4:
        addDeals(1 + roll(2))
        try await writer.importDeals(merchants: [], deals: Array(f.deals[written...]))
        written = f.deals.count
      case 5:
        // A deal's 适用分店 set or cleared.
        let deal = f.deals[roll(written)]
        try await writer.setBranches(dealID: deal.id, merchantIDs: roll(3) == 0 ? [] : shops.map(\.id))
      default: break
      }
      // Time moves on by seconds (within 智能排序's minute) or minutes.
      now += roll(2) == 0 ? Double(roll(50)) : Double(roll(120)) * 60

      try await RequestStart.$instant.withValue(byReader ? arrived : .now) {
        // The kept rows (`DealRows`) of both processes are the table's.
        let rows = try await truth.store().deals(ids: f.deals.prefix(written).map(\.id))
        let shopRows = try await truth.store().merchants(ids: shops.map(\.id))
        let branches = try await truth.store().branches(of: f.deals.prefix(written).map(\.id))
        for process in [reader, other] {
          #expect(try await process.deals(ids: f.deals.prefix(written).map(\.id)) == rows, "step \(step)")
          #expect(try await process.merchants(ids: shops.map(\.id)) == shopRows, "step \(step)")
          #expect(try await process.branches(of: f.deals.prefix(written).map(\.id)) == branches, "step \(step)")
        }
        let at = millis(now)
        for sort in [DealSort.ranking, .popular, .priceLow, .newest, .endingSoon] {
          for category in [nil, "美食"] as [String?] {
            var query = DealQuery()
            query.cityAdcodes = [beijing]
            query.onSaleAt = now
            query.sort = sort
            query.categories = category.map { [$0] } ?? []
            let minute = query.rankedAt
            func score(_ d: DealRecord) -> Double {
              Double(d.purchaseCount) * 86_400_000.0 / (Double(max(minute - millis(d.publishedAt), 0)) + 172_800_000.0)
            }
            let expected = rows.values
              .filter { millis($0.publishedAt) <= at && millis($0.deadline) > at && (category == nil || $0.category == category) }
              .sorted { a, b in
                switch sort {
                case .ranking: score(a) != score(b) ? score(a) > score(b) : a.id > b.id
                case .popular: a.purchaseCount != b.purchaseCount ? a.purchaseCount > b.purchaseCount : a.id > b.id
                case .priceLow: a.currentPrice != b.currentPrice ? a.currentPrice < b.currentPrice : a.id > b.id
                case .newest: a.publishedAt != b.publishedAt ? a.publishedAt > b.publishedAt : a.id > b.id
                default: a.deadline != b.deadline ? a.deadline < b.deadline : a.id > b.id
                }
              }.map(\.id)
            for (offset, limit) in [(0, 5), (5, 5), (0, 40), (12, 12)] {
              query.offset = offset
              query.limit = limit
              let page = Array(expected.dropFirst(offset).prefix(limit))
              let found = try await reader.findDeals(query)
              let label = "step \(step) \(sort) \(category ?? "all") \(offset)+\(limit)"
              #expect(found.items.map(\.deal.id) == page, "\(label)")
              #expect(found.items.map(\.deal) == page.map { rows[$0]! }, "\(label)")
              #expect(try await other.findDeals(query).items.map(\.deal) == page.map { rows[$0]! }, "\(label)")
              #expect(found.total == expected.count, "\(label)")
              #expect(try await reader.dealIDs(query) == page, "\(label)")
              // Each deal's pin, then a marker at each of its 适用分店 (`MapPins`), as the rows say.
              func pin(_ deal: DealRecord, at shop: MerchantRecord, _ latitude: Double, _ longitude: Double) -> String {
                "\(deal.id) \(deal.title) \(deal.currentPrice) \(shop.id) \(shop.fullName) \(latitude) \(longitude)"
              }
              let expectedPins = page.map { rows[$0]! }.map { pin($0, at: shopRows[$0.merchantID]!, $0.latitude, $0.longitude) }
                + page.map { rows[$0]! }.flatMap { deal in
                  (branches[deal.id] ?? []).map { shopRows[$0]! }.map { pin(deal, at: $0, $0.latitude, $0.longitude) }
                }
              for process in [reader, other] {
                let pins = try await process.dealPins(query)
                #expect(pins.map { "\($0.id) \($0.title) \($0.currentPrice) \($0.merchantID) \($0.merchantName) \($0.latitude) \($0.longitude)" }
                        == expectedPins, "\(label)")
              }
            }
          }
        }
        // A place's deals (`OnSaleSets.placeKey`), kept with their total: every page of `query` must be the truth's,
        // which must list the deals on sale that `lists` says.
        func checkPlace(_ query: DealQuery, _ label: String, lists: (DealRecord) -> Bool) async throws {
          var query = query
          let expected = try await truth.store().findDeals({ var all = query; all.limit = 10_000; return all }())
          let listed = rows.values.filter { millis($0.publishedAt) <= at && millis($0.deadline) > at && lists($0) }
          #expect(Set(expected.items.map(\.deal.id)) == Set(listed.map(\.id)) && expected.total == listed.count,
                  "step \(step) \(label)")
          for (offset, limit) in [(0, 100), (0, 3), (3, 3), (0, 300), (1, 400), (0, 80)] {
            query.offset = offset
            query.limit = limit
            let page = Array(expected.items.dropFirst(offset).prefix(limit))
            for process in [reader, other] {
              let found = try await process.findDeals(query)
              #expect(found.items == page && found.total == expected.total, "step \(step) \(label) \(offset)+\(limit)")
              #expect(try await process.dealIDs(query) == page.map(\.deal.id), "step \(step) \(label) \(offset)+\(limit)")
            }
          }
        }
        // A shop's: its own and those it honours as a 适用分店; and those of both (the deals API's businesses, 40 a
        // shop).
        for ids in shops.map({ [$0.id] }) + [shops.map(\.id)] {
          for sort in [DealSort.ranking, .popular, .newest] {
            var query = DealQuery()
            query.merchantIDs = ids
            query.onSaleAt = now
            query.sort = sort
            try await checkPlace(query, "\(ids) \(sort)") { deal in
              ids.contains(deal.merchantID) || branches[deal.id]?.contains(where: ids.contains) == true
            }
          }
        }
        // A point's: at each shop, and between them, where there are none.
        for (latitude, longitude) in [(39.93, 116.45), (39.98, 116.31), (39.955, 116.38)] {
          let circle = GeoCircle(latitude: latitude, longitude: longitude, radius: 3_000)
          for sort in [DealSort.nearest, .ranking, .popular] {
            var query = DealQuery()
            query.cityAdcodes = [beijing]
            query.near = circle
            query.onSaleAt = now
            query.sort = sort
            try await checkPlace(query, "\(circle) \(sort)") { deal in
              circle.distance(toLatitude: deal.latitude, longitude: deal.longitude) <= circle.radius
            }
          }
        }
      }
    }
  }
}

/// The kept shop lists (`OnSaleSets.merchantKeys`: each filter's total and first pages) against the rows, over a
/// random history of reviews written, edited, deleted and hidden by this process and another one, and shops added:
/// every page of every order must be what the shops' rows read back say.
@Test(arguments: StoreKind.available)
func keptShopListsAreTheRowsOverARandomHistoryOfReviews(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    var random = SplitMix(seed: 41)
    func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
    let reader = engine.tuan
    let other = TuanModule.store(on: try engine.reopen())
    var f = TuanFixture()
    let beijing = TuanFixture.beijing
    for i in 0..<5 {
      var shop = f.merchant("店\(i)", city: beijing, district: TuanFixture.chaoyang, at: (39.9 + Double(i) / 100, 116.45),
                            category: i < 3 ? "美食" : "电影", subcategory: i < 3 ? "火锅" : "院线影院")
      shop.tally = .none
      f.merchants[i] = shop
      f.deal("套餐\(i)", at: shop, price: 5_000)
    }
    try await reader.importDeals(merchants: f.merchants, deals: f.deals)
    let users: [Int64] = [10, 11, 12, 13]
    // Every user holds three used 券 of every shop's deal.
    var used: [(user: Int64, code: String)] = []
    for deal in f.deals {
      for user in users {
        let order = makeOrder(f, deal: deal, user: user, quantity: 3)
        try await reader.placeOrder(order, now: TuanFixture.now)
        for coupon in order.coupons {
          _ = try await reader.consumeCoupon(code: coupon.code, merchantID: deal.merchantID, now: TuanFixture.now)
          used.append((user, coupon.code))
        }
      }
    }
    let truth = try Afresh(engine)
    var written: [Int64: ReviewRecord] = [:]
    var next: Int64 = 1
    for step in 0..<80 {
      let writer = roll(2) == 0 ? reader : other
      switch roll(8) {
      case 0, 1, 2:
        guard !used.isEmpty else { break }
        let coupon = used.remove(at: roll(used.count))
        let stars = 1 + roll(5)
        next += 1
        let review = ReviewRecord(
          id: next, merchantID: 0, dealID: 0, userID: coupon.user, couponCode: coupon.code, rating: stars,
          grades: ReviewGrades(product: 1 + roll(5), decoration: 1 + roll(5), service: 1 + roll(5)), text: "不错，还会再来。",
          spend: roll(3) == 0 ? nil : 20 + roll(300), createdAt: TuanFixture.now)
        let added = try await writer.addReview(review)
        written[added.id] = added
      case 3:
        guard var review = written.values.sorted(by: { $0.id < $1.id }).randomElement(using: &random) else { break }
        review.rating = 1 + roll(5)
        review.spend = roll(2) == 0 ? nil : 1 + roll(500)
        written[review.id] = try await writer.editReview(review, now: TuanFixture.now)
      case 4:
        guard let review = written.values.sorted(by: { $0.id < $1.id }).randomElement(using: &random) else { break }
        #expect(try await writer.deleteReview(id: review.id, userID: review.userID))
        written[review.id] = nil
      case 5:
        guard let review = written.values.sorted(by: { $0.id < $1.id }).randomElement(using: &random) else { break }
        let hide = roll(2) == 0
        if try await writer.setReviewHidden(id: review.id, hidden: hide, rows: []) { written[review.id]?.hidden = hide }
      case 6:
        // A shop added, with a tally of its own (a shop imported with its history).
        var shop = f.merchant("新店\(step)", city: beijing, district: TuanFixture.haidian, at: (39.98, 116.31))
        shop.tally = ReviewTally(stars: (0..<5).map { _ in roll(3) }, productSum: roll(20), decorationSum: roll(20),
                                 serviceSum: roll(20), pictured: 0, spendSum: 300, spent: roll(3))
        try await writer.importDeals(merchants: [shop], deals: [])
      default: break
      }

      // The kept rows (`DealRows`) of both processes are the table's.
      let shops = try await truth.store().merchants(ids: f.merchants.map(\.id)).values
      for process in [reader, other] {
        #expect(try await process.merchants(ids: f.merchants.map(\.id)) == Dictionary(shops.map { ($0.id, $0) }) { a, _ in a },
                "step \(step)")
      }
      for sort in MerchantSort.allCases where sort != .nearest {
        for category in [nil, "美食"] as [String?] {
          func mean(_ sum: Int, _ m: MerchantRecord) -> Double { Double(sum) * 1.0 / Double(max(m.reviewCount, 1)) }
          func before(_ a: MerchantRecord, _ b: MerchantRecord) -> Bool {
            let (x, y): (Double, Double) = switch sort {
            case .ranking: (a.rating * 1000 + Double(min(a.reviewCount, 999)), b.rating * 1000 + Double(min(b.reviewCount, 999)))
            case .rating: a.rating != b.rating ? (a.rating, b.rating) : (Double(a.reviewCount), Double(b.reviewCount))
            case .productRating: (mean(a.tally.productSum, a), mean(b.tally.productSum, b))
            case .decorationRating: (mean(a.tally.decorationSum, a), mean(b.tally.decorationSum, b))
            case .serviceRating: (mean(a.tally.serviceSum, a), mean(b.tally.serviceSum, b))
            case .reviews: (Double(a.reviewCount), Double(b.reviewCount))
            case .priceLow: (Double(-a.averagePrice), Double(-b.averagePrice))
            default: (Double(a.averagePrice), Double(b.averagePrice))
            }
            return x != y ? x > y : a.id > b.id
          }
          let expected = shops.filter { category == nil || $0.category == category }.sorted(by: before).map(\.id)
          var query = MerchantQuery()
          query.cityAdcodes = [beijing]
          query.categories = category.map { [$0] } ?? []
          query.sort = sort
          for (offset, limit) in [(0, 3), (3, 3), (0, 20)] {
            query.offset = offset
            query.limit = limit
            let found = try await reader.findMerchants(query)
            let label = "step \(step) \(sort) \(category ?? "all") \(offset)+\(limit)"
            #expect(found.items.map(\.merchant.id) == Array(expected.dropFirst(offset).prefix(limit)), "\(label)")
            #expect(found.items.map(\.merchant) == found.items.map { m in shops.first { $0.id == m.merchant.id }! },
                    "\(label)")
            #expect(found.total == expected.count, "\(label)")
          }
        }
      }
    }
  }
}

/// Under load a request arriving just before another's keep asks for an earlier moment; a later read under the
/// same stamp must not take the earlier moments away (each such request would read again, 100 ms for the
/// categories), and spans must not join across a change or a write.
@Test func keptSetsHoldFromTheEarliestMomentReadUnderOneStamp() {
  let sets = OnSaleSets()
  let stamp = DealsStamp(catalog: 1, sales: 0, tallies: 0)
  func value(_ key: OnSaleKey, _ stamp: DealsStamp, at now: Int64) -> [String]? { sets.value(key, stamp: stamp, now: now) }
  sets.keep(["a"], "categories", stamp: stamp, from: 100, until: 1_000)
  sets.keep(["a"], "categories", stamp: stamp, from: 200, until: 1_000)
  #expect(value("categories", stamp, at: 150) == ["a"])
  #expect(value("categories", stamp, at: 99) == nil)
  #expect(value("categories", stamp, at: 1_000) == nil)

  // A deal written: the new read holds from its own moment only.
  let written = DealsStamp(catalog: 2, sales: 0, tallies: 0)
  sets.keep(["b"], "categories", stamp: written, from: 300, until: 1_000)
  #expect(value("categories", written, at: 150) == nil)
  #expect(value("categories", written, at: 300) == ["b"])
  #expect(value("categories", stamp, at: 300) == nil)

  // A deal ends at 500: the sets on either side of it stay apart.
  sets.keep(["c"], "cities", stamp: stamp, from: 100, until: 500)
  sets.keep(["d"], "cities", stamp: stamp, from: 500, until: 900)
  #expect(value("cities", stamp, at: 200) == nil)
  #expect(value("cities", stamp, at: 600) == ["d"])

  // Sales move only what follows them.
  let sold = DealsStamp(catalog: 2, sales: 1, tallies: 0)
  sets.keep(["e"], "popular", stamp: written, from: 100, until: 1_000, follows: [.deals, .sales])
  sets.keep(["f"], "popular", stamp: sold, from: 200, until: 1_000, follows: [.deals, .sales])
  #expect(value("popular", sold, at: 150) == nil)
  #expect(value("categories", sold, at: 400) == ["b"])
}

/// A walk through every shop, or clients each at a point of their own, keep each place's deals
/// (`OnSaleSets.placeKey`), bounded on their own: past the bound the older places go, and the sets, dear to read
/// again, stay.
@Test func keptPlaceListsAreBoundedApartFromTheSets() {
  let sets = OnSaleSets()
  let stamp = DealsStamp(catalog: 1, sales: 0, tallies: 0)
  func placeKey(_ id: Int64) -> OnSaleKey {
    var query = DealQuery()
    // Shops and points in turn.
    if id.isMultiple(of: 2) {
      query.merchantIDs = [id]
    } else {
      query.near = GeoCircle(latitude: 39.9, longitude: 116 + Double(id) / 10_000, radius: 1_000)
    }
    query.onSaleAt = Date(timeIntervalSince1970: 0.1)
    query.sort = .newest
    return OnSaleSets.placeKey(query)!.key
  }
  sets.keep(["北京"], "cities", stamp: stamp, from: 100, until: 1_000)
  for id in 1...2_000 as ClosedRange<Int64> {
    sets.keep(PlaceDeals(total: 1, ids: [id]), placeKey(id), stamp: stamp, from: 100, until: 1_000)
  }
  let cities: [String]? = sets.value("cities", stamp: stamp, now: 100)
  #expect(cities == ["北京"])
  for id in [1_999, 2_000] as [Int64] {
    let latest: PlaceDeals? = sets.value(placeKey(id), stamp: stamp, now: 100)
    #expect(latest?.ids == [id])
  }
  for id in [1, 2] as [Int64] {
    let first: PlaceDeals? = sets.value(placeKey(id), stamp: stamp, now: 100)
    #expect(first == nil)
  }
  // A deep page's list is not kept at all, nor is a filter of no place.
  var deep = DealQuery()
  deep.merchantIDs = [1]
  deep.offset = 790
  deep.limit = 20
  #expect(OnSaleSets.placeKey(deep) == nil)
  #expect(OnSaleSets.placeKey(DealQuery()) == nil)
}

/// A store on the same database whose kept deal and shop rows (`DealRows`) are dropped before each use: what the
/// tables themselves say.
struct Afresh {
  let engine: Engine

  init(_ test: TestEngine) throws { engine = try test.reopen() }

  func store() -> any TuanStore {
    engine.caches.app(DealRows.self) { DealRows() }.dropAll()
    return TuanModule.store(on: engine)
  }
}

/// On PostgreSQL the requests that ask for the deals' stamp while another's read is out share the next read
/// (`OnSaleSets.stamp(reading:)`, `SharedRead`): 32 requests at once read it a few times (at most 8), not once each, and
/// each still finds a deal another process wrote before it arrived.
@Test func requestsAtOnceShareTheDealsStampAndSeeEarlierWrites() async throws {
  guard StoreKind.available.contains(.postgres) else { return }
  try await withStore(.postgres) { engine in
    let other = TuanModule.store(on: try engine.reopen())
    var f = TuanFixture()
    let shop = f.merchant("小龙坎", city: TuanFixture.beijing, district: TuanFixture.chaoyang, at: (39.93, 116.45))
    try await engine.tuan.importDeals(merchants: f.merchants, deals: [f.deal("双人餐", at: shop, price: 8_800)])
    let sets = engine.engine.caches.app(OnSaleSets.self) { OnSaleSets() }
    for round in 0..<3 {
      // Written by the other process before the requests arrive: each must see it.
      let deal = f.deal("套餐\(round)", at: shop, price: 9_900 + round)
      try await other.importDeals(merchants: [], deals: [deal])
      let before = sets.stampReads
      let found = try await withThrowingTaskGroup(of: Bool.self) { group in
        for _ in 0..<32 {
          group.addTask {
            try await RequestStart.$instant.withValue(ContinuousClock.now) {
              try await engine.tuan.deals(ids: [deal.id])[deal.id]?.title == deal.title
            }
          }
        }
        return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
      }
      #expect(found == 32, "round \(round): \(found) of 32 requests saw the deal")
      let reads = sets.stampReads - before
      #expect(reads >= 1 && reads <= 8, "round \(round): \(reads) stamp reads for 32 requests")
    }
  }
}
