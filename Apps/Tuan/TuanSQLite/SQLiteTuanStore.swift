import Foundation
import GRDB
import SparrowStore
import SparrowStoreSQLite
import TuanStore

/// The columns under the aliases the reads give them, joined once (per request they cost 3 % of `/tuan`).
let dealColumnsOfD = dealColumns.qualified("d")
let merchantColumnsOfM = merchantColumns.qualified("m")

/// 团购's deals, orders and marks in the SQLite engine: its own type over the engine's pool. Every read goes through
/// `reading`, on GRDB's reader queues (reads on the calling thread, mixed with GRDB's async ones, once let the
/// synchronous reads occupy every cooperative thread while the async ones waited for one, and the server stopped).
package struct SQLiteTuanStore: TuanStore, SQLiteEnginePart {
  package let engine: SQLiteStore

  package init(_ engine: SQLiteStore) { self.engine = engine }

  /// 团购's tables, for the engine to migrate (`SQLiteStore(…, schemas:)`).
  package static let schema = TuanSchema.schema

  // MARK: Merchants and deals

  package func importDeals(merchants: [MerchantRecord], deals: [DealRecord]) async throws {
    try await pool.write { db in
      let names = Dictionary(merchants.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
      let insertMerchant = try db.cachedStatement(sql: """
        INSERT INTO tuan_merchants (\(merchantColumns), search_text)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
      for m in merchants {
        do {
          var arguments: StatementArguments = [
            m.id, m.name, m.branchName, m.cityAdcode, m.districtAdcode, m.neighbourhood, m.address, m.phone, m.latitude,
            m.longitude, m.category, m.subcategory, m.rating, m.averagePrice, m.hours, m.reviewCount, millis(m.createdAt),
          ]
          let t = m.tally
          arguments += [t.stars[0], t.stars[1], t.stars[2], t.stars[3], t.stars[4], t.productSum, t.decorationSum]
          arguments += [t.serviceSum, t.pictured, t.spendSum, t.spent, m.searchText]
          try insertMerchant.execute(arguments: arguments)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
          throw StoreError.conflict
        }
      }
      let insertDeal = try db.cachedStatement(sql: """
        INSERT INTO tuan_deals (\(dealColumns), search_text)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
      for d in deals {
        var merchant = names[d.merchantID]
        if merchant == nil {
          merchant = try Row.fetchOne(db.cachedStatement(sql: "SELECT \(merchantColumns) FROM tuan_merchants WHERE id = ?"),
                                      arguments: [d.merchantID]).map(MerchantRecord.init(row:))
        }
        var arguments: StatementArguments = [
          d.id, d.merchantID, d.title, d.description, d.cityAdcode, d.districtAdcode, d.neighbourhood, d.isNationwide,
          d.category, d.subcategory, d.listPrice, d.currentPrice, d.purchaseCount, millis(d.publishedAt),
          millis(d.deadline), millis(d.updatedAt), d.stock, d.limitPerPerson, d.reservationRequired,
        ]
        arguments += [
          d.notice, d.specialTips, TuanJSON.encode(d.details), TuanJSON.encode(d.pictures), d.latitude, d.longitude,
          d.searchText(merchant: merchant),
        ]
        do {
          try insertDeal.execute(arguments: arguments)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
          throw StoreError.conflict
        }
        // The picture collector keeps what a row refers to.
        for picture in d.pictures {
          try db.cachedStatement(sql: "INSERT OR IGNORE INTO picture_refs (picture_id, ref) VALUES (?, ?)")
            .execute(arguments: [picture.id, "deal:\(d.id)"])
        }
      }
      if !merchants.isEmpty || !deals.isEmpty { try db.execute(OnSaleSets.imported) }
    }
  }

  package func merchant(id: Int64) async throws -> MerchantRecord? {
    try await merchants(ids: [id])[id]
  }

  package func merchants(ids: [Int64]) async throws -> [Int64: MerchantRecord] {
    guard !ids.isEmpty else { return [:] }
    return try await reading { db in try self.merchants(ids, at: try self.stamp(db), db) }
  }

  /// The shops of `ids` as of `stamp`, read in `db`: the kept rows (`DealRows`) and the rest from the table.
  func merchants(_ ids: [Int64], at stamp: DealsStamp, _ db: Database) throws -> [Int64: MerchantRecord] {
    try rows.merchants.read(ids, at: stamp) { missing in
      try Self.byID(decodeRows(db.cachedStatement(sql: """
        SELECT \(merchantColumnsOfM) FROM json_each(?) j CROSS JOIN tuan_merchants m ON m.id = j.value
        """), [jsonList(missing)], MerchantRecord.init(row:)), \.id)
    }
  }

  package func deal(id: Int64) async throws -> DealRecord? {
    try await deals(ids: [id])[id]
  }

  package func deals(ids: [Int64]) async throws -> [Int64: DealRecord] {
    guard !ids.isEmpty else { return [:] }
    return try await reading { db in try self.deals(ids, at: try self.stamp(db), db) }
  }

  /// The deals of `ids` as of `stamp`, read in `db`: the kept rows (`DealRows`) and the rest from the table.
  func deals(_ ids: [Int64], at stamp: DealsStamp, _ db: Database) throws -> [Int64: DealRecord] {
    try rows.deals.read(ids, at: stamp) { missing in
      try Self.byID(decodeRows(db.cachedStatement(sql: """
        SELECT \(dealColumnsOfD) FROM json_each(?) j CROSS JOIN tuan_deals d ON d.id = j.value
        """), [jsonList(missing)], DealRecord.init(row:)), \.id)
    }
  }

  /// The rows kept with the engine.
  var rows: DealRows { engine.caches.app(DealRows.self) { DealRows() } }

  /// `rows` by their `id`.
  static func byID<Row>(_ rows: [Row], _ id: KeyPath<Row, Int64>) -> [Int64: Row] {
    Dictionary(rows.map { ($0[keyPath: id], $0) }, uniquingKeysWith: { a, _ in a })
  }

  /// The deals' stamp as `db` sees it: what kept sets and rows are valid under.
  func stamp(_ db: Database) throws -> DealsStamp {
    let row = try Row.fetchOne(db.cachedStatement(sql: Self.stampSQL))
    return DealsStamp(catalog: row?[0] ?? 0, sales: row?[1] ?? 0, tallies: row?[2] ?? 0,
                      reviews: row?[3] ?? 0, used: row?[4] ?? 0)
  }

  package func findDeals(_ query: DealQuery) async throws -> FeedPage<DealHit> {
    let distance = query.near
    return try await reading { db in
      let stamp = try self.stamp(db)
      // The total is kept as the on-sale sets are: a big city's count walked thousands of index entries per page; a
      // place's with its deals (`placeDeals`).
      let total: Int, ids: [Int64]
      if !query.isPlace {
        total = try self.onSale(OnSaleSets.totalKey(query), at: query.onSaleAt, stamp: stamp, db) { db in
          try Self.count(query, db)
        }
        guard query.offset < total, query.limit > 0 else { return FeedPage(items: [], total: total) }
        ids = try self.pageIDs(query, stamp: stamp, db)
      } else {
        let place = try self.placeDeals(query, stamp: stamp, db)
        (total, ids) = (place.total, place.ids)
      }
      let deals = try self.deals(ids, at: stamp, db)
      let hits = ids.compactMap { deals[$0] }.map { deal in
        DealHit(deal: deal, distance: distance?.distance(toLatitude: deal.latitude, longitude: deal.longitude))
      }
      return FeedPage(items: hits, total: total)
    }
  }

  package func dealIDs(_ query: DealQuery) async throws -> [Int64] {
    try await reading { db in try self.pageIDs(query, db) }
  }

  package func dealPins(_ query: DealQuery) async throws -> [DealPin] {
    let read = { (db: Database, query: DealQuery) in
      let stamp = try self.stamp(db)
      let ids = try self.pageIDs(query, stamp: stamp, db)
      let pins = try decodeRows(db.cachedStatement(sql: """
        SELECT d.id, d.merchant_id, m.name, m.branch_name, d.title, d.current_price, d.latitude, d.longitude
        FROM json_each(?) j CROSS JOIN tuan_deals d ON d.id = j.value JOIN tuan_merchants m ON m.id = d.merchant_id
        ORDER BY j.key
        """), [jsonList(ids)]) { row in
        DealPin(id: row[0], merchantID: row[1], merchantName: MerchantRecord.fullName(name: row[2], branch: row[3]),
                title: row[4], currentPrice: row[5], latitude: row[6], longitude: row[7])
      }
      let branches = try self.branches(ids, at: stamp, db)
      return MapPins(deals: pins, branches: branches,
                     shops: try self.merchants(Array(Set(branches.values.joined())), at: stamp, db))
    }
    return try await reading { db in
      guard let (key, follows, head) = OnSaleSets.orderKey(query, pins: true) else { return try read(db, query).pins }
      let pins = try self.onSale(key, at: query.onSaleAt, follows: follows, db) { db in try read(db, head) }
      return pins.page(offset: query.offset, limit: query.limit)
    }
  }

  /// The ids of `query`'s page, in its order: the first pages of an order are kept with the on-sale sets
  /// (`OnSaleSets.orderKey`), a place's deals with their total (`placeDeals`), deeper ones read each time.
  func pageIDs(_ query: DealQuery, stamp: DealsStamp? = nil, _ db: Database) throws -> [Int64] {
    if query.isPlace { return try placeDeals(query, stamp: stamp, db).ids }
    guard let (key, follows, head) = OnSaleSets.orderKey(query) else { return try Self.readPageIDs(query, db) }
    let ids = try onSale(key, at: query.onSaleAt, follows: follows, stamp: stamp, db) { db in
      try Self.readPageIDs(head, db)
    }
    return OnSaleSets.page(ids, offset: query.offset, limit: query.limit)
  }

  /// The page of a place's deals `query` asks for and their total, kept (`OnSaleSets.placeKey`). A place's deals (a
  /// shop's own and those it honours, a circle's) are few: the first page, when not full, is their count.
  func placeDeals(_ query: DealQuery, stamp: DealsStamp?, _ db: Database) throws -> PlaceDeals {
    let read = { (db: Database, query: DealQuery) in
      let ids = query.limit > 0 ? try Self.readPageIDs(query, db) : []
      return PlaceDeals(total: query.offset == 0 && ids.count < query.limit ? ids.count : try Self.count(query, db),
                        ids: ids)
    }
    guard let (key, follows, head) = OnSaleSets.placeKey(query) else { return try read(db, query) }
    let kept = try onSale(key, at: query.onSaleAt, follows: follows, stamp: stamp, db) { db in try read(db, head) }
    return PlaceDeals(total: kept.total, ids: OnSaleSets.page(kept.ids, offset: query.offset, limit: query.limit))
  }

  static func readPageIDs(_ query: DealQuery, _ db: Database) throws -> [Int64] {
    let (sql, arguments) = pageIDs(query)
    return try Int64.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
  }

  /// How many deals `query` finds.
  static func count(_ query: DealQuery, _ db: Database) throws -> Int {
    let (condition, arguments) = Self.condition(query)
    return try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM tuan_deals d WHERE \(condition)"),
                            arguments: arguments) ?? 0
  }

  package func dealCities(onSaleAt now: Date) async throws -> Set<Int> {
    try await onSale("cities", at: now) { db in
      var cities = Set(try Int.fetchAll(db.cachedStatement(sql: """
        SELECT DISTINCT city_adcode FROM tuan_deals WHERE nationwide = 0 AND published_at <= ? AND deadline > ?
        """), arguments: [millis(now), millis(now)]))
      if try Bool.fetchOne(db.cachedStatement(sql: """
        SELECT EXISTS (SELECT 1 FROM tuan_deals WHERE nationwide = 1 AND published_at <= ? AND deadline > ?)
        """), arguments: [millis(now), millis(now)]) == true {
        cities.insert(0)
      }
      return cities
    }
  }

  package func dealRegions(cityAdcode: Int, onSaleAt now: Date) async throws -> [DealRegion] {
    try await onSale("regions \(cityAdcode)", at: now) { db in
      let rows = try Row.fetchAll(db.cachedStatement(sql: """
        SELECT DISTINCT district_adcode, neighbourhood FROM tuan_deals
        WHERE city_adcode = ? AND nationwide = 0 AND published_at <= ? AND deadline > ?
        ORDER BY district_adcode, neighbourhood
        """), arguments: [cityAdcode, millis(now), millis(now)])
      return DealRegion.grouping(rows.map { ($0[0] as Int, $0[1] as String) })
    }
  }

  package func dealCategories(onSaleAt now: Date) async throws -> Set<DealCategoryPair> {
    try await onSale("categories", at: now) { db in
      let (sql, arguments) = OnSaleSets.categoriesOnSale(at: millis(now)).sqlite
      return Set(try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
        .map { DealCategoryPair(category: $0[0], subcategory: $0[1]) })
    }
  }

  /// An on-sale set through `OnSaleSets`: read when the deals' stamp or the time says it may have changed.
  func onSale<T: Sendable>(_ key: OnSaleKey, at now: Date, _ read: @escaping (Database) throws -> T) async throws -> T {
    try await reading { db in try self.onSale(key, at: now, db, read) }
  }

  /// `onSale` within a read: `now` nil for what holds at any moment (until a deal is written); `follows`, the
  /// parts of the stamp it follows; `stamp`, the stamp when the read has taken it already.
  func onSale<T: Sendable>(_ key: OnSaleKey, at now: Date?, follows: DealsStamp.Parts = .deals, stamp: DealsStamp? = nil,
                           _ db: Database, _ read: (Database) throws -> T) throws -> T {
    let sets = engine.caches.app(OnSaleSets.self) { OnSaleSets() }
    let at = millis(now ?? Date(timeIntervalSince1970: 0))
    let stamp = try stamp ?? self.stamp(db)
    if let kept: T = sets.value(key, stamp: stamp, now: at) { return kept }
    return try sets.gate.holding(key) {
      if let kept: T = sets.value(key, stamp: stamp, now: at) { return kept }
      var until = Int64.max
      if now != nil {
        let (next, arguments) = OnSaleSets.nextChange(after: at).sqlite
        until = try Int64.fetchOne(db.cachedStatement(sql: next), arguments: arguments) ?? Int64.max
      }
      // Computed meanwhile for a later moment with nothing published or ended between: the same set.
      let value: T
      if let later: (value: T, from: Int64) = sets.kept(after: at, key, stamp: stamp), later.from < until {
        value = later.value
      } else {
        value = try read(db)
      }
      sets.keep(value, key, stamp: stamp, from: at, until: until, follows: follows)
      return value
    }
  }

  private static let stampSQL = OnSaleSets.stamp.sqlite.0

  // MARK: Query building

  /// The ids of `query`'s page, in its order. Pages read these first, sorted from the index where it covers the
  /// query, then only their rows: sorting whole rows read every candidate's (a big city's 300 best sellers: 25 ms,
  /// not 5).
  static func pageIDs(_ query: DealQuery) -> (String, StatementArguments) {
    let (condition, arguments) = condition(query)
    let (order, orderArguments) = order(query)
    return ("SELECT d.id FROM tuan_deals d WHERE \(condition) ORDER BY \(order) LIMIT ? OFFSET ?",
            arguments + orderArguments + [query.limit, query.offset])
  }

  /// The WHERE clause of `query` over `tuan_deals d`.
  static func condition(_ query: DealQuery) -> (String, StatementArguments) {
    var parts: [String] = []
    var arguments: StatementArguments = []
    let cities = query.cityAdcodes.isEmpty ? nil : jsonList(query.cityAdcodes.map(Int64.init))
    switch (query.locality, cities) {
    case (.any, let cities?):
      parts.append("(d.nationwide = 1 OR d.city_adcode IN (SELECT value FROM json_each(?)))")
      arguments += [cities]
    case (.any, nil): break
    case (.localOnly, let cities):
      parts.append("d.nationwide = 0")
      if let cities {
        parts.append("d.city_adcode IN (SELECT value FROM json_each(?))")
        arguments += [cities]
      }
    case (.nationwideOnly, _): parts.append("d.nationwide = 1")
    }
    if let district = query.districtAdcode {
      parts.append("d.nationwide = 0 AND d.district_adcode = ?")
      arguments += [district]
    }
    if let neighbourhood = query.neighbourhood {
      parts.append("d.nationwide = 0 AND d.neighbourhood = ?")
      arguments += [neighbourhood]
    }
    if !query.categories.isEmpty || !query.subcategories.isEmpty {
      parts.append("""
        (d.category IN (SELECT value FROM json_each(?)) OR d.subcategory IN (SELECT value FROM json_each(?)))
        """)
      arguments += [jsonList(query.categories), jsonList(query.subcategories)]
    }
    let words = TuanText.words(query.keyword)
    if let match = gramsMatch(words: words, query: query) {
      parts.append("d.id IN (SELECT rowid FROM tuan_deal_grams WHERE tuan_deal_grams MATCH ?)")
      arguments += [match]
    }
    for word in words {
      // A substring of the lowercased text (`TuanText`), as PostgreSQL's `strpos`.
      parts.append("instr(d.search_text, ?) > 0")
      arguments += [word]
    }
    if let circle = query.near {
      let box = circle.box
      parts.append("""
        d.id IN (SELECT id FROM tuan_deal_geo WHERE min_lat <= ? AND max_lat >= ? AND min_lon <= ? AND max_lon >= ?)
        """)
      arguments += [box.maxLatitude, box.minLatitude, box.maxLongitude, box.minLongitude]
      let (squared, squaredArguments) = squaredDistance(circle)
      parts.append("\(squared) <= ?")
      arguments += squaredArguments + [circle.radius * circle.radius]
    }
    if !query.merchantIDs.isEmpty {
      // Its own deals and those it honours as a 适用分店.
      parts.append("""
        (d.merchant_id IN (SELECT value FROM json_each(?)) OR d.id IN (SELECT deal_id FROM tuan_deal_branches \
        WHERE merchant_id IN (SELECT value FROM json_each(?))))
        """)
      arguments += [jsonList(query.merchantIDs), jsonList(query.merchantIDs)]
    }
    if let now = query.onSaleAt {
      parts.append("d.published_at <= ? AND d.deadline > ?")
      arguments += [millis(now), millis(now)]
    }
    for (column, range) in [("published_at", query.publishedIn), ("deadline", query.endedIn), ("updated_at", query.updatedIn)] {
      if let range {
        parts.append("d.\(column) >= ? AND d.\(column) < ?")
        arguments += [millis(range.lowerBound), millis(range.upperBound)]
      }
    }
    return (parts.isEmpty ? "1" : parts.joined(separator: " AND "), arguments)
  }

  /// The `tuan_deal_grams` search (`TuanSchema.v5`) for the words of two characters or more: deals with every pair
  /// of their characters, sold where the query looks; nil when no word is long enough (one character is read
  /// from the text alone).
  static func gramsMatch(words: [String], query: DealQuery) -> String? {
    let pairs = words.filter(SearchBigrams.helps).map(SearchBigrams.tokens)
    guard !pairs.isEmpty else { return nil }
    var match = pairs.joined(separator: " ").split(separator: " ").joined(separator: " AND ")
    let cities = query.cityAdcodes.map { "c\($0)" }
    let places: [String] = switch query.locality {
    case .any: cities.isEmpty ? [] : cities + ["c0"]
    case .localOnly: cities
    case .nationwideOnly: ["c0"]
    }
    if !places.isEmpty { match += " AND (" + places.joined(separator: " OR ") + ")" }
    return match
  }

  /// The squared distance in square metres on a local flat projection (good to well under 1% within 5 km), of
  /// the rows of `table`.
  static func squaredDistance(_ circle: GeoCircle, table: String = "d") -> (String, StatementArguments) {
    let kx = circle.metresPerLongitudeDegree, ky = 111_320.0
    let t = table
    return ("(((\(t).longitude - ?) * ?) * ((\(t).longitude - ?) * ?) + ((\(t).latitude - ?) * ?) * ((\(t).latitude - ?) * ?))",
            [circle.longitude, kx, circle.longitude, kx, circle.latitude, ky, circle.latitude, ky])
  }

  package func findMerchants(_ query: MerchantQuery) async throws -> FeedPage<MerchantHit> {
    var parts: [String] = []
    var arguments: StatementArguments = []
    if !query.cityAdcodes.isEmpty {
      parts.append("m.city_adcode IN (SELECT value FROM json_each(?))")
      arguments += [jsonList(query.cityAdcodes.map(Int64.init))]
    }
    if let district = query.districtAdcode {
      parts.append("m.district_adcode = ?")
      arguments += [district]
    }
    if let neighbourhood = query.neighbourhood {
      parts.append("m.neighbourhood = ?")
      arguments += [neighbourhood]
    }
    if !query.categories.isEmpty || !query.subcategories.isEmpty {
      parts.append("(m.category IN (SELECT value FROM json_each(?)) OR m.subcategory IN (SELECT value FROM json_each(?)))")
      arguments += [jsonList(query.categories), jsonList(query.subcategories)]
    }
    for word in TuanText.words(query.keyword) {
      // A substring of the lowercased text (`TuanText`), as PostgreSQL's `strpos`.
      parts.append("instr(m.search_text, ?) > 0")
      arguments += [word]
    }
    if let circle = query.near {
      let box = circle.box
      parts.append("""
        m.id IN (SELECT id FROM tuan_merchant_geo WHERE min_lat <= ? AND max_lat >= ? AND min_lon <= ? AND max_lon >= ?)
        """)
      arguments += [box.maxLatitude, box.minLatitude, box.maxLongitude, box.minLongitude]
      let (squared, squaredArguments) = Self.squaredDistance(circle, table: "m")
      parts.append("\(squared) <= ?")
      arguments += squaredArguments + [circle.radius * circle.radius]
    }
    if let hasDeal = query.hasDeal {
      parts.append("""
        \(hasDeal ? "" : "NOT ")EXISTS (SELECT 1 FROM tuan_deals d WHERE d.merchant_id = m.id AND d.published_at <= ? AND d.deadline > ?)
        """)
      arguments += [millis(query.now), millis(query.now)]
    }
    let condition = parts.isEmpty ? "1" : parts.joined(separator: " AND ")
    var order: String
    var orderArguments: StatementArguments = []
    switch query.sort {
    case .ranking: order = "(m.rating * 1000 + MIN(m.review_count, 999)) DESC"
    case .rating: order = "m.rating DESC, m.review_count DESC"
    // The grades' means (sum over count) from the tally.
    case .productRating: order = "m.product_sum * 1.0 / MAX(m.review_count, 1) DESC"
    case .decorationRating: order = "m.decoration_sum * 1.0 / MAX(m.review_count, 1) DESC"
    case .serviceRating: order = "m.service_sum * 1.0 / MAX(m.review_count, 1) DESC"
    case .reviews: order = "m.review_count DESC"
    case .priceLow: order = "m.average_price"
    case .priceHigh: order = "m.average_price DESC"
    case .nearest:
      if let circle = query.near {
        (order, orderArguments) = Self.squaredDistance(circle, table: "m")
      } else {
        order = "m.id"
      }
    }
    order += ", m.id DESC"
    let count = { (db: Database) in
      try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM tuan_merchants m WHERE \(condition)"),
                       arguments: arguments) ?? 0
    }
    let page = { (db: Database, limit: Int, offset: Int) in
      try Int64.fetchAll(db.cachedStatement(sql: """
        SELECT m.id FROM tuan_merchants m WHERE \(condition) ORDER BY \(order) LIMIT ? OFFSET ?
        """), arguments: arguments + orderArguments + [limit, offset])
    }
    return try await reading { db in
      let stamp = try self.stamp(db)
      // A list without a point or 有团购 is kept until a shop is added or a review moves a tally.
      let keys = OnSaleSets.merchantKeys(query)
      let total = try keys.map { try self.onSale($0.total, at: nil, follows: .merchants, stamp: stamp, db, count) }
        ?? count(db)
      guard query.offset < total, query.limit > 0 else { return FeedPage(items: [], total: total) }
      let ids = if let keys {
        OnSaleSets.page(try self.onSale(keys.order, at: nil, follows: .merchants, stamp: stamp, db) { db in
          try page(db, OnSaleSets.depth, 0)
        }, offset: query.offset, limit: query.limit)
      } else {
        try page(db, query.limit, query.offset)
      }
      let merchants = try self.merchants(ids, at: stamp, db)
      let hits = ids.compactMap { merchants[$0] }.map { merchant in
        MerchantHit(
          merchant: merchant, distance: query.near?.distance(toLatitude: merchant.latitude, longitude: merchant.longitude))
      }
      return FeedPage(items: hits, total: total)
    }
  }

  /// The ORDER BY of `query`.
  static func order(_ query: DealQuery) -> (String, StatementArguments) {
    switch query.sort {
    case .ranking:
      return ("(d.purchase_count * 86400000.0 / (MAX(? - d.published_at, 0) + 172800000.0)) DESC, d.id DESC",
              [query.rankedAt])
    case .priceLow: return ("d.current_price, d.id DESC", [])
    case .priceHigh: return ("d.current_price DESC, d.id DESC", [])
    case .popular: return ("d.purchase_count DESC, d.id DESC", [])
    case .newest: return ("d.published_at DESC, d.id DESC", [])
    case .endingSoon: return ("d.deadline, d.id DESC", [])
    case .nearest:
      guard let circle = query.near else { return ("d.id DESC", []) }
      let (squared, arguments) = squaredDistance(circle)
      return ("\(squared), d.id DESC", arguments)
    }
  }
}

