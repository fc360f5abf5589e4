import Foundation
import GRDB
import SparrowStore
import SparrowStoreSQLite
import WeiboStore

// Unread counters.
extension SQLiteWeiboStore {
  package func unreadCounts(userID: Int64, upTo cap: Int) async throws -> [UnreadKind: Int] {
    try await UnreadReading.counts(userID: userID, cap: cap, walk: true, caches: caches, read: integers)
  }

  package func unreadBadges(userID: Int64, upTo cap: Int) async throws -> UnreadBadges {
    try await UnreadReading.badges(userID: userID, cap: cap, walk: true, caches: caches, read: integers)
  }

  /// The one row of integers `sql` reads.
  private func integers(_ sql: SparrowStore.SQL) async throws -> [Int64] {
    try await readingOne { db in
      let (text, arguments) = sql.sqlite
      guard let row = try Row.fetchOne(try db.cachedStatement(sql: text), arguments: arguments) else { return [] }
      return (0..<row.count).map { row[$0] }
    }
  }

  package func markSeen(userID: Int64, kind: UnreadKind, upTo: Int64) async throws {
    let key = SeenMarks.Key(userID: userID, kind: kind)
    if caches.seen.covers(key, upTo: upTo) { return }
    try await caches.seen.gate.holding(key) {
      if caches.seen.covers(key, upTo: upTo) { return }
      // Reading first keeps repeated timeline loads from queueing on the single writer.
      let current = try await reading { db in
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
      caches.invalidate(.unread(users: [userID]))
    }
  }


}
