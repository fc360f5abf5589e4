import Foundation
import GRDB
import SparrowStore
import SparrowStoreSQLite
import WeiboStore

// Follows and special follows.
extension SQLiteWeiboStore {
  package func follow(follower: Int64, followee: Int64, id: Int64, at: Date) async throws {
    defer { caches.invalidate(.follow(follower: follower, followee: followee)) }
    try await pool.write { db in
      try Self.requireBoth(follower, followee, db)
      try Self.refuseIfBlocked(actor: follower, other: followee, db)
      let exists = try Bool.fetchOne(try db.cachedStatement(sql: "SELECT 1 FROM follows WHERE follower_id = ? AND followee_id = ?"), arguments: [follower, followee])
      if exists == true { throw StoreError.conflict }
      try db.execute(
        sql: "INSERT INTO follows (follower_id, followee_id, id, created_at) VALUES (?, ?, ?, ?)",
        arguments: [follower, followee, id, millis(at)])
      try Self.adjustFollowCounters(follower: follower, followee: followee, by: 1, db)
    }
  }

  package func unfollow(follower: Int64, followee: Int64) async throws {
    defer { caches.invalidate(.follow(follower: follower, followee: followee)) }
    try await pool.write { db in
      try db.execute(
        sql: "DELETE FROM follows WHERE follower_id = ? AND followee_id = ?", arguments: [follower, followee])
      guard db.changesCount == 1 else { throw StoreError.notFound }
      try Self.adjustFollowCounters(follower: follower, followee: followee, by: -1, db)
    }
  }

  /// `.notFound` unless both people exist.
  static func requireBoth(_ a: Int64, _ b: Int64, _ db: Database) throws {
    let users = try Int.fetchOne(try db.cachedStatement(sql: "SELECT count(*) FROM users WHERE id IN (?, ?)"), arguments: [a, b]) ?? 0
    guard users == 2 else { throw StoreError.notFound }
  }

  /// `.blocked` when a block stands between them, saying who made it.
  static func refuseIfBlocked(actor: Int64, other: Int64, _ db: Database) throws {
    let blocker = try Int64.fetchOne(
      try db.cachedStatement(sql: """
        SELECT blocker_id FROM blocks WHERE (blocker_id = ?1 AND blocked_id = ?2) OR (blocker_id = ?2 AND blocked_id = ?1) LIMIT 1
        """), arguments: [actor, other])
    if let blocker { throw StoreError.blocked(byActor: blocker == actor) }
  }

  package func block(blocker: Int64, blocked: Int64, at: Date) async throws {
    defer {
      caches.invalidate(.several([.follow(follower: blocker, followee: blocked), .follow(follower: blocked, followee: blocker)]))
    }
    try await pool.write { db in
      try Self.requireBoth(blocker, blocked, db)
      try db.execute(
        sql: "INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        arguments: [blocker, blocked, millis(at)])
      guard db.changesCount == 1 else { throw StoreError.conflict }
      for (follower, followee) in [(blocker, blocked), (blocked, blocker)] {
        try db.execute(
          sql: "DELETE FROM follows WHERE follower_id = ? AND followee_id = ?", arguments: [follower, followee])
        if db.changesCount == 1 { try Self.adjustFollowCounters(follower: follower, followee: followee, by: -1, db) }
      }
    }
  }

  package func unblock(blocker: Int64, blocked: Int64) async throws {
    defer { caches.invalidate(.userRows(relationsOf: [blocker, blocked])) }
    try await pool.write { db in
      try db.execute(sql: "DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?", arguments: [blocker, blocked])
      guard db.changesCount == 1 else { throw StoreError.notFound }
    }
  }

  package func blockedIDs(of user: Int64) async throws -> [Int64] {
    try await reading { db in
      try Int64.fetchAll(
        try db.cachedStatement(sql: "SELECT blocked_id FROM blocks WHERE blocker_id = ? ORDER BY created_at DESC, blocked_id"),
        arguments: [user])
    }
  }

  package func mute(muter: Int64, muted: Int64, at: Date) async throws {
    defer { caches.invalidate(.follow(follower: muter, followee: muted)) }
    try await pool.write { db in
      try Self.requireBoth(muter, muted, db)
      try db.execute(
        sql: "INSERT INTO mutes (muter_id, muted_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        arguments: [muter, muted, millis(at)])
      guard db.changesCount == 1 else { throw StoreError.conflict }
    }
  }

  package func unmute(muter: Int64, muted: Int64) async throws {
    defer { caches.invalidate(.follow(follower: muter, followee: muted)) }
    try await pool.write { db in
      try db.execute(sql: "DELETE FROM mutes WHERE muter_id = ? AND muted_id = ?", arguments: [muter, muted])
      guard db.changesCount == 1 else { throw StoreError.notFound }
    }
  }

  package func mutedIDs(of user: Int64) async throws -> [Int64] {
    try await reading { db in
      try Int64.fetchAll(
        try db.cachedStatement(sql: "SELECT muted_id FROM mutes WHERE muter_id = ? ORDER BY created_at DESC, muted_id"),
        arguments: [user])
    }
  }

  package func ties(_ user: Int64, among candidates: [Int64]) async throws -> Ties {
    guard !candidates.isEmpty else { return Ties() }
    if case .relations(let held) = userRows.relations(of: user) { return Ties(held, among: candidates) }
    return try await reading { db in
      var ties = Ties()
      let rows = try Row.fetchCursor(try db.cachedStatement(sql: """
        SELECT 0 + f.special, f.followee_id FROM json_each(?2) j CROSS JOIN follows f ON f.follower_id = ?1 AND f.followee_id = j.value
        UNION ALL SELECT 2, f.follower_id FROM json_each(?2) j CROSS JOIN follows f ON f.follower_id = j.value AND f.followee_id = ?1
        UNION ALL SELECT 3, b.blocked_id FROM json_each(?2) j CROSS JOIN blocks b ON b.blocker_id = ?1 AND b.blocked_id = j.value
        UNION ALL SELECT 4, m.muted_id FROM json_each(?2) j CROSS JOIN mutes m ON m.muter_id = ?1 AND m.muted_id = j.value
        """), arguments: [user, jsonList(Array(Set(candidates)))])
      while let row = try rows.next() { ties.add(kind: row[0], id: row[1]) }
      return ties
    }
  }

  package func setSpecial(follower: Int64, followee: Int64, special: Bool) async throws {
    defer { caches.invalidate(.userRows(relationsOf: [follower])) }
    try await pool.write { db in
      try db.execute(
        sql: "UPDATE follows SET special = ? WHERE follower_id = ? AND followee_id = ?",
        arguments: [special ? 1 : 0, follower, followee])
      guard db.changesCount == 1 else { throw StoreError.notFound }
    }
  }

  package func friendIDs(of user: Int64, offset: Int, limit: Int) async throws -> [Int64] {
    try await reading { db in
      try Int64.fetchAll(try db.cachedStatement(sql: "SELECT followee_id FROM follows WHERE follower_id = ? ORDER BY id DESC LIMIT ? OFFSET ?"),
        arguments: [user, limit, offset])
    }
  }

  package func followerIDs(of user: Int64, offset: Int, limit: Int) async throws -> [Int64] {
    try await reading { db in
      try Int64.fetchAll(try db.cachedStatement(sql: "SELECT follower_id FROM follows WHERE followee_id = ? ORDER BY id DESC LIMIT ? OFFSET ?"),
        arguments: [user, limit, offset])
    }
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
}
