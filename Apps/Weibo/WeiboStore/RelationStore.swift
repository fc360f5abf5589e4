import Foundation
import SparrowStore

/// Who follows whom, and 特别关注 marks on follows.
package protocol RelationStore: Sendable {
  /// `.conflict` when already following.
  func follow(follower: Int64, followee: Int64, id: Int64, at: Date) async throws
  /// `.notFound` when not following.
  func unfollow(follower: Int64, followee: Int64) async throws
  /// Of `candidates`, those `user` follows.
  func following(_ user: Int64, among candidates: [Int64]) async throws -> Set<Int64>
  /// Of `candidates`, those who follow `user`.
  func followers(_ user: Int64, among candidates: [Int64]) async throws -> Set<Int64>
  /// Whom the user follows, newest follow first, from `offset`.
  func friendIDs(of user: Int64, offset: Int, limit: Int) async throws -> [Int64]
  /// Who follows the user, newest first, from `offset`.
  func followerIDs(of user: Int64, offset: Int, limit: Int) async throws -> [Int64]
  /// Marks someone `follower` follows as 特别关注, or unmarks them; `notFound` when not following.
  func setSpecial(follower: Int64, followee: Int64, special: Bool) async throws
  /// Which of `candidates` `user` follows as 特别关注.
  func specialFollowing(_ user: Int64, among candidates: [Int64]) async throws -> Set<Int64>
}
