import Foundation
import GRDB
import Logging
import SparrowStore

/// The embedded engine: one SQLite file in WAL mode, readers in parallel with one writer.
package final class SQLiteStore: WeiboStore {
  let pool: DatabasePool
  /// The database file.
  package var path: String { pool.path }
  /// The process's caches; every write here ends by invalidating what it changed through them.
  let caches: StoreCaches
  var userRows: UserRowCache { caches.userRows }

  /// Statements run so far, when opened with `countingStatements` (tests check query counts with it).
  package var statementCount: Int { counter.value }
  private let counter = StatementCounter()

  /// Feeds at least this large are read by walking ids (see `homeStatuses`); tests move it to try both paths.
  let denseFeed: Int

  /// Opens (creating and migrating) the database at `path`.
  package convenience init(path: String, countingStatements: Bool = false, denseFeed: Int = 2000) throws {
    try self.init(path: path, caches: StoreCaches(), countingStatements: countingStatements, denseFeed: denseFeed)
  }

  /// Opens the database with `caches`, whose `publish` an operator may wire to other processes.
  package init(path: String, caches: StoreCaches, countingStatements: Bool, denseFeed: Int) throws {
    self.caches = caches
    self.denseFeed = denseFeed
    var config = Configuration()
    config.busyMode = .timeout(10)
    config.maximumReaderCount = max(4, ProcessInfo.processInfo.activeProcessorCount * 2)
    let counter = self.counter
    config.prepareDatabase { db in
      // WAL with FULL: every commit is on disk before it is acknowledged, so an acknowledged post survives a
      // process crash and a power cut alike (NORMAL would survive the crash only). Reads never wait for it.
      try db.execute(sql: "PRAGMA synchronous = FULL")
      try db.execute(sql: "PRAGMA foreign_keys = OFF")
      // Statement journals (every insert that fires the search index's trigger opens one) and sorts stay in memory
      // rather than in temporary files: a bulk import spent 40 % of its time in their writes.
      try db.execute(sql: "PRAGMA temp_store = MEMORY")
      if countingStatements {
        db.trace { event in
          if case .statement(let statement) = event, !statement.sql.hasPrefix("BEGIN"), !statement.sql.hasPrefix("COMMIT") {
            counter.add()
          }
        }
      }
    }
    pool = try DatabasePool(path: path, configuration: config)
    try Self.migrate(pool)
  }

  /// Opens `sparrow.sqlite` inside the data folder, creating the folder.
  package convenience init(folder: URL, countingStatements: Bool = false) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try self.init(path: folder.appendingPathComponent("sparrow.sqlite").path, countingStatements: countingStatements)
  }

  /// Creates a new database at once; upgrades an existing one step by step, saying what each step does and how
  /// long it took (building the search index of a million statuses takes a while).
  static func migrate(_ pool: DatabasePool) throws {
    let migrator = Schema.migrator()
    let applied = Set(try pool.read { try migrator.appliedMigrations($0) })
    guard !applied.isEmpty else { return try migrator.migrate(pool) }
    let logger = Logger(label: "sparrow.store")
    for step in migrator.migrations where !applied.contains(step) {
      logger.notice("Upgrading the database to \(step): \(Schema.purposes[step] ?? "")…")
      let start = Date()
      try migrator.migrate(pool, upTo: step)
      logger.notice("Upgraded the database to \(step) in \(String(format: "%.1f", Date().timeIntervalSince(start))) s")
    }
  }

  /// Runs a read on the calling thread. Reads take well under a millisecond, and hopping to GRDB's
  /// queue and back for each one cost more in thread switches than the query itself.
  func reading<T>(_ body: (Database) throws -> T) throws -> T {
    try pool.read(body)
  }

  /// `reading` for a read of one statement: SQLite runs a lone statement in a snapshot of its own, so the
  /// explicit BEGIN and COMMIT (two more statements and lock round trips) are left out.
  func readingOne<T>(_ body: (Database) throws -> T) throws -> T {
    try pool.unsafeRead(body)
  }

  /// Runs a read that may take longer (a search) on GRDB's reader queue, off Swift's cooperative threads.
  func readingAside<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
    try await pool.read(body)
  }

  // MARK: Ids

  package func claimNode(holder: String, until: Date, now: Date) async throws -> Int {
    try await pool.write { db in
      let held = Set(try Int.fetchAll(
        db, sql: "SELECT node FROM node_leases WHERE expires_at > ?", arguments: [millis(now)]))
      guard let node = (0..<32).first(where: { !held.contains($0) }) else { throw StoreError.conflict }
      try db.execute(
        sql: "INSERT INTO node_leases (node, holder, expires_at) VALUES (?, ?, ?) ON CONFLICT (node) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at",
        arguments: [node, holder, millis(until)])
      return node
    }
  }

  package func renewNode(_ node: Int, holder: String, until: Date) async throws -> Bool {
    try await pool.write { db in
      try db.execute(
        sql: "UPDATE node_leases SET expires_at = ? WHERE node = ? AND holder = ?", arguments: [millis(until), node, holder])
      return db.changesCount == 1
    }
  }

  package func releaseNode(_ node: Int, holder: String) async throws {
    try await pool.write { db in
      try db.execute(sql: "DELETE FROM node_leases WHERE node = ? AND holder = ?", arguments: [node, holder])
    }
  }

  package var statistics: StoreStatistics { StoreStatistics(engine: "sqlite", caches: caches.tallies) }

  package func secret(named name: String, proposing proposed: String) async throws -> String {
    try await pool.write { db in
      try db.execute(sql: "INSERT INTO secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                     arguments: [name, proposed])
      return try String.fetchOne(db, sql: "SELECT value FROM secrets WHERE name = ?", arguments: [name]) ?? proposed
    }
  }

  // MARK: Users

  package func createUser(_ user: UserRecord) async throws {
    try await pool.write { db in try Self.insert(user, db) }
  }

  package func updateUser(_ user: UserRecord) async throws {
    defer { caches.invalidate(.userRows(users: [user.id])) }
    try await pool.write { db in
      try db.execute(
        sql: """
          UPDATE users SET screen_name = ?, screen_name_key = ?, password_hash = ?, description = ?,
            location = ?, gender = ?, url = ?, avatar = ?, verified_type = ?, verified_reason = ?, mbtype = ?,
            mbrank = ? WHERE id = ?
          """,
        arguments: [
          user.screenName, user.screenName.lowercased(), user.passwordHash, user.description, user.location,
          user.gender, user.url, user.avatar, user.verifiedType, user.verifiedReason, user.mbtype, user.mbrank,
          user.id,
        ])
      if db.changesCount == 0 { throw StoreError.notFound }
      try Self.referAvatar(user, db)
    }
  }

  package func user(id: Int64) async throws -> UserRecord? {
    try readingOne { db in
      try Row.fetchOne(try db.cachedStatement(sql: "SELECT \(userColumns) FROM users WHERE id = ?"), arguments: [id]).map(UserRecord.init(row:))
    }
  }

  package func user(screenName: String) async throws -> UserRecord? {
    try reading { db in
      try Row.fetchOne(try db.cachedStatement(sql: "SELECT \(userColumns) FROM users WHERE screen_name_key = ?"), arguments: [screenName.lowercased()])
        .map(UserRecord.init(row:))
    }
  }

  package func users(ids: [Int64]) async throws -> [Int64: UserRecord] {
    try reading { db in try Self.users(ids: ids, db) }
  }

  package func users(screenNames: [String]) async throws -> [UserRecord] {
    guard !screenNames.isEmpty else { return [] }
    let keys = Array(Set(screenNames.map { $0.lowercased() }))
    return try reading { db in
      try Row.fetchAll(try db.cachedStatement(sql: "SELECT \(userColumns) FROM users WHERE screen_name_key IN (SELECT value FROM json_each(?))"),
        arguments: [jsonList(keys)]
      ).map(UserRecord.init(row:))
    }
  }

  package func searchUsers(_ keyword: String, limit: Int) async throws -> [UserRecord] {
    let key = keyword.lowercased()
    let (match, arguments) = Self.nameMatch(key)
    return try reading { db in
      try Row.fetchAll(try db.cachedStatement(sql: """
          SELECT \(userColumns) FROM users WHERE \(match)
          ORDER BY (screen_name_key = ?) DESC, followers_count DESC, id LIMIT ?
          """),
        arguments: arguments + [key, limit]
      ).map(UserRecord.init(row:))
    }
  }

  // MARK: Apps and credentials

  package func createApp(_ app: AppRecord) async throws {
    try await pool.write { db in try Self.insert(app, db) }
  }

  package func app(clientID: String) async throws -> AppRecord? {
    try reading { db in
      try Row.fetchOne(try db.cachedStatement(sql: "SELECT * FROM apps WHERE client_id = ?"), arguments: [clientID]).map(AppRecord.init(row:))
    }
  }

  package func apps(ids: [Int64]) async throws -> [Int64: AppRecord] {
    let (found, missing) = caches.apps.lookup(ids)
    if missing.isEmpty { return found }
    return try reading { db in try apps(ids: ids, db) }
  }

  /// Apps never change once registered, so they are cached for the life of the process: every API call
  /// needs its caller's app, and every status its source's.
  func apps(ids: [Int64], _ db: Database) throws -> [Int64: AppRecord] {
    var (found, missing) = caches.apps.lookup(ids)
    if !missing.isEmpty {
      let loaded = try Self.apps(ids: missing, db)
      caches.apps.add(loaded)
      found.merge(loaded) { a, _ in a }
    }
    return found
  }

  package func saveGrant(_ grant: GrantRecord) async throws {
    try await pool.write { db in
      try db.execute(
        sql: """
          INSERT INTO grants (hash, kind, user_id, app_id, redirect_uri, created_at, expires_at, origin, challenge)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          grant.hash, grant.kind.rawValue, grant.userID, grant.appID, grant.redirectURI, millis(grant.createdAt),
          millis(grant.expiresAt), grant.origin, grant.challenge,
        ])
    }
  }

  package func grant(hash: String, kind: GrantRecord.Kind) async throws -> GrantRecord? {
    let (cached, generation) = caches.grants.lookup(hash: hash, kind: kind)
    if let cached { return cached }
    let grant = try reading { db in
      try Row.fetchOne(try db.cachedStatement(sql: "SELECT * FROM grants WHERE hash = ? AND kind = ?"), arguments: [hash, kind.rawValue])
        .map(GrantRecord.init(row:))
    }
    if let grant { caches.grants.add(grant, readAt: generation) }
    return grant
  }

  package func takeGrant(hash: String, kind: GrantRecord.Kind) async throws -> GrantRecord? {
    defer { caches.invalidate(.grant(hash: hash)) }
    return try await pool.write { db in
      let grant = try Row.fetchOne(try db.cachedStatement(sql: "SELECT * FROM grants WHERE hash = ? AND kind = ?"), arguments: [hash, kind.rawValue]
      ).map(GrantRecord.init(row:))
      if grant != nil { try db.execute(sql: "DELETE FROM grants WHERE hash = ?", arguments: [hash]) }
      return grant
    }
  }

  package func revokeGrants(userID: Int64, appID: Int64) async throws {
    defer { caches.invalidate(.tokens(userID: userID, appID: appID)) }
    try await pool.write { db in
      try db.execute(
        sql: "DELETE FROM grants WHERE user_id = ? AND app_id = ? AND kind IN ('access', 'refresh')",
        arguments: [userID, appID])
    }
  }

  package func revokeGrants(origin: String) async throws -> Int {
    defer { caches.invalidate(.origin(origin)) }
    return try await pool.write { db in
      try db.execute(sql: "DELETE FROM grants WHERE origin = ?", arguments: [origin])
      return db.changesCount
    }
  }

  // MARK: Sign-in failures

  package func signInFailures(_ key: String, since: Date) async throws -> (count: Int, last: Date?) {
    try reading { db in
      let row = try Row.fetchOne(
        try db.cachedStatement(sql: "SELECT count(*) AS n, max(at) AS last FROM signin_failures WHERE key = ? AND at >= ?"),
        arguments: [key, millis(since)])
      let last: Int64? = row?["last"]
      return (row?["n"] ?? 0, last.map(date))
    }
  }

  package func recordSignInFailure(_ key: String, at: Date, forgetBefore: Date) async throws {
    try await pool.write { db in
      try db.execute(sql: "DELETE FROM signin_failures WHERE key = ? AND at < ?", arguments: [key, millis(forgetBefore)])
      try db.execute(sql: "INSERT INTO signin_failures (key, at) VALUES (?, ?)", arguments: [key, millis(at)])
    }
  }

  package func clearSignInFailures(_ key: String) async throws {
    try await pool.write { db in try db.execute(sql: "DELETE FROM signin_failures WHERE key = ?", arguments: [key]) }
  }

  package func recordUpload(pictureID: String, userID: Int64, at: Date) async throws {
    try await pool.write { db in
      try db.execute(sql: "INSERT INTO picture_uploads (picture_id, user_id, at) VALUES (?, ?, ?)",
                     arguments: [pictureID, userID, millis(at)])
      // A day's uploads are all the quota looks at.
      try db.execute(sql: "DELETE FROM picture_uploads WHERE user_id = ? AND at < ?",
                     arguments: [userID, millis(at) - 2 * 86_400_000])
    }
  }

  package func uploadCount(userID: Int64, since: Date) async throws -> Int {
    try reading { db in
      try Int.fetchOne(try db.cachedStatement(sql: "SELECT count(*) FROM picture_uploads WHERE user_id = ? AND at >= ?"),
                       arguments: [userID, millis(since)]) ?? 0
    }
  }

  static let unreferenced = """
    SELECT id, ext, width, height, frames, bytes FROM pictures p WHERE p.created_at < ?
      AND NOT EXISTS (SELECT 1 FROM picture_refs r WHERE r.picture_id = p.id)
    """

  package func unreferencedPictures(before: Date, limit: Int) async throws -> [PictureRef] {
    try reading { db in
      try Row.fetchAll(try db.cachedStatement(sql: Self.unreferenced + " ORDER BY created_at LIMIT ?"),
                       arguments: [millis(before), limit]).map(PictureRef.init(row:))
    }
  }

  package func deletePictures(ids: [String], before: Date) async throws -> [PictureRef] {
    guard !ids.isEmpty else { return [] }
    return try await pool.write { db in
      // Checked again inside the write: a status or avatar may have taken one since it was listed.
      let gone = try Row.fetchAll(
        try db.cachedStatement(sql: Self.unreferenced + " AND p.id IN (SELECT value FROM json_each(?))"),
        arguments: [millis(before), jsonList(ids)]).map(PictureRef.init(row:))
      try db.execute(sql: "DELETE FROM pictures WHERE id IN (SELECT value FROM json_each(?))", arguments: [jsonList(gone.map(\.id))])
      return gone
    }
  }

  // MARK: Request counters

  package func addRates(_ deltas: [String: Int], window: Int64, reading keys: [String]) async throws -> [String: Int] {
    try await pool.write { db in
      for (key, delta) in deltas where delta > 0 {
        try db.execute(
          sql: """
            INSERT INTO rate_counters (key, window, count) VALUES (?, ?, ?)
            ON CONFLICT (key, window) DO UPDATE SET count = count + excluded.count
            """,
          arguments: [key, window, delta])
      }
      try db.execute(sql: "DELETE FROM rate_counters WHERE window < ?", arguments: [window - 1])
      guard !keys.isEmpty else { return [:] }
      let rows = try Row.fetchAll(
        try db.cachedStatement(sql: "SELECT key, count FROM rate_counters WHERE window = ? AND key IN (SELECT value FROM json_each(?))"),
        arguments: [window, jsonList(keys)])
      return Dictionary(rows.map { ($0["key"] as String, $0["count"] as Int) }, uniquingKeysWith: +)
    }
  }

  // MARK: Pictures

  package func savePicture(_ picture: PictureRef, at: Date) async throws {
    try await pool.write { db in
      try db.execute(
        sql: """
          INSERT INTO pictures (id, ext, width, height, frames, bytes, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (id) DO UPDATE SET created_at = max(created_at, excluded.created_at)
          """,
        arguments: [picture.id, picture.ext, picture.width, picture.height, picture.frames, picture.bytes, millis(at)])
    }
  }

  package func pictures(ids: [String]) async throws -> [String: PictureRef] {
    guard !ids.isEmpty else { return [:] }
    return try reading { db in
      let rows = try Row.fetchAll(
        try db.cachedStatement(sql: "SELECT id, ext, width, height, frames, bytes FROM pictures WHERE id IN (SELECT value FROM json_each(?))"),
        arguments: [jsonList(Array(Set(ids)))])
      return Dictionary(
        rows.map { ($0[0] as String, PictureRef(id: $0[0], ext: $0[1], width: $0[2], height: $0[3], frames: $0[4], bytes: $0[5])) },
        uniquingKeysWith: { a, _ in a })
    }
  }

  // MARK: Statuses

  package func insertStatus(_ status: StatusRecord, mentions: [Int64], topics: [String], comments: [CommentRecord])
    async throws
  {
    // The feeds learn of the status only once it is stored; the counters it bumps change either way.
    var stored = false
    defer {
      caches.invalidate(.several([
        .userRows(users: [status.userID]),
        .statuses(posted: stored ? [PostedStatus(status)] : [], changed: status.changedByPosting(comments)),
      ]))
    }
    try await pool.write { db in
      // Reposts compare what they repost too: "转发微博" twice on two statuses is no repeat.
      if let previous = try Row.fetchOne(try db.cachedStatement(sql: "SELECT text, retweeted_id FROM statuses WHERE user_id = ? ORDER BY id DESC LIMIT 1"),
        arguments: [status.userID]),
        previous["text"] == status.text, (previous["retweeted_id"] as Int64?) == status.retweetedID
      {
        throw StoreError.duplicateText
      }
      if let original = status.retweetedID {
        let parent = status.parentID ?? original
        let found = try Int.fetchOne(try db.cachedStatement(sql: "SELECT count(*) FROM statuses WHERE id IN (?, ?)"), arguments: [original, parent]) ?? 0
        if found != (parent == original ? 1 : 2) { throw StoreError.notFound }
      }
      try Self.insert(status, db)
      try db.execute(
        sql: "UPDATE users SET statuses_count = statuses_count + 1, private_statuses_count = private_statuses_count + ? WHERE id = ?",
        arguments: [status.visible == 0 ? 0 : 1, status.userID])
      if let original = status.retweetedID {
        try db.execute(
          sql: "UPDATE statuses SET reposts_count = reposts_count + 1 WHERE id IN (?, ?)",
          arguments: [original, status.parentID ?? original])
      }
      // A status only its author may see mentions no one and joins no topic: nothing of it may reach others.
      let (mentions, topics) = status.visible == 0 ? (mentions, topics) : ([], [])
      for user in Set(mentions) {
        try db.execute(sql: "INSERT INTO status_mentions (user_id, status_id) VALUES (?, ?)", arguments: [user, status.id])
      }
      for topic in Set(topics) {
        try db.execute(
          sql: "INSERT INTO status_topics (topic, status_id, created_at) VALUES (?, ?, ?)",
          arguments: [topic, status.id, millis(status.createdAt)])
      }
      for comment in comments { try Self.insertComment(comment, mentions: [], db) }
    }
    stored = true
  }

  package func status(id: Int64, visibleTo viewer: Int64) async throws -> StatusRecord? {
    try reading { db in
      try Row.fetchOne(
        try db.cachedStatement(sql: "SELECT \(statusColumns) FROM statuses WHERE id = ? AND \(visibleTo)"), arguments: [id, viewer]
      ).map(StatusRecord.init(row:))
    }
  }

  package func statuses(ids: [Int64], visibleTo viewer: Int64) async throws -> [Int64: StatusRecord] {
    try reading { db in try Self.statuses(ids: ids, db).filter { $0.value.isVisible(to: viewer) } }
  }

  package func context(for statuses: [StatusRecord], viewer: Int64) async throws -> StatusContextRows {
    let generation = userRows.currentGeneration
    return try reading { db in try context(for: statuses, viewer: viewer, usersReadAt: generation, db) }
  }

  func context(for statuses: [StatusRecord], viewer: Int64, usersReadAt generation: Int, _ db: Database) throws
    -> StatusContextRows
  {
    let originals = try Self.statuses(ids: statuses.compactMap(\.retweetedID), db)
    let all = statuses + originals.values
    let ids = all.map(\.id)
    let users = try cachedUsers(ids: all.map(\.userID), readAt: generation, db)
    let marks = try viewerMarks(viewer, statuses: ids, people: Array(users.keys), readAt: generation, db)
    return StatusContextRows(
      originals: originals, users: users, apps: try apps(ids: all.map(\.appID), db), favorited: marks.favorited,
      liked: marks.liked, following: marks.following, followers: marks.followers)
  }

  /// The viewer's favourites and likes among `statuses` and relationships with `people`: what
  /// `marked` for both tables, `following` and `followers` give, in one statement.
  struct ViewerMarks {
    var favorited: Set<Int64> = []
    var liked: Set<Int64> = []
    var following: Set<Int64> = []
    var followers: Set<Int64> = []
  }

  /// The viewer's marks among `statuses` and relationships with `people`, from the relations the
  /// user-row cache holds for them (read in full the first time).
  func viewerMarks(_ viewer: Int64, statuses: [Int64], people: [Int64], readAt generation: Int, _ db: Database) throws
    -> ViewerMarks
  {
    let held: UserRowCache.Held
    if let cached = userRows.relations(of: viewer) {
      held = cached
    } else {
      held = try Self.relations(of: viewer, db)
      userRows.add(held, of: viewer, readAt: generation)
    }
    guard case .relations(let relations) = held else {
      return try Self.viewerMarks(viewer, statuses: statuses, people: people, db)
    }
    let marks = relations.marks(statuses: statuses, people: people)
    return ViewerMarks(
      favorited: marks.favorites, liked: marks.likes, following: marks.followees, followers: marks.followers)
  }

  /// Everything `user` favourited and liked and their follows both ways, or `.tooMany`.
  static func relations(of user: Int64, _ db: Database) throws -> UserRowCache.Held {
    let rows = try Row.fetchCursor(
      try db.cachedStatement(sql: """
        SELECT 0, status_id FROM favorites WHERE user_id = ?1
        UNION ALL SELECT 1, status_id FROM likes WHERE user_id = ?1
        UNION ALL SELECT 2, followee_id FROM follows WHERE follower_id = ?1
        UNION ALL SELECT 3, follower_id FROM follows WHERE followee_id = ?1
        LIMIT ?2
        """),
      arguments: [user, UserRowCache.relationsLimit + 1])
    var relations = UserRowCache.Relations()
    var count = 0
    while let row = try rows.next() {
      count += 1
      if count > UserRowCache.relationsLimit { return .tooMany }
      let id: Int64 = row[1]
      switch row[0] as Int {
      case 0: relations.favorites.insert(id)
      case 1: relations.likes.insert(id)
      case 2: relations.followees.insert(id)
      default: relations.followers.insert(id)
      }
    }
    return .relations(relations)
  }

  static func viewerMarks(_ viewer: Int64, statuses: [Int64], people: [Int64], _ db: Database) throws -> ViewerMarks {
    var marks = ViewerMarks()
    guard !statuses.isEmpty || !people.isEmpty else { return marks }
    let rows = try Row.fetchCursor(
      try db.cachedStatement(sql: """
        SELECT 0, m.status_id FROM json_each(?2) j CROSS JOIN favorites m ON m.user_id = ?1 AND m.status_id = j.value
        UNION ALL SELECT 1, m.status_id FROM json_each(?2) j CROSS JOIN likes m ON m.user_id = ?1 AND m.status_id = j.value
        UNION ALL SELECT 2, f.followee_id FROM json_each(?3) j CROSS JOIN follows f ON f.follower_id = ?1 AND f.followee_id = j.value
        UNION ALL SELECT 3, f.follower_id FROM json_each(?3) j CROSS JOIN follows f ON f.follower_id = j.value AND f.followee_id = ?1
        """),
      arguments: [viewer, jsonList(Array(Set(statuses))), jsonList(Array(Set(people)))])
    while let row = try rows.next() {
      let id: Int64 = row[1]
      switch row[0] as Int {
      case 0: marks.favorited.insert(id)
      case 1: marks.liked.insert(id)
      case 2: marks.following.insert(id)
      default: marks.followers.insert(id)
      }
    }
    return marks
  }

  package func deleteStatus(id: Int64) async throws -> StatusRecord {
    let (status, favoriters) = try await pool.write { db in
      guard let status = try Row.fetchOne(try db.cachedStatement(sql: "SELECT \(statusColumns) FROM statuses WHERE id = ?"), arguments: [id])
        .map(StatusRecord.init(row:))
      else { throw StoreError.notFound }
      let favoriters = try Int64.fetchAll(
        try db.cachedStatement(sql: "SELECT user_id FROM favorites WHERE status_id = ?"), arguments: [id])
      try db.execute(sql: "DELETE FROM statuses WHERE id = ?", arguments: [id])
      try db.execute(sql: "DELETE FROM picture_refs WHERE ref = ?", arguments: ["status:\(id)"])
      try db.execute(
        sql: "UPDATE users SET statuses_count = statuses_count - 1, private_statuses_count = private_statuses_count - ? WHERE id = ?",
        arguments: [status.visible == 0 ? 0 : 1, status.userID])
      if let original = status.retweetedID {
        try db.execute(
          sql: "UPDATE statuses SET reposts_count = reposts_count - 1 WHERE id IN (?, ?)",
          arguments: [original, status.parentID ?? original])
      }
      try db.execute(
        sql: """
          UPDATE users SET favourites_count = favourites_count - 1
          WHERE id IN (SELECT user_id FROM favorites WHERE status_id = ?)
          """, arguments: [id])
      try db.execute(
        sql: "DELETE FROM comment_mentions WHERE comment_id IN (SELECT id FROM comments WHERE status_id = ?)",
        arguments: [id])
      for table in ["favorites", "likes", "comments", "status_mentions", "status_topics"] {
        try db.execute(sql: "DELETE FROM \(table) WHERE status_id = ?", arguments: [id])
      }
      return (status, favoriters)
    }
    caches.invalidate(.several([
      .userRows(users: [status.userID] + favoriters), .statuses(changed: status.changedByPosting([]), removed: [id]),
    ]))
    return status
  }

  package func statuses(in feed: StatusFeed, feature: StatusFeature, page: Page) async throws
    -> FeedPage<StatusRecord>
  {
    let generation = userRows.currentGeneration
    if case .search = feed {
      return try await readingAside { db in try self.statuses(in: feed, feature: feature, page: page, usersReadAt: generation, db) }
    }
    return try reading { db in try statuses(in: feed, feature: feature, page: page, usersReadAt: generation, db) }
  }

  package func statuses(in feed: StatusFeed, feature: StatusFeature, page: Page, viewer: Int64) async throws
    -> (page: FeedPage<StatusRecord>, context: StatusContextRows)
  {
    // A reader's own whole home feed is served from the caches when they hold the page, and fills them when not.
    let hot: Int64? = if case .home(let owner) = feed, feature == .all, owner == viewer { owner } else { nil }
    if let hot, let served = caches.homePage(of: hot, page) { return served }
    let generation = userRows.currentGeneration
    let (rowsGeneration, feedsGeneration) = (caches.statusRows.currentGeneration, caches.homeFeeds.currentGeneration)
    let read: @Sendable (Database) throws -> (page: FeedPage<StatusRecord>, context: StatusContextRows) = { db in
      let found = try self.statuses(in: feed, feature: feature, page: page, usersReadAt: generation, db)
      let context = try self.context(for: found.items, viewer: viewer, usersReadAt: generation, db)
      if let owner = hot {
        self.caches.statusRows.add(found.items + context.originals.values, readAt: rowsGeneration)
        if !self.caches.homeFeeds.holds(owner) {
          try self.fillHomeFeed(owner, dense: found.total >= self.denseFeed, readAt: feedsGeneration, db)
        }
      }
      return (found, context)
    }
    if case .search = feed { return try await readingAside(read) }
    return try reading(read)
  }

  func statuses(in feed: StatusFeed, feature: StatusFeature, page: Page, usersReadAt generation: Int, _ db: Database)
    throws -> FeedPage<StatusRecord>
  {
    if case .home(let user) = feed {
      return try homeStatuses(user, feature: feature, page: page, usersReadAt: generation, db)
    }
    let (condition, arguments) = Self.condition(feed, feature)
    let (window, windowArguments) = Self.window(page)
    let items = try decodeRows(
      try db.cachedStatement(sql: "SELECT \(statusColumns) FROM statuses WHERE \(condition)\(window) ORDER BY id DESC LIMIT ? OFFSET ?"),
      arguments + windowArguments + [page.count, page.offset], StatusRecord.init(row:))
    let total = try Int.fetchOne(
      try db.cachedStatement(sql: "SELECT count(*) FROM statuses WHERE \(condition)"), arguments: arguments) ?? 0
    return FeedPage(items: items, total: total)
  }

  package func hotTopics(since: Date, limit: Int) async throws -> [TopicCount] {
    try reading { db in
      try Row.fetchAll(try db.cachedStatement(sql: """
          SELECT topic, count(*) AS n FROM status_topics
          WHERE created_at >= ? AND status_id IN (SELECT id FROM statuses WHERE visible = 0)
          GROUP BY topic ORDER BY n DESC, max(status_id) DESC LIMIT ?
          """),
        arguments: [millis(since), limit]
      ).map { TopicCount(name: $0["topic"], count: $0["n"]) }
    }
  }

  // MARK: Comments

  package func insertComments(_ comments: [CommentRecord], mentions: [Int64]) async throws {
    defer { caches.invalidate(.statuses(changed: comments.map(\.statusID))) }
    try await pool.write { db in
      for comment in comments { try Self.insertComment(comment, mentions: mentions, db) }
    }
  }

  package func comment(id: Int64, visibleTo viewer: Int64) async throws -> CommentRecord? {
    try await comments(ids: [id], visibleTo: viewer)[id]
  }

  package func comments(ids: [Int64], visibleTo viewer: Int64) async throws -> [Int64: CommentRecord] {
    guard !ids.isEmpty else { return [:] }
    let unique = Array(Set(ids))
    return try reading { db in
      let rows = try Row.fetchAll(try db.cachedStatement(sql: """
          SELECT * FROM comments WHERE id IN (SELECT value FROM json_each(?))
            AND status_id IN (SELECT id FROM statuses WHERE \(visibleTo))
          """),
        arguments: [jsonList(unique), viewer])
      return Dictionary(rows.map { (($0["id"] as Int64), CommentRecord(row: $0)) }, uniquingKeysWith: { a, _ in a })
    }
  }

  package func deleteComment(id: Int64) async throws -> CommentRecord {
    let comment = try await pool.write { db in
      guard let comment = try Row.fetchOne(try db.cachedStatement(sql: "SELECT * FROM comments WHERE id = ?"), arguments: [id])
        .map(CommentRecord.init(row:))
      else { throw StoreError.notFound }
      try db.execute(sql: "DELETE FROM comments WHERE id = ?", arguments: [id])
      try db.execute(sql: "DELETE FROM comment_mentions WHERE comment_id = ?", arguments: [id])
      try db.execute(
        sql: "UPDATE statuses SET comments_count = comments_count - 1 WHERE id = ?", arguments: [comment.statusID])
      return comment
    }
    caches.invalidate(.statuses(changed: [comment.statusID]))
    return comment
  }

  package func comments(in feed: CommentFeed, page: Page) async throws -> FeedPage<CommentRecord> {
    try reading { db in
      let (condition, arguments) = Self.condition(feed)
      let (window, windowArguments) = Self.window(page)
      let items = try Row.fetchAll(
        try db.cachedStatement(sql: "SELECT * FROM comments WHERE \(condition)\(window) ORDER BY id DESC LIMIT ? OFFSET ?"),
        arguments: arguments + windowArguments + [page.count, page.offset]
      ).map(CommentRecord.init(row:))
      let total = try Int.fetchOne(
        try db.cachedStatement(sql: "SELECT count(*) FROM comments WHERE \(condition)"), arguments: arguments) ?? 0
      return FeedPage(items: items, total: total)
    }
  }

  // MARK: Friendships

  package func follow(follower: Int64, followee: Int64, id: Int64, at: Date) async throws {
    defer { caches.invalidate(.userRows(users: [follower, followee], followeesOf: [follower], relationsOf: [follower, followee])) }
    try await pool.write { db in
      let users = try Int.fetchOne(try db.cachedStatement(sql: "SELECT count(*) FROM users WHERE id IN (?, ?)"), arguments: [follower, followee]) ?? 0
      guard users == 2 else { throw StoreError.notFound }
      let exists = try Bool.fetchOne(try db.cachedStatement(sql: "SELECT 1 FROM follows WHERE follower_id = ? AND followee_id = ?"), arguments: [follower, followee])
      if exists == true { throw StoreError.conflict }
      try db.execute(
        sql: "INSERT INTO follows (follower_id, followee_id, id, created_at) VALUES (?, ?, ?, ?)",
        arguments: [follower, followee, id, millis(at)])
      try Self.adjustFollowCounters(follower: follower, followee: followee, by: 1, db)
    }
  }

  package func unfollow(follower: Int64, followee: Int64) async throws {
    defer { caches.invalidate(.userRows(users: [follower, followee], followeesOf: [follower], relationsOf: [follower, followee])) }
    try await pool.write { db in
      try db.execute(
        sql: "DELETE FROM follows WHERE follower_id = ? AND followee_id = ?", arguments: [follower, followee])
      guard db.changesCount == 1 else { throw StoreError.notFound }
      try Self.adjustFollowCounters(follower: follower, followee: followee, by: -1, db)
    }
  }

  package func following(_ user: Int64, among candidates: [Int64]) async throws -> Set<Int64> {
    try reading { db in try Self.following(user, among: candidates, db) }
  }

  package func followers(_ user: Int64, among candidates: [Int64]) async throws -> Set<Int64> {
    try reading { db in try Self.followers(user, among: candidates, db) }
  }

  package func setSpecial(follower: Int64, followee: Int64, special: Bool) async throws {
    try await pool.write { db in
      try db.execute(
        sql: "UPDATE follows SET special = ? WHERE follower_id = ? AND followee_id = ?",
        arguments: [special ? 1 : 0, follower, followee])
      guard db.changesCount == 1 else { throw StoreError.notFound }
    }
  }

  package func specialFollowing(_ user: Int64, among candidates: [Int64]) async throws -> Set<Int64> {
    guard !candidates.isEmpty else { return [] }
    return try reading { db in
      Set(try Int64.fetchAll(
        try db.cachedStatement(sql: "SELECT followee_id FROM follows WHERE follower_id = ? AND special = 1 AND followee_id IN (SELECT value FROM json_each(?))"),
        arguments: [user, jsonList(Array(Set(candidates)))]))
    }
  }

  package func friendIDs(of user: Int64, offset: Int, limit: Int) async throws -> [Int64] {
    try reading { db in
      try Int64.fetchAll(try db.cachedStatement(sql: "SELECT followee_id FROM follows WHERE follower_id = ? ORDER BY id DESC LIMIT ? OFFSET ?"),
        arguments: [user, limit, offset])
    }
  }

  package func followerIDs(of user: Int64, offset: Int, limit: Int) async throws -> [Int64] {
    try reading { db in
      try Int64.fetchAll(try db.cachedStatement(sql: "SELECT follower_id FROM follows WHERE followee_id = ? ORDER BY id DESC LIMIT ? OFFSET ?"),
        arguments: [user, limit, offset])
    }
  }

  // MARK: Favourites and likes

  package func favorite(_ mark: Mark) async throws {
    defer { caches.invalidate(.userRows(users: [mark.userID], relationsOf: [mark.userID])) }
    try await pool.write { db in
      guard try Bool.fetchOne(try db.cachedStatement(sql: "SELECT 1 FROM statuses WHERE id = ?"), arguments: [mark.statusID]) == true
      else { throw StoreError.notFound }
      let exists = try Bool.fetchOne(try db.cachedStatement(sql: "SELECT 1 FROM favorites WHERE user_id = ? AND status_id = ?"), arguments: [mark.userID, mark.statusID])
      if exists == true { throw StoreError.conflict }
      try db.execute(
        sql: "INSERT INTO favorites (user_id, status_id, id, created_at) VALUES (?, ?, ?, ?)",
        arguments: [mark.userID, mark.statusID, mark.id, millis(mark.createdAt)])
      try db.execute(
        sql: "UPDATE users SET favourites_count = favourites_count + 1 WHERE id = ?", arguments: [mark.userID])
    }
  }

  package func unfavorite(userID: Int64, statusID: Int64) async throws -> Mark {
    defer { caches.invalidate(.userRows(users: [userID], relationsOf: [userID])) }
    return try await pool.write { db in
      guard let mark = try Row.fetchOne(try db.cachedStatement(sql: "SELECT * FROM favorites WHERE user_id = ? AND status_id = ?"), arguments: [userID, statusID]
      ).map(Mark.init(row:))
      else { throw StoreError.notFound }
      try db.execute(sql: "DELETE FROM favorites WHERE user_id = ? AND status_id = ?", arguments: [userID, statusID])
      try db.execute(sql: "UPDATE users SET favourites_count = favourites_count - 1 WHERE id = ?", arguments: [userID])
      return mark
    }
  }

  package func favorite(userID: Int64, statusID: Int64) async throws -> Mark? {
    try reading { db in
      try Row.fetchOne(try db.cachedStatement(sql: "SELECT * FROM favorites WHERE user_id = ? AND status_id = ?"), arguments: [userID, statusID]
      ).map(Mark.init(row:))
    }
  }

  package func favorites(userID: Int64, page: Page) async throws -> [Mark] {
    try reading { db in
      try Row.fetchAll(try db.cachedStatement(sql: "SELECT * FROM favorites WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?"),
        arguments: [userID, page.count, page.offset]
      ).map(Mark.init(row:))
    }
  }

  package func favorited(by user: Int64, among statusIDs: [Int64]) async throws -> Set<Int64> {
    try await marked("favorites", by: user, among: statusIDs)
  }

  package func like(_ mark: Mark) async throws {
    defer { caches.invalidate(.several([.userRows(relationsOf: [mark.userID]), .statuses(changed: [mark.statusID])])) }
    try await pool.write { db in
      guard let author = try Int64.fetchOne(try db.cachedStatement(sql: "SELECT user_id FROM statuses WHERE id = ?"), arguments: [mark.statusID])
      else { throw StoreError.notFound }
      let exists = try Bool.fetchOne(try db.cachedStatement(sql: "SELECT 1 FROM likes WHERE user_id = ? AND status_id = ?"), arguments: [mark.userID, mark.statusID])
      if exists == true { throw StoreError.conflict }
      try db.execute(
        sql: "INSERT INTO likes (user_id, status_id, status_user_id, id, created_at) VALUES (?, ?, ?, ?, ?)",
        arguments: [mark.userID, mark.statusID, author, mark.id, millis(mark.createdAt)])
      try db.execute(
        sql: "UPDATE statuses SET attitudes_count = attitudes_count + 1 WHERE id = ?", arguments: [mark.statusID])
    }
  }

  package func unlike(userID: Int64, statusID: Int64) async throws -> Mark {
    defer { caches.invalidate(.several([.userRows(relationsOf: [userID]), .statuses(changed: [statusID])])) }
    return try await pool.write { db in
      guard let mark = try Row.fetchOne(try db.cachedStatement(sql: "SELECT * FROM likes WHERE user_id = ? AND status_id = ?"), arguments: [userID, statusID]
      ).map(Mark.init(row:))
      else { throw StoreError.notFound }
      try db.execute(sql: "DELETE FROM likes WHERE user_id = ? AND status_id = ?", arguments: [userID, statusID])
      try db.execute(
        sql: "UPDATE statuses SET attitudes_count = attitudes_count - 1 WHERE id = ?", arguments: [statusID])
      return mark
    }
  }

  package func liked(by user: Int64, among statusIDs: [Int64]) async throws -> Set<Int64> {
    try await marked("likes", by: user, among: statusIDs)
  }

  package func likes(statusID: Int64, page: Page) async throws -> [Mark] {
    try reading { db in
      try Row.fetchAll(try db.cachedStatement(sql: "SELECT * FROM likes WHERE status_id = ? AND id > ? AND (? = 0 OR id <= ?) ORDER BY id DESC LIMIT ? OFFSET ?"),
        arguments: [statusID, page.sinceID, page.maxID, page.maxID, page.count, page.offset]
      ).map(Mark.init(row:))
    }
  }

  package func likesReceived(userID: Int64, page: Page) async throws -> [Mark] {
    try reading { db in
      try Row.fetchAll(try db.cachedStatement(sql: "SELECT * FROM likes WHERE status_user_id = ? AND user_id <> ? AND id > ? AND (? = 0 OR id <= ?) ORDER BY id DESC LIMIT ? OFFSET ?"),
        arguments: [userID, userID, page.sinceID, page.maxID, page.maxID, page.count, page.offset]
      ).map(Mark.init(row:))
    }
  }

  // MARK: Unread counters

  package func unreadCounts(userID: Int64) async throws -> [UnreadKind: Int] {
    try reading { db in
      let marks = Dictionary(
        try Row.fetchAll(try db.cachedStatement(sql: "SELECT kind, mark FROM seen WHERE user_id = ?"), arguments: [userID])
          .map { (($0["kind"] as String), ($0["mark"] as Int64)) }, uniquingKeysWith: max)
      var counts: [UnreadKind: Int] = [:]
      for kind in UnreadKind.allCases {
        // A user has seen nothing older than their account.
        let mark = marks[kind.rawValue] ?? userID
        let (source, args) = Self.unreadSource(kind, userID: userID, after: mark)
        counts[kind] = try Int.fetchOne(try db.cachedStatement(sql: "SELECT count(*) FROM (\(source) LIMIT \(Self.unreadCap)) AS unread"), arguments: args) ?? 0
      }
      return counts
    }
  }

  package func markSeen(userID: Int64, kind: UnreadKind, upTo: Int64) async throws {
    let key = SeenMarks.Key(userID: userID, kind: kind)
    if caches.seen.covers(key, upTo: upTo) { return }
    // Reading first keeps repeated timeline loads from queueing on the single writer.
    let current = try reading { db in
      try Int64.fetchOne(try db.cachedStatement(sql: "SELECT mark FROM seen WHERE user_id = ? AND kind = ?"), arguments: [userID, kind.rawValue])
    }
    if let current, current >= upTo {
      caches.seen.raise(key, to: current)
      return
    }
    try await pool.write { db in
      try db.execute(
        sql: """
          INSERT INTO seen (user_id, kind, mark) VALUES (?, ?, ?)
          ON CONFLICT (user_id, kind) DO UPDATE SET mark = excluded.mark WHERE excluded.mark > seen.mark
          """,
        arguments: [userID, kind.rawValue, upTo])
    }
    caches.seen.raise(key, to: upTo)
  }

  // MARK: Maintenance

  package func recomputeCounters() async throws {
    defer { caches.invalidate(.everything) }
    try await pool.write { db in
      try db.execute(
        sql: """
          UPDATE users SET
            statuses_count = (SELECT count(*) FROM statuses s WHERE s.user_id = users.id),
            private_statuses_count = (SELECT count(*) FROM statuses s WHERE s.user_id = users.id AND s.visible <> 0),
            followers_count = (SELECT count(*) FROM follows f WHERE f.followee_id = users.id),
            friends_count = (SELECT count(*) FROM follows f WHERE f.follower_id = users.id),
            favourites_count = (SELECT count(*) FROM favorites f WHERE f.user_id = users.id),
            bi_followers_count = (SELECT count(*) FROM follows a JOIN follows b
              ON b.follower_id = a.followee_id AND b.followee_id = a.follower_id WHERE a.follower_id = users.id);
          UPDATE statuses SET
            reposts_count = (SELECT count(*) FROM statuses r WHERE r.retweeted_id = statuses.id OR r.parent_id = statuses.id),
            comments_count = (SELECT count(*) FROM comments c WHERE c.status_id = statuses.id),
            attitudes_count = (SELECT count(*) FROM likes l WHERE l.status_id = statuses.id);
          """)
    }
  }

  package func importRows(_ batch: ImportBatch) async throws {
    defer { caches.invalidate(.everything) }
    try await pool.write { db in
      // A big import rewrites index pages many times over: a larger page cache for it (given back after) keeps
      // them in memory, and each statement is prepared once.
      try db.execute(sql: "PRAGMA cache_size = -1048576")
      defer { try? db.execute(sql: "PRAGMA cache_size = -2000") }
      for user in batch.users { try Self.insert(user, db) }
      for app in batch.apps { try Self.insert(app, db) }
      let follow = try db.cachedStatement(
        sql: "INSERT INTO follows (follower_id, followee_id, id, created_at) VALUES (?, ?, ?, ?)")
      for (follower, followee, id, at) in batch.follows {
        try follow.execute(arguments: [follower, followee, id, millis(at)])
      }
      for status in batch.statuses { try Self.insert(status, db) }
      let mention = try db.cachedStatement(sql: "INSERT INTO status_mentions (user_id, status_id) VALUES (?, ?)")
      for (status, user) in batch.statusMentions { try mention.execute(arguments: [user, status]) }
      let times = Dictionary(batch.statuses.map { ($0.id, $0.createdAt) }, uniquingKeysWith: { a, _ in a })
      let topic = try db.cachedStatement(sql: "INSERT INTO status_topics (topic, status_id, created_at) VALUES (?, ?, ?)")
      for (status, name) in batch.statusTopics {
        try topic.execute(arguments: [name, status, millis(times[status] ?? Date())])
      }
      for comment in batch.comments { try Self.insertCommentRow(comment, db) }
      let commentMention = try db.cachedStatement(
        sql: "INSERT INTO comment_mentions (user_id, comment_id) VALUES (?, ?)")
      for (comment, user) in batch.commentMentions { try commentMention.execute(arguments: [user, comment]) }
      let like = try db.cachedStatement(sql: """
        INSERT INTO likes (user_id, status_id, status_user_id, id, created_at)
        SELECT ?, id, user_id, ?, ? FROM statuses WHERE id = ?
        """)
      for mark in batch.likes {
        try like.execute(arguments: [mark.userID, mark.id, millis(mark.createdAt), mark.statusID])
      }
      let favorite = try db.cachedStatement(
        sql: "INSERT INTO favorites (user_id, status_id, id, created_at) VALUES (?, ?, ?, ?)")
      for mark in batch.favorites {
        try favorite.execute(arguments: [mark.userID, mark.statusID, mark.id, millis(mark.createdAt)])
      }
    }
  }
}

// MARK: - SQL pieces

extension SQLiteStore {

  /// Unread counters stop counting here; clients show "99+" long before.
  static let unreadCap = 1000

  /// The statuses a home feed holds: all of the user's and the public ones of everyone they follow, from
  /// the user-row cache where it has them.
  func homeSize(_ user: Int64, usersReadAt generation: Int, _ db: Database) throws -> Int {
    let followees: [Int64]
    if let cached = userRows.followees(of: user) {
      followees = cached
    } else {
      followees = try Int64.fetchAll(
        try db.cachedStatement(sql: "SELECT followee_id FROM follows WHERE follower_id = ?"), arguments: [user])
      userRows.add(followees: followees, of: user, readAt: generation)
    }
    let people = [user] + followees
    var (size, missing) = userRows.statusesCount(of: people, seenBy: user)
    if !missing.isEmpty {
      let loaded = try cachedUsers(ids: missing, readAt: generation, db)
      size += missing.reduce(0) { $0 + (loaded[$1]?.statusesCount(seenBy: user) ?? 0) }
    }
    return size
  }

  /// Holds the newest ids of `user`'s home feed (see `HomeFeeds`), read in the snapshot of the page.
  func fillHomeFeed(_ user: Int64, dense: Bool, readAt generation: Int, _ db: Database) throws {
    let (condition, arguments) = Self.homeCondition(user, walk: dense)
    let ids = try Int64.fetchAll(
      try db.cachedStatement(sql: "SELECT id FROM statuses WHERE \(condition) ORDER BY id DESC LIMIT ?"),
      arguments: arguments + [caches.homeFeeds.depth + 1])
    let followees = try Int64.fetchAll(
      try db.cachedStatement(sql: "SELECT followee_id FROM follows WHERE follower_id = ?"), arguments: [user])
    let depth = caches.homeFeeds.depth
    caches.homeFeeds.add(
      Array(ids.prefix(depth)), complete: ids.count <= depth, of: user, followees: followees, readAt: generation)
  }

  /// Users by id, from the user-row cache where it has them; the rest are read and cached.
  func cachedUsers(ids: [Int64], readAt generation: Int, _ db: Database) throws -> [Int64: UserRecord] {
    var (found, missing) = userRows.users(ids)
    if !missing.isEmpty {
      let loaded = try Self.users(ids: missing, db)
      userRows.add(users: loaded.values, readAt: generation)
      found.merge(loaded) { a, _ in a }
    }
    return found
  }

  /// `since_id` and `max_id` as SQL.
  static func window(_ page: Page) -> (String, StatementArguments) {
    var sql = ""
    var arguments: StatementArguments = []
    if page.sinceID > 0 {
      sql += " AND id > ?"
      arguments += [page.sinceID]
    }
    if page.maxID > 0 {
      sql += " AND id <= ?"
      arguments += [page.maxID]
    }
    return (sql, arguments)
  }

  /// Below `denseFeed` statuses in a home feed, sorting the feed's ids is cheapest; above it, walking all
  /// statuses newest first until the page is full is, since a big feed is dense. Either way a page costs
  /// at most a few thousand index entries, whatever the follow graph.
  func homeStatuses(_ user: Int64, feature: StatusFeature, page: Page, usersReadAt generation: Int, _ db: Database)
    throws -> FeedPage<StatusRecord>
  {
    let size = try homeSize(user, usersReadAt: generation, db)
    let dense = size >= denseFeed
    let (condition, arguments) = Self.homeCondition(user, walk: dense)
    let (window, windowArguments) = Self.window(page)
    let filter = Self.featureClause(feature) + window
    let sql = dense
      ? "SELECT \(statusColumns) FROM statuses WHERE \(condition)\(filter) ORDER BY id DESC LIMIT ? OFFSET ?"
      : """
        SELECT \(statusColumns) FROM statuses WHERE id IN (
          SELECT id FROM statuses WHERE \(condition)\(filter) ORDER BY id DESC LIMIT ? OFFSET ?)
        ORDER BY id DESC
        """
    let items = try decodeRows(
      try db.cachedStatement(sql: sql), arguments + windowArguments + [page.count, page.offset], StatusRecord.init(row:))
    // The counters hold the whole feed's size; a filtered feed is counted.
    let total = feature == .all ? size : try Int.fetchOne(
      try db.cachedStatement(sql: "SELECT count(*) FROM statuses WHERE \(Self.homeCondition(user, walk: false).0)\(Self.featureClause(feature))"),
      arguments: arguments) ?? 0
    return FeedPage(items: items, total: total)
  }

  static func condition(_ feed: StatusFeed, _ feature: StatusFeature) -> (String, StatementArguments) {
    var (sql, args): (String, StatementArguments)
    switch feed {
    case .home(let user):
      (sql, args) = homeCondition(user, walk: false)
    case .user(let user, let viewer):
      sql = "user_id = ? AND \(visibleTo)"
      args = [user, viewer]
    case .everyone:
      sql = "visible = 0"
      args = []
    case .mentions(let user):
      sql = "id IN (SELECT status_id FROM status_mentions WHERE user_id = ?) AND visible = 0"
      args = [user]
    case .reposts(let id):
      sql = "(retweeted_id = ? OR parent_id = ?) AND visible = 0"
      args = [id, id]
    case .topic(let topic):
      sql = "id IN (SELECT status_id FROM status_topics WHERE topic = ?) AND visible = 0"
      args = [topic]
    case .search(let words) where words.unicodeScalars.count >= trigram:
      sql = "id IN (SELECT rowid FROM status_search WHERE status_search MATCH ?) AND visible = 0"
      args = [ftsPhrase(words)]
    case .search(let words):
      // Under three characters the trigram index cannot help: only the newest statuses are searched.
      sql = """
        text LIKE ? ESCAPE '\\' AND visible = 0 AND id >= \
        coalesce((SELECT id FROM statuses ORDER BY id DESC LIMIT 1 OFFSET \(shortSearchReach - 1)), 0)
        """
      args = ["%" + likeEscaped(words) + "%"]
    case .bilateral(let user):
      sql = """
        user_id IN (SELECT a.followee_id FROM follows a JOIN follows b \
        ON b.follower_id = a.followee_id AND b.followee_id = a.follower_id WHERE a.follower_id = ?) AND visible = 0
        """
      args = [user]
    case .special(let user):
      sql = "user_id IN (SELECT followee_id FROM follows WHERE follower_id = ? AND special = 1) AND visible = 0"
      args = [user]
    }
    return (sql + featureClause(feature), args)
  }

  static func featureClause(_ feature: StatusFeature) -> String {
    switch feature {
    case .all: ""
    case .original: " AND retweeted_id IS NULL"
    case .picture: " AND has_pictures = 1"
    }
  }

  /// The home feed; `walk` writes `+user_id` so SQLite walks ids newest first instead of the author index.
  static func homeCondition(_ user: Int64, walk: Bool) -> (String, StatementArguments) {
    let column = walk ? "+user_id" : "user_id"
    return (
      "(\(column) = ? OR \(column) IN (SELECT followee_id FROM follows WHERE follower_id = ?)) AND \(visibleTo)",
      [user, user, user]
    )
  }

  static func condition(_ feed: CommentFeed) -> (String, StatementArguments) {
    switch feed {
    case .onStatus(let id): ("status_id = ?", [id])
    case .byUser(let user): ("user_id = ?", [user])
    case .toUser(let user): ("(status_user_id = ? OR reply_user_id = ?) AND user_id <> ?", [user, user, user])
    case .timeline(let user): ("(user_id = ? OR status_user_id = ? OR reply_user_id = ?)", [user, user, user])
    case .mentions(let user): ("id IN (SELECT comment_id FROM comment_mentions WHERE user_id = ?)", [user])
    }
  }

  static func unreadSource(_ kind: UnreadKind, userID: Int64, after mark: Int64) -> (String, StatementArguments) {
    switch kind {
    case .status:
      let (home, args) = homeCondition(userID, walk: true)
      return ("SELECT 1 FROM statuses WHERE \(home) AND user_id <> ? AND id > ?", args + [userID, mark])
    case .follower:
      return ("SELECT 1 FROM follows WHERE followee_id = ? AND id > ?", [userID, mark])
    case .cmt:
      let (toMe, args) = condition(.toUser(userID))
      return ("SELECT 1 FROM comments WHERE \(toMe) AND id > ?", args + [mark])
    case .mentionStatus:
      return (
        "SELECT 1 FROM status_mentions m JOIN statuses s ON s.id = m.status_id WHERE m.user_id = ? AND m.status_id > ? AND s.visible = 0",
        [userID, mark])
    case .mentionCmt:
      return ("""
        SELECT 1 FROM comment_mentions m JOIN comments c ON c.id = m.comment_id JOIN statuses s ON s.id = c.status_id
        WHERE m.user_id = ? AND m.comment_id > ? AND s.visible = 0
        """, [userID, mark])
    case .attitude:
      return ("SELECT 1 FROM likes WHERE status_user_id = ? AND user_id <> ? AND id > ?", [userID, userID, mark])
    }
  }

  func marked(_ table: String, by user: Int64, among statusIDs: [Int64]) async throws -> Set<Int64> {
    try reading { db in try Self.marked(table, by: user, among: statusIDs, db) }
  }

  static func marked(_ table: String, by user: Int64, among statusIDs: [Int64], _ db: Database) throws -> Set<Int64> {
    guard !statusIDs.isEmpty else { return [] }
    let unique = Array(Set(statusIDs))
    return Set(
      try Int64.fetchAll(try db.cachedStatement(sql: "SELECT m.status_id FROM json_each(?2) j CROSS JOIN \(table) m ON m.user_id = ?1 AND m.status_id = j.value"),
        arguments: [user, jsonList(unique)]))
  }

  static func following(_ user: Int64, among candidates: [Int64], _ db: Database) throws -> Set<Int64> {
    guard !candidates.isEmpty else { return [] }
    let unique = Array(Set(candidates))
    return Set(
      try Int64.fetchAll(try db.cachedStatement(sql: "SELECT f.followee_id FROM json_each(?2) j CROSS JOIN follows f ON f.follower_id = ?1 AND f.followee_id = j.value"),
        arguments: [user, jsonList(unique)]))
  }

  static func followers(_ user: Int64, among candidates: [Int64], _ db: Database) throws -> Set<Int64> {
    guard !candidates.isEmpty else { return [] }
    let unique = Array(Set(candidates))
    return Set(
      try Int64.fetchAll(try db.cachedStatement(sql: "SELECT f.follower_id FROM json_each(?2) j CROSS JOIN follows f ON f.follower_id = j.value AND f.followee_id = ?1"),
        arguments: [user, jsonList(unique)]))
  }

  static func users(ids: [Int64], _ db: Database) throws -> [Int64: UserRecord] {
    guard !ids.isEmpty else { return [:] }
    let unique = Array(Set(ids))
    let users = try decodeRows(
      try db.cachedStatement(sql: "SELECT \(userColumnsOfU) FROM json_each(?) j CROSS JOIN users u ON u.id = j.value"),
      [jsonList(unique)], UserRecord.init(row:))
    return Dictionary(users.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
  }

  static func apps(ids: [Int64], _ db: Database) throws -> [Int64: AppRecord] {
    guard !ids.isEmpty else { return [:] }
    let unique = Array(Set(ids))
    let rows = try Row.fetchAll(try db.cachedStatement(sql: "SELECT * FROM apps WHERE id IN (SELECT value FROM json_each(?))"), arguments: [jsonList(unique)])
    return Dictionary(rows.map { AppRecord(row: $0) }.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
  }

  static func statuses(ids: [Int64], _ db: Database) throws -> [Int64: StatusRecord] {
    guard !ids.isEmpty else { return [:] }
    let unique = Array(Set(ids))
    let statuses = try decodeRows(
      try db.cachedStatement(sql: "SELECT \(statusColumnsOfS) FROM json_each(?) j CROSS JOIN statuses s ON s.id = j.value"),
      [jsonList(unique)], StatusRecord.init(row:))
    return Dictionary(statuses.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
  }

  static func adjustFollowCounters(follower: Int64, followee: Int64, by delta: Int, _ db: Database) throws {
    try db.execute(sql: "UPDATE users SET friends_count = friends_count + ? WHERE id = ?", arguments: [delta, follower])
    try db.execute(
      sql: "UPDATE users SET followers_count = followers_count + ? WHERE id = ?", arguments: [delta, followee])
    let mutual = try Bool.fetchOne(try db.cachedStatement(sql: "SELECT 1 FROM follows WHERE follower_id = ? AND followee_id = ?"), arguments: [followee, follower])
    if mutual == true {
      try db.execute(
        sql: "UPDATE users SET bi_followers_count = bi_followers_count + ? WHERE id IN (?, ?)",
        arguments: [delta, follower, followee])
    }
  }

  static func insert(_ user: UserRecord, _ db: Database) throws {
    let taken = try Bool.fetchOne(try db.cachedStatement(sql: "SELECT 1 FROM users WHERE screen_name_key = ? OR id = ?"),
      arguments: [user.screenName.lowercased(), user.id])
    if taken == true { throw StoreError.conflict }
    try db.execute(
      sql: """
        INSERT INTO users (id, screen_name, screen_name_key, password_hash, description, location, gender, url,
          avatar, verified_type, verified_reason, mbtype, mbrank, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        user.id, user.screenName, user.screenName.lowercased(), user.passwordHash, user.description, user.location,
        user.gender, user.url, user.avatar, user.verifiedType, user.verifiedReason, user.mbtype, user.mbrank,
        millis(user.createdAt),
      ])
    try referAvatar(user, db)
  }

  static func insert(_ app: AppRecord, _ db: Database) throws {
    let taken = try Bool.fetchOne(try db.cachedStatement(sql: "SELECT 1 FROM apps WHERE client_id = ?"), arguments: [app.clientID])
    if taken == true { throw StoreError.conflict }
    try db.execute(
      sql: """
        INSERT INTO apps (id, client_id, secret_hash, name, url, redirect_uri, first_party, public, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        app.id, app.clientID, app.secretHash, app.name, app.url, app.redirectURI, app.firstParty ? 1 : 0,
        app.isPublic ? 1 : 0, millis(app.createdAt),
      ])
  }

  /// What a user's avatar keeps alive: `avatar:<id>` refers to its picture.
  static func referAvatar(_ user: UserRecord, _ db: Database) throws {
    try db.execute(sql: "DELETE FROM picture_refs WHERE ref = ?", arguments: ["avatar:\(user.id)"])
    if let avatar = user.avatar, let id = avatar.split(separator: ".").first {
      try db.execute(sql: "INSERT OR IGNORE INTO picture_refs (picture_id, ref) VALUES (?, ?)",
                     arguments: [String(id), "avatar:\(user.id)"])
    }
  }

  static func insert(_ status: StatusRecord, _ db: Database) throws {
    for picture in status.pictures {
      try db.cachedStatement(sql: "INSERT OR IGNORE INTO picture_refs (picture_id, ref) VALUES (?, ?)")
        .execute(arguments: [picture.id, "status:\(status.id)"])
    }
    let pictures = status.pictures.isEmpty ? "" : String(decoding: try JSONEncoder().encode(status.pictures), as: UTF8.self)
    try db.cachedStatement(sql: """
        INSERT INTO statuses (id, user_id, text, app_id, created_at, retweeted_id, parent_id, pictures, has_pictures,
          latitude, longitude, visible)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """).execute(arguments: [
        status.id, status.userID, status.text, status.appID, millis(status.createdAt), status.retweetedID,
        status.retweetedID == nil ? nil : status.parentID, pictures, status.pictures.isEmpty ? 0 : 1,
        status.latitude, status.longitude, status.visible,
      ])
  }

  static func insertComment(_ comment: CommentRecord, mentions: [Int64], _ db: Database) throws {
    try insertCommentRow(comment, db)
    guard db.changesCount == 1 else { throw StoreError.notFound }
    try db.execute(
      sql: "UPDATE statuses SET comments_count = comments_count + 1 WHERE id = ?", arguments: [comment.statusID])
    // Mentions in comments on a private status would tell others about it: there are none.
    for user in Set(mentions) {
      try db.execute(
        sql: """
          INSERT INTO comment_mentions (user_id, comment_id)
          SELECT ?, ? WHERE EXISTS (SELECT 1 FROM statuses WHERE id = ? AND visible = 0)
          """,
        arguments: [user, comment.id, comment.statusID])
    }
  }

  /// Inserts the row only if its status exists and the commenter may see it (and the comment it replies to
  /// exists); check `changesCount`.
  static func insertCommentRow(_ comment: CommentRecord, _ db: Database) throws {
    var replyUser: Int64?
    if let reply = comment.replyCommentID {
      replyUser = try Int64.fetchOne(try db.cachedStatement(sql: "SELECT user_id FROM comments WHERE id = ? AND status_id = ?"), arguments: [reply, comment.statusID])
      guard replyUser != nil else { throw StoreError.notFound }
    }
    try db.cachedStatement(sql: """
        INSERT INTO comments (id, status_id, status_user_id, user_id, text, app_id, created_at, reply_comment_id,
          reply_user_id)
        SELECT ?, id, user_id, ?, ?, ?, ?, ?, ? FROM statuses WHERE id = ? AND \(visibleTo)
        """).execute(arguments: [
        comment.id, comment.userID, comment.text, comment.appID, millis(comment.createdAt), comment.replyCommentID,
        replyUser, comment.statusID, comment.userID,
      ])
  }
}

// MARK: - Rows

/// Rows decoded as the statement steps, each read in place: `Row.fetchAll` copies every row first, and on
/// the hot reads (a page of statuses, their authors) the copies cost more than the query.
func decodeRows<T>(_ statement: Statement, _ arguments: StatementArguments, _ decode: (Row) -> T) throws -> [T] {
  var result: [T] = []
  let rows = try Row.fetchCursor(statement, arguments: arguments)
  while let row = try rows.next() { result.append(decode(row)) }
  return result
}

func millis(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
func date(_ millis: Int64) -> Date { Date(timeIntervalSince1970: Double(millis) / 1000) }
/// A JSON array of values, for `IN (SELECT value FROM json_each(?))`: one parameter whatever the count.
/// Lookups by id join it instead (`json_each(?) j CROSS JOIN t ON t.id = j.value`, CROSS JOIN keeping the list
/// outside): one index search per id, where `IN` first builds, sorts and frees a temporary b-tree.
func jsonList(_ values: [Int64]) -> String {
  var bytes: [UInt8] = []
  bytes.reserveCapacity(values.count * 20 + 2)
  bytes.append(UInt8(ascii: "["))
  for (index, value) in values.enumerated() {
    if index > 0 { bytes.append(UInt8(ascii: ",")) }
    bytes.append(contentsOf: String(value).utf8)
  }
  bytes.append(UInt8(ascii: "]"))
  return String(decoding: bytes, as: UTF8.self)
}
func jsonList<T: CustomStringConvertible>(_ values: [T]) -> String {
  if let strings = values as? [String] {
    return String(decoding: (try? JSONSerialization.data(withJSONObject: strings)) ?? Data("[]".utf8), as: UTF8.self)
  }
  return "[" + values.map(\.description).joined(separator: ",") + "]"
}
/// Search terms of this many characters (Unicode scalars, as the tokenizer counts) or more use the trigram indexes.
let trigram = 3
/// How many of the newest statuses a search shorter than `trigram` reads.
let shortSearchReach = 20_000

/// `words` as one FTS5 phrase (a substring, for the trigram tokenizer).
func ftsPhrase(_ words: String) -> String {
  "\"" + words.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}

extension SQLiteStore {
  /// Screen names containing `key` (three or more characters, by the trigram index), or beginning with it
  /// (shorter keys, by the name index).
  static func nameMatch(_ key: String) -> (String, StatementArguments) {
    key.unicodeScalars.count >= trigram
      ? ("id IN (SELECT rowid FROM user_search WHERE user_search MATCH ?)", [ftsPhrase(key)])
      : ("screen_name_key >= ? AND screen_name_key < ?", [key, key + "\u{10FFFF}"])
  }
}

func likeEscaped(_ s: String) -> String {
  s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
    .replacingOccurrences(of: "_", with: "\\_")
}

/// Column lists in the order the row initialisers read them: by position, which is much cheaper than by name.
let userColumns = """
  id, screen_name, password_hash, description, location, gender, url, avatar, verified_type, verified_reason, \
  mbtype, mbrank, created_at, followers_count, friends_count, statuses_count, favourites_count, bi_followers_count, \
  private_statuses_count
  """
extension String {
  /// A column list with every column prefixed by `table.`, for queries that join.
  func qualified(_ table: String) -> String {
    split(separator: ",").map { "\(table).\($0.trimmingCharacters(in: .whitespacesAndNewlines))" }.joined(separator: ", ")
  }
}
/// Who may see a status: everyone when it is public, else its author (bind the viewer's id).
let visibleTo = "(visible = 0 OR user_id = ?)"

let statusColumns = """
  id, user_id, text, app_id, created_at, retweeted_id, parent_id, pictures, latitude, longitude, visible, \
  reposts_count, comments_count, attitudes_count
  """
/// The same lists for joins, as `u.id, u.screen_name, …` and `s.id, s.user_id, …`.
let userColumnsOfU = userColumns.qualified("u")
let statusColumnsOfS = statusColumns.qualified("s")

extension UserRecord {
  init(row: Row) {
    self.init(
      id: row[0], screenName: row[1], passwordHash: row[2], description: row[3], location: row[4], gender: row[5],
      url: row[6], avatar: row[7], verifiedType: row[8], verifiedReason: row[9], mbtype: row[10], mbrank: row[11],
      createdAt: date(row[12]))
    followersCount = row[13]
    friendsCount = row[14]
    allStatusesCount = row[15]
    favouritesCount = row[16]
    biFollowersCount = row[17]
    privateStatusesCount = row[18]
  }
}

extension PictureRef {
  init(row: Row) {
    self.init(id: row["id"], ext: row["ext"], width: row["width"], height: row["height"], frames: row["frames"],
              bytes: row["bytes"])
  }
}

extension AppRecord {
  init(row: Row) {
    self.init(
      id: row["id"], clientID: row["client_id"], secretHash: row["secret_hash"], name: row["name"], url: row["url"],
      redirectURI: row["redirect_uri"], firstParty: (row["first_party"] as Int) != 0,
      isPublic: (row["public"] as Int) != 0, createdAt: date(row["created_at"]))
  }
}

extension GrantRecord {
  init(row: Row) {
    self.init(
      hash: row["hash"], kind: Kind(rawValue: row["kind"]) ?? .access, userID: row["user_id"], appID: row["app_id"],
      redirectURI: row["redirect_uri"], createdAt: date(row["created_at"]), expiresAt: date(row["expires_at"]),
      origin: row["origin"], challenge: row["challenge"])
  }
}

extension StatusRecord {
  init(row: Row) {
    let pictureJSON: String = row[7]
    let pictures = PictureList.decode(pictureJSON)
    self.init(
      id: row[0], userID: row[1], text: row[2], appID: row[3], createdAt: date(row[4]), retweetedID: row[5],
      parentID: row[6], pictures: pictures, latitude: row[8], longitude: row[9], visible: row[10])
    repostsCount = row[11]
    commentsCount = row[12]
    attitudesCount = row[13]
  }
}

extension CommentRecord {
  init(row: Row) {
    self.init(
      id: row["id"], statusID: row["status_id"], userID: row["user_id"], text: row["text"], appID: row["app_id"],
      createdAt: date(row["created_at"]), replyCommentID: row["reply_comment_id"])
  }
}

extension Mark {
  init(row: Row) {
    self.init(id: row["id"], userID: row["user_id"], statusID: row["status_id"], createdAt: date(row["created_at"]))
  }
}

final class StatementCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
  func add() {
    lock.lock()
    count += 1
    lock.unlock()
  }
}
