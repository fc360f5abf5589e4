import Foundation
import GRDB
import SparrowStore

// The platform's tables: id nodes and secrets, users, apps and grants, sign-in failures, uploads, request
// counters and pictures.
extension SQLiteStore {
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

  package func ping() async throws {
    _ = try await readingOne { db in try Int64.fetchOne(try db.cachedStatement(sql: "SELECT id FROM users WHERE id = 0")) }
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

  package func importAccounts(users: [UserRecord], apps: [AppRecord]) async throws {
    defer { caches.invalidate(.everything) }
    try await pool.write { db in
      for user in users { try Self.insert(user, db) }
      for app in apps { try Self.insert(app, db) }
    }
  }

  package func updateUser(_ user: UserRecord) async throws {
    defer { caches.invalidate(.profile(of: user.id)) }
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
    // Through the user rows as `users(ids:)` (every signed-in request reads its viewer): a kept row needs no read.
    let generation = caches.userRows.currentGeneration
    let (found, missing) = caches.userRows.users([id])
    guard !missing.isEmpty else { return found[id] }
    let read = try await readingOne { db in try Self.users(ids: [id], db) }
    caches.userRows.add(users: read.values, readAt: generation)
    return read[id]
  }

  package func user(screenName: String) async throws -> UserRecord? {
    try await reading { db in
      try Row.fetchOne(try db.cachedStatement(sql: "SELECT \(userColumns) FROM users WHERE screen_name_key = ?"), arguments: [screenName.lowercased()])
        .map(UserRecord.init(row:))
    }
  }

  package func users(ids: [Int64]) async throws -> [Int64: UserRecord] {
    // Through the user rows the timelines read (`UserRowCache`): coherent, since every write of a user row drops
    // it, here and (through `watchOtherProcesses`) for an operator's command in another process. Held rows need no
    // read transaction (opening one was a tenth of a page of Mastodon's notifications): only the missing are read.
    let generation = caches.userRows.currentGeneration
    return try await caches.userRows.users(ids, readAt: generation) { missing in
      try await reading { db in try Self.users(ids: missing, db) }
    }
  }

  private static let peopleRead = PeopleCount.read.sqlite.0

  package func userCount() async throws -> Int {
    try await reading { db in try Int.fetchOne(db.cachedStatement(sql: Self.peopleRead)) ?? 0 }
  }

  package func users(screenNames: [String]) async throws -> [UserRecord] {
    guard !screenNames.isEmpty else { return [] }
    let keys = Array(Set(screenNames.map { $0.lowercased() }))
    return try await reading { db in
      try Row.fetchAll(try db.cachedStatement(sql: "SELECT \(userColumns) FROM users WHERE screen_name_key IN (SELECT value FROM json_each(?))"),
        arguments: [jsonList(keys)]
      ).map(UserRecord.init(row:))
    }
  }

  package func searchUsers(_ keyword: String, limit: Int) async throws -> [UserRecord] {
    let key = keyword.lowercased()
    let (match, arguments) = Self.nameMatch(key)
    return try await reading { db in
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
    try await reading { db in
      try Row.fetchOne(try db.cachedStatement(sql: "SELECT * FROM apps WHERE client_id = ?"), arguments: [clientID]).map(AppRecord.init(row:))
    }
  }

  package func setAppScopes(appID: Int64, scopes: [String], keep: @Sendable ([String]) -> Bool) async throws -> Int {
    defer { caches.invalidate(.app(appID)) }
    return try await pool.write { db in
      try db.execute(sql: "UPDATE apps SET scopes = ? WHERE id = ?", arguments: [ScopeList.column(scopes), appID])
      guard db.changesCount == 1 else { throw StoreError.notFound }
      let grants = try Row.fetchAll(db, sql: "SELECT hash, scopes FROM grants WHERE app_id = ?", arguments: [appID])
      var ended = 0
      for grant in grants where !keep(ScopeList.names(grant["scopes"])) {
        try db.execute(sql: "DELETE FROM grants WHERE hash = ?", arguments: [grant["hash"] as String])
        ended += 1
      }
      return ended
    }
  }

  package func apps(ids: [Int64]) async throws -> [Int64: AppRecord] {
    try await caches.apps.apps(ids) { missing in try await reading { db in try Self.apps(ids: missing, db) } }
  }

  /// Apps never change once registered, so they are cached for the life of the process: every API call
  /// needs its caller's app, and every status its source's.
  package func apps(ids: [Int64], _ db: Database) throws -> [Int64: AppRecord] {
    try caches.apps.apps(ids) { try Self.apps(ids: $0, db) }
  }

  package func saveGrant(_ grant: GrantRecord) async throws {
    try await pool.write { db in
      try db.execute(
        sql: """
          INSERT INTO grants (hash, kind, user_id, app_id, redirect_uri, created_at, expires_at, origin, challenge, scopes)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          grant.hash, grant.kind.rawValue, grant.userID, grant.appID, grant.redirectURI, millis(grant.createdAt),
          millis(grant.expiresAt), grant.origin, grant.challenge, ScopeList.column(grant.scopes),
        ])
    }
  }

  package func grant(hash: String, kind: GrantRecord.Kind) async throws -> GrantRecord? {
    let (cached, generation) = caches.grants.lookup(hash: hash, kind: kind)
    if let cached { return cached }
    let grant = try await reading { db in
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

  package func authorizations(userID: Int64, now: Date) async throws -> [Authorization] {
    let rows = try await reading { db in
      try Row.fetchAll(
        try db.cachedStatement(sql: """
          SELECT app_id, group_concat(scopes, ' ') AS scopes, min(created_at) AS since FROM grants
          WHERE user_id = ? AND kind IN ('access', 'refresh') AND expires_at > ? GROUP BY app_id ORDER BY since
          """),
        arguments: [userID, millis(now)]
      ).map { row -> (Int64, String, Int64) in (row["app_id"], row["scopes"] ?? "", row["since"]) }
    }
    let apps = try await apps(ids: rows.map(\.0))
    return rows.compactMap { id, scopes, since in
      apps[id].map { Authorization(app: $0, scopes: Array(Set(ScopeList.names(scopes))).sorted(), since: date(since)) }
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
    try await reading { db in
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

  package func describePicture(_ pictureID: String, by userID: Int64, as description: String?) async throws {
    try await pool.write { db in _ = try db.execute(PictureUploads.describe(pictureID, by: userID, as: description)) }
  }

  package func recordUpload(pictureID: String, userID: Int64, at: Date) async throws {
    try await pool.write { db in
      try db.execute(sql: "INSERT INTO picture_uploads (picture_id, user_id, at) VALUES (?, ?, ?)",
                     arguments: [pictureID, userID, millis(at)])
      let (forget, arguments) = PictureUploads.forget(of: userID, at: at).sqlite
      try db.execute(sql: forget, arguments: arguments)
    }
  }

  package func uploadCount(userID: Int64, since: Date) async throws -> Int {
    try await reading { db in
      try Int.fetchOne(try db.cachedStatement(sql: "SELECT count(*) FROM picture_uploads WHERE user_id = ? AND at >= ?"),
                       arguments: [userID, millis(since)]) ?? 0
    }
  }

  static let unreferenced = """
    SELECT id, ext, width, height, frames, bytes, blurhash FROM pictures p WHERE p.created_at < ?
      AND NOT EXISTS (SELECT 1 FROM picture_refs r WHERE r.picture_id = p.id)
    """

  package func unreferencedPictures(before: Date, limit: Int) async throws -> [PictureRef] {
    try await reading { db in
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
          INSERT INTO pictures (id, ext, width, height, frames, bytes, blurhash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (id) DO UPDATE SET created_at = max(created_at, excluded.created_at),
            blurhash = coalesce(pictures.blurhash, excluded.blurhash)
          """,
        arguments: [picture.id, picture.ext, picture.width, picture.height, picture.frames, picture.bytes, picture.blurhash,
                    millis(at)])
    }
  }

  package func pictures(ids: [String]) async throws -> [String: PictureRef] {
    guard !ids.isEmpty else { return [:] }
    return try await reading { db in
      let rows = try Row.fetchAll(
        try db.cachedStatement(sql: "SELECT id, ext, width, height, frames, bytes, blurhash FROM pictures WHERE id IN (SELECT value FROM json_each(?))"),
        arguments: [jsonList(Array(Set(ids)))])
      return Dictionary(
        rows.map { ($0[0] as String, PictureRef(id: $0[0], ext: $0[1], width: $0[2], height: $0[3], frames: $0[4], bytes: $0[5])) },
        uniquingKeysWith: { a, _ in a })
    }
  }

  package func pictures(ids: [String], attachableBy userID: Int64) async throws -> [String: PictureRef] {
    guard !ids.isEmpty else { return [:] }
    let (sql, arguments) = ("""
      SELECT id, ext, width, height, frames, bytes, blurhash, \(sql: PictureUploads.description("p", by: userID)) AS description
      FROM pictures p
      WHERE p.id IN (SELECT value FROM json_each(\(Array(Set(ids))))) AND \(sql: PictureUploads.attachable("p", by: userID))
      """ as SparrowStore.SQL).sqlite
    return try await reading { db in
      let pictures = try Row.fetchAll(try db.cachedStatement(sql: sql), arguments: arguments).map { row in
        var picture = PictureRef(row: row)
        picture.description = row["description"]
        return picture
      }
      return Dictionary(pictures.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }
  }

  package static func users(ids: [Int64], _ db: Database) throws -> [Int64: UserRecord] {
    guard !ids.isEmpty else { return [:] }
    let unique = Array(Set(ids))
    let users = try decodeRows(
      try db.cachedStatement(sql: "SELECT \(userColumnsOfU) FROM json_each(?) j CROSS JOIN users u ON u.id = j.value"),
      [jsonList(unique)], UserRecord.init(row:))
    return Dictionary(users.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
  }

  package static func apps(ids: [Int64], _ db: Database) throws -> [Int64: AppRecord] {
    guard !ids.isEmpty else { return [:] }
    let unique = Array(Set(ids))
    let rows = try Row.fetchAll(try db.cachedStatement(sql: "SELECT * FROM apps WHERE id IN (SELECT value FROM json_each(?))"), arguments: [jsonList(unique)])
    return Dictionary(rows.map { AppRecord(row: $0) }.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
  }

  package static func insert(_ user: UserRecord, _ db: Database) throws {
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
    try db.cachedStatement(sql: peopleCounted).execute()
    try referAvatar(user, db)
  }

  private static let peopleCounted = PeopleCount.counted.sqlite.0

  package static func insert(_ app: AppRecord, _ db: Database) throws {
    let taken = try Bool.fetchOne(try db.cachedStatement(sql: "SELECT 1 FROM apps WHERE client_id = ?"), arguments: [app.clientID])
    if taken == true { throw StoreError.conflict }
    try db.execute(
      sql: """
        INSERT INTO apps (id, client_id, secret_hash, name, url, redirect_uri, first_party, public, scopes, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        app.id, app.clientID, app.secretHash, app.name, app.url, app.redirectURI, app.firstParty ? 1 : 0,
        app.isPublic ? 1 : 0, ScopeList.column(app.scopes), millis(app.createdAt),
      ])
  }

  /// What a user's avatar keeps alive: `avatar:<id>` refers to its picture.
  package static func referAvatar(_ user: UserRecord, _ db: Database) throws {
    try db.execute(sql: "DELETE FROM picture_refs WHERE ref = ?", arguments: ["avatar:\(user.id)"])
    if let avatar = user.avatar, let id = avatar.split(separator: ".").first {
      try db.execute(sql: "INSERT OR IGNORE INTO picture_refs (picture_id, ref) VALUES (?, ?)",
                     arguments: [String(id), "avatar:\(user.id)"])
    }
  }
}

// MARK: Staff, suspensions, the audit log

extension SQLiteStore {
  package func staffRole(userID: Int64) async throws -> StaffRole? {
    try await reading { db in
      try String.fetchOne(try db.cachedStatement(sql: "SELECT role FROM staff WHERE user_id = ?"), arguments: [userID])
        .flatMap(StaffRole.init(rawValue:))
    }
  }

  package func setStaffRole(_ role: StaffRole?, userID: Int64, audit: AuditEntry) async throws {
    try await pool.write { db in
      if let role {
        try db.execute(
          sql: "INSERT INTO staff (user_id, role, since) VALUES (?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET role = excluded.role",
          arguments: [userID, role.rawValue, millis(audit.at)])
      } else {
        try db.execute(sql: "DELETE FROM staff WHERE user_id = ?", arguments: [userID])
      }
      try Self.insert(audit, db)
    }
  }

  package func suspension(userID: Int64) async throws -> Suspension? {
    try await reading { db in
      try Row.fetchOne(try db.cachedStatement(sql: "SELECT reason, at FROM suspensions WHERE user_id = ?"), arguments: [userID])
        .map { Suspension(userID: userID, reason: $0["reason"], at: date($0["at"])) }
    }
  }

  package func suspend(_ suspension: Suspension, audit: AuditEntry) async throws {
    defer { caches.invalidate(.suspension(of: suspension.userID, suspended: true)) }
    try await pool.write { db in
      try db.execute(
        sql: "INSERT INTO suspensions (user_id, reason, at) VALUES (?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET reason = excluded.reason",
        arguments: [suspension.userID, suspension.reason, millis(suspension.at)])
      try db.execute(sql: "DELETE FROM grants WHERE user_id = ?", arguments: [suspension.userID])
      try Self.insert(audit, db)
    }
  }

  package func setProfileHidden(userID: Int64, hidden: Bool, rows: [SparrowStore.SQL]) async throws -> Bool {
    let changed = try await pool.write { db in
      try db.execute(
        sql: "UPDATE users SET profile_hidden = ? WHERE id = ? AND profile_hidden <> ?",
        arguments: [hidden ? 1 : 0, userID, hidden ? 1 : 0])
      guard db.changesCount == 1 else { return false }
      for statement in rows { try db.execute(statement) }
      return true
    }
    if changed { caches.invalidate(.profile(of: userID)) }
    return changed
  }

  package func liftSuspension(userID: Int64, audit: AuditEntry) async throws -> Bool {
    defer { caches.invalidate(.suspension(of: userID, suspended: false)) }
    return try await pool.write { db in
      try db.execute(sql: "DELETE FROM suspensions WHERE user_id = ?", arguments: [userID])
      guard db.changesCount > 0 else { return false }
      try Self.insert(audit, db)
      return true
    }
  }

  package func auditLog(limit: Int) async throws -> [AuditEntry] {
    try await reading { db in
      try Row.fetchAll(try db.cachedStatement(sql: "SELECT * FROM audit_log ORDER BY id DESC LIMIT ?"), arguments: [limit])
        .map {
          AuditEntry(id: $0["id"], actorID: $0["actor_id"], action: $0["action"], target: $0["target"],
                     reason: $0["reason"], at: date($0["at"]))
        }
    }
  }

  static func insert(_ audit: AuditEntry, _ db: Database) throws { try db.execute(ModerationSQL.insert(audit)) }
}

// MARK: Reports and hidden content

extension SQLiteStore {
  package func fileReport(_ report: Report) async throws {
    try await pool.write { db in
      let filed = try db.execute("""
        INSERT INTO reports (id, reporter_id, target, reason, note, created_at) \
        VALUES (\(report.id), \(report.reporterID), \(report.target.description), \(report.reason.rawValue), \(report.note), \
        \(millis(report.at))) ON CONFLICT DO NOTHING
        """ as SparrowStore.SQL)
      guard filed == 1 else { throw StoreError.conflict }
    }
  }

  package func openReports(limit: Int) async throws -> [Report] {
    try await reading { db in
      try Row.fetchAll(
        try db.cachedStatement(sql: "SELECT id, reporter_id, target, reason, note, created_at, state FROM reports WHERE state = 'open' ORDER BY id LIMIT ?"),
        arguments: [limit]
      ).compactMap { row in
        guard let target = ContentRef(row[2] as String), let reason = ReportReason(rawValue: row[3]) else { return nil }
        return Report(id: row[0], reporterID: row[1], target: target, reason: reason, note: row[4], at: date(row[5]),
                      state: row[6])
      }
    }
  }

  package func closeReports(on target: ContentRef, outcome: String, audit: AuditEntry) async throws -> Int {
    try await pool.write { db in
      let closed = try db.execute(ModerationSQL.close(target, outcome: outcome, audit: audit))
      try Self.insert(audit, db)
      return closed
    }
  }

  package func hiddenReason(_ target: ContentRef) async throws -> String? {
    try await reading { db in
      try String.fetchOne(
        try db.cachedStatement(sql: "SELECT reason FROM hidden_content WHERE target = ?"), arguments: [target.description])
    }
  }
}
