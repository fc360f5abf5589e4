import Foundation

/// Each status's comments as read, newest first: the newest `depth` of them (all when fewer), hidden by staff or
/// not, filled on a first read of a status's comments and dropped whenever the status's row is announced changed
/// or removed (`CacheInvalidation.comments(on:reaching:)` names the status of every comment posted, deleted, hidden
/// or shown). A status page's comments (`comments/show`, the web client's detail, Mastodon's context) then need no
/// query.
///
/// The page is the engines' rule for `.onStatus`: a comment shows unless staff hid it from everyone but its author,
/// or a block or a suspension keeps the viewer apart from its author (`StoreCaches.commentPage` asks the viewer's
/// held relations). The number is counted over the held comments when they are all of them, else from each
/// commenter's numbers, read with the feed. A fill passes the generation it started at, and any change moves it, so
/// a read that raced with a write does not cache what it saw. At most `limit` statuses are held; the least recently
/// read goes first.
package final class CommentFeeds: Sendable {
  /// A commenter's comments on one status: shown, and hidden by staff.
  package struct Counts: Sendable, Equatable {
    package var shown: Int
    package var hidden: Int
    package init(shown: Int, hidden: Int) {
      self.shown = shown
      self.hidden = hidden
    }
  }

  /// Each held comment's row; per feed, each commenter's numbers when the feed is not complete.
  private let held: HeldFeeds<Int64, CommentRecord, [Int64: Counts]>
  /// Comments held per status: a whole page of Mastodon's context (200) or of `comments/show` at its largest (200
  /// and one more, to learn whether another follows), with room for some the viewer may not see.
  package var depth: Int { held.depth }

  package init(limit: Int = 1_000, depth: Int = 256) {
    held = HeldFeeds(limit: limit, depth: depth)
  }

  /// Pages served from the caches alone, and not.
  package var tally: CacheTally { held.tally }

  /// Take this before opening the read whose feed will be added.
  package var currentGeneration: Int { held.currentGeneration }

  package func count(served: Bool) { held.count(served: served) }

  package func holds(_ status: Int64) -> Bool { held.holds(status) }

  /// `page` of the comments on `status` that `viewer` may see, none by `apart`, with how many there are (up to
  /// `cap`), or nil when the feed is not held or the page reaches past what is.
  package func page(on status: Int64, seenBy viewer: Int64, apart: Set<Int64>, _ page: Page, cap: Int)
    -> FeedPage<CommentRecord>?
  {
    held.read(status) { feed in
      let shown = feed.infos.filter { $0.isShown(to: viewer) && !apart.contains($0.userID) }
      let shownIDs = shown.map(\.id)
      guard let ids = HomeFeeds.window(page, in: shownIDs, complete: feed.complete) else { return nil }
      // The window is a run of `shown`, from its first id on.
      let start = ids.first.map { HomeFeeds.firstIndex(atMost: $0, in: shownIDs) } ?? 0
      let total = feed.complete
        ? shown.count
        : feed.extra.reduce(0) { sum, commenter in
          apart.contains(commenter.key) ? sum : sum + commenter.value.shown + (commenter.key == viewer ? commenter.value.hidden : 0)
        }
      return FeedPage(items: Array(shown[start..<start + ids.count]), total: min(total, cap))
    }
  }

  /// What an engine reads to hold a status's comments: its newest `depth + 1` (`WeiboSQL.commentFeed`), newest
  /// first, and when there are more than `depth`, each commenter's numbers over all of them (`WeiboSQL.commenters`).
  package struct Read: Sendable {
    package var newest: [CommentRecord]
    package var commenters: [Int64: Counts]
    package init(newest: [CommentRecord], commenters: [Int64: Counts]) {
      self.newest = newest
      self.commenters = commenters
    }
  }

  /// Holds what was read of `status`'s comments.
  package func add(_ read: Read, on status: Int64, readAt generation: Int) {
    let comments = Array(read.newest.prefix(depth))
    let complete = read.newest.count <= depth
    held.add(.init(ids: comments.map(\.id), infos: comments, complete: complete, extra: complete ? [:] : read.commenters),
             of: status, readAt: generation)
  }

  /// The statuses whose comments (or whose rows) changed, or that are gone.
  package func drop(statuses: [Int64]) { held.drop(owners: statuses) }

  package func dropAll() { held.dropAll() }
}

extension StoreCaches {
  /// `page` of the comments on `status` that `viewer` may see, with their number (up to `cap`), from the caches: the
  /// engines' `comments(in: .onStatus(status), …)`. When the status's comments are not held they are read
  /// (`read(depth + 1)`, the engine's `CommentFeeds.Read`) and held first. Nil when the viewer's relations are not
  /// held or the page reaches past the held comments: the engine then reads the page from the database. On an
  /// engine that shares its database, catch up before.
  package func commentPage(on status: Int64, seenBy viewer: Int64, _ page: Page, cap: Int,
                           read: (Int) async throws -> CommentFeeds.Read) async throws -> FeedPage<CommentRecord>?
  {
    guard case .relations(let relations) = userRows.relations(of: viewer) else {
      commentFeeds.count(served: false)
      return nil
    }
    let held = commentFeeds.holds(status)
    if !held {
      let generation = commentFeeds.currentGeneration
      commentFeeds.add(try await read(commentFeeds.depth + 1), on: status, readAt: generation)
    }
    let served = commentFeeds.page(on: status, seenBy: viewer, apart: relations.apart, page, cap: cap)
    commentFeeds.count(served: held && served != nil)
    return served
  }
}
