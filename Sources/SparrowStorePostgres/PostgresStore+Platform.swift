import Foundation
import PostgresNIO
import SparrowStore

// MARK: Node leases

extension PostgresStore {
  package func claimNode(holder: String, until: Date, now: Date) async throws -> Int {
    try await transaction { db in
      // Two processes claiming at once must not pick the same free node.
      try await db.execute("SELECT pg_advisory_xact_lock(7532)")
      let held = Set(try await db.column("SELECT node FROM node_leases WHERE expires_at > \(millis(now))", as: Int.self))
      guard let node = (0..<32).first(where: { !held.contains($0) }) else { throw StoreError.conflict }
      try await db.execute("""
        INSERT INTO node_leases (node, holder, expires_at) VALUES (\(node), \(holder), \(millis(until)))
        ON CONFLICT (node) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
        """)
      return node
    }
  }

  package func ping() async throws {
    _ = try await reading { db in try await db.value("SELECT id FROM users WHERE id = 0", as: Int64.self) }
  }

  package func renewNode(_ node: Int, holder: String, until: Date) async throws -> Bool {
    try await reading { db in
      try await db.execute(
        "UPDATE node_leases SET expires_at = \(millis(until)) WHERE node = \(node) AND holder = \(holder)") == 1
    }
  }

  package func secret(named name: String, proposing proposed: String) async throws -> String {
    try await reading { db in
      try await db.execute("INSERT INTO secrets (name, value) VALUES (\(name), \(proposed)) ON CONFLICT (name) DO NOTHING")
      return try await db.value("SELECT value FROM secrets WHERE name = \(name)", as: String.self) ?? proposed
    }
  }

  package func releaseNode(_ node: Int, holder: String) async throws {
    try await reading { db in
      try await db.execute("DELETE FROM node_leases WHERE node = \(node) AND holder = \(holder)")
    }
  }
}

// MARK: Users

extension PostgresStore {
  package func createUser(_ user: UserRecord) async throws {
    try await transaction { db in try await Self.insert(user, db) }
  }

  package func importAccounts(users: [UserRecord], apps: [AppRecord]) async throws {
    try await transaction(announcing: .everything) { db in
      for user in users { try await Self.insert(user, db) }
      for app in apps { try await Self.insert(app, db) }
    }
  }

  package func updateUser(_ user: UserRecord) async throws {
    try await transaction(announcing: .profile(of: user.id)) { db in
      let changed = try await db.execute("""
        UPDATE users SET screen_name = \(user.screenName), screen_name_key = \(user.screenName.lowercased()),
          password_hash = \(user.passwordHash), description = \(user.description), location = \(user.location),
          gender = \(user.gender), url = \(user.url), avatar = \(user.avatar), verified_type = \(user.verifiedType),
          verified_reason = \(user.verifiedReason), mbtype = \(user.mbtype), mbrank = \(user.mbrank)
        WHERE id = \(user.id)
        """)
      if changed == 0 { throw StoreError.notFound }
      try await Self.referAvatar(user, db)
    }
  }

  package func user(id: Int64) async throws -> UserRecord? { try await users(ids: [id])[id] }

  package func user(screenName: String) async throws -> UserRecord? {
    try await reading { db in
      try await db.rows("SELECT \(raw: userColumns) FROM users WHERE screen_name_key = \(screenName.lowercased())")
        .first.map(UserRecord.init(row:))
    }
  }

  package func users(ids: [Int64]) async throws -> [Int64: UserRecord] {
    // Through the user rows the timelines read (`UserRowCache`), caught up first with every instance's writes (a
    // statement only for a request's first catch-up): every signed-in request reads its viewer, which was a
    // statement of its own. Held rows need no connection: only the missing are read.
    guard !ids.isEmpty else { return [:] }
    guard isListening else {
      return try await reading { db in
        try await catchUp(db)
        return try await userRows.users(ids, readAt: userRows.currentGeneration) { try await Self.users(ids: $0, db) }
      }
    }
    try await catchUp()
    let generation = userRows.currentGeneration
    return try await userRows.users(ids, readAt: generation) { missing in
      try await reading { db in try await Self.users(ids: missing, db) }
    }
  }

  package func userCount() async throws -> Int {
    try await readingReplica { db in try await db.value(PeopleCount.read, as: Int.self) ?? 0 }
  }

  package func users(screenNames: [String]) async throws -> [UserRecord] {
    guard !screenNames.isEmpty else { return [] }
    let keys = Array(Set(screenNames.map { $0.lowercased() }))
    return try await reading { db in
      try await db.rows("SELECT \(raw: userColumns) FROM users WHERE screen_name_key = \(any: keys)")
        .map(UserRecord.init(row:))
    }
  }

