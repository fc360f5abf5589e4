import Foundation
import SparrowStore

/// Merchants and their deals: loading, lookups, search and the metadata the API lists.
package protocol DealStore: Sendable {
  /// Adds merchants and deals in one transaction (the demo, tests, imports). `.conflict` on a taken id.
  func importDeals(merchants: [MerchantRecord], deals: [DealRecord]) async throws
  func merchant(id: Int64) async throws -> MerchantRecord?
  func merchants(ids: [Int64]) async throws -> [Int64: MerchantRecord]
  func deal(id: Int64) async throws -> DealRecord?
  /// The deals that exist among `ids`; unknown ids are left out.
  func deals(ids: [Int64]) async throws -> [Int64: DealRecord]
  /// One page of the deals `query` matches, in its order, with how many match in all. A query with `near`
  /// uses the geo index (never a scan of every deal) and gives each hit its distance.
  func findDeals(_ query: DealQuery) async throws -> FeedPage<DealHit>
  /// The ids of every deal `query` matches (its sort, `limit` and `offset` apply).
  func dealIDs(_ query: DealQuery) async throws -> [Int64]
  /// The deals `query` matches as map pins, in its order (its `limit` and `offset` apply), then a marker at each of
  /// their 适用分店 (`MapPins`): the map places hundreds, and reading their whole rows took most of its time.
  func dealPins(_ query: DealQuery) async throws -> [DealPin]
  /// One page of the merchants `query` matches, with how many match in all; `near` uses the geo index.
  func findMerchants(_ query: MerchantQuery) async throws -> FeedPage<MerchantHit>
  /// The cities with local deals on sale at `now`, and 0 when there are nationwide ones.
  func dealCities(onSaleAt now: Date) async throws -> Set<Int>
  /// The districts of `city` with local deals on sale at `now`, each with its 商圈 that have some.
  func dealRegions(cityAdcode: Int, onSaleAt now: Date) async throws -> [DealRegion]
  /// The (category, subcategory) pairs with deals on sale at `now`; subcategory empty for a deal without one.
  func dealCategories(onSaleAt now: Date) async throws -> Set<DealCategoryPair>
  /// 适用分店: where a deal may be used besides its own shop (other shops of the brand in its city). `.notFound`
  /// without the deal or one of the merchants.
  func setBranches(dealID: Int64, merchantIDs: [Int64]) async throws
  /// The other shops each of `dealIDs` may be used at, by deal; deals without any are left out.
  func branches(of dealIDs: [Int64]) async throws -> [Int64: [Int64]]
}

/// A category and one of its subcategories (or "").
package struct DealCategoryPair: Sendable, Hashable {
  package var category: String
  package var subcategory: String
  package init(category: String, subcategory: String) {
    self.category = category
    self.subcategory = subcategory
  }
}

/// Orders and their 团购券. Each user sees only their own orders; shops see a coupon only by consuming it.
package protocol OrderStore: Sendable {
  /// Records the order and its coupons and adds the quantity to the deal's 已售, in one transaction that holds the
  /// deal, so of two racing orders for the last units, or one person's from two tabs, one is refused; `OrderError`
  /// when the deal is gone, not on sale at `now`, short of stock or over its 限购; `.conflict` on a taken code.
  func placeOrder(_ order: OrderRecord, now: Date) async throws
  /// How many of the deal's 团购券 the user holds (unused, used or expired, not cancelled): what 限购 counts.
  func heldCoupons(userID: Int64, dealID: Int64) async throws -> Int
  /// The order, only when it is `userID`'s.
  func order(id: Int64, userID: Int64) async throws -> OrderRecord?
  /// One of the user's 团购券 (someone else's is nil, as one that does not exist).
  func coupon(code: String, userID: Int64) async throws -> CouponRecord?
  /// The user's orders with their coupons, newest first.
  func orders(userID: Int64, limit: Int, offset: Int) async throws -> FeedPage<OrderRecord>
  /// Marks the coupon consumed if it is unused, unexpired and usable at `merchantID` (its deal's shop or one of
  /// its 适用分店, which then becomes the coupon's shop): atomic, so of two racing consumptions exactly one succeeds. Another merchant's coupon is `.notFound`, read by the same statements as a
  /// code no coupon has, so a shop cannot learn that another's code exists.
  func consumeCoupon(code: String, merchantID: Int64, now: Date) async throws -> CouponOutcome
  /// Cancels one of `userID`'s coupons while it is unused and valid at `now`: it returns to the deal's stock and
  /// lowers its 已售, in the same transaction.
  func cancelCoupon(code: String, userID: Int64, now: Date) async throws -> CouponOutcome
}

/// 收藏 and 最近浏览, per user. Reads answer only for the user asked about.
package protocol DealMarkStore: Sendable {
  /// Collects a deal (again: moves it to the front). `.notFound` when the deal does not exist.
  func collect(userID: Int64, dealID: Int64, at: Date) async throws
  /// Removes several collected deals at once; how many were collected.
  @discardableResult
  func uncollect(userID: Int64, dealIDs: [Int64]) async throws -> Int
  /// Collected deals, most recent first.
  func collections(userID: Int64, limit: Int, offset: Int) async throws -> FeedPage<DealMark>
  /// Which of `dealIDs` the user collected.
  func collected(by userID: Int64, among dealIDs: [Int64]) async throws -> Set<Int64>
  /// Remembers a view (again: moves it to the front); keeps the latest `recentLimit` per user.
  func recordView(userID: Int64, dealID: Int64, at: Date) async throws
  /// Recently viewed deals, latest first.
  func recentlyViewed(userID: Int64, limit: Int) async throws -> [DealMark]
  /// Forgets the views of `dealIDs`, or every view when nil (清除最近浏览).
  func forgetViews(userID: Int64, dealIDs: [Int64]?) async throws
  /// Remembers that the user chose a city (again: moves it to the front); keeps the latest `recentCityLimit`.
  func recordCityVisit(userID: Int64, adcode: Int, at: Date) async throws
  /// The cities the user chose, by adcode, latest first (the city popover's 最近访问).
  func recentCities(userID: Int64, limit: Int) async throws -> [Int]
}

/// How many cities each user's 最近访问 keeps.
package let recentCityLimit = 8

/// How many views each user's 最近浏览 keeps.
package let recentLimit = 100

/// The deals API's keys: which Sparrow apps may sign `/v1` calls, with what secret, for which merchant.
package protocol DealsKeyStore: Sendable {
  /// `.conflict` when the client id has a key already.
  func saveDealsKey(_ key: DealsKeyRecord) async throws
  func dealsKey(clientID: String) async throws -> DealsKeyRecord?
}

/// Everything 团购 keeps.
package typealias TuanStore = DealStore & OrderStore & DealMarkStore & DealsKeyStore & ReviewStore & ShopStore
