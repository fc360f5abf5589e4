import Foundation
import PostgresNIO
import SparrowStore
import SparrowStorePostgres
import WeiboStore

extension PostgresWeiboStore {
  // The kept counts and the held feed serve only once this process has heard every write before now (not
  // listening, catching up drops them, and the database counts): a status another process has just posted may not
  // be in the feed yet, a comment not yet in the counts. One connection for it all.

  package func unreadCounts(userID: Int64, upTo cap: Int) async throws -> [UnreadKind: Int] {
    try await reading { db in
      try await catchUp(db)
      return try await UnreadReading.counts(userID: userID, cap: cap, walk: false, caches: caches) { sql in
        try await Self.integers(sql, db)
      }
    }
  }

  package func unreadBadges(userID: Int64, upTo cap: Int) async throws -> UnreadBadges {
    try await reading { db in
      try await catchUp(db)
      return try await UnreadReading.badges(userID: userID, cap: cap, walk: false, caches: caches) { sql in
        try await Self.integers(sql, db)
      }
    }
  }

  private static func integers(_ sql: SQL, _ db: Connection) async throws -> [Int64] {
    guard let row = try await db.rows(sql).first else { return [] }
    return try (0..<row.count).map { try row.int64($0) }
  }

  package func markSeen(userID: Int64, kind: UnreadKind, upTo: Int64) async throws {
    let key = SeenMarks.Key(userID: userID, kind: kind)
    if caches.seen.covers(key, upTo: upTo) { return }
    try await caches.seen.gate.holding(key) {
      if caches.seen.covers(key, upTo: upTo) { return }
      // One statement that only raises the mark: no read first, no lost update between processes.
      try await reading(announcing: .unread(users: [userID])) { db in
        try await db.execute("""
          INSERT INTO seen (user_id, kind, mark) VALUES (\(userID), \(kind.rawValue), \(upTo))
          ON CONFLICT (user_id, kind) DO UPDATE SET mark = excluded.mark WHERE excluded.mark > seen.mark
          """)
      }
      caches.seen.raise(key, to: upTo)
    }
  }
}
