import Foundation
import PostgresNIO
import SparrowStore
import SparrowStorePostgres
import WeiboStore

extension PostgresWeiboStore {
  package func follow(follower: Int64, followee: Int64, id: Int64, at: Date) async throws {
    try await transaction(announcing: .follow(follower: follower, followee: followee)) { db in
      // Both rows locked in id order: the mutual-follow check below must see a concurrent reverse follow.
      let users = try await db.rows("SELECT id FROM users WHERE id IN (\(follower), \(followee)) ORDER BY id FOR UPDATE")
      guard users.count == 2 else { throw StoreError.notFound }
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

  static func adjustFollowCounters(follower: Int64, followee: Int64, by delta: Int, _ db: Connection) async throws {
    try await db.execute("UPDATE users SET friends_count = friends_count + \(delta) WHERE id = \(follower)")
    try await db.execute("UPDATE users SET followers_count = followers_count + \(delta) WHERE id = \(followee)")
    if try await db.exists("SELECT 1 FROM follows WHERE follower_id = \(followee) AND followee_id = \(follower)") {
      try await db.execute(
        "UPDATE users SET bi_followers_count = bi_followers_count + \(delta) WHERE id IN (\(follower), \(followee))")
    }
  }

  package func following(_ user: Int64, among candidates: [Int64]) async throws -> Set<Int64> {
    guard !candidates.isEmpty else { return [] }
    return try await reading { db in
      Set(try await db.column(
        "SELECT followee_id FROM follows WHERE follower_id = \(user) AND followee_id = ANY(\(Array(Set(candidates))))",
        as: Int64.self))
    }
  }

  package func followers(_ user: Int64, among candidates: [Int64]) async throws -> Set<Int64> {
    guard !candidates.isEmpty else { return [] }
    return try await reading { db in
      Set(try await db.column(
        "SELECT follower_id FROM follows WHERE followee_id = \(user) AND follower_id = ANY(\(Array(Set(candidates))))",
        as: Int64.self))
    }
  }

  package func setSpecial(follower: Int64, followee: Int64, special: Bool) async throws {
    try await reading { db in
      let changed = try await db.execute(
        "UPDATE follows SET special = \(special ? 1 : 0) WHERE follower_id = \(follower) AND followee_id = \(followee)")
      guard changed == 1 else { throw StoreError.notFound }
    }
  }

  package func specialFollowing(_ user: Int64, among candidates: [Int64]) async throws -> Set<Int64> {
    guard !candidates.isEmpty else { return [] }
    return try await reading { db in
      Set(try await db.column("""
        SELECT followee_id FROM follows WHERE follower_id = \(user) AND special = 1
          AND followee_id = ANY(\(Array(Set(candidates))))
        """, as: Int64.self))
    }
  }

  package func friendIDs(of user: Int64, offset: Int, limit: Int) async throws -> [Int64] {
    try await reading { db in
      try await db.column(
        "SELECT followee_id FROM follows WHERE follower_id = \(user) ORDER BY id DESC LIMIT \(limit) OFFSET \(offset)",
        as: Int64.self)
    }
  }

  package func followerIDs(of user: Int64, offset: Int, limit: Int) async throws -> [Int64] {
    try await reading { db in
      try await db.column(
        "SELECT follower_id FROM follows WHERE followee_id = \(user) ORDER BY id DESC LIMIT \(limit) OFFSET \(offset)",
        as: Int64.self)
    }
  }
}