  package func searchUsers(_ keyword: String, limit: Int) async throws -> [UserRecord] {
    let key = keyword.lowercased()
    // Three characters or more: any substring, by the trigram index; shorter: names beginning with it.
    let pattern = key.unicodeScalars.count >= trigram ? "%" + likeEscaped(key) + "%" : likeEscaped(key) + "%"
    return try await readingReplica { db in
      try await db.rows("""
        SELECT \(raw: userColumns) FROM users WHERE screen_name_key LIKE \(pattern) ESCAPE '\\'
        ORDER BY (screen_name_key = \(key)) DESC, followers_count DESC, id LIMIT \(limit)
        """).map(UserRecord.init(row:))
    }
  }

  package static func users(ids: [Int64], _ db: Connection) async throws -> [Int64: UserRecord] {
    guard !ids.isEmpty else { return [:] }
    let users = try await db.rows("SELECT \(raw: userColumns) FROM users WHERE id = \(any: Array(Set(ids)))")
      .map(UserRecord.init(row:))
    return Dictionary(users.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
  }

  package static func insert(_ user: UserRecord, _ db: Connection) async throws {
    if try await db.exists("SELECT 1 FROM users WHERE screen_name_key = \(user.screenName.lowercased()) OR id = \(user.id)") {
      throw StoreError.conflict
    }
    try await db.execute("""
      INSERT INTO users (id, screen_name, screen_name_key, password_hash, description, location, gender, url,
        avatar, verified_type, verified_reason, mbtype, mbrank, created_at)
      VALUES (\(user.id), \(user.screenName), \(user.screenName.lowercased()), \(user.passwordHash),
        \(user.description), \(user.location), \(user.gender), \(user.url), \(user.avatar), \(user.verifiedType),
        \(user.verifiedReason), \(user.mbtype), \(user.mbrank), \(millis(user.createdAt)))
      """)
    try await db.execute(PeopleCount.counted)
    try await referAvatar(user, db)
  }

  /// What a user's avatar keeps alive: `avatar:<id>` refers to its picture.
  package static func referAvatar(_ user: UserRecord, _ db: Connection) async throws {
    try await db.execute("DELETE FROM picture_refs WHERE ref = \("avatar:\(user.id)")")
    if let avatar = user.avatar, let id = avatar.split(separator: ".").first {
      try await db.execute("""
        INSERT INTO picture_refs (picture_id, ref) VALUES (\(String(id)), \("avatar:\(user.id)")) ON CONFLICT DO NOTHING
        """)
    }
  }
}

// MARK: Apps and credentials

extension PostgresStore {
  package func createApp(_ app: AppRecord) async throws {
    try await transaction { db in try await Self.insert(app, db) }
  }

  package func app(clientID: String) async throws -> AppRecord? {
    try await reading { db in
      try await db.rows("SELECT \(raw: appColumns) FROM apps WHERE client_id = \(clientID)").first.map(AppRecord.init(row:))
    }
  }

  package func setAppScopes(appID: Int64, scopes: [String], keep: @Sendable ([String]) -> Bool) async throws -> Int {
    try await transaction(announcing: .app(appID)) { db in
      guard try await db.exists("UPDATE apps SET scopes = \(ScopeList.column(scopes)) WHERE id = \(appID) RETURNING 1")
      else { throw StoreError.notFound }
      let grants = try await db.rows("SELECT hash, scopes FROM grants WHERE app_id = \(appID) FOR UPDATE")
        .map { (try $0.string(0), try $0.string(1)) }
      let ended = grants.filter { !keep(ScopeList.names($0.1)) }.map(\.0)
      if !ended.isEmpty { try await db.execute("DELETE FROM grants WHERE hash = \(any: ended)") }
      return ended.count
    }
  }

  /// Apps rarely change (`setAppScopes` announces it), so they are cached.
  package func apps(ids: [Int64]) async throws -> [Int64: AppRecord] {
    try await caches.apps.apps(ids) { missing in try await reading { db in try await Self.apps(ids: missing, db) } }
  }

