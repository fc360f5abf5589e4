import Foundation
import PostgresNIO
import SparrowStore
import SparrowStorePostgres
import WeiboStore

extension PostgresWeiboStore {
  package func recomputeCounters() async throws {
    try await transaction(announcing: .everything) { db in
      for statement in WeiboSQL.recountCounters { try await db.execute(statement) }
    }
  }

  /// Rows go in one statement per table and batch (`unnest` of arrays): one round trip for a thousand rows,
  /// where a statement per row would wait on the network for each.
  package func importRows(_ batch: ImportBatch) async throws {
    try await transaction(announcing: .everything) { db in
      for user in batch.users { try await PostgresStore.insert(user, db) }
      for app in batch.apps { try await PostgresStore.insert(app, db) }
      if !batch.follows.isEmpty {
        try await db.execute("""
          INSERT INTO follows (follower_id, followee_id, id, created_at)
          SELECT * FROM unnest(\(batch.follows.map(\.0)), \(batch.follows.map(\.1)), \(batch.follows.map(\.2)),
            \(batch.follows.map { millis($0.3) }))
          """)
      }
      for status in batch.statuses { try await Self.insert(status, db) }
      if !batch.statusMentions.isEmpty {
        try await db.execute("""
          INSERT INTO status_mentions (user_id, status_id)
          SELECT * FROM unnest(\(batch.statusMentions.map(\.user)), \(batch.statusMentions.map(\.status)))
          """)
      }
      if !batch.statusTopics.isEmpty {
        let times = Dictionary(batch.statuses.map { ($0.id, $0.createdAt) }, uniquingKeysWith: { a, _ in a })
        try await db.execute("""
          INSERT INTO status_topics (topic, status_id, created_at)
          SELECT * FROM unnest(\(batch.statusTopics.map(\.topic)), \(batch.statusTopics.map(\.status)),
            \(batch.statusTopics.map { millis(times[$0.status] ?? Date()) }))
          """)
      }
      for comment in batch.comments { _ = try await Self.insertCommentRow(comment, db) }
      if !batch.commentMentions.isEmpty {
        try await db.execute("""
          INSERT INTO comment_mentions (user_id, comment_id)
          SELECT * FROM unnest(\(batch.commentMentions.map(\.user)), \(batch.commentMentions.map(\.comment)))
          """)
      }
      if !batch.likes.isEmpty {
        try await db.execute("""
          INSERT INTO likes (user_id, status_id, status_user_id, id, created_at)
          SELECT l.user_id, s.id, s.user_id, l.id, l.created_at
          FROM unnest(\(batch.likes.map(\.userID)), \(batch.likes.map(\.statusID)), \(batch.likes.map(\.id)),
            \(batch.likes.map { millis($0.createdAt) })) AS l (user_id, status_id, id, created_at)
          JOIN statuses s ON s.id = l.status_id
          """)
      }
      if !batch.favorites.isEmpty {
        try await db.execute("""
          INSERT INTO favorites (user_id, status_id, id, created_at)
          SELECT * FROM unnest(\(batch.favorites.map(\.userID)), \(batch.favorites.map(\.statusID)),
            \(batch.favorites.map(\.id)), \(batch.favorites.map { millis($0.createdAt) }))
          """)
      }
    }
  }
}
