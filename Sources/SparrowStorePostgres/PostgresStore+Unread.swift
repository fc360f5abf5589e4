import Foundation
import PostgresNIO
import SparrowStore

extension PostgresStore {
  /// Unread counters stop counting here; clients show "99+" long before.
  static let unreadCap = 1000

  package func unreadCounts(userID: Int64) async throws -> [UnreadKind: Int] {
    try await reading { db in
      let rows = try await db.rows("SELECT kind, mark FROM seen WHERE user_id = \(userID)")
      let marks = Dictionary(try rows.map { (try $0.string(0), try $0.int64(1)) }, uniquingKeysWith: max)
      var counts: [UnreadKind: Int] = [:]
      for kind in UnreadKind.allCases {
        // A user has seen nothing older than their account.
        let source = Self.unreadSource(kind, userID: userID, after: marks[kind.rawValue] ?? userID)
        counts[kind] = try await db.value(
          "SELECT count(*) FROM (\(sql: source) LIMIT \(Self.unreadCap)) AS unread", as: Int.self) ?? 0
      }
      return counts
    }
  }

  package func markSeen(userID: Int64, kind: UnreadKind, upTo: Int64) async throws {
    let key = SeenMarks.Key(userID: userID, kind: kind)
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

  static func unreadSource(_ kind: UnreadKind, userID: Int64, after mark: Int64) -> SQL {
    switch kind {
    case .status:
      "SELECT 1 FROM statuses WHERE \(sql: condition(.home(userID), .all)) AND user_id <> \(userID) AND id > \(mark)"
    case .follower:
      "SELECT 1 FROM follows WHERE followee_id = \(userID) AND id > \(mark)"
    case .cmt:
      "SELECT 1 FROM comments WHERE \(sql: condition(.toUser(userID))) AND id > \(mark)"
    case .mentionStatus:
      """
      SELECT 1 FROM status_mentions m JOIN statuses s ON s.id = m.status_id
      WHERE m.user_id = \(userID) AND m.status_id > \(mark) AND s.visible = 0
      """
    case .mentionCmt:
      """
      SELECT 1 FROM comment_mentions m JOIN comments c ON c.id = m.comment_id JOIN statuses s ON s.id = c.status_id
      WHERE m.user_id = \(userID) AND m.comment_id > \(mark) AND s.visible = 0
      """
    case .attitude:
      "SELECT 1 FROM likes WHERE status_user_id = \(userID) AND user_id <> \(userID) AND id > \(mark)"
    }
  }
}