  package static func apps(ids: [Int64], _ db: Connection) async throws -> [Int64: AppRecord] {
    guard !ids.isEmpty else { return [:] }
    let apps = try await db.rows("SELECT \(raw: appColumns) FROM apps WHERE id = \(any: Array(Set(ids)))")
      .map(AppRecord.init(row:))
    return Dictionary(apps.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
  }

  package static func insert(_ app: AppRecord, _ db: Connection) async throws {
    if try await db.exists("SELECT 1 FROM apps WHERE client_id = \(app.clientID)") { throw StoreError.conflict }
    try await db.execute("""
      INSERT INTO apps (id, client_id, secret_hash, name, url, redirect_uri, first_party, public, scopes, created_at)
      VALUES (\(app.id), \(app.clientID), \(app.secretHash), \(app.name), \(app.url), \(app.redirectURI),
        \(app.firstParty ? 1 : 0), \(app.isPublic ? 1 : 0), \(ScopeList.column(app.scopes)), \(millis(app.createdAt)))
      """)
  }

  package func saveGrant(_ grant: GrantRecord) async throws {
    try await transaction { db in
      try await db.execute("""
        INSERT INTO grants (hash, kind, user_id, app_id, redirect_uri, created_at, expires_at, origin, challenge, scopes)
        VALUES (\(grant.hash), \(grant.kind.rawValue), \(grant.userID), \(grant.appID), \(grant.redirectURI),
          \(millis(grant.createdAt)), \(millis(grant.expiresAt)), \(grant.origin), \(grant.challenge),
          \(ScopeList.column(grant.scopes)))
        """)
    }
  }

  package func grant(hash: String, kind: GrantRecord.Kind) async throws -> GrantRecord? {
    try await reading { db in
      try await catchUp(db)
      let (cached, generation) = caches.grants.lookup(hash: hash, kind: kind)
      if let cached { return cached }
      let grant = try await db.rows("SELECT \(raw: grantColumns) FROM grants WHERE hash = \(hash) AND kind = \(kind.rawValue)")
        .first.map(GrantRecord.init(row:))
      if let grant { caches.grants.add(grant, readAt: generation) }
      return grant
    }
  }

  package func takeGrant(hash: String, kind: GrantRecord.Kind) async throws -> GrantRecord? {
    // One statement: of two processes redeeming the same code at once, one gets the row.
    return try await reading(announcing: .grant(hash: hash)) { db in
      try await db.rows("""
        DELETE FROM grants WHERE hash = \(hash) AND kind = \(kind.rawValue) RETURNING \(raw: grantColumns)
        """).first.map(GrantRecord.init(row:))
    }
  }

  package func revokeGrants(userID: Int64, appID: Int64) async throws {
    try await reading(announcing: .tokens(userID: userID, appID: appID)) { db in
      try await db.execute(
        "DELETE FROM grants WHERE user_id = \(userID) AND app_id = \(appID) AND kind IN ('access', 'refresh')")
    }
  }

  package func authorizations(userID: Int64, now: Date) async throws -> [Authorization] {
    let rows = try await reading { db in
      try await db.rows("""
        SELECT app_id, string_agg(scopes, ' '), min(created_at) AS since FROM grants
        WHERE user_id = \(userID) AND kind IN ('access', 'refresh') AND expires_at > \(millis(now))
        GROUP BY app_id ORDER BY since
        """).map { row in (try row.int64(0), try row.string(1), try row.int64(2)) }
    }
    let apps = try await apps(ids: rows.map(\.0))
    return rows.compactMap { id, scopes, since in
      apps[id].map { Authorization(app: $0, scopes: Array(Set(ScopeList.names(scopes))).sorted(), since: date(since)) }
    }
  }

  package func revokeGrants(origin: String) async throws -> Int {
    return try await reading(announcing: .origin(origin)) { db in
      try await db.execute("DELETE FROM grants WHERE origin = \(origin)")
    }
  }
}

// MARK: Sign-in failures, request counters

extension PostgresStore {
  package func signInFailures(_ key: String, since: Date) async throws -> (count: Int, last: Date?) {
    try await reading { db in
      let row = try await db.rows(
        "SELECT count(*), max(at) FROM signin_failures WHERE key = \(key) AND at >= \(millis(since))").first
      return (try row?.int(0) ?? 0, try row?.optionalInt64(1).map(date))
    }
  }

  package func recordSignInFailure(_ key: String, at: Date, forgetBefore: Date) async throws {
    try await transaction { db in
      try await db.execute("DELETE FROM signin_failures WHERE key = \(key) AND at < \(millis(forgetBefore))")
      try await db.execute("INSERT INTO signin_failures (key, at) VALUES (\(key), \(millis(at)))")
    }
  }

  package func clearSignInFailures(_ key: String) async throws {
    try await reading { db in try await db.execute("DELETE FROM signin_failures WHERE key = \(key)") }
  }

