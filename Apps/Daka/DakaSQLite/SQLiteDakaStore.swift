import Foundation
import GRDB
import DakaStore
import GeoData
import SparrowStore
import SparrowStoreSQLite

/// 打卡's journal in the SQLite engine: its own type over the engine's pool. Reads run with `reading`, on GRDB's
/// reader queues, as every app's do.
package struct SQLiteDakaStore: DakaStore, SQLiteEnginePart {
  package let engine: SQLiteStore

  package init(_ engine: SQLiteStore) { self.engine = engine }

  /// 打卡's tables, for the engine to migrate (`SQLiteStore(…, schemas:)`).
  package static let schema = DakaSchema.schema

  package func addCheckin(_ checkin: CheckinRecord) async throws {
    try await pool.write { db in
      do {
        try Self.insert(checkin, db)
      } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
        throw StoreError.conflict
      }
    }
  }

  package func checkin(id: Int64, viewer: Int64?) async throws -> CheckinRecord? {
    let (visible, arguments) = Self.visible(to: viewer)
    return try await reading { db in
      try Row.fetchOne(db.cachedStatement(sql: "SELECT \(checkinColumns) FROM daka_checkins WHERE id = ? AND \(visible)"),
                       arguments: [id] + arguments).map { CheckinRecord(row: $0).seen(by: viewer) }
    }
  }

  package func checkins(_ query: CheckinQuery) async throws -> FeedPage<CheckinRecord> {
    try await reading { db in try Self.list(query, db) }
  }

  /// One page of `query` with its total.
  static func list(_ query: CheckinQuery, _ db: Database) throws -> FeedPage<CheckinRecord> {
    var (condition, arguments) = narrowed(query)
    if let needle = query.needle {
      condition += " AND instr(search_text, ?) > 0"
      arguments += [needle]
    }
    // A search or a filter is counted; a list's total is kept (`DakaCounts`).
    let (count, countArguments) = !query.isNarrowed
      ? DakaCounts.total(query).sqlite : ("SELECT count(*) FROM daka_checkins WHERE \(condition)", arguments)
    let total = try Int.fetchOne(db.cachedStatement(sql: count), arguments: countArguments) ?? 0
    guard query.offset < total, query.limit > 0 else { return FeedPage(items: [], total: total) }
    let items = try decodeRows(db.cachedStatement(sql: """
      SELECT \(checkinColumns) FROM daka_checkins WHERE \(condition)
      ORDER BY \(DakaSQL.order(query)) LIMIT ? OFFSET ?
      """), arguments + [query.limit, query.offset]) { CheckinRecord(row: $0).seen(by: query.viewer) }
    return FeedPage(items: items, total: total)
  }

  package func ownJournal(userID: Int64, _ query: CheckinQuery) async throws
    -> (list: FeedPage<CheckinRecord>, stats: CheckinStats, points: [CheckinPoint])
  {
    var query = query
    (query.viewer, query.author) = (userID, userID)
    let kept = engine.caches.app(KeptVisits.self) { KeptVisits() }
    let (version, versionArguments) = ("SELECT \(sql: DakaCounts.version(of: userID))" as SparrowStore.SQL).sqlite
    return try await reading { [query] db in
      // One snapshot: the version, then the list and what is read of the visits.
      let at = try Int64.fetchOne(db.cachedStatement(sql: version), arguments: versionArguments) ?? 0
      let list = try Self.list(query, db)
      let visits = try kept.visits(of: userID, at: at) ?? kept.keep(try Self.visits(userID, withPoints: true, db), of: userID, at: at)
      return (list, visits.stats, visits.points)
    }
  }

  package func checkinMatchPositions(_ query: CheckinQuery) async throws -> FeedPage<Int> {
    let (condition, arguments) = Self.narrowed(query)
    guard let needle = query.needle else { return FeedPage(items: [], total: 0) }
    return try await reading { db in
      let total = try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM daka_checkins WHERE \(condition) AND instr(search_text, ?) > 0"),
                                   arguments: arguments + [needle]) ?? 0
      guard query.offset < total, query.limit > 0 else { return FeedPage(items: [], total: total) }
      let positions = try Int.fetchAll(db.cachedStatement(sql: """
        SELECT position FROM (
          SELECT instr(search_text, ?) > 0 AS hit,
                 row_number() OVER (ORDER BY \(DakaSQL.order(query))) - 1 AS position
          FROM daka_checkins WHERE \(condition))
        WHERE hit ORDER BY position LIMIT ? OFFSET ?
        """), arguments: [needle] + arguments + [query.limit, query.offset])
      return FeedPage(items: positions, total: total)
    }
  }

  package func editCheckin(_ edit: CheckinEdit, maxPictures: Int) async throws -> CheckinRecord {
    try await pool.write { db in
      guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT \(checkinColumns) FROM daka_checkins WHERE id = ? AND user_id = ?"),
                                       arguments: [edit.id, edit.userID])
      else { throw StoreError.notFound }
      var edited = edit.applied(to: CheckinRecord(row: row))
      if try db.exists(DakaSQL.hidden(edit.id)) { edited.visibility = .private }
      guard edited.pictures.count <= maxPictures else { throw DakaLimitError(pictures: edited.pictures.count) }
      // Delete and insert again: one column list for both, and the row keeps its id and creation time.
      try Self.remove(CheckinRecord(row: row), db)
      try Self.insert(edited, db)
      return edited
    }
  }

  package func deleteCheckin(id: Int64, userID: Int64) async throws -> CheckinRecord? {
    try await pool.write { db in
      guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT \(checkinColumns) FROM daka_checkins WHERE id = ? AND user_id = ?"),
                                       arguments: [id, userID])
      else { return nil }
      let checkin = CheckinRecord(row: row)
      try Self.remove(checkin, db)
      return checkin
    }
  }

  package func anyCheckin(id: Int64) async throws -> CheckinRecord? {
    try await reading { db in
      try Row.fetchOne(db.cachedStatement(sql: "SELECT \(checkinColumns) FROM daka_checkins WHERE id = ?"),
          arguments: [id])
        .map(CheckinRecord.init(row:))
    }
  }

  package func setCheckinHidden(id: Int64, hidden: Bool, rows: [SparrowStore.SQL]) async throws -> Bool {
    try await pool.write { db in
      guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT \(checkinColumns) FROM daka_checkins WHERE id = ?"),
          arguments: [id]),
        let statements = DakaSQL.hiding(
          CheckinRecord(row: row), hidden: hidden, isHidden: try db.exists(DakaSQL.hidden(id)))
      else { return false }
      for statement in statements + rows { try db.execute(statement) }
      return true
    }
  }

  package func checkinStats(userID: Int64) async throws -> CheckinStats {
    try await visits(userID, withPoints: false).stats
  }

  package func checkinStatsAndPoints(userID: Int64) async throws -> (stats: CheckinStats, points: [CheckinPoint]) {
    try await visits(userID, withPoints: true)
  }

  private func visits(_ userID: Int64, withPoints: Bool) async throws -> (stats: CheckinStats, points: [CheckinPoint]) {
    try await reading { db in try Self.visits(userID, withPoints: withPoints, db) }
  }

  static func visits(_ userID: Int64, withPoints: Bool, _ db: Database) throws -> (stats: CheckinStats, points: [CheckinPoint]) {
    let (sql, arguments) = DakaVisits.read(userID, withPoints: withPoints).sqlite
    // Decoded as the statement steps (`decodeRows`), not each row copied first: 我的 0.92–0.96 of the CPU.
    return DakaVisits.stats(try decodeRows(db.cachedStatement(sql: sql), arguments) {
      (kind: $0[0], key: $0[1], name: $0[2], parent: $0[3], code: $0[4], count: $0[5], day: $0[7], latitude: $0[9],
       longitude: $0[10])
    })
  }

  package func saveTrip(_ trip: TripRecord, entries: [Int64]) async throws {
    try await pool.write { db in
      if let owner = try Int64.fetchOne(db.cachedStatement(sql: "SELECT user_id FROM daka_trips WHERE id = ?"),
          arguments: [trip.id]),
        owner != trip.userID
      { throw StoreError.notFound }
      let (own, ownArguments) = DakaSQL.ownEntries(entries, of: trip.userID).sqlite
      let theirs = Set(try Int64.fetchAll(db.cachedStatement(sql: own), arguments: ownArguments))
      let foreign = Set(entries).subtracting(theirs).sorted()
      guard foreign.isEmpty else { throw TripEntriesError(ids: foreign) }
      for statement in DakaSQL.saveTrip(trip, entries: entries) {
        let (sql, arguments) = statement.sqlite
        try db.execute(sql: sql, arguments: arguments)
      }
    }
  }

  package func trip(id: Int64, viewer: Int64?) async throws -> TripRecord? {
    let (visible, arguments) = Self.visible(to: viewer)
    return try await reading { db in
      try Row.fetchOne(db.cachedStatement(sql: "SELECT \(tripColumns) FROM daka_trips WHERE id = ? AND \(visible)"),
          arguments: [id] + arguments)
        .map(TripRecord.init(row:))
    }
  }

  package func trips(userID: Int64, viewer: Int64?) async throws -> [TripRecord] {
    let (visible, arguments) = Self.visible(to: viewer)
    return try await reading { db in
      try decodeRows(db.cachedStatement(sql: "SELECT \(tripColumns) FROM daka_trips WHERE user_id = ? AND \(visible) ORDER BY id DESC"),
                     [userID] + arguments, TripRecord.init(row:))
    }
  }

  package func deleteTrip(id: Int64, userID: Int64) async throws -> Bool {
    try await pool.write { db in
      for statement in DakaSQL.deleteTrip(id, of: userID) {
        let (sql, arguments) = statement.sqlite
        try db.execute(sql: sql, arguments: arguments)
      }
      return db.changesCount == 1
    }
  }

  /// Who may see an entry (`DakaSQL.visible`).
  static func visible(to viewer: Int64?) -> (String, StatementArguments) { DakaSQL.visible(to: viewer).sqlite }

  /// Who may see an entry, and what `query` narrows the list to (`DakaSQL.filters`).
  static func narrowed(_ query: CheckinQuery) -> (String, StatementArguments) {
    (DakaSQL.visible(to: query.viewer) + DakaSQL.filters(query)).sqlite
  }

  /// `checkinColumns`' values, in order.
  static func arguments(_ c: CheckinRecord) -> StatementArguments {
    [
      c.id, c.userID, c.date, c.location, c.spot, c.thoughts, c.visibility == .public, c.place?.cityAdcode, c.place?.city,
      c.place?.districtAdcode, c.place?.district, c.place?.keys ?? "", CheckinPictures.encode(c.pictures),
      millis(c.createdAt), c.place?.countryCode, c.place?.country, c.place?.geonameID, c.point?.latitude,
      c.point?.longitude, c.showsPoint, c.tripID,
    ]
  }

  /// Writes the row and its picture references: the picture collector keeps what a row refers to.
  static func insert(_ checkin: CheckinRecord, _ db: Database) throws {
    try db.execute(sql: """
      INSERT INTO daka_checkins (\(checkinColumns), search_text)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """, arguments: arguments(checkin) + [checkin.searchText])
    for picture in checkin.pictures {
      try db.execute(sql: "INSERT OR IGNORE INTO picture_refs (picture_id, ref) VALUES (?, ?)",
                     arguments: [picture.id, checkin.pictureRef])
    }
    try move(checkin, by: 1, db)
  }

  /// Deletes the row and its picture references.
  static func remove(_ checkin: CheckinRecord, _ db: Database) throws {
    try db.execute(sql: "DELETE FROM daka_checkins WHERE id = ?", arguments: [checkin.id])
    try db.execute(sql: "DELETE FROM picture_refs WHERE ref = ?", arguments: [checkin.pictureRef])
    try move(checkin, by: -1, db)
  }

  static func move(_ checkin: CheckinRecord, by delta: Int, _ db: Database) throws {
    for statement in DakaCounts.moved(checkin, by: delta) + DakaVisits.moved(checkin, by: delta) {
      let (sql, arguments) = statement.sqlite
      try db.execute(sql: sql, arguments: arguments)
    }
  }
}

extension CheckinRecord {
  init(row: Row) {
    let cityAdcode: Int? = row[7], geonameID: Int? = row[16]
    var place: CheckinPlace?
    if let code = row[14] as String?, cityAdcode != nil || geonameID != nil {
      place = CheckinPlace(
        countryCode: code, country: row[15] ?? "", cityAdcode: cityAdcode, geonameID: geonameID, city: row[8] ?? "",
        districtAdcode: row[9], district: row[10], keys: row[11])
    }
    var point: Coordinate?
    if let latitude = row[17] as Double?, let longitude = row[18] as Double? {
      point = Coordinate(latitude: latitude, longitude: longitude)
    }
    self.init(
      id: row[0], userID: row[1], date: row[2], location: row[3], spot: row[4], thoughts: row[5],
      visibility: (row[6] as Bool) ? .public : .private, place: place, pictures: PictureList.decode(row[12]),
      createdAt: SparrowStore.date(row[13]), point: point, showsPoint: row[19], tripID: row[20])
  }
}

extension TripRecord {
  init(row: Row) {
    self.init(id: row[0], userID: row[1], name: row[2], visibility: (row[3] as Bool) ? .public : .private, cover: row[4],
              createdAt: SparrowStore.date(row[5]))
  }
}
