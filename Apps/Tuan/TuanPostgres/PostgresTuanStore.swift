import Foundation
import PostgresNIO
import SparrowStore
import SparrowStorePostgres
import TuanStore

/// 团购's deals, orders and marks in the PostgreSQL engine: its own type over the engine's pool and replicas.
package struct PostgresTuanStore: TuanStore, PostgresEnginePart {
  package let engine: PostgresStore

  package init(_ engine: PostgresStore) { self.engine = engine }

  /// 团购's tables, for the engine to migrate (`PostgresStore.open(…, schemas:)`).
  package static let schema = TuanSchema.schema

  // MARK: Merchants and deals

  /// One statement per table and batch (`unnest` of arrays), as `importRows` does; doubles travel as their
  /// shortest exact text.
  package func importDeals(merchants: [MerchantRecord], deals: [DealRecord]) async throws {
    let known = Dictionary(merchants.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let missing = Set(deals.map(\.merchantID)).subtracting(known.keys)
    let others = missing.isEmpty ? [:] : try await self.merchants(ids: Array(missing))
    try await movingStamp { db in
      for batch in stride(from: 0, to: merchants.count, by: 2000).map({ Array(merchants[$0..<min($0 + 2000, merchants.count)]) }) {
        let m = batch
        try await db.execute("""
          INSERT INTO tuan_merchants (\(raw: merchantColumns), search_text)
          SELECT a, b, c, d, e, f, g, h, i::double precision, j::double precision, k, l, m::double precision, n, o, p, q,
            s1, s2, s3, s4, s5, ps, ds, ss, pr, sp, sn, r
          FROM unnest(\(m.map(\.id)), \(m.map(\.name)), \(m.map(\.branchName)), \(m.map { Int64($0.cityAdcode) }),
            \(m.map { Int64($0.districtAdcode) }), \(m.map(\.neighbourhood)), \(m.map(\.address)), \(m.map(\.phone)),
            \(m.map { String($0.latitude) }), \(m.map { String($0.longitude) }), \(m.map(\.category)),
            \(m.map(\.subcategory)), \(m.map { String($0.rating) }), \(m.map { Int64($0.averagePrice) }),
            \(m.map(\.hours)), \(m.map { Int64($0.reviewCount) }), \(m.map { millis($0.createdAt) }),
            \(m.map(\.searchText)), \(m.map { Int64($0.tally.stars[0]) }), \(m.map { Int64($0.tally.stars[1]) }),
            \(m.map { Int64($0.tally.stars[2]) }), \(m.map { Int64($0.tally.stars[3]) }), \(m.map { Int64($0.tally.stars[4]) }),
            \(m.map { Int64($0.tally.productSum) }), \(m.map { Int64($0.tally.decorationSum) }),
            \(m.map { Int64($0.tally.serviceSum) }), \(m.map { Int64($0.tally.pictured) }),
            \(m.map { Int64($0.tally.spendSum) }), \(m.map { Int64($0.tally.spent) }))
            AS t(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s1, s2, s3, s4, s5, ps, ds, ss, pr, sp, sn)
          """)
      }
      for start in stride(from: 0, to: deals.count, by: 2000) {
        let d = Array(deals[start..<min(start + 2000, deals.count)])
        let texts = d.map { $0.searchText(merchant: known[$0.merchantID] ?? others[$0.merchantID]) }
        try await db.execute("""
          INSERT INTO tuan_deals (\(raw: dealColumns), search_text)
          SELECT c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15, c16, nullif(c17, -1),
            nullif(c18, -1), c19, c20, c21, c22, c23, c24::double precision, c25::double precision, c26
          FROM unnest(\(d.map(\.id)), \(d.map(\.merchantID)), \(d.map(\.title)), \(d.map(\.description)),
            \(d.map { Int64($0.cityAdcode) }), \(d.map { Int64($0.districtAdcode) }), \(d.map(\.neighbourhood)),
            \(d.map { $0.isNationwide ? Int64(1) : 0 }), \(d.map(\.category)), \(d.map(\.subcategory)),
            \(d.map { Int64($0.listPrice) }), \(d.map { Int64($0.currentPrice) }), \(d.map { Int64($0.purchaseCount) }),
            \(d.map { millis($0.publishedAt) }), \(d.map { millis($0.deadline) }), \(d.map { millis($0.updatedAt) }),
            \(d.map { Int64($0.stock ?? -1) }), \(d.map { Int64($0.limitPerPerson ?? -1) }),
            \(d.map { $0.reservationRequired ? Int64(1) : 0 }), \(d.map(\.notice)), \(d.map(\.specialTips)),
            \(d.map { TuanJSON.encode($0.details) }), \(d.map { TuanJSON.encode($0.pictures) }),
            \(d.map { String($0.latitude) }), \(d.map { String($0.longitude) }), \(texts))
            AS t(c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15, c16, c17, c18, c19, c20, c21, c22,
              c23, c24, c25, c26)
          """)
        // The picture collector keeps what a row refers to.
        let refs = d.flatMap { deal in deal.pictures.map { ($0.id, "deal:\(deal.id)") } }
        if !refs.isEmpty {
          try await db.execute("""
            INSERT INTO picture_refs (picture_id, ref) SELECT * FROM unnest(\(refs.map(\.0)), \(refs.map(\.1)))
            ON CONFLICT DO NOTHING
            """)
        }
      }
      // Last, as its row lock is every import's: held only until the commit that follows.
      if !merchants.isEmpty || !deals.isEmpty { try await db.execute(OnSaleSets.imported) }
    }
  }

  package func merchant(id: Int64) async throws -> MerchantRecord? {
    try await merchants(ids: [id])[id]
  }

  package func merchants(ids: [Int64]) async throws -> [Int64: MerchantRecord] {
    guard !ids.isEmpty else { return [:] }
    return try await reading { db in try await self.merchants(ids, at: try await self.stamp(db), db) }
  }

  /// The shops of `ids` as of `stamp` (taken first, on `db`): the kept rows (`DealRows`) and the rest from the table.
  func merchants(_ ids: [Int64], at stamp: DealsStamp, _ db: Connection) async throws -> [Int64: MerchantRecord] {
    try await rows.merchants.readAsync(ids, at: stamp) { missing in
      Dictionary(try await db.rows("SELECT \(raw: merchantColumns) FROM tuan_merchants WHERE id = \(any: missing)")
        .map { let m = try MerchantRecord(row: $0); return (m.id, m) }, uniquingKeysWith: { a, _ in a })
    }
  }

  /// The deals of `ids` as of `stamp` (taken first, on `db`), as `merchants(_:at:_:)`.
  func deals(_ ids: [Int64], at stamp: DealsStamp, _ db: Connection) async throws -> [Int64: DealRecord] {
    try await rows.deals.readAsync(ids, at: stamp) { missing in
      Dictionary(try await db.rows("SELECT \(raw: dealColumns) FROM tuan_deals WHERE id = \(any: missing)")
        .map { let d = try DealRecord(row: $0); return (d.id, d) }, uniquingKeysWith: { a, _ in a })
    }
  }

  /// The rows kept with the engine.
  var rows: DealRows { engine.caches.app(DealRows.self) { DealRows() } }
  /// The on-sale sets and the latest stamp, kept with the engine.
  var sets: OnSaleSets { engine.caches.app(OnSaleSets.self) { OnSaleSets() } }

  /// `transaction` for a write that moves a stamp (`OnSaleSets.moving`).
  func movingStamp<T: Sendable>(_ body: (Connection) async throws -> T) async throws -> T {
    try await sets.moving { try await transaction(body) }
  }

  /// The deals' stamp as `db` sees it: what kept sets and rows are valid under. Taken before the rows it keys, so
  /// that under READ COMMITTED a row read after it is never older than it.
  /// A request's reads share one read since it arrived (`OnSaleSets.stamp(reading:)`).
  func stamp(_ db: Connection) async throws -> DealsStamp {
    try await sets.stamp {
      let row = try await db.rows(OnSaleSets.stamp).first
      return DealsStamp(catalog: try row?.optionalInt64(0) ?? 0, sales: try row?.optionalInt64(1) ?? 0,
                        tallies: try row?.optionalInt64(2) ?? 0, reviews: try row?.optionalInt64(3) ?? 0,
                        used: try row?.optionalInt64(4) ?? 0)
    }
  }

  package func deal(id: Int64) async throws -> DealRecord? {
    try await deals(ids: [id])[id]
  }

  package func deals(ids: [Int64]) async throws -> [Int64: DealRecord] {
    guard !ids.isEmpty else { return [:] }
    return try await reading { db in try await self.deals(ids, at: try await self.stamp(db), db) }
  }

  package func findDeals(_ query: DealQuery) async throws -> FeedPage<DealHit> {
    let condition = Self.condition(query)
    let circle = query.near
    return try await readingReplica { db in
      let stamp = try await self.stamp(db)
      // The total is kept as the on-sale sets are (see the SQLite engine's `findDeals`).
      let count: @Sendable (Connection) async throws -> Int = { db in
        try await db.value("SELECT count(*) FROM tuan_deals d WHERE \(sql: condition)", as: Int.self) ?? 0
      }
      let total: Int, ids: [Int64]
      if !query.isPlace {
        total = try await self.onSale(OnSaleSets.totalKey(query), at: query.onSaleAt, stamp: stamp, db, count)
        guard query.offset < total, query.limit > 0 else { return FeedPage(items: [], total: total) }
        ids = try await self.pageIDs(query, stamp: stamp, db)
      } else {
        let place = try await self.placeDeals(query, stamp: stamp, db)
        (total, ids) = (place.total, place.ids)
      }
      let deals = try await self.deals(ids, at: stamp, db)
      let hits = ids.compactMap { deals[$0] }.map {
        DealHit(deal: $0, distance: circle?.distance(toLatitude: $0.latitude, longitude: $0.longitude))
      }
      return FeedPage(items: hits, total: total)
    }
  }

  package func dealIDs(_ query: DealQuery) async throws -> [Int64] {
    try await readingReplica { db in try await self.pageIDs(query, db) }
  }

  package func dealPins(_ query: DealQuery) async throws -> [DealPin] {
    let read: @Sendable (Connection, DealQuery) async throws -> MapPins = { db, query in
      let stamp = try await self.stamp(db)
      let ids = try await self.pageIDs(query, stamp: stamp, db)
      let pins = try await db.rows("""
        SELECT d.id, d.merchant_id, m.name, m.branch_name, d.title, d.current_price, d.latitude, d.longitude
        FROM tuan_deals d JOIN tuan_merchants m ON m.id = d.merchant_id WHERE d.id = \(any: ids)
        """).map { row in
        DealPin(id: try row.int64(0), merchantID: try row.int64(1),
                merchantName: MerchantRecord.fullName(name: try row.string(2), branch: try row.string(3)),
                title: try row.string(4), currentPrice: try row.int(5), latitude: try row.double(6),
                longitude: try row.double(7))
      }
      let byID = Dictionary(pins.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
      let branches = try await self.branches(ids, at: stamp, db)
      return MapPins(deals: ids.compactMap { byID[$0] }, branches: branches,
                     shops: try await self.merchants(Array(Set(branches.values.joined())), at: stamp, db))
    }
    return try await readingReplica { db in
      guard let (key, follows, head) = OnSaleSets.orderKey(query, pins: true) else {
        return try await read(db, query).pins
      }
      let pins = try await self.onSale(key, at: query.onSaleAt, follows: follows, db) { db in try await read(db, head) }
      return pins.page(offset: query.offset, limit: query.limit)
    }
  }

  /// The ids of `query`'s page, in its order: kept as the SQLite engine's `pageIDs` keeps them.
  func pageIDs(_ query: DealQuery, stamp: DealsStamp? = nil, _ db: Connection) async throws -> [Int64] {
    if query.isPlace { return try await placeDeals(query, stamp: stamp, db).ids }
    guard let (key, follows, head) = OnSaleSets.orderKey(query) else {
      return try await Self.readPageIDs(query, db)
    }
    let ids = try await onSale(key, at: query.onSaleAt, follows: follows, stamp: stamp, db) { db in
      try await Self.readPageIDs(head, db)
    }
    return OnSaleSets.page(ids, offset: query.offset, limit: query.limit)
  }

  /// The page of a place's deals `query` asks for and their total (in one statement), kept (`OnSaleSets.placeKey`).
  func placeDeals(_ query: DealQuery, stamp: DealsStamp?, _ db: Connection) async throws -> PlaceDeals {
    guard let (key, follows, head) = OnSaleSets.placeKey(query) else { return try await Self.countedPageIDs(query, db) }
    let kept = try await onSale(key, at: query.onSaleAt, follows: follows, stamp: stamp, db) { db in
      try await Self.countedPageIDs(head, db)
    }
    return PlaceDeals(total: kept.total, ids: OnSaleSets.page(kept.ids, offset: query.offset, limit: query.limit))
  }

  package func dealCities(onSaleAt now: Date) async throws -> Set<Int> {
    try await onSale("cities", at: now) { db in
      var cities = Set(try await db.column("""
        SELECT DISTINCT city_adcode FROM tuan_deals
        WHERE nationwide = 0 AND published_at <= \(millis(now)) AND deadline > \(millis(now))
        """, as: Int.self))
      if try await db.exists("""
        SELECT 1 FROM tuan_deals WHERE nationwide = 1 AND published_at <= \(millis(now)) AND deadline > \(millis(now)) LIMIT 1
        """) {
        cities.insert(0)
      }
      return cities
    }
  }

  package func dealRegions(cityAdcode: Int, onSaleAt now: Date) async throws -> [DealRegion] {
    try await onSale("regions \(cityAdcode)", at: now) { db in
      let rows = try await db.rows("""
        SELECT DISTINCT district_adcode, neighbourhood FROM tuan_deals
        WHERE city_adcode = \(cityAdcode) AND nationwide = 0 AND published_at <= \(millis(now)) AND deadline > \(millis(now))
        ORDER BY district_adcode, neighbourhood
        """)
      return DealRegion.grouping(try rows.map { (try $0.int(0), try $0.string(1)) })
    }
  }

  package func dealCategories(onSaleAt now: Date) async throws -> Set<DealCategoryPair> {
    try await onSale("categories", at: now) { db in
      Set(try await db.rows(OnSaleSets.categoriesOnSale(at: millis(now)))
        .map { DealCategoryPair(category: try $0.string(0), subcategory: try $0.string(1)) })
    }
  }

  /// An on-sale set through `OnSaleSets`: read when the deals' stamp or the time says it may have changed (the
  /// stamp first, so a set is never kept under a newer stamp than its rows).
  func onSale<T: Sendable>(_ key: OnSaleKey, at now: Date, _ read: @escaping @Sendable (Connection) async throws -> T)
    async throws -> T
  {
    try await readingReplica { db in try await self.onSale(key, at: now, db, read) }
  }

  /// `onSale` within a read: `now` nil for what holds at any moment (until a deal is written); `follows`, the
  /// parts of the stamp it follows.
  func onSale<T: Sendable>(_ key: OnSaleKey, at now: Date?, follows: DealsStamp.Parts = .deals, stamp: DealsStamp? = nil,
                           _ db: Connection, _ read: @Sendable (Connection) async throws -> T) async throws -> T
  {
    let at = millis(now ?? Date(timeIntervalSince1970: 0))
    let stamp = if let stamp { stamp } else { try await self.stamp(db) }
    if let kept: T = sets.value(key, stamp: stamp, now: at) { return kept }
    return try await sets.gate.holding(key) {
      if let kept: T = sets.value(key, stamp: stamp, now: at) { return kept }
      let next = now == nil ? nil : try await db.value(OnSaleSets.nextChange(after: at), as: Int64?.self) ?? nil
      let until = next ?? Int64.max
      // Computed meanwhile for a later moment with nothing published or ended between: the same set.
      let value: T
      if let later: (value: T, from: Int64) = sets.kept(after: at, key, stamp: stamp), later.from < until {
        value = later.value
      } else {
        value = try await read(db)
      }
      sets.keep(value, key, stamp: stamp, from: at, until: until, follows: follows)
      return value
    }
  }

  // MARK: Query building

  /// The ids of `query`'s page, in its order, read before their rows (see the SQLite engine's `pageIDs`);
  /// `numbered`, each with its place as `n`.
  static func pageIDs(_ query: DealQuery, numbered: Bool = false) -> SQL {
    let place: SQL = numbered ? ", row_number() OVER (ORDER BY \(sql: order(query))) AS n" : ""
    return """
      SELECT d.id\(sql: place) FROM tuan_deals d WHERE \(sql: condition(query)) ORDER BY \(sql: order(query)) \
      \(sql: rowLimit(query.limit, offset: query.offset))
      """
  }

  /// `query`'s page ids (`pageIDs`), no more than it asks for (`rowLimit` may read more).
  static func readPageIDs(_ query: DealQuery, _ db: Connection) async throws -> [Int64] {
    Array(try await db.column(pageIDs(query), as: Int64.self).prefix(query.limit))
  }

  /// `query`'s total and page ids (`pageIDs`, kept to the rows asked for) in one statement: one round trip and one
  /// snapshot. The total's row is there when the page is empty (its id null); `n` keeps the page's order.
  static func countedPageIDs(_ query: DealQuery, _ db: Connection) async throws -> PlaceDeals {
    let rows = try await db.rows("""
      SELECT counted.total, page.id
      FROM (SELECT count(*) FROM tuan_deals d WHERE \(sql: condition(query))) AS counted (total)
      LEFT JOIN (\(sql: pageIDs(query, numbered: true))) AS page ON true
      ORDER BY page.n
      """)
    let total = try rows.first?.int(0) ?? 0
    return PlaceDeals(total: total, ids: Array(try rows.compactMap { try $0.optionalInt64(1) }.prefix(query.limit)))
  }

  /// The WHERE clause of `query` over `tuan_deals d`.
  static func condition(_ query: DealQuery) -> SQL {
    var parts: [SQL] = []
    let cities = query.cityAdcodes.map(Int64.init)
    // Where a deal is sold, as `tuan_deals_sold_in` (`TuanSchema.v6`) indexes it: 0 for nationwide deals, else its
    // city. A city's deals and the nationwide ones are then one index range each, where `nationwide = 1 OR city`
    // read every deal on sale (a city's count 19 ms, now 1.5).
    // Near a point, the box's index alone finds the few deals to check: the generic plan of a prepared statement
    // (which cannot tell a big city's thousands of entries from a small one's) ANDed this index's range for the
    // city with the box's, 0.6 of a page's 0.7 ms in 北京 (0.1 without). `+ 0` keeps it out of such plans.
    let soldIn: SQL = query.near == nil
      ? "(CASE WHEN d.nationwide = 1 THEN 0 ELSE d.city_adcode END)" : "(CASE WHEN d.nationwide = 1 THEN 0 ELSE d.city_adcode END + 0)"
    switch query.locality {
    case .any where !cities.isEmpty: parts.append("\(sql: soldIn) = \(any: cities + [0])")
    case .any: break
    // City codes are never 0, so these are the city's local deals.
    case .localOnly where !cities.isEmpty: parts.append("\(sql: soldIn) = \(any: cities)")
    case .localOnly: parts.append("d.nationwide = 0")
    case .nationwideOnly: parts.append("d.nationwide = 1")
    }
    if let district = query.districtAdcode { parts.append("d.nationwide = 0 AND d.district_adcode = \(district)") }
    if let neighbourhood = query.neighbourhood { parts.append("d.nationwide = 0 AND d.neighbourhood = \(neighbourhood)") }
    if !query.categories.isEmpty || !query.subcategories.isEmpty {
      parts.append("(d.category = \(any: query.categories) OR d.subcategory = \(any: query.subcategories))")
    }
    for word in TuanText.words(query.keyword) {
      // By the pairs index (`TuanSchema.v5`) where the word has pairs, then the word itself.
      if SearchBigrams.helps(word) { parts.append("tuan_bigrams(d.search_text) @> tuan_bigrams(\(word))") }
      parts.append("strpos(d.search_text, \(word)) > 0")
    }
    if let circle = query.near {
      let box = circle.box
      parts.append("""
        point(d.longitude, d.latitude) <@ box(point(\(box.minLongitude), \(box.minLatitude)), \
        point(\(box.maxLongitude), \(box.maxLatitude)))
        """)
      parts.append("\(sql: squaredDistance(circle)) <= \(circle.radius * circle.radius)")
    }
    if !query.merchantIDs.isEmpty {
      // Its own deals and those it honours as a 适用分店, as one set of ids: `merchant_id = … OR id IN (…)` was
      // planned as a scan of every deal (31 ms a shop page at 100,000 deals; the union of two index reads: 0.1).
      parts.append("""
        d.id IN (SELECT id FROM tuan_deals WHERE merchant_id = \(any: query.merchantIDs) \
        UNION SELECT deal_id FROM tuan_deal_branches WHERE merchant_id = \(any: query.merchantIDs))
        """)
    }
    if let now = query.onSaleAt { parts.append("d.published_at <= \(millis(now)) AND d.deadline > \(millis(now))") }
    for (column, range) in [("published_at", query.publishedIn), ("deadline", query.endedIn), ("updated_at", query.updatedIn)] {
      if let range {
        parts.append("d.\(raw: column) >= \(millis(range.lowerBound)) AND d.\(raw: column) < \(millis(range.upperBound))")
      }
    }
    guard var joined = parts.first else { return "TRUE" }
    for part in parts.dropFirst() { joined += " AND " + part }
    return joined
  }

  /// The squared distance in square metres on a local flat projection (good to well under 1% within 5 km), of
  /// the rows of `table`.
  static func squaredDistance(_ circle: GeoCircle, table t: String = "d") -> SQL {
    let kx = circle.metresPerLongitudeDegree, ky = 111_320.0
    return """
      (((\(raw: t).longitude - \(circle.longitude)) * \(kx)) * ((\(raw: t).longitude - \(circle.longitude)) * \(kx)) \
      + ((\(raw: t).latitude - \(circle.latitude)) * \(ky)) * ((\(raw: t).latitude - \(circle.latitude)) * \(ky)))
      """
  }

  package func findMerchants(_ query: MerchantQuery) async throws -> FeedPage<MerchantHit> {
    var parts: [SQL] = []
    if !query.cityAdcodes.isEmpty { parts.append("m.city_adcode = \(any: query.cityAdcodes.map(Int64.init))") }
    if let district = query.districtAdcode { parts.append("m.district_adcode = \(district)") }
    if let neighbourhood = query.neighbourhood { parts.append("m.neighbourhood = \(neighbourhood)") }
    if !query.categories.isEmpty || !query.subcategories.isEmpty {
      parts.append("(m.category = \(any: query.categories) OR m.subcategory = \(any: query.subcategories))")
    }
    for word in TuanText.words(query.keyword) { parts.append("strpos(m.search_text, \(word)) > 0") }
    if let circle = query.near {
      let box = circle.box
      parts.append("""
        point(m.longitude, m.latitude) <@ box(point(\(box.minLongitude), \(box.minLatitude)), \
        point(\(box.maxLongitude), \(box.maxLatitude)))
        """)
      parts.append("\(sql: Self.squaredDistance(circle, table: "m")) <= \(circle.radius * circle.radius)")
    }
    if let hasDeal = query.hasDeal {
      parts.append("""
        \(raw: hasDeal ? "" : "NOT ")EXISTS (SELECT 1 FROM tuan_deals d WHERE d.merchant_id = m.id \
        AND d.published_at <= \(millis(query.now)) AND d.deadline > \(millis(query.now)))
        """)
    }
    var condition: SQL = "TRUE"
    for part in parts { condition += " AND " + part }
    var order: SQL
    switch query.sort {
    case .ranking: order = "(m.rating * 1000 + least(m.review_count, 999)) DESC"
    case .rating: order = "m.rating DESC, m.review_count DESC"
    // The grades' means (sum over count) from the tally.
    case .productRating: order = "m.product_sum * 1.0 / greatest(m.review_count, 1) DESC"
    case .decorationRating: order = "m.decoration_sum * 1.0 / greatest(m.review_count, 1) DESC"
    case .serviceRating: order = "m.service_sum * 1.0 / greatest(m.review_count, 1) DESC"
    case .reviews: order = "m.review_count DESC"
    case .priceLow: order = "m.average_price"
    case .priceHigh: order = "m.average_price DESC"
    case .nearest: order = query.near.map { Self.squaredDistance($0, table: "m") } ?? "m.id"
    }
    order += ", m.id DESC"
    let count: @Sendable (Connection) async throws -> Int = { [condition] db in
      try await db.value("SELECT count(*) FROM tuan_merchants m WHERE \(sql: condition)", as: Int.self) ?? 0
    }
    let page: @Sendable (Connection, Int, Int) async throws -> [Int64] = { [condition, order] db, limit, offset in
      try await db.column("""
        SELECT m.id FROM tuan_merchants m WHERE \(sql: condition) ORDER BY \(sql: order) LIMIT \(limit) OFFSET \(offset)
        """, as: Int64.self)
    }
    return try await readingReplica { db in
      let stamp = try await self.stamp(db)
      // Kept as the SQLite engine's `findMerchants` keeps them.
      let keys = OnSaleSets.merchantKeys(query)
      let total = if let keys {
        try await self.onSale(keys.total, at: nil, follows: .merchants, stamp: stamp, db, count)
      } else {
        try await count(db)
      }
      guard query.offset < total, query.limit > 0 else { return FeedPage(items: [], total: total) }
      let ids = if let keys {
        OnSaleSets.page(try await self.onSale(keys.order, at: nil, follows: .merchants, stamp: stamp, db) { db in
          try await page(db, OnSaleSets.depth, 0)
        }, offset: query.offset, limit: query.limit)
      } else {
        try await page(db, query.limit, query.offset)
      }
      let byID = try await self.merchants(ids, at: stamp, db)
      return FeedPage(items: ids.compactMap { byID[$0] }.map {
        MerchantHit(merchant: $0, distance: query.near?.distance(toLatitude: $0.latitude, longitude: $0.longitude))
      }, total: total)
    }
  }

  /// The ORDER BY of `query`.
  static func order(_ query: DealQuery) -> SQL {
    switch query.sort {
    case .ranking:
      // In float8, as SQLite computes it (a literal with a point is NUMERIC here, several times slower to sort).
      return """
        (d.purchase_count::float8 * 86400000 / (greatest(\(query.rankedAt) - d.published_at, 0) + 172800000)) DESC, d.id DESC
        """
    case .priceLow: return "d.current_price, d.id DESC"
    case .priceHigh: return "d.current_price DESC, d.id DESC"
    case .popular: return "d.purchase_count DESC, d.id DESC"
    case .newest: return "d.published_at DESC, d.id DESC"
    case .endingSoon: return "d.deadline, d.id DESC"
    case .nearest:
      guard let circle = query.near else { return "d.id DESC" }
      return "\(sql: squaredDistance(circle)), d.id DESC"
    }
  }
}

extension PostgresRandomAccessRow {
  func double(_ i: Int) throws -> Double { try self[i].decode(Double.self) }
  func flag(_ i: Int) throws -> Bool { try int(i) != 0 }
}

extension MerchantRecord {
  init(row: PostgresRandomAccessRow) throws {
    self.init(
      id: try row.int64(0), name: try row.string(1), branchName: try row.string(2), cityAdcode: try row.int(3),
      districtAdcode: try row.int(4), neighbourhood: try row.string(5), address: try row.string(6),
      phone: try row.string(7), latitude: try row.double(8), longitude: try row.double(9), category: try row.string(10),
      subcategory: try row.string(11), hours: try row.string(14),
      tally: ReviewTally(
        stars: [try row.int(17), try row.int(18), try row.int(19), try row.int(20), try row.int(21)],
        productSum: try row.int(22), decorationSum: try row.int(23), serviceSum: try row.int(24), pictured: try row.int(25),
        spendSum: try row.int(26), spent: try row.int(27)),
      createdAt: try row.date(16))
  }
}

extension DealRecord {
  init(row: PostgresRandomAccessRow) throws {
    self.init(
      id: try row.int64(0), merchantID: try row.int64(1), title: try row.string(2), description: try row.string(3),
      cityAdcode: try row.int(4), districtAdcode: try row.int(5), neighbourhood: try row.string(6),
      isNationwide: try row.flag(7), category: try row.string(8), subcategory: try row.string(9),
      listPrice: try row.int(10), currentPrice: try row.int(11), purchaseCount: try row.int(12),
      publishedAt: try row.date(13), deadline: try row.date(14), updatedAt: try row.date(15),
      stock: try row.optionalInt64(16).map(Int.init), limitPerPerson: try row.optionalInt64(17).map(Int.init),
      reservationRequired: try row.flag(18),
      notice: try row.string(19), specialTips: try row.string(20),
      pictures: PictureList.decode(try row.string(22)), latitude: try row.double(23), longitude: try row.double(24))
    storedDetails = StoredSections(stored: try row.string(21))
  }
}
