import DakaStore
import GeoData
import Foundation
import PostgresNIO
import SparrowStore
import SparrowStorePostgres

/// 打卡's journal in the PostgreSQL engine: its own type over the engine's pool and replicas.
package struct PostgresDakaStore: DakaStore, PostgresEnginePart {
  package let engine: PostgresStore

  package init(_ engine: PostgresStore) { self.engine = engine }

  /// 打卡's tables, for the engine to migrate (`PostgresStore.open(…, schemas:)`).
  package static let schema = DakaSchema.schema

  package func addCheckin(_ checkin: CheckinRecord) async throws {
    try await transaction { db in try await Self.insert(checkin, db) }
  }

  package func checkin(id: Int64, viewer: Int64?) async throws -> CheckinRecord? {
    try await reading { db in
      try await db.rows("""
        SELECT \(raw: checkinColumns) FROM daka_checkins WHERE id = \(id) AND \(sql: Self.visible(to: viewer))
        """).first.map { try CheckinRecord(row: $0).seen(by: viewer) }
    }
  }

  package func checkins(_ query: CheckinQuery) async throws -> FeedPage<CheckinRecord> {
    try await readingReplica { db in try await Self.list(query, db).list }
  }

  /// One page of `query` with its total, and with `version` that integer, read in the same statement.
  static func list(_ query: CheckinQuery, with version: SQL? = nil, _ db: Connection) async throws
    -> (list: FeedPage<CheckinRecord>, version: Int64)
  {
    var condition = visible(to: query.viewer) + DakaSQL.filters(query)
    if let needle = query.needle { condition = "\(sql: condition) AND strpos(search_text, \(needle)) > 0" }
    var count: SQL = !query.isNarrowed ? DakaCounts.total(query) : "SELECT count(*) FROM daka_checkins WHERE \(sql: condition)"
    if let version { count = "SELECT (\(sql: count)), \(sql: version)" }
    let width = version == nil ? 1 : 2
    let page: SQL = """
      SELECT \(raw: checkinColumns) FROM daka_checkins WHERE \(sql: condition)
      ORDER BY \(raw: DakaSQL.order(query)) \(sql: rowLimit(query.limit, offset: query.offset))
      """
    let rows: [PostgresRandomAccessRow], counted: [Int64]
    if query.offset == 0, query.limit > 0 {
      // A first page with its count, in one statement.
      (rows, counted) = try await db.page(page, counted: count, width: width, order: DakaSQL.order(query))
    } else {
      // Past the first, the count first: a page past the end is not read (a deep one walks every entry before it).
      counted = try await db.rows(count).first.map { row in try (0..<width).map { try row.int64($0) } } ?? []
      let total = Int(counted.first ?? 0)
      rows = query.offset < total && query.limit > 0 ? try await db.rows(page) : []
    }
    let items = try rows.prefix(query.limit).map { try CheckinRecord(row: $0).seen(by: query.viewer) }
    return (FeedPage(items: items, total: Int(counted.first ?? 0)), counted.count > 1 ? counted[1] : 0)
  }

  package func ownJournal(userID: Int64, _ query: CheckinQuery) async throws
    -> (list: FeedPage<CheckinRecord>, stats: CheckinStats, points: [CheckinPoint])
  {
    var query = query
    (query.viewer, query.author) = (userID, userID)
    let kept = engine.caches.app(KeptVisits.self) { KeptVisits() }
    return try await readingReplica { [query] db in
      let (list, version) = try await Self.list(query, with: DakaCounts.version(of: userID), db)
      if let visits = kept.visits(of: userID, at: version) { return (list, visits.stats, visits.points) }
      let visits = kept.keep(try await Self.visits(userID, withPoints: true, db), of: userID, at: version)
      return (list, visits.stats, visits.points)
    }
  }

  package func checkinMatchPositions(_ query: CheckinQuery) async throws -> FeedPage<Int> {
    let condition = Self.visible(to: query.viewer) + DakaSQL.filters(query)
    guard let needle = query.needle else { return FeedPage(items: [], total: 0) }
    return try await readingReplica { [condition] db in
      let total = try await db.value(
        "SELECT count(*) FROM daka_checkins WHERE \(sql: condition) AND strpos(search_text, \(needle)) > 0", as: Int.self) ?? 0
      guard query.offset < total, query.limit > 0 else { return FeedPage(items: [], total: total) }
      let rows = try await db.rows("""
        SELECT position FROM (
          SELECT strpos(search_text, \(needle)) > 0 AS hit,
                 row_number() OVER (ORDER BY \(raw: DakaSQL.order(query))) - 1 AS position
          FROM daka_checkins WHERE \(sql: condition)) AS ranked
        WHERE hit ORDER BY position LIMIT \(query.limit) OFFSET \(query.offset)
        """)
      return FeedPage(items: try rows.map { try $0.int(0) }, total: total)
    }
  }

  package func editCheckin(_ edit: CheckinEdit, maxPictures: Int) async throws -> CheckinRecord {
    try await transaction { db in
      // Locked, so two edits adding pictures at once cannot both pass the limit.
      guard let row = try await db.rows("""
        SELECT \(raw: checkinColumns) FROM daka_checkins WHERE id = \(edit.id) AND user_id = \(edit.userID) FOR UPDATE
        """).first
      else { throw StoreError.notFound }
      var edited = edit.applied(to: try CheckinRecord(row: row))
      if try await db.exists(DakaSQL.hidden(edit.id)) { edited.visibility = .private }
      guard edited.pictures.count <= maxPictures else { throw DakaLimitError(pictures: edited.pictures.count) }
      // Delete and insert again: one column list for both, and the row keeps its id and creation time.
      try await db.execute("DELETE FROM daka_checkins WHERE id = \(edited.id)")
      try await db.execute("DELETE FROM picture_refs WHERE ref = \(edited.pictureRef)")
      try await Self.move(try CheckinRecord(row: row), by: -1, db)
      try await Self.insert(edited, db)
      return edited
    }
  }

  package func anyCheckin(id: Int64) async throws -> CheckinRecord? {
    try await reading { db in
      try await db.rows("SELECT \(raw: checkinColumns) FROM daka_checkins WHERE id = \(id)").first.map(CheckinRecord.init(row:))
    }
  }

  package func setCheckinHidden(id: Int64, hidden: Bool, rows: [SQL]) async throws -> Bool {
    try await transaction { db in
      guard let row = try await db.rows("SELECT \(raw: checkinColumns) FROM daka_checkins WHERE id = \(id) FOR UPDATE").first,
        let statements = DakaSQL.hiding(try CheckinRecord(row: row), hidden: hidden, isHidden: try await db.exists(DakaSQL.hidden(id)))
      else { return false }
      for statement in statements + rows { try await db.execute(statement) }
      return true
    }
  }

  package func deleteCheckin(id: Int64, userID: Int64) async throws -> CheckinRecord? {
    try await transaction { db in
      guard let row = try await db.rows("""
        DELETE FROM daka_checkins WHERE id = \(id) AND user_id = \(userID) RETURNING \(raw: checkinColumns)
        """).first
      else { return nil }
      let checkin = try CheckinRecord(row: row)
      try await db.execute("DELETE FROM picture_refs WHERE ref = \(checkin.pictureRef)")
      try await Self.move(checkin, by: -1, db)
      return checkin
    }
  }

  package func checkinStats(userID: Int64) async throws -> CheckinStats {
    try await visits(userID, withPoints: false).stats
  }

  package func checkinStatsAndPoints(userID: Int64) async throws -> (stats: CheckinStats, points: [CheckinPoint]) {
    try await visits(userID, withPoints: true)
  }

  private func visits(_ userID: Int64, withPoints: Bool) async throws -> (stats: CheckinStats, points: [CheckinPoint]) {
    try await readingReplica { db in try await Self.visits(userID, withPoints: withPoints, db) }
  }

  static func visits(_ userID: Int64, withPoints: Bool, _ db: Connection) async throws
    -> (stats: CheckinStats, points: [CheckinPoint])
  {
    let rows = try await db.rows(DakaVisits.read(userID, withPoints: withPoints, textNull: "NULL::text",
                                                 integerNull: "NULL::bigint", realNull: "NULL::double precision"))
    return DakaVisits.stats(try rows.map {
      (kind: try $0.int(0), key: try $0.int64(1), name: try $0.optionalString(2), parent: try $0.optionalInt64(3).map(Int.init),
       code: try $0.optionalString(4), count: try $0.int(5), day: try $0.optionalString(7),
       latitude: try $0[9].decode(Double?.self), longitude: try $0[10].decode(Double?.self))
    })
  }

  package func saveTrip(_ trip: TripRecord, entries: [Int64]) async throws {
    try await transaction { db in
      if let owner = try await db.value("SELECT user_id FROM daka_trips WHERE id = \(trip.id) FOR UPDATE", as: Int64.self),
        owner != trip.userID
      { throw StoreError.notFound }
      let theirs = Set(try await db.column(DakaSQL.ownEntries(entries, of: trip.userID), as: Int64.self))
      let foreign = Set(entries).subtracting(theirs).sorted()
      guard foreign.isEmpty else { throw TripEntriesError(ids: foreign) }
      for statement in DakaSQL.saveTrip(trip, entries: entries) { try await db.execute(statement) }
    }
  }

  package func trip(id: Int64, viewer: Int64?) async throws -> TripRecord? {
    try await reading { db in
      try await db.rows("SELECT \(raw: tripColumns) FROM daka_trips WHERE id = \(id) AND \(sql: Self.visible(to: viewer))")
        .first.map(TripRecord.init(row:))
    }
  }

  package func trips(userID: Int64, viewer: Int64?) async throws -> [TripRecord] {
    try await reading { db in
      try await db.rows(
        "SELECT \(raw: tripColumns) FROM daka_trips WHERE user_id = \(userID) AND \(sql: Self.visible(to: viewer)) ORDER BY id DESC"
      ).map(TripRecord.init(row:))
    }
  }

  package func deleteTrip(id: Int64, userID: Int64) async throws -> Bool {
    try await transaction { db in
      var deleted = 0
      for statement in DakaSQL.deleteTrip(id, of: userID) { deleted = try await db.execute(statement) }
      return deleted == 1
    }
  }

  /// Who may see an entry (`DakaSQL.visible`).
  static func visible(to viewer: Int64?) -> SQL { DakaSQL.visible(to: viewer) }

  /// Writes the row and its picture references: the picture collector keeps what a row refers to.
  static func insert(_ c: CheckinRecord, _ db: Connection) async throws {
    try await db.execute("""
      INSERT INTO daka_checkins (\(raw: checkinColumns), search_text) VALUES (\(c.id), \(c.userID), \(c.date),
        \(c.location), \(c.spot), \(c.thoughts), \(Int64(c.visibility == .public ? 1 : 0)), \(c.place?.cityAdcode), \(c.place?.city),
        \(c.place?.districtAdcode), \(c.place?.district), \(c.place?.keys ?? ""), \(CheckinPictures.encode(c.pictures)),
        \(millis(c.createdAt)), \(c.place?.countryCode), \(c.place?.country), \(c.place?.geonameID), \(c.point?.latitude),
        \(c.point?.longitude), \(Int64(c.showsPoint ? 1 : 0)), \(c.tripID), \(c.searchText))
      """)
    if !c.pictures.isEmpty {
      try await db.execute("""
        INSERT INTO picture_refs (picture_id, ref) SELECT p, \(c.pictureRef) FROM unnest(\(c.pictures.map(\.id))) AS p
        ON CONFLICT DO NOTHING
        """)
    }
    try await move(c, by: 1, db)
  }

  static func move(_ checkin: CheckinRecord, by delta: Int, _ db: Connection) async throws {
    for statement in DakaCounts.moved(checkin, by: delta) + DakaVisits.moved(checkin, by: delta) { try await db.execute(statement) }
  }
}

