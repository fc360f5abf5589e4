import Foundation
import PostgresNIO
import SparrowStore
import SparrowStorePostgres
import WeiboStore

extension PostgresWeiboStore {
  package func follow(follower: Int64, followee: Int64, id: Int64, at: Date) async throws {
    try await transaction(announcing: .follow(follower: follower, followee: followee)) { db in
      // Both rows locked in id order: the mutual-follow check below must see a concurrent reverse follow.
      try await Self.lockBoth(follower, followee, db)
      if let blocker = try await db.value(
        "SELECT blocker_id FROM blocks WHERE (blocker_id = \(follower) AND blocked_id = \(followee)) OR (blocker_id = \(followee) AND blocked_id = \(follower)) LIMIT 1",
        as: Int64.self)
      {
        throw StoreError.blocked(byActor: blocker == follower)
      }
      if try await db.exists("SELECT 1 FROM follows WHERE follower_id = \(follower) AND followee_id = \(followee)") {
        throw StoreError.conflict
      }
      try await db.execute("""
        INSERT INTO follows (follower_id, followee_id, id, created_at) VALUES (\(follower), \(followee), \(id), \(millis(at)))
        """)
      try await Self.adjustFollowCounters(follower: follower, followee: followee, by: 1, db)
    }
  }

  package func unfollow(follower: Int64, followee: Int64) async throws {
    try await transaction(announcing: .follow(follower: follower, followee: followee)) { db in
      try await db.execute("SELECT id FROM users WHERE id IN (\(follower), \(followee)) ORDER BY id FOR UPDATE")
      guard try await db.execute("DELETE FROM follows WHERE follower_id = \(follower) AND followee_id = \(followee)") == 1
      else { throw StoreError.notFound }
      try await Self.adjustFollowCounters(follower: follower, followee: followee, by: -1, db)
    }
  }

  package func block(blocker: Int64, blocked: Int64, at: Date) async throws {
    let change = CacheInvalidation.several([
      .follow(follower: blocker, followee: blocked), .follow(follower: blocked, followee: blocker),
    ])
    try await transaction(announcing: change) { db in
      // The same locks as a follow's, so that a follow racing the block either comes first and ends, or sees it.
      try await Self.lockBoth(blocker, blocked, db)
      guard try await db.execute("""
        INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (\(blocker), \(blocked), \(millis(at)))
        ON CONFLICT DO NOTHING
        """) == 1
      else { throw StoreError.conflict }
      for (follower, followee) in [(blocker, blocked), (blocked, blocker)] {
        if try await db.execute("DELETE FROM follows WHERE follower_id = \(follower) AND followee_id = \(followee)") == 1 {
          try await Self.adjustFollowCounters(follower: follower, followee: followee, by: -1, db)
        }
      }
    }
  }

  package func unblock(blocker: Int64, blocked: Int64) async throws {
    try await transaction(announcing: .userRows(relationsOf: [blocker, blocked])) { db in
      guard try await db.execute("DELETE FROM blocks WHERE blocker_id = \(blocker) AND blocked_id = \(blocked)") == 1
      else { throw StoreError.notFound }
    }
  }

  package func blockedIDs(of user: Int64) async throws -> [Int64] {
    try await reading { db in
      try await db.column(
        "SELECT blocked_id FROM blocks WHERE blocker_id = \(user) ORDER BY created_at DESC, blocked_id", as: Int64.self)
    }
  }

  package func mute(muter: Int64, muted: Int64, at: Date) async throws {
    try await transaction(announcing: .follow(follower: muter, followee: muted)) { db in
      try await Self.lockBoth(muter, muted, db)
      guard try await db.execute("""
        INSERT INTO mutes (muter_id, muted_id, created_at) VALUES (\(muter), \(muted), \(millis(at))) ON CONFLICT DO NOTHING
        """) == 1
      else { throw StoreError.conflict }
    }
  }

