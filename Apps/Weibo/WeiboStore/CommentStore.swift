import Foundation
import SparrowStore

/// Comments on 微博 statuses.
package protocol CommentStore: Sendable {
  /// Adds comments (one, or one on a repost and one on its original) with their mentions and bumps each
  /// status's comment count; `.notFound` if a status is gone or not visible to the commenter, or the
  /// replied-to comment is gone. Comments on a private status record no mentions.
  func insertComments(_ comments: [CommentRecord], mentions: [Int64]) async throws
  /// The comment, if `viewer` may see its status and is not kept apart from its author by a block.
  func comment(id: Int64, visibleTo viewer: Int64) async throws -> CommentRecord?
  /// Those of `ids` whose statuses `viewer` may see.
  func comments(ids: [Int64], visibleTo viewer: Int64) async throws -> [Int64: CommentRecord]
  func deleteComment(id: Int64) async throws -> CommentRecord
  /// The comment whoever may see it: for staff.
  func anyComment(id: Int64) async throws -> CommentRecord?
  /// Staff hide a comment from everyone but its author (its status's count drops), or show it again, with the
  /// platform's `rows` in the same transaction; false when it was already so or is gone.
  func setCommentHidden(id: Int64, hidden: Bool, rows: [SQL]) async throws -> Bool
  /// A page of comments `viewer` may see (none by anyone kept apart from them by a block), newest first, with the
  /// number the whole list holds.
  func comments(in feed: CommentFeed, page: Page, seenBy viewer: Int64) async throws -> FeedPage<CommentRecord>
  /// The same page without its number, for lists that show none (the web's and Mastodon's): counting is a
  /// statement of its own, over the whole list.
  func commentItems(in feed: CommentFeed, page: Page, seenBy viewer: Int64) async throws -> [CommentRecord]
}
