import Foundation
import TuanApp
import TuanDemo
import TuanStore
import GeoData
import SparrowDemo
import SparrowStore
import SparrowTestSupport
import Testing

/// The 团购 part of the demo world: any city a person picks looks alive.
@Suite struct TuanDemoTests {
  @Test func everyDistrictBigCityAndNeighbourhoodHasDeals() async throws {
    let world = try await TestWorld()
    let demo = DemoWorld(store: world.store, ids: world.ids, dataFolder: world.folder, parts: world.demoParts)
    let summary = try await demo.load(.standard, now: world.clock.now)
    #expect(summary["deals"] > 9_000 && summary["merchants"] > 7_000
      && summary.notes.filter { $0.hasPrefix("Deals API") }.count == 2)
    let store = world.tuan
    let geo = GeoData.shared
    let now = world.clock.now

    func count(_ edit: (inout DealQuery) -> Void) async throws -> Int {
      var query = DealQuery()
      query.onSaleAt = now
      query.locality = .localOnly
      query.limit = 0
      edit(&query)
      return try await store.findDeals(query).total
    }
    // Every district of every city.
    let cities = try await store.dealCities(onSaleAt: now)
    #expect(cities.count == geo.cities.count + 1)
    for city in geo.cities {
      let regions = try await store.dealRegions(cityAdcode: city.adcode, onSaleAt: now)
      #expect(Set(regions.map(\.districtAdcode)) == Set(geo.districts(of: city).map(\.adcode)), "\(city.name)")
    }
    // The big cities: every category with several subcategories.
    let capitals = ["长沙", "深圳", "厦门", "青岛", "大连", "宁波", "拉萨", "乌鲁木齐"].compactMap { geo.city(named: $0) }
    for city in geo.hotCities + capitals {
      for category in DealCategory.table {
        let subcategories = try await category.subcategories.asyncFilter { sub in
          try await count { $0.cityAdcodes = [city.adcode]; $0.subcategories = [sub] } > 0
        }
        #expect(subcategories.count >= 3, "\(city.name) \(category.name)")
      }
    }
    // The 热门 cities' 商圈.
    for neighbourhood in geo.neighbourhoods {
      let total = try await count { $0.districtAdcode = neighbourhood.districtAdcode; $0.neighbourhood = neighbourhood.name }
      #expect(total > 0, "\(neighbourhood.name)")
    }
    // Merchants inside their district's outline, with a phone, hours and the rating of their reviews.
    var merchants = MerchantQuery()
    merchants.limit = 100_000
    merchants.now = now
    let all = try await store.findMerchants(merchants).items.map(\.merchant)
    #expect(all.count == summary["merchants"])
    for merchant in all {
      let district = try #require(geo.district(adcode: merchant.districtAdcode))
      if let outline = geo.outline(of: district) {
        #expect(outline.distance(to: Coordinate(latitude: merchant.latitude, longitude: merchant.longitude)) < 0.001,
                "\(merchant.fullName) \(district.fullName)")
      }
      #expect(!merchant.phone.isEmpty && !merchant.hours.isEmpty && merchant.rating == merchant.tally.average)
      #expect(!merchant.isDialable, "a demo number rings nobody: \(merchant.phone)")
      #expect(merchant.address.hasPrefix(district.fullName))
    }
    // Reviews by demo people for 券 they used at the shop; each shop's numbers are exactly its reviews'.
    #expect(summary["reviews"] > 100 && summary.notes.contains { $0.hasPrefix("商家后台") })
    let reviewed = all.filter { $0.reviewCount > 0 }
    #expect(reviewed.count > 20 && Set(reviewed.map(\.rating)).count > 3, "averages that differ")
    for merchant in reviewed {
      let reviews = try await store.reviews(merchantID: merchant.id, filter: .latest, viewer: nil, limit: 100, offset: 0)
      let counted = ReviewTally(counting: reviews.items)
      for review in reviews.items {
        #expect(try await store.coupon(code: review.couponCode, userID: review.userID)?.storedState == .consumed)
      }
      #expect(counted == merchant.tally, "\(merchant.fullName)")
    }
    // Prices: at most two decimals by construction, and a list price never below the deal price.
    var sample = DealQuery()
    sample.limit = 2_000
    for hit in try await store.findDeals(sample).items {
      #expect(hit.deal.listPrice >= hit.deal.currentPrice && hit.deal.currentPrice > 0)
      #expect(!hit.deal.pictures.isEmpty && !hit.deal.specialTips.isEmpty)
      #expect(hit.deal.title.contains("："), "a title says the offer, not only the shop: \(hit.deal.title)")
      #expect(hit.deal.left.map { $0 >= 0 } ?? true)
    }
    await world.finish()
  }
}

