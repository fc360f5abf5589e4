import Foundation
import PostgresNIO
import SparrowStore
import SparrowStorePostgres
import WeiboStore

extension PostgresWeiboStore {
  package func unreadCounts(userID: Int64, upTo cap: Int) async throws -> [UnreadKind: Int] {
    try await reading { db in
      guard let row = try await db.rows(WeiboSQL.unreadCounts(userID: userID, cap: cap)).first else { return [:] }
      var counts: [UnreadKind: Int] = [:]
      for (index, kind) in UnreadKind.allCases.enumerated() { counts[kind] = Int(try row.int64(index)) }
      return counts
    }
  }

  package func unreadBadges(userID: Int64, upTo cap: Int) async throws -> UnreadBadges {
    try await reading { db in
      guard let row = try await db.rows(WeiboSQL.unreadBadges(userID: userID, cap: cap)).first else {
        return UnreadBadges(statuses: 0, messages: 0)
      }
      return UnreadBadges(statuses: Int(try row.int64(0)), messages: Int(try row.int64(1)))
    }
  }

  package func markSeen(userID: Int64, kind: UnreadKind, upTo: Int64) async throws {
    let key = SeenMarks.Key(userID: userID, kind: kind)
    if caches.seen.covers(key, upTo: upTo) { return }
    try await caches.seen.gate.holding(key) {
      if caches.seen.covers(key, upTo: upTo) { return }
      // One statement that only raises the mark: no read first, no lost update between processes.
      try await reading { db in
        try await db.execute("""
          INSERT INTO seen (user_id, kind, mark) VALUES (\(userID), \(kind.rawValue), \(upTo))
          ON CONFLICT (user_id, kind) DO UPDATE SET mark = excluded.mark WHERE excluded.mark > seen.mark
          """)
      }
      caches.seen.raise(key, to: upTo)
    }
  }
}
