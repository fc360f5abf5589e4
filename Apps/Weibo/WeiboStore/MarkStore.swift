import Foundation
import SparrowStore

/// Favourites and likes of statuses.
package protocol MarkStore: Sendable {
  /// `.conflict` when already favourited; `.notFound` when the status is gone.
  func favorite(_ mark: Mark) async throws
  /// `.notFound` when not favourited.
  func unfavorite(userID: Int64, statusID: Int64) async throws -> Mark
  func favorite(userID: Int64, statusID: Int64) async throws -> Mark?
  func favorites(userID: Int64, page: Page) async throws -> [Mark]
  func favorited(by user: Int64, among statusIDs: [Int64]) async throws -> Set<Int64>
  /// `.conflict` when already liked; `.notFound` when the status is gone.
  func like(_ mark: Mark) async throws
  func unlike(userID: Int64, statusID: Int64) async throws -> Mark
  func liked(by user: Int64, among statusIDs: [Int64]) async throws -> Set<Int64>
  /// Likes of a status, newest first, within the page's id window (like ids come from the id generator).
  func likes(statusID: Int64, page: Page) async throws -> [Mark]
  /// Likes the user gave, newest first, within the page's id window (Mastodon's favourites list).
  func likesGiven(userID: Int64, page: Page) async throws -> [Mark]
  /// Likes others gave the user's statuses, newest first, within the page's id window.
  func likesReceived(userID: Int64, page: Page) async throws -> [Mark]
}