/// Deals go in by batches; a merchant whose deals fall in two batches goes in with the first only.
@Test func aMerchantGoesInWithItsFirstBatchOnly() async throws {
  let fixture = try await DealsAPITests.Deals()
  await fixture.world.finish()
  let (hotpot, hotpot4, movie) = (fixture.deals["hotpot"]!, fixture.deals["hotpot4"]!, fixture.deals["movie"]!)
  let batches = TuanDemo.batches(
    deals: [hotpot, hotpot4, movie], merchants: Array(fixture.merchants.values), size: 1)
  #expect(batches.map { $0.merchants.map(\.id) } == [[hotpot.merchantID], [], [movie.merchantID]])
  #expect(batches.map { $0.deals.map(\.id) } == [[hotpot.id], [hotpot4.id], [movie.id]])
}

extension Array {
  func asyncFilter(_ keep: (Element) async throws -> Bool) async rethrows -> [Element] {
    var kept: [Element] = []
    for element in self where try await keep(element) { kept.append(element) }
    return kept
  }
}

/// The demo loads on every engine (`sparrow serve --demo --database postgres://…` too), 团购 included.
@Test(arguments: StoreKind.available)
func theDemoWorldLoadsOnEveryEngine(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sparrow-demo-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let demo = DemoWorld(store: engine.store, ids: IDGenerator(node: 4), dataFolder: folder, parts: engine.demoParts)
    let now = Date()
    let summary = try await demo.load(.standard, now: now)
    var query = DealQuery()
    query.limit = 0
    #expect(try await engine.tuan.findDeals(query).total == summary["deals"])
    var merchants = MerchantQuery()
    merchants.limit = 0
    #expect(try await engine.tuan.findMerchants(merchants).total == summary["merchants"])
    #expect(try await engine.tuan.dealCities(onSaleAt: now).count == GeoData.shared.cities.count + 1)
    #expect(try await engine.store.unreferencedPictures(before: now, limit: 100).isEmpty)
    // 已售 is what the demo's people ordered and did not cancel, deal by deal: no number without its rows.
    #expect(summary["orders"] > 500)
    #expect(try await engine.integer("""
      SELECT count(*) FROM tuan_deals d WHERE purchase_count <> (SELECT count(*) FROM tuan_coupons c
        WHERE c.deal_id = d.id AND c.state <> 'cancelled')
      """) == 0)
    #expect(try await engine.integer("SELECT max(purchase_count) FROM tuan_deals") ?? 0 > 20, "some bestsellers")
    #expect(try await engine.integer("SELECT count(*) FROM tuan_coupons WHERE state = 'cancelled'") ?? 0 > 0)
    #expect(try await engine.integer("SELECT count(*) FROM tuan_deals WHERE stock = purchase_count") ?? 0 > 0, "已抢光")
    // Some of a brand's other shops (适用分店) have a deal of their own too.
    #expect(try await engine.integer("""
      SELECT count(DISTINCT b.merchant_id) FROM tuan_deal_branches b JOIN tuan_deals d ON d.merchant_id = b.merchant_id
      """) ?? 0 > 0)
  }
}
