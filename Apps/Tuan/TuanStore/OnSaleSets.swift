import Foundation
import SparrowStore
import Synchronization

/// What changes the on-sale sets (`dealCities`, `dealRegions`, `dealCategories`) and the shops' lists: deals or
/// shops written (`tuan_stamps`' `catalog`, moved in the transaction of every import); what changes the orders by
/// sales (`ranking`, `popular`): a 券 sold or cancelled (`sales`, moved in its transaction); and what else changes
/// the shops' lists: a review counted in or out of a tally (`tallies`, moved by `ReviewSQL.tally`); what changes a
/// merchant's pages of reviews: any review written, voted on, replied to or hidden (`reviews`, `ReviewSQL.written`);
/// what changes a shop's 券 used today: a 券 used (`used`, `OnSaleSets.usedOne`).
/// Read in one statement of five lookups (`OnSaleSets.stamp`). Counters written with the rows, not `max(id)` of the
/// rows: an import of older rows, or another instance's transaction committing after a later one, adds rows below
/// the highest id and kept sets would not have seen them.
///
/// Public so that `DealRowTable`'s inlinable lookups, which take it, are specialized where the engines call them.
public struct DealsStamp: Sendable, Equatable {
  public let catalog: Int64
  public let sales: Int64
  public let tallies: Int64
  public let reviews: Int64
  public let used: Int64

  public init(catalog: Int64, sales: Int64, tallies: Int64, reviews: Int64 = 0, used: Int64 = 0) {
    self.catalog = catalog
    self.sales = sales
    self.tallies = tallies
    self.reviews = reviews
    self.used = used
  }

  /// Which parts of the stamp a kept value follows.
  package struct Parts: OptionSet, Sendable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }
    package static let deals = Parts(rawValue: 1)
    package static let sales = Parts(rawValue: 2)
    package static let merchants = Parts(rawValue: 4)
    package static let reviews = Parts(rawValue: 8)
    package static let used = Parts(rawValue: 16)
  }

  /// Whether `self` and `other` agree on `parts`.
  func agrees(with other: DealsStamp, on parts: Parts) -> Bool {
    (!parts.contains(.deals) || catalog == other.catalog)
      && (!parts.contains(.sales) || sales == other.sales)
      && (!parts.contains(.merchants) || (catalog == other.catalog && tallies == other.tallies))
      && (!parts.contains(.reviews) || reviews == other.reviews)
      && (!parts.contains(.used) || used == other.used)
  }
}

/// A kept value's key: what it is (`"cities"`, `"regions 110000"`) and, for totals and orders, the filter.
package struct OnSaleKey: Hashable, Sendable, ExpressibleByStringInterpolation {
  let kind: String
  var query: DealQuery?
  var merchants: MerchantQuery?
  /// A merchant's page of reviews (`ReviewSQL.keptPage`).
  var reviews: ReviewPageKey?
  /// A shop's 券 used since a moment (`OnSaleSets.usedKey`), kept with the places' lists.
  var isShopsUsed = false
  /// The minute `ranking` is computed at (0 for the rest).
  var minute: Int64 = 0

  init(kind: String, query: DealQuery? = nil) {
    self.kind = kind
    self.query = query
  }

  package init(stringLiteral kind: String) { self.init(kind: kind) }

  /// Kept with the places' lists, apart from the sets: a place's list (`OnSaleSets.placeKey`) or a shop's used 券
  /// (`OnSaleSets.usedKey`).
  var isKeptWithPlaces: Bool { isShopsUsed || query?.isPlace ?? false }
}

/// A place's deals (shops' or a point's): how many the filter finds, and the ids of the page (kept,
/// `OnSaleSets.placeKey`: its first ids).
package struct PlaceDeals: Sendable {
  package let total: Int
  package let ids: [Int64]
  package init(total: Int, ids: [Int64]) {
    self.total = total
    self.ids = ids
  }
}

