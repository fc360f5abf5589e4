import Foundation
import SparrowStore

/// Who follows whom, and 特别关注 marks on follows.
package protocol RelationStore: Sendable {
  /// `.conflict` when already following; `.blocked` when a block stands between them.
  func follow(follower: Int64, followee: Int64, id: Int64, at: Date) async throws
  /// `.notFound` when not following.
  func unfollow(follower: Int64, followee: Int64) async throws
  /// Where `user` stands with each of `candidates`: one statement for what a profile, a relationship or a list of
  /// people shows (it was up to five, each a round trip on PostgreSQL).
  func ties(_ user: Int64, among candidates: [Int64]) async throws -> Ties
  /// Whom the user follows, newest follow first, from `offset`.
  func friendIDs(of user: Int64, offset: Int, limit: Int) async throws -> [Int64]
  /// Who follows the user, newest first, from `offset`.
  func followerIDs(of user: Int64, offset: Int, limit: Int) async throws -> [Int64]
  /// Marks someone `follower` follows as 特别关注, or unmarks them; `notFound` when not following.
  func setSpecial(follower: Int64, followee: Int64, special: Bool) async throws

  /// 拉黑: keeps the two apart (`Blocking`) and ends their follows both ways, counts included, in one transaction.
  /// `.conflict` when already blocked; `.notFound` when either person is missing.
  func block(blocker: Int64, blocked: Int64, at: Date) async throws
  /// `.notFound` when not blocked. Follows do not come back.
  func unblock(blocker: Int64, blocked: Int64) async throws
  /// Whom `user` blocked, newest first.
  func blockedIDs(of user: Int64) async throws -> [Int64]
  /// 屏蔽: `muted`'s statuses leave `muter`'s timelines; `muted` cannot tell. `.conflict` when already muted;
  /// `.notFound` when either person is missing.
  func mute(muter: Int64, muted: Int64, at: Date) async throws
  /// `.notFound` when not muted.
  func unmute(muter: Int64, muted: Int64) async throws
  /// Whom `user` muted, newest first.
  func mutedIDs(of user: Int64) async throws -> [Int64]
}

/// Where one user stands with others (`RelationStore.ties`).
package struct Ties: Sendable, Equatable {
  /// Whom they follow.
  package var following: Set<Int64> = []
  /// Whom they follow as 特别关注 (among `following`).
  package var special: Set<Int64> = []
  /// Who follows them.
  package var followers: Set<Int64> = []
  /// Whom they blocked.
  package var blocking: Set<Int64> = []
  /// Whom they muted.
  package var muting: Set<Int64> = []

  package init() {}

  /// The kinds both engines' statements tag their rows with.
  package enum Kind: Int {
    case following = 0, special, follower, blocking, muting
  }

  /// Adds a row of `kind` (`Kind`'s raw value) about `id`.
  package mutating func add(kind: Int, id: Int64) {
    switch Kind(rawValue: kind) {
    case .following: following.insert(id)
    case .special: following.insert(id); special.insert(id)
    case .follower: followers.insert(id)
    case .blocking: blocking.insert(id)
    case .muting: muting.insert(id)
    case nil: break
    }
  }
}

extension Ties {
  /// The ties among `candidates` from the person's held relations (`UserRowCache.Relations`): what the engines'
  /// statement reads, without reading it.
  package init(_ relations: UserRowCache.Relations, among candidates: [Int64]) {
    for id in Set(candidates) {
      if relations.followees.contains(id) { following.insert(id) }
      if relations.special.contains(id) { special.insert(id) }
      if relations.followers.contains(id) { followers.insert(id) }
      if relations.blocking.contains(id) { blocking.insert(id) }
      if relations.muting.contains(id) { muting.insert(id) }
    }
  }
}
