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