extension MerchantRecord {
  init(row: Row) {
    self.init(
      id: row[0], name: row[1], branchName: row[2], cityAdcode: row[3], districtAdcode: row[4], neighbourhood: row[5],
      address: row[6], phone: row[7], latitude: row[8], longitude: row[9], category: row[10], subcategory: row[11],
      hours: row[14],
      tally: ReviewTally(stars: [row[17], row[18], row[19], row[20], row[21]], productSum: row[22], decorationSum: row[23],
                         serviceSum: row[24], pictured: row[25], spendSum: row[26], spent: row[27]),
      createdAt: date(row[16]))
  }
}

extension DealRecord {
  init(row: Row) {
    self.init(
      id: row[0], merchantID: row[1], title: row[2], description: row[3], cityAdcode: row[4], districtAdcode: row[5],
      neighbourhood: row[6], isNationwide: row[7], category: row[8], subcategory: row[9], listPrice: row[10],
      currentPrice: row[11], purchaseCount: row[12], publishedAt: date(row[13]), deadline: date(row[14]),
      updatedAt: date(row[15]), stock: row[16], limitPerPerson: row[17], reservationRequired: row[18],
      notice: row[19], specialTips: row[20], pictures: PictureList.decode(row[22]), latitude: row[23], longitude: row[24])
    storedDetails = StoredSections(stored: row[21])
  }
}