  package func unmute(muter: Int64, muted: Int64) async throws {
    try await transaction(announcing: .follow(follower: muter, followee: muted)) { db in
      guard try await db.execute("DELETE FROM mutes WHERE muter_id = \(muter) AND muted_id = \(muted)") == 1
      else { throw StoreError.notFound }
    }
  }

  package func mutedIDs(of user: Int64) async throws -> [Int64] {
    try await reading { db in
      try await db.column(
        "SELECT muted_id FROM mutes WHERE muter_id = \(user) ORDER BY created_at DESC, muted_id", as: Int64.self)
    }
  }

  /// Locks both people's rows in id order (so that a follow, a block and a mute between them take turns);
  /// `.notFound` unless both exist.
  static func lockBoth(_ a: Int64, _ b: Int64, _ db: Connection) async throws {
    let users = try await db.rows("SELECT id FROM users WHERE id IN (\(a), \(b)) ORDER BY id FOR UPDATE")
    guard users.count == 2 else { throw StoreError.notFound }
  }

  static func adjustFollowCounters(follower: Int64, followee: Int64, by delta: Int, _ db: Connection) async throws {
    try await db.execute("UPDATE users SET friends_count = friends_count + \(delta) WHERE id = \(follower)")
    try await db.execute("UPDATE users SET followers_count = followers_count + \(delta) WHERE id = \(followee)")
    if try await db.exists("SELECT 1 FROM follows WHERE follower_id = \(followee) AND followee_id = \(follower)") {
      try await db.execute(
        "UPDATE users SET bi_followers_count = bi_followers_count + \(delta) WHERE id IN (\(follower), \(followee))")
    }
  }

  package func setSpecial(follower: Int64, followee: Int64, special: Bool) async throws {
    try await transaction(announcing: .userRows(relationsOf: [follower])) { db in
      let changed = try await db.execute(
        "UPDATE follows SET special = \(special ? 1 : 0) WHERE follower_id = \(follower) AND followee_id = \(followee)")
      guard changed == 1 else { throw StoreError.notFound }
    }
  }

  package func ties(_ user: Int64, among candidates: [Int64]) async throws -> Ties {
    guard !candidates.isEmpty else { return Ties() }
    if engine.isListening {
      try await catchUp()
      if case .relations(let held) = userRows.relations(of: user) { return Ties(held, among: candidates) }
    }
    let people = Array(Set(candidates))
    return try await reading { db in
      var ties = Ties()
      for row in try await db.rows("""
        SELECT CAST(special AS INTEGER), followee_id FROM follows WHERE follower_id = \(user) AND followee_id = \(any: people)
        UNION ALL SELECT 2, follower_id FROM follows WHERE followee_id = \(user) AND follower_id = \(any: people)
        UNION ALL SELECT 3, blocked_id FROM blocks WHERE blocker_id = \(user) AND blocked_id = \(any: people)
        UNION ALL SELECT 4, muted_id FROM mutes WHERE muter_id = \(user) AND muted_id = \(any: people)
        """) {
        ties.add(kind: Int(try row[0].decode(Int32.self)), id: try row.int64(1))
      }
      return ties
    }
  }

  package func friendIDs(of user: Int64, offset: Int, limit: Int) async throws -> [Int64] {
    try await reading { db in
      Array(try await db.column("""
        SELECT followee_id FROM follows WHERE follower_id = \(user) ORDER BY id DESC \(sql: rowLimit(limit, offset: offset))
        """, as: Int64.self).prefix(limit))
    }
  }

  package func followerIDs(of user: Int64, offset: Int, limit: Int) async throws -> [Int64] {
    try await reading { db in
      Array(try await db.column("""
        SELECT follower_id FROM follows WHERE followee_id = \(user) ORDER BY id DESC \(sql: rowLimit(limit, offset: offset))
        """, as: Int64.self).prefix(limit))
    }
  }
}