  package func addRates(_ deltas: [String: Int], window: Int64, reading keys: [String]) async throws -> [String: Int] {
    try await transaction { db in
      // Keys in a fixed order, so two processes adding the same keys lock them in the same order.
      for (key, delta) in deltas.sorted(by: { $0.key < $1.key }) where delta > 0 {
        try await db.execute("""
          INSERT INTO rate_counters (key, "window", count) VALUES (\(key), \(window), \(delta))
          ON CONFLICT (key, "window") DO UPDATE SET count = rate_counters.count + excluded.count
          """)
      }
      try await db.execute("DELETE FROM rate_counters WHERE \"window\" < \(window - 1)")
      guard !keys.isEmpty else { return [:] }
      let rows = try await db.rows(
        "SELECT key, count FROM rate_counters WHERE \"window\" = \(window) AND key = \(any: keys)")
      return Dictionary(try rows.map { (try $0.string(0), try $0.int(1)) }, uniquingKeysWith: +)
    }
  }
}

// MARK: Pictures

extension PostgresStore {
  package func savePicture(_ picture: PictureRef, at: Date) async throws {
    try await reading { db in
      try await db.execute("""
        INSERT INTO pictures (id, ext, width, height, frames, bytes, blurhash, created_at)
        VALUES (\(picture.id), \(picture.ext), \(picture.width), \(picture.height), \(picture.frames),
          \(picture.bytes), \(picture.blurhash), \(millis(at)))
        ON CONFLICT (id) DO UPDATE SET created_at = greatest(pictures.created_at, excluded.created_at),
          blurhash = coalesce(pictures.blurhash, excluded.blurhash)
        """)
    }
  }

