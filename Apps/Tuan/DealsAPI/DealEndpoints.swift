import Foundation
import GeoData
import SparrowStore
import TuanStore

/// The handlers of every `/v1` endpoint: parameters to a store query, records to the wire.
struct DealEndpoints: Sendable {
  let store: any TuanStore
  /// Who wrote the reviews: the platform's accounts.
  let users: any UserStore
  let presenter: DealsPresenter
  /// Deals' JSON kept while their rows stay the same.
  let templates: DealTemplates

  init(store: any TuanStore, users: any UserStore, presenter: DealsPresenter) {
    self.store = store
    self.users = users
    self.presenter = presenter
    templates = DealTemplates(presenter: presenter)
  }

  struct Cities: Encodable, Sendable { let cities: [String] }
  struct Categories: Encodable, Sendable {
    struct Category: Encodable, Sendable {
      let categoryName: String
      let subcategories: [String]
    }
    let categories: [Category]
  }
  struct Regions: Encodable, Sendable {
    struct District: Encodable, Sendable {
      let districtName: String
      let neighborhoods: [String]
    }
    struct City: Encodable, Sendable {
      let cityName: String
      let districts: [District]
    }
    let cities: [City]
  }
  struct Deals: Encodable, Sendable {
    let totalCount: Int?
    let count: Int
    let deals: [DealText]
  }
  struct IDList: Encodable, Sendable {
    let count: Int
    let idList: [String]
  }
  struct Increments: Encodable, Sendable {
    struct Item: Encodable, Sendable {
      let dealId: String
      let status: Int
      let city: String
      let updateTime: String
    }
    struct Info: Encodable, Sendable { let updateTime: String }
    let count: Int
    let idList: [Item]
    let additionalInfo: Info
  }
  struct Businesses: Encodable, Sendable {
    let count: Int
    let totalCount: Int?
    let businesses: [DealText]
  }
  struct Consumed: Encodable, Sendable {
    struct Coupon: Encodable, Sendable {
      let code: String
      let dealId: String
      let state: String
    }
    let coupon: Coupon
  }

  // MARK: Metadata

  /// Cities with deals on sale: 全国 (when there are nationwide deals), the 热门 cities in their order, then the
  /// others by pinyin.
  func cities(_ call: DealsCall) async throws -> any Encodable & Sendable {
    let adcodes = try await store.dealCities(onSaleAt: call.now)
    return Cities(cities: (adcodes.contains(0) ? ["全国"] : []) + Self.ordered(adcodes).map(\.name))
  }

  /// The cities of `adcodes`: the 热门 ones in their order, then the others by pinyin.
  static func ordered(_ adcodes: Set<Int>) -> [City] {
    let geo = GeoData.shared
    var cities = geo.hotCities.filter { adcodes.contains($0.adcode) }
    for index in geo.cities.indices where adcodes.contains(geo.cities[index].adcode) && !geo.cities[index].isHot {
      cities.append(geo.cities[index])
    }
    return cities
  }

  /// The category table in menu order, only what has deals on sale.
  func categories(_ call: DealsCall) async throws -> any Encodable & Sendable {
    let pairs = try await store.dealCategories(onSaleAt: call.now)
    let used = Set(pairs.map(\.category))
    return Categories(categories: DealCategory.table.filter { used.contains($0.name) }.map { category in
      Categories.Category(
        categoryName: category.name,
        subcategories: category.subcategories.filter {
          pairs.contains(DealCategoryPair(category: category.name, subcategory: $0))
        })
    })
  }

  func regions(_ call: DealsCall) async throws -> any Encodable & Sendable {
    let geo = GeoData.shared
    let cities: [City]
    if call.string("city") != nil {
      cities = [try call.city()]
    } else {
      cities = Self.ordered(try await store.dealCities(onSaleAt: call.now))
    }
    var result: [Regions.City] = []
    for city in cities {
      let regions = try await store.dealRegions(cityAdcode: city.adcode, onSaleAt: call.now)
      result.append(Regions.City(cityName: city.name, districts: regions.compactMap { region in
        guard let district = geo.district(adcode: region.districtAdcode) else { return nil }
        // 商圈 in the curated order (central ones first).
        let order = geo.neighbourhoods(of: district).map(\.name)
        let names = region.neighbourhoods.sorted { (order.firstIndex(of: $0) ?? 999) < (order.firstIndex(of: $1) ?? 999) }
        return Regions.District(districtName: district.fullName, neighborhoods: names)
      }))
    }
    return Regions(cities: result)
  }

