import Foundation
import SparrowDemo
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
    var day = 0.0
    for step in 0..<40 {
      if roll(3) == 0 {
        // A few deals, from either process, published and ending around the present (some in the future, some over).
        for _ in 0..<(1 + roll(3)) {
          f.deal("团购\(f.deals.count)", at: shops[roll(shops.count)], price: 1_000 + roll(9_000),
                 publishedDaysAgo: Double(roll(12)) - 4 - day, daysLeft: Double(roll(12)) - 3 + day,
                 nationwide: roll(6) == 0)
        }
        let batch = Array(f.deals[written...])
        written = f.deals.count
        try await (roll(2) == 0 ? reader : other).importDeals(merchants: [], deals: batch)
      }
      // Time moves on by up to two days, and now and then back.
      day += roll(5) == 0 ? -Double(roll(3)) : Double(roll(48)) / 24
      let now = TuanFixture.now + day * 86_400
      let onSale = f.deals.filter { $0.publishedAt <= now && $0.deadline > now }
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