  package func pictures(ids: [String]) async throws -> [String: PictureRef] {
    guard !ids.isEmpty else { return [:] }
    return try await reading { db in
      let pictures = try await db.rows("SELECT \(raw: pictureColumns) FROM pictures WHERE id = \(any: Array(Set(ids)))")
        .map(PictureRef.init(row:))
      return Dictionary(pictures.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }
  }

  package func pictures(ids: [String], attachableBy userID: Int64) async throws -> [String: PictureRef] {
    guard !ids.isEmpty else { return [:] }
    return try await reading { db in
      let pictures = try await db.rows("""
        SELECT \(raw: pictureColumns), \(sql: PictureUploads.description("p", by: userID)) FROM pictures p
        WHERE p.id = \(any: Array(Set(ids))) AND \(sql: PictureUploads.attachable("p", by: userID))
        """).map { row in
          var picture = try PictureRef(row: row)
          picture.description = try row.optionalString(7)
          return picture
        }
      return Dictionary(pictures.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }
  }

  package func describePicture(_ pictureID: String, by userID: Int64, as description: String?) async throws {
    try await transaction { db in _ = try await db.execute(PictureUploads.describe(pictureID, by: userID, as: description)) }
  }

  package func recordUpload(pictureID: String, userID: Int64, at: Date) async throws {
    try await transaction { db in
      try await db.execute(
        "INSERT INTO picture_uploads (picture_id, user_id, at) VALUES (\(pictureID), \(userID), \(millis(at)))")
      try await db.execute(PictureUploads.forget(of: userID, at: at))
    }
  }

  package func uploadCount(userID: Int64, since: Date) async throws -> Int {
    try await reading { db in
      try await db.value("SELECT count(*) FROM picture_uploads WHERE user_id = \(userID) AND at >= \(millis(since))",
                         as: Int.self) ?? 0
    }
  }

  static func unreferenced(before: Date) -> SQL {
    """
    SELECT \(raw: pictureColumns) FROM pictures p WHERE p.created_at < \(millis(before))
      AND NOT EXISTS (SELECT 1 FROM picture_refs r WHERE r.picture_id = p.id)
    """
  }

  package func unreferencedPictures(before: Date, limit: Int) async throws -> [PictureRef] {
    try await reading { db in
      try await db.rows(Self.unreferenced(before: before) + " ORDER BY created_at LIMIT \(limit)").map(PictureRef.init(row:))
    }
  }

  package func deletePictures(ids: [String], before: Date) async throws -> [PictureRef] {
    guard !ids.isEmpty else { return [] }
    return try await transaction { db in
      // Checked again inside the write: a status or avatar may have taken one since it was listed. The rows are
      // locked so a concurrent reference waits for this to finish.
      let gone = try await db.rows(Self.unreferenced(before: before) + " AND p.id = \(any: ids) FOR UPDATE")
        .map(PictureRef.init(row:))
      try await db.execute("DELETE FROM pictures WHERE id = \(any: gone.map(\.id))")
      return gone
    }
  }
}

// MARK: Staff, suspensions, the audit log

extension PostgresStore {
  package func staffRole(userID: Int64) async throws -> StaffRole? {
    try await reading { db in
      try await db.rows("SELECT role FROM staff WHERE user_id = \(userID)").first
        .flatMap { StaffRole(rawValue: try $0.string(0)) }
    }
  }

  package func setStaffRole(_ role: StaffRole?, userID: Int64, audit: AuditEntry) async throws {
    try await transaction { db in
      if let role {
        try await db.execute("""
          INSERT INTO staff (user_id, role, since) VALUES (\(userID), \(role.rawValue), \(millis(audit.at)))
          ON CONFLICT (user_id) DO UPDATE SET role = excluded.role
          """)
      } else {
        try await db.execute("DELETE FROM staff WHERE user_id = \(userID)")
      }
      try await Self.insert(audit, db)
    }
  }

  package func suspension(userID: Int64) async throws -> Suspension? {
    try await reading { db in
      try await db.rows("SELECT reason, at FROM suspensions WHERE user_id = \(userID)").first
        .map { Suspension(userID: userID, reason: try $0.string(0), at: try $0.date(1)) }
    }
  }

  package func suspend(_ suspension: Suspension, audit: AuditEntry) async throws {
    try await transaction(announcing: .suspension(of: suspension.userID, suspended: true)) { db in
      try await db.execute("""
        INSERT INTO suspensions (user_id, reason, at) VALUES (\(suspension.userID), \(suspension.reason), \(millis(suspension.at)))
        ON CONFLICT (user_id) DO UPDATE SET reason = excluded.reason
        """)
      try await db.execute("DELETE FROM grants WHERE user_id = \(suspension.userID)")
      try await Self.insert(audit, db)
    }
  }

  package func setProfileHidden(userID: Int64, hidden: Bool, rows: [SQL]) async throws -> Bool {
    try await transaction(announcing: .profile(of: userID)) { db in
      guard try await db.execute(
        "UPDATE users SET profile_hidden = \(hidden ? 1 : 0) WHERE id = \(userID) AND profile_hidden <> \(hidden ? 1 : 0)") == 1
      else { return false }
      for statement in rows { try await db.execute(statement) }
      return true
    }
  }

  package func liftSuspension(userID: Int64, audit: AuditEntry) async throws -> Bool {
    try await transaction(announcing: .suspension(of: userID, suspended: false)) { db in
      guard try await db.execute("DELETE FROM suspensions WHERE user_id = \(userID)") > 0 else { return false }
      try await Self.insert(audit, db)
      return true
    }
  }

  package func auditLog(limit: Int) async throws -> [AuditEntry] {
    try await reading { db in
      try await db.rows("SELECT id, actor_id, action, target, reason, at FROM audit_log ORDER BY id DESC LIMIT \(limit)")
        .map {
          AuditEntry(id: try $0.int64(0), actorID: try $0.int64(1), action: try $0.string(2), target: try $0.string(3),
                     reason: try $0.string(4), at: try $0.date(5))
        }
    }
  }

  static func insert(_ audit: AuditEntry, _ db: Connection) async throws { try await db.execute(ModerationSQL.insert(audit)) }
}

// MARK: Reports and hidden content

extension PostgresStore {
  package func fileReport(_ report: Report) async throws {
    try await transaction { db in
      let filed = try await db.execute("""
        INSERT INTO reports (id, reporter_id, target, reason, note, created_at)
        VALUES (\(report.id), \(report.reporterID), \(report.target.description), \(report.reason.rawValue), \(report.note),
        \(millis(report.at))) ON CONFLICT DO NOTHING
        """)
      guard filed == 1 else { throw StoreError.conflict }
    }
  }

  package func openReports(limit: Int) async throws -> [Report] {
    try await reading { db in
      try await db.rows("""
        SELECT id, reporter_id, target, reason, note, created_at, state FROM reports WHERE state = 'open' ORDER BY id LIMIT \(limit)
        """).compactMap { row in
        guard let target = ContentRef(try row.string(2)), let reason = ReportReason(rawValue: try row.string(3)) else { return nil }
        return Report(id: try row.int64(0), reporterID: try row.int64(1), target: target, reason: reason,
                      note: try row.string(4), at: try row.date(5), state: try row.string(6))
      }
    }
  }

  package func closeReports(on target: ContentRef, outcome: String, audit: AuditEntry) async throws -> Int {
    try await transaction { db in
      let closed = try await db.execute(ModerationSQL.close(target, outcome: outcome, audit: audit))
      try await Self.insert(audit, db)
      return closed
    }
  }

  package func hiddenReason(_ target: ContentRef) async throws -> String? {
    try await reading { db in
      try await db.value("SELECT reason FROM hidden_content WHERE target = \(target.description)", as: String.self)
    }
  }
}