extension CheckinRecord {
  init(row: PostgresRandomAccessRow) throws {
    let cityAdcode = try row[7].decode(Int?.self), geonameID = try row[16].decode(Int?.self)
    var place: CheckinPlace?
    if let code = try row.optionalString(14), cityAdcode != nil || geonameID != nil {
      place = CheckinPlace(
        countryCode: code, country: try row.optionalString(15) ?? "", cityAdcode: cityAdcode, geonameID: geonameID,
        city: try row.optionalString(8) ?? "", districtAdcode: try row[9].decode(Int?.self),
        district: try row.optionalString(10), keys: try row.string(11))
    }
    var point: Coordinate?
    if let latitude = try row[17].decode(Double?.self), let longitude = try row[18].decode(Double?.self) {
      point = Coordinate(latitude: latitude, longitude: longitude)
    }
    self.init(
      id: try row.int64(0), userID: try row.int64(1), date: try row.string(2), location: try row.string(3),
      spot: try row.string(4), thoughts: try row.string(5), visibility: try row.int(6) != 0 ? .public : .private,
      place: place, pictures: PictureList.decode(try row.string(12)), createdAt: try row.date(13), point: point,
      showsPoint: try row.int(19) != 0, tripID: try row[20].decode(Int64?.self))
  }
}

extension TripRecord {
  init(row: PostgresRandomAccessRow) throws {
    self.init(
      id: try row.int64(0), userID: try row.int64(1), name: try row.string(2),
      visibility: try row.int(3) != 0 ? .public : .private, cover: try row.optionalString(4), createdAt: try row.date(5))
  }
}

