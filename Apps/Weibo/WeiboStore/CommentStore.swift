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
  /// Those of `ids` whose statuses `viewer` may see; with `parents`, also the comments they reply to, by the same
  /// rule, in the same read (a page of replies shows what each answers).
  func comments(ids: [Int64], parents: Bool, visibleTo viewer: Int64) async throws -> [Int64: CommentRecord]
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

extension CommentStore {
  /// Those of `ids` whose statuses `viewer` may see.
  package func comments(ids: [Int64], visibleTo viewer: Int64) async throws -> [Int64: CommentRecord] {
    try await comments(ids: ids, parents: false, visibleTo: viewer)
  }
}

extension CommentStore {
  /// `comments(ids:visibleTo:)`, taking first those of `page` on `visibleStatuses`: a page of comments holds only
  /// comments shown to its viewer (every feed's rule), so one of them on a status the viewer may see is what the
  /// read would give. Only the rest are read: a reply's parent is most often on the same page.
  package func comments(ids: [Int64], visibleTo viewer: Int64, amongPage page: [CommentRecord],
                        onStatuses visibleStatuses: Set<Int64>) async throws -> [Int64: CommentRecord]
  {
    let wanted = Set(ids)
    // Sized for all at once: the merge below grew it from the page's few (a tenth of the route's rehashing).
    var found = [Int64: CommentRecord](minimumCapacity: wanted.count)
    for comment in page where wanted.contains(comment.id) && visibleStatuses.contains(comment.statusID)
      && found[comment.id] == nil
    {
      found[comment.id] = comment
    }
    let unread = wanted.filter { found[$0] == nil }
    if !unread.isEmpty { found.merge(try await comments(ids: Array(unread), visibleTo: viewer)) { a, _ in a } }
    return found
  }
}

extension CommentStore {
  /// The variant a feed's kept items alone (`commentItems`) are kept under, apart from its kept page with its
  /// total (`comments(in:page:seenBy:)`; `ReachedReads`).
  package static var itemsAlone: Int { 1 }
}
