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

/// How both engines read unread counts: one statement (`WeiboSQL.unreadCounts`), except that new statuses are
/// counted in the reader's home feed when it is held (`HomeFeeds.unread`, after the mark the statement reads).
/// In the database that count walked every status newer than the mark, checking its author against the follow
/// list: a sixth of a signed-in page's time.
package enum UnreadReading {
  /// The counts of `groups` (as `WeiboSQL.unreadCounts` takes them); `read` runs a statement of one row of
  /// integers.
  package static func counts(_ groups: [[UnreadKind]], userID: Int64, cap: Int, walk: Bool, feeds: HomeFeeds,
                             read: (SQL) async throws -> [Int64]) async throws -> [Int]
  {
    let statuses = groups.firstIndex(of: [.status])
    guard let statuses, feeds.holds(userID) else {
      return try await read(WeiboSQL.unreadCounts(groups, userID: userID, cap: cap, walk: walk)).map { Int($0) }
    }
    var others = groups
    others.remove(at: statuses)
    var row = try await read(WeiboSQL.unreadCounts(others, userID: userID, cap: cap, walk: walk, statusMark: true))
    guard let mark = row.popLast() else { return groups.map { _ in 0 } }
    var counts = row.map { Int($0) }
    // Dropped since, or the unread reach past the held ids: the database counts them.
    var statusCount = feeds.unread(of: userID, after: mark, upTo: cap)
    if statusCount == nil {
      statusCount = try await read(WeiboSQL.unreadCounts([[.status]], userID: userID, cap: cap, walk: walk)).first.map { Int($0) }
    }
    counts.insert(statusCount ?? 0, at: statuses)
    return counts
  }

  /// The tab bar's badges: 消息's count and the status mark from `UnreadBadgeCache` when it keeps them, else from
  /// one statement (with the new statuses too when the reader's home feed is not held), kept for the next page;
  /// the new statuses counted in the held feed after the mark. `read` as for `counts`; on PostgreSQL, call it
  /// caught up with the other processes (the cache and the feed hold what they announced).
  package static func badges(userID: Int64, cap: Int, walk: Bool, caches: StoreCaches,
                             read: (SQL) async throws -> [Int64]) async throws -> UnreadBadges
  {
    let (kept, feeds) = (caches.unreadBadges, caches.homeFeeds)
    let (messages, mark): (Int, Int64)
    var statuses: Int?
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
      kept.keep(UnreadBadgeCache.Entry(cap: cap, messages: messages, statusMark: mark), for: userID, ticket: ticket)
      statuses = held ? feeds.unread(of: userID, after: mark, upTo: cap) : Int(row[0])
    }
    // Not held, dropped since, or the unread reach past the held ids: the database counts them.
    if statuses == nil {
      statuses = try await read(WeiboSQL.unreadCounts([[.status]], userID: userID, cap: cap, walk: walk)).first.map { Int($0) }
    }
    return UnreadBadges(statuses: statuses ?? 0, messages: messages)
  }
}