  // MARK: Deals

  func findDeals(_ call: DealsCall) async throws -> any Encodable & Sendable {
    let city = try call.city()
    var query = DealQuery()
    query.cityAdcodes = [city.adcode]
    query.onSaleAt = call.now
    query.near = try call.circle()
    let region = try call.region(in: city)
    query.districtAdcode = region.district?.adcode
    query.neighbourhood = region.neighbourhood
    (query.categories, query.subcategories) = try call.categories()
    if let local = try call.flag("is_local") { query.locality = local ? .localOnly : .nationwideOnly }
    if let keyword = call.string("keyword") {
      guard DealKeyword.limit.fits(keyword) else { throw DealsError.invalid("keyword", "at most 100 characters") }
      query.keyword = keyword
    }
    if call.string("destination_city") != nil { _ = try call.city("destination_city") }
    let sort = try call.int("sort", default: 1, in: 1...7)
    query.sort = DealSort(rawValue: sort) ?? .ranking
    if query.sort == .nearest, query.near == nil { throw DealsError.missing("latitude") }
    (query.limit, query.offset) = try call.paging()
    let page = try await store.findDeals(query)
    let (merchants, branches) = try await shops(page.items.map(\.deal))
    let deals = page.items.map {
      templates.deal($0.deal, merchant: merchants[$0.deal.merchantID], full: false, distance: $0.distance,
                     hasPoint: query.near != nil, branches: (branches[$0.deal.id] ?? []).compactMap { merchants[$0] })
    }
    return Deals(totalCount: page.total, count: deals.count, deals: deals)
  }

  func singleDeal(_ call: DealsCall) async throws -> any Encodable & Sendable {
    // The spec's §7.1: a malformed id is 10007 here (an unknown one is an empty list).
    let id: Int64?
    do {
      id = try DealsCall.dealID(try call.require("deal_id"), parameter: "deal_id")
    } catch let error as DealsError where error.code == 10002 {
      throw DealsError.notFound(error.message)
    }
    guard let id, let deal = try await store.deal(id: id) else { return Deals(totalCount: nil, count: 0, deals: []) }
    return try await full([deal])
  }

  func batchDeals(_ call: DealsCall) async throws -> any Encodable & Sendable {
    let texts = try call.list("deal_ids")
    guard !texts.isEmpty else { throw DealsError.missing("deal_ids") }
    guard texts.count <= 40 else { throw DealsError.invalid("deal_ids", "at most 40 ids") }
    var ids: [Int64] = []
    for text in texts {
      if let id = try DealsCall.dealID(text, parameter: "deal_ids"), !ids.contains(id) { ids.append(id) }
    }
    let found = try await store.deals(ids: ids)
    return try await full(ids.compactMap { found[$0] })
  }

  func dealsByBusiness(_ call: DealsCall) async throws -> any Encodable & Sendable {
    let city = try call.city()
    let id = try businessID(call)
    guard let merchant = try await store.merchant(id: id), merchant.cityAdcode == city.adcode else {
      return Deals(totalCount: nil, count: 0, deals: [])
    }
    var query = DealQuery()
    query.merchantIDs = [merchant.id]
    query.onSaleAt = call.now
    query.sort = .newest
    query.limit = 100
    return try await full(try await store.findDeals(query).items.map(\.deal))
  }

  /// The deals' shops and 适用分店, in two reads.
  private func shops(_ deals: [DealRecord]) async throws -> ([Int64: MerchantRecord], [Int64: [Int64]]) {
    let branches = try await store.branches(of: deals.map(\.id))
    let merchants = try await store.merchants(ids: Array(Set(deals.map(\.merchantID) + branches.values.joined())))
    return (merchants, branches)
  }

  private func full(_ deals: [DealRecord]) async throws -> Deals {
    let (merchants, branches) = try await shops(deals)
    let items = deals.map {
      templates.deal($0, merchant: merchants[$0.merchantID], full: true, distance: nil, hasPoint: false,
                     branches: (branches[$0.id] ?? []).compactMap { merchants[$0] })
    }
    return Deals(totalCount: nil, count: items.count, deals: items)
  }

  // MARK: Id lists

  /// Every id list is capped, so a request cannot make the server read without end.
  static let idListLimit = 10_000

  func allIDs(_ call: DealsCall) async throws -> any Encodable & Sendable {
    var query = try idQuery(call, cities: [try call.city()], maxCategories: 10)
    query.onSaleAt = call.now
    return try await ids(query)
  }