/// The cities, regions and categories with deals on sale, the totals of filters and the first pages of their
/// orders (`orderKey`), each computed once and kept while it cannot have changed: until a deal is written (the stamp differs, whichever process wrote it) or time reaches the next
/// publication or deadline (`until`), the moment a deal joins or leaves the on-sale set. Grouping every deal on
/// sale per request took 160–210 ms at 100,000 deals. Kept with the engine's caches (`StoreCaches.app`).
package final class OnSaleSets: Sendable {
  private struct Entry {
    let stamp: DealsStamp
    /// The times (milliseconds) it holds for: from the moment read to the next publication or deadline.
    let from: Int64
    let until: Int64
    let follows: DealsStamp.Parts
    let value: any Sendable

    func holds(under stamp: DealsStamp, at now: Int64) -> Bool {
      self.stamp.agrees(with: stamp, on: follows) && from <= now && now < until
    }
  }

  /// The sets, totals and orders of every filter but a place's (a few hundred keys: one per city and kind, one per
  /// filter asked for), and the places' lists (`placeKey`), one per shop or point asked for (and the shops' used 券,
  /// `usedKey`, one per shop and day): a walk through every
  /// shop, or clients each at a point of their own, would fill them, so they are bounded on their own and never
  /// push the dear sets out.
  /// Merchants' pages of reviews (`ReviewSQL.keptPage`), one per page asked for, are bounded apart too.
  private struct Kept {
    var sets: [OnSaleKey: Entry] = [:]
    var places = Generations<OnSaleKey, Entry>(limit: 500)
    var reviews = Generations<OnSaleKey, Entry>(limit: 500)

    subscript(key: OnSaleKey) -> Entry? {
      mutating get { key.reviews != nil ? reviews[key] : key.isKeptWithPlaces ? places[key] : sets[key] }
      set {
        if key.reviews != nil {
          reviews[key] = newValue
        } else if key.isKeptWithPlaces {
          places[key] = newValue
        } else {
          sets[key] = newValue
        }
      }
    }
  }

  private let entries = Mutex(Kept())

  /// A miss computes through its key's gate: the requests that miss a key at once (after a start, or after a deal
  /// is written) wait for one computation instead of each grouping the deals (16 at once made `v1 regions`' p99
  /// 54 ms at 1M statuses).
  package let gate = KeyedGate<OnSaleKey>()

  package init() {}

  /// The latest stamp read (on PostgreSQL), when its read began and how many of this process's writes had moved a
  /// stamp by then (`moves`).
  private let recent = Mutex<(stamp: DealsStamp, began: ContinuousClock.Instant, moves: Int)?>(nil)
  private let moves = Atomic<Int>(0)
  private let shared = SharedRead<DealsStamp>()

  /// How many stamps were read in requests: a test's measure of the sharing.
  package var stampReads: Int { shared.readCount }

  /// The stamp for a read of a request (PostgreSQL's): one read since the request arrived (`RequestStart`), for it
  /// or for another request, with no write here moving a stamp since, serves: it holds every write answered before
  /// the request arrived, as a read of the request's own would, and the request's own writes end it. A page asked
  /// for it up to three times, each a round trip (`tuan deal`'s only statements). The rows read after it are never
  /// older than it (each statement sees what committed before it began). Not on SQLite, whose stamp is read in the
  /// read's own snapshot, which may have begun before another request's read, and costs no round trip.
  ///
  /// Without such a read, the requests that ask meanwhile share the next (`SharedRead`): under load most arrived
  /// while another's read was out, and each read its own (0.8 a request on `tuan deal`, `find_deals`). Outside a
  /// request, `read` runs at once.
  package func stamp(reading read: () async throws -> DealsStamp) async throws -> DealsStamp {
    let moved = moves.load(ordering: .acquiring)
    let arrived = RequestStart.instant
    if let arrived,
      let kept = recent.withLock({ kept in kept.flatMap { $0.began >= arrived && $0.moves == moved ? $0.stamp : nil } })
    {
      return kept
    }
    // The read that serves began after this moment, and after every write here counted in `moved`: kept as read then,
    // it serves the requests that arrived before this one asked.
    let asked = ContinuousClock.now
    let stamp = arrived == nil ? try await read() : try await shared.value(reading: read)
    recent.withLock { kept in if kept.map({ $0.began < asked }) ?? true { kept = (stamp, asked, moved) } }
    return stamp
  }

  /// Runs `write`, which moves a stamp (every PostgreSQL write with `sold`, `imported` or `ReviewSQL.tally`), and
  /// then ends the kept stamp: after it has committed, so that no stamp read before the commit serves a later read.
  package func moving<T>(_ write: () async throws -> T) async rethrows -> T {
    defer { moves.add(1, ordering: .releasing) }
    return try await write()
  }

  /// The deals' stamp, as both engines read it: five primary-key lookups (a stamp not yet moved is 0).
  package static let stamp: SQL = """
    SELECT (SELECT n FROM tuan_stamps WHERE name = 'catalog'), (SELECT n FROM tuan_stamps WHERE name = 'sales'),
      (SELECT n FROM tuan_stamps WHERE name = 'tallies'), (SELECT n FROM tuan_stamps WHERE name = 'reviews'),
      (SELECT n FROM tuan_stamps WHERE name = 'used')
    """

  /// Moves the used stamp: in the transaction of every 券 used at a shop, on both engines.
  package static let usedOne = moved("used")

  /// The key a shop's 券 used since `since` (milliseconds) is kept under, following the `used` stamp: 商家后台's
  /// 今日验券, read on every visit (on PostgreSQL its only round trip once the stamps are shared).
  package static func usedKey(merchantID: Int64, since: Int64, limit: Int) -> OnSaleKey {
    var key = OnSaleKey(kind: "used \(merchantID) \(since) \(limit)")
    key.isShopsUsed = true
    return key
  }

  /// Moves the sales stamp: in the transaction of every 券 sold or cancelled, on both engines.
  package static let sold = moved("sales")

  /// Moves the catalog stamp: in the transaction of every import of deals or shops and every change of a deal's
  /// 适用分店, on both engines, and of every shop's person linked on PostgreSQL (`ShopPeople`).
  package static let imported = moved("catalog")

  /// Moves the stamp `name` (its row made by the first move; none is 0).
  package static func moved(_ name: String) -> SQL {
    """
    INSERT INTO tuan_stamps (name, n) VALUES (\(name), 1) ON CONFLICT (name) DO UPDATE SET n = tuan_stamps.n + 1
    """
  }

  /// The pairs of `DealCategory.table` with a deal on sale at `at` (milliseconds), on both engines: a seek per pair
  /// in `tuan_deals_by_category`. `SELECT DISTINCT` over the deals on sale read every one of them: 145 ms at
  /// 100,000 deals, which every cold start and every deal written paid, sixteen times at once under load.
  package static func categoriesOnSale(at: Int64) -> SQL {
    var sql: SQL = "SELECT column1, column2 FROM (VALUES "
    for (index, pair) in categoryPairs.enumerated() {
      sql += "\(raw: index == 0 ? "" : ", ")(\(pair.category), \(pair.subcategory))"
    }
    return sql + """
      ) AS pairs WHERE EXISTS (SELECT 1 FROM tuan_deals
        WHERE category = pairs.column1 AND subcategory = pairs.column2 AND deadline > \(at) AND published_at <= \(at))
      """
  }

  private static let categoryPairs = DealCategory.table.flatMap { category in
    category.subcategories.map { DealCategoryPair(category: category.name, subcategory: $0) }
  }

  /// The next moment after `at` (milliseconds) a deal is published or ends, when a set read at `at` may change.
  package static func nextChange(after at: Int64) -> SQL {
    """
    SELECT min(t) FROM (SELECT min(published_at) AS t FROM tuan_deals WHERE published_at > \(at)
      UNION ALL SELECT min(deadline) FROM tuan_deals WHERE deadline > \(at)) AS next
    """
  }

  /// The key of `query`'s total (how many deals it finds): the query without its page, order and moment, since a
  /// kept total holds from the moment it was counted to the next publication or deadline, as the sets do. A
  /// place's total is kept with its list (`placeKey`).
  package static func totalKey(_ query: DealQuery) -> OnSaleKey {
    OnSaleKey(kind: query.onSaleAt == nil ? "total always" : "total on sale", query: filter(query, sort: .ranking))
  }

  /// How deep an order is kept: the map's 300 best sellers, the first 25 pages of the web grid.
  package static let depth = 300

  /// The key of `query`'s order (its first `depth` ids, or their `pins`: a deal's row and its shop's name are
  /// written once, its sales aside), and the parts of the stamp it follows (the sales too, for orders by them); nil
  /// for a page past `depth`, and for a place's deals (`placeKey`). Sorting a big city's
  /// 6,000 deals on sale took 2.5 ms a page. `ranking` is computed at the minute (`rankedAt`), so the order it keeps
  /// holds for the minute.
  /// `head` is the query of what is kept: `query`'s first `depth`.
  package static func orderKey(_ query: DealQuery, pins: Bool = false)
    -> (key: OnSaleKey, follows: DealsStamp.Parts, head: DealQuery)?
  {
    guard !query.isPlace, query.offset + query.limit <= depth else { return nil }
    let kind = (pins ? "pins " : "order ") + (query.onSaleAt == nil ? "always" : "on sale")
    var head = query
    head.offset = 0
    head.limit = depth
    return ordered(OnSaleKey(kind: kind, query: filter(query, sort: query.sort)), query, head: head)
  }

  /// `key` of `query`'s order, at the minute when it ranks (智能排序), with the parts of the stamp the order follows:
  /// the sales too, for the orders by them.
  private static func ordered(_ key: OnSaleKey, _ query: DealQuery, head: DealQuery)
    -> (key: OnSaleKey, follows: DealsStamp.Parts, head: DealQuery)
  {
    var key = key
    if query.sort == .ranking { key.minute = query.rankedAt }
    return (key, query.sort == .ranking || query.sort == .popular ? [.deals, .sales] : .deals, head)
  }

  /// The key of `query`'s total and first ids when it lists a place's deals: shops' (`merchantIDs`) or those
  /// around a point (`near`), each a filter of its own. A shop's page and 商家后台 read them on every visit, the
  /// page's one round trip on PostgreSQL; the deals API's businesses theirs (40 each) for every list of shops; and a
  /// client at a point its count and its order, which walk every deal in the circle (up to 5 km), on every page.
  /// Kept as orders are (at the minute for `ranking`, following the sales for orders by them), the places apart
  /// from the sets (`Kept`). `head`: `query`'s first `depth`, or as many as it asks for past them (up to
  /// `placeDepth`), counted as they are read (`PlaceDeals`).
  package static func placeKey(_ query: DealQuery) -> (key: OnSaleKey, follows: DealsStamp.Parts, head: DealQuery)? {
    guard query.isPlace, query.offset + query.limit <= placeDepth else { return nil }
    var head = query
    head.offset = 0
    head.limit = max(depth, query.offset + query.limit)
    var filter = filter(query, sort: query.sort)
    filter.limit = head.limit
    let kind = "place's deals " + (query.onSaleAt == nil ? "always" : "on sale")
    return ordered(OnSaleKey(kind: kind, query: filter), query, head: head)
  }

  /// How deep a place's deals are kept: 40 for each of a page of 20 shops (the deals API's businesses).
  package static let placeDepth = 800

  /// The page at `offset` of `limit` items from a kept head.
  package static func page<T>(_ kept: [T], offset: Int, limit: Int) -> [T] {
    Array(kept.dropFirst(offset).prefix(limit))
  }

  /// The keys of `query`'s total and of its order (its first `depth` ids), which follow the shops' part of the
  /// stamp; nil for a page past `depth`, for distances (each a point of its own) and for 有团购 (which follows the
  /// deals on sale too). A big city's 美食 took 5 ms to count and sort.
  package static func merchantKeys(_ query: MerchantQuery) -> (total: OnSaleKey, order: OnSaleKey)? {
    guard query.near == nil, query.hasDeal == nil, query.offset + query.limit <= depth else { return nil }
    var filter = query
    filter.now = Date(timeIntervalSince1970: 0)
    filter.limit = 0
    filter.offset = 0
    var order = OnSaleKey(kind: "shops' order")
    order.merchants = filter
    filter.sort = .ranking
    var total = OnSaleKey(kind: "shops' total")
    total.merchants = filter
    return (total, order)
  }

  /// `query` without its page and moment.
  private static func filter(_ query: DealQuery, sort: DealSort) -> DealQuery {
    var filter = query
    filter.onSaleAt = nil
    filter.sort = sort
    filter.limit = 0
    filter.offset = 0
    return filter
  }

  /// The value `key` at `now` under `stamp`, if kept.
  package func value<T: Sendable>(_ key: OnSaleKey, stamp: DealsStamp, now: Int64) -> T? {
    entries.withLock { entries in
      guard let entry = entries[key], entry.holds(under: stamp, at: now) else { return nil }
      return entry.value as? T
    }
  }

  /// The value `key` under `stamp` as kept from a moment after `now` (a request that read its moment before the one
  /// that computed it), with that moment: it holds at `now` too when nothing is published or ends between them.
  package func kept<T: Sendable>(after now: Int64, _ key: OnSaleKey, stamp: DealsStamp) -> (value: T, from: Int64)? {
    entries.withLock { entries in
      guard let entry = entries[key], entry.stamp.agrees(with: stamp, on: entry.follows), now < entry.from,
        let value = entry.value as? T
      else { return nil }
      return (value, entry.from)
    }
  }

  /// Keeps `value`, read at `from`, for `key` until `until` (milliseconds) or a change of the stamp's `follows`.
  package func keep<T: Sendable>(_ value: T, _ key: OnSaleKey, stamp: DealsStamp, from: Int64, until: Int64,
                                 follows: DealsStamp.Parts = .deals) {
    entries.withLock { entries in
      // Sets: a few hundred keys (one per city and kind); totals: one per filter asked for. Entries of an older
      // stamp are dead weight; past the bound with none of them, start over.
      if entries.sets.count > 2_000 { entries.sets = entries.sets.filter { $0.value.holds(under: stamp, at: from) } }
      if entries.sets.count > 2_000 { entries.sets.removeAll(keepingCapacity: true) }
      // Requests read their moment when they arrive, so under load one that arrived a little before the last keep
      // asks for an earlier moment. Two reads under one stamp whose spans overlap read one set (no deal is
      // published or ends between them): keep the union, or each such request would read again, keep its own
      // earlier moment and start the next one's miss (100 ms a read of the categories, p99 112 ms from a cold start).
      var span = (from: from, until: until)
      if let old = entries[key], old.follows == follows, old.stamp.agrees(with: stamp, on: follows),
        old.from < until, from < old.until
      {
        span = (min(old.from, from), max(old.until, until))
      }
      entries[key] = Entry(stamp: stamp, from: span.from, until: span.until, follows: follows, value: value)
    }
  }
}

/// Every shop's people (`tuan_shop_users`: who keeps which shop), kept on PostgreSQL under the catalog stamp, which
/// linking one moves there. Every 团购 page a signed-in person opens asks whether they keep a shop (its header's
/// 商家后台), a round trip of its own on PostgreSQL; the stamp is read once for requests at once. SQLite reads its
/// row, as cheap as the stamp. Past `limit` links none are kept and each is read alone.
package struct ShopPeople: Sendable {
  package static let key: OnSaleKey = "shop people"
  package static let limit = 10_000
  package static let all: SQL = "SELECT user_id, merchant_id FROM tuan_shop_users LIMIT \(limit + 1)"

  /// nil when there are more than `limit`.
  let links: [Int64: Int64]?

  package init(_ rows: [(user: Int64, merchant: Int64)]) {
    links = rows.count > Self.limit ? nil : Dictionary(rows, uniquingKeysWith: { first, _ in first })
  }

  /// `user`'s shop: `.some(nil)` for none, nil when the links are not all kept.
  package func shop(of user: Int64) -> Int64?? {
    links.map { $0[user] }
  }
}
