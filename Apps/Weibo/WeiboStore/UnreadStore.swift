import Foundation
import SparrowStore

/// The counters behind `remind/unread_count`: what each user has not seen yet.
package protocol UnreadStore: Sendable {
  func unreadCounts(userID: Int64) async throws -> [UnreadKind: Int]
  /// Marks everything of that kind with an id up to `upTo` as seen.
  func markSeen(userID: Int64, kind: UnreadKind, upTo: Int64) async throws
}