  func dailyNewIDs(_ call: DealsCall) async throws -> any Encodable & Sendable {
    var query = try idQuery(call, cities: [try call.city()], maxCategories: 10)
    let day = try call.day("date")
    query.publishedIn = day..<day.addingTimeInterval(86_400)
    return try await ids(query)
  }

  func soldOutIDs(_ call: DealsCall) async throws -> any Encodable & Sendable {
    var query = try idQuery(call, cities: [try call.city()], maxCategories: 10)
    let begin = try call.time("begin_time"), end = try call.time("end_time")
    guard begin <= end else { throw DealsError.invalid("end_time", "must not be before begin_time") }
    query.endedIn = begin..<end
    return try await ids(query)
  }

  func incrementalIDs(_ call: DealsCall) async throws -> any Encodable & Sendable {
    let begin = try call.time("begin_time")
    guard begin >= call.now.addingTimeInterval(-12 * 3600), begin <= call.now else {
      throw DealsError.invalid("begin_time", "must be within the last 12 hours")
    }
    let cities = try call.cities(max: 5)
    guard !cities.isEmpty else { throw DealsError.missing("city") }
    let window = begin..<call.now.addingTimeInterval(1)
    var items: [(Date, Increments.Item)] = []
    for (status, range) in [(1, \DealQuery.publishedIn), (0, \DealQuery.endedIn), (2, \DealQuery.updatedIn)] {
      var query = try idQuery(call, cities: cities, maxCategories: 5)
      query.locality = .localOnly
      query[keyPath: range] = window
      query.limit = Self.idListLimit
      for hit in try await store.findDeals(query).items {
        let deal = hit.deal
        let at = status == 1 ? deal.publishedAt : status == 0 ? deal.deadline : deal.updatedAt
        // A deal both new and changed in the window is new.
        if status == 2, items.contains(where: { $0.1.dealId == DealsCall.dealID(deal.id) }) { continue }
        items.append((at, Increments.Item(
          dealId: DealsCall.dealID(deal.id), status: status, city: presenter.cityName(deal.cityAdcode),
          updateTime: DealsCall.format(at, withTime: true))))
      }
    }
    items.sort { $0.0 < $1.0 }
    return Increments(
      count: items.count, idList: items.map(\.1),
      additionalInfo: .init(updateTime: DealsCall.format(call.now, withTime: true)))
  }

  private func idQuery(_ call: DealsCall, cities: [City], maxCategories: Int) throws -> DealQuery {
    var query = DealQuery()
    query.cityAdcodes = cities.map(\.adcode)
    (query.categories, query.subcategories) = try call.categories(max: maxCategories)
    query.sort = .newest
    query.limit = Self.idListLimit
    return query
  }

  private func ids(_ query: DealQuery) async throws -> IDList {
    let ids = try await store.dealIDs(query).map(DealsCall.dealID)
    return IDList(count: ids.count, idList: ids)
  }

  // MARK: Businesses

  func findBusinesses(_ call: DealsCall) async throws -> any Encodable & Sendable {
    var query = MerchantQuery()
    query.now = call.now
    query.near = try call.circle()
    let city: City? = call.string("city") == nil ? nil : try call.city()
    guard city != nil || query.near != nil else { throw DealsError.missing("city") }
    if let city {
      query.cityAdcodes = [city.adcode]
      let region = try call.region(in: city)
      query.districtAdcode = region.district?.adcode
      query.neighbourhood = region.neighbourhood
    } else if call.string("region") != nil {
      throw DealsError.missing("city")
    }
    (query.categories, query.subcategories) = try call.categories(max: 5)
    if let keyword = call.string("keyword") {
      guard DealKeyword.limit.fits(keyword) else { throw DealsError.invalid("keyword", "at most 100 characters") }
      query.keyword = keyword
    }
    query.hasDeal = try call.flag("has_deal")
    if try call.flag("has_coupon") == true || (try call.flag("has_online_reservation")) == true {
      query.limit = 0  // no merchant has coupons or online booking
    }
    _ = try call.int("offset_type", default: 0, in: 0...2)
    _ = try call.int("out_offset_type", default: 1, in: 1...2)
    _ = try call.int("platform", default: 1, in: 1...2)
    let sort = try call.int("sort", default: 1, in: 1...9)
    query.sort = MerchantSort(rawValue: sort) ?? .ranking
    if query.sort == .nearest, query.near == nil { throw DealsError.missing("latitude") }
    let (limit, offset) = try call.paging()
    if query.limit != 0 { query.limit = limit }
    query.offset = offset
    let page = try await store.findMerchants(query)
    let businesses = try await present(page.items.map { ($0.merchant, $0.distance) }, now: call.now)
    return Businesses(count: businesses.count, totalCount: query.limit == 0 ? 0 : page.total, businesses: businesses)
  }

