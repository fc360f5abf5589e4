import Foundation
import GRDB
import SparrowStore
import SparrowStoreSQLite
import WeiboStore

// Maintenance and bulk import.
extension SQLiteWeiboStore {
  package func recomputeCounters() async throws {
    defer { caches.invalidate(.everything) }
    try await pool.write { db in
      for statement in WeiboSQL.recountCounters { try db.execute(sql: statement.sqlite.0) }
      try db.execute(sql: WeiboSchema.mergedSearchIndexes)
    }
  }

  package func importRows(_ batch: ImportBatch) async throws {
    defer { caches.invalidate(.everything) }
    try await pool.write { db in
      // A big import rewrites index pages many times over: a larger page cache for it (given back after) keeps
      // them in memory, and each statement is prepared once.
      try db.execute(sql: "PRAGMA cache_size = -1048576")
      defer { try? db.execute(sql: "PRAGMA cache_size = -2000") }
      for user in batch.users { try SQLiteStore.insert(user, db) }
      for app in batch.apps { try SQLiteStore.insert(app, db) }
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
