import Foundation
import SparrowStore

/// The counters behind `remind/unread_count`: what each user has not seen yet.
package protocol UnreadStore: Sendable {
  /// Each kind's count, stopping at `cap`: past some figure a count only reads "99+", and counting further
  /// walks rows nobody sees (1,000 unread statuses took 4 ms to count, on every signed-in page).
  func unreadCounts(userID: Int64, upTo cap: Int) async throws -> [UnreadKind: Int]
  /// The tab bar's badges: new statuses, and 消息's kinds (`UnreadKind.messages`) together, each up to `cap`.
  func unreadBadges(userID: Int64, upTo cap: Int) async throws -> UnreadBadges
  /// Marks everything of that kind with an id up to `upTo` as seen.
  func markSeen(userID: Int64, kind: UnreadKind, upTo: Int64) async throws
}

extension UnreadStore {
  /// The counts as `remind/unread_count` gives them, up to `WeiboSQL.unreadCap`.
  package func unreadCounts(userID: Int64) async throws -> [UnreadKind: Int] {
    try await unreadCounts(userID: userID, upTo: WeiboSQL.unreadCap)
  }
}

/// How both engines read unread counts: `remind/unread_count`'s kinds and the tab bar's badges are kept in
/// `StoreCaches.unreadCounts` and `.unreadBadges` as the database last gave them, with the mark after which statuses
/// are unread; the new statuses are counted in the reader's home feed when it is held (`HomeFeeds.unread`, after the
/// kept mark). In the database that count walked every status newer than the mark, checking its author against the
/// follow list: a sixth of a signed-in page's time. On PostgreSQL, call these caught up with the other processes
/// (the caches and the feed hold what they announced).
package enum UnreadReading {
  /// Each kind's count up to `cap`, as `remind/unread_count` gives them. `read` runs a statement of one row of
  /// integers; `walk` as for `WeiboSQL.home`.
  package static func counts(userID: Int64, cap: Int, walk: Bool, caches: StoreCaches,
                             read: (SQL) async throws -> [Int64]) async throws -> [UnreadKind: Int]
  {
    let (kept, feeds) = (caches.unreadCounts, caches.homeFeeds)
    let others = UnreadKind.allCases.filter { $0 != .status }
    var counts: [UnreadKind: Int]
    let mark: Int64
    let statuses: Int?
    if let entry = kept.entry(of: userID, cap: cap) {
      (counts, mark) = (entry.counts, entry.statusMark)
      statuses = feeds.unread(of: userID, after: mark, upTo: cap)
    } else {
      let ticket = kept.ticket(for: userID)
      let held = feeds.holds(userID)
      let groups = (held ? [] : [[UnreadKind.status]]) + others.map { [$0] }
      let row = try await read(WeiboSQL.unreadCounts(groups, userID: userID, cap: cap, walk: walk, statusMark: true))
      guard row.count == groups.count + 1, let last = row.last else {
        return Dictionary(uniqueKeysWithValues: UnreadKind.allCases.map { ($0, 0) })
      }
      counts = Dictionary(uniqueKeysWithValues: zip(others, row.suffix(others.count + 1).dropLast().map { Int($0) }))
      mark = last
      kept.keep(KeptUnreadCounts(counts: counts, statusMark: mark), cap: cap, for: userID, ticket: ticket)
      statuses = held ? feeds.unread(of: userID, after: mark, upTo: cap) : Int(row[0])
    }
    counts[.status] = try await newStatuses(statuses, userID: userID, cap: cap, walk: walk, read: read)
    return counts
  }

  /// The tab bar's badges: 消息's count and the status mark kept as `counts` keeps its, with the new statuses
  /// counted as there. `read` as for `counts`.
  package static func badges(userID: Int64, cap: Int, walk: Bool, caches: StoreCaches,
                             read: (SQL) async throws -> [Int64]) async throws -> UnreadBadges
  {
    let (kept, feeds) = (caches.unreadBadges, caches.homeFeeds)
    let (messages, mark): (Int, Int64)
    let statuses: Int?
    if let entry = kept.entry(of: userID, cap: cap) {
      (messages, mark) = (entry.messages, entry.statusMark)
      statuses = feeds.unread(of: userID, after: mark, upTo: cap)
    } else {
      let ticket = kept.ticket(for: userID)
      let held = feeds.holds(userID)
      let groups = held ? [UnreadKind.messages] : [[.status], UnreadKind.messages]
      let row = try await read(WeiboSQL.unreadCounts(groups, userID: userID, cap: cap, walk: walk, statusMark: true))
      guard row.count == groups.count + 1, let last = row.last else { return UnreadBadges(statuses: 0, messages: 0) }
      (messages, mark) = (Int(row[groups.count - 1]), last)
      kept.keep(KeptBadges(messages: messages, statusMark: mark), cap: cap, for: userID, ticket: ticket)
      statuses = held ? feeds.unread(of: userID, after: mark, upTo: cap) : Int(row[0])
    }
    return UnreadBadges(statuses: try await newStatuses(statuses, userID: userID, cap: cap, walk: walk, read: read),
                        messages: messages)
  }

  /// `counted` (from the held feed or the statement), else, when the feed is not held, was dropped since, or the
  /// unread reach past the held ids, the database's count.
  private static func newStatuses(_ counted: Int?, userID: Int64, cap: Int, walk: Bool,
                                  read: (SQL) async throws -> [Int64]) async throws -> Int
  {
    if let counted { return counted }
    return try await read(WeiboSQL.unreadCounts([[.status]], userID: userID, cap: cap, walk: walk)).first.map { Int($0) } ?? 0
  }
}