  func singleBusiness(_ call: DealsCall) async throws -> any Encodable & Sendable {
    _ = try call.int("out_offset_type", default: 1, in: 1...2)
    _ = try call.int("platform", default: 1, in: 1...2)
    guard let merchant = try await store.merchant(id: try businessID(call)) else {
      throw DealsError.notFound("no business with this business_id")
    }
    let businesses = try await present([(merchant, nil)], now: call.now)
    return Businesses(count: 1, totalCount: nil, businesses: businesses)
  }

  struct Reviews: Encodable, Sendable {
    struct Info: Encodable, Sendable { let moreReviewsUrl: String }
    let count: Int
    let reviews: [ReviewJSON]
    let additionalInfo: Info
  }

  /// `review/get_recent_reviews`: a business's latest reviews (`limit` up to 40), as everyone sees them.
  func recentReviews(_ call: DealsCall) async throws -> any Encodable & Sendable {
    let limit = try call.int("limit", default: 20, in: 1...40)
    _ = try call.int("platform", default: 1, in: 1...2)
    guard let merchant = try await store.merchant(id: try businessID(call)) else {
      throw DealsError.notFound("no business with this business_id")
    }
    let page = try await store.reviews(merchantID: merchant.id, filter: .latest, viewer: nil, limit: limit, offset: 0)
    let people = try await users.users(ids: Array(Set(page.items.map(\.userID))))
    let reviews = page.items.map { presenter.review($0, nickname: people[$0.userID]?.screenName ?? "") }
    return Reviews(count: reviews.count, reviews: reviews,
                   additionalInfo: .init(moreReviewsUrl: "\(presenter.publicURL)/tuan/business/\(merchant.id)/reviews"))
  }

  private func businessID(_ call: DealsCall) throws -> Int64 {
    let text = try call.require("business_id")
    guard let id = Int64(text), id > 0 else {
      throw DealsError.invalid("business_id", "expected a positive integer, got \(DealsError.shown(text))")
    }
    return id
  }

  private func present(_ merchants: [(MerchantRecord, Double?)], now: Date) async throws -> [DealText] {
    guard !merchants.isEmpty else { return [] }
    var query = DealQuery()
    query.merchantIDs = merchants.map(\.0.id)
    query.onSaleAt = now
    query.sort = .newest
    query.limit = 40 * merchants.count
    // Their ids, then the rows (kept by id): not `findDeals`, which counts them too, half its statement's time.
    let ids = try await store.dealIDs(query)
    let rows = try await store.deals(ids: ids)
    let found = ids.compactMap { rows[$0] }
    let branches = try await store.branches(of: found.map(\.id))
    // A shop's deals: its own, and those it honours as a 适用分店.
    return merchants.map { merchant, distance in
      let deals = found.filter { $0.merchantID == merchant.id || branches[$0.id]?.contains(merchant.id) == true }
      return templates.business(merchant, deals: deals, distance: distance)
    }
  }

  // MARK: Coupons

  /// A shop verifies a 团购券: only with an app linked to a merchant, only that merchant's coupons, each once.
  func consume(_ call: DealsCall) async throws -> any Encodable & Sendable {
    let code = try call.require("code")
    guard let merchant = call.key.merchantID else {
      throw DealsError.badKey("this appkey is not linked to a business (sparrow app create … --business ID)")
    }
    guard CouponCode.isWellFormed(code) else { throw DealsError.invalid("code", "expected the 12 digits of a 团购券") }
    switch try await store.consumeCoupon(code: code, merchantID: merchant, now: call.now) {
    case .done(let coupon):
      return Consumed(coupon: .init(code: coupon.code, dealId: DealsCall.dealID(coupon.dealID), state: CouponState.consumed.label))
    case .notFound:
      // Another business's 团购券 too: one answer, so a shop cannot learn which codes exist.
      throw DealsError.notFound("no 团购券 of this business has this code")
    case .refused(let state):
      throw DealsError.invalid("code", "this 团购券 is \(state.label), it cannot be consumed")
    }
  }
}
