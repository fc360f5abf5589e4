import Foundation

/// Each author's statuses as ids, newest first, with whether each is public: the newest `depth` of them (all when
/// fewer), filled on a first read of their page, updated in place when they post or a status is removed, and
/// dropped with everything when a status is hidden or shown (`.everything`). A person's page (`users/show`'s latest
/// status, `user_timeline`, the web client's and Mastodon's account pages) then needs no query for its ids.
///
/// The page is the engines' rule for `.user(author, viewer:)`: all of the author's statuses for the author, their
/// public ones for anyone else, nothing for someone a block or a suspension keeps apart (`StoreCaches.authorPage`
/// asks the viewer's held relations). A fill passes the generation it started at, and any change bumps it, so a
/// read that raced with a write does not cache what it saw. At most `limit` authors are held; the least recently
/// read goes first.
package final class AuthorFeeds: Sendable {
  /// Each held id's visibility: whether it is public.
  private let held: HeldFeeds<Int64, Bool, Void>
  /// Ids held per author (ten pages of twenty); deeper pages are read from the database.
  package var depth: Int { held.depth }

  package init(limit: Int = 5_000, depth: Int = 200) {
    held = HeldFeeds(limit: limit, depth: depth)
  }

  /// The author whose held feed serves `feed` filtered by `feature` for `viewer`: a person's whole page, read by the
  /// viewer it is for; nil for any other page.
  package static func author(of feed: StatusFeed, _ feature: StatusFeature, seenBy viewer: Int64) -> Int64? {
    guard case .user(let author, let seenBy) = feed, seenBy == viewer, feature == .all else { return nil }
    return author
  }

  /// Author pages served from the caches alone, and not.
  package var tally: CacheTally { held.tally }

  /// Take this before opening the read whose feed will be added.
  package var currentGeneration: Int { held.currentGeneration }

  package func count(served: Bool) { held.count(served: served) }

  package func holds(_ author: Int64) -> Bool { held.holds(author) }

  /// The ids of `page` of `author`'s statuses that `viewer` may see by their visibility (all for the author, the
  /// public ones for anyone else), or nil when the feed is not held or the page reaches past what is.
  package func page(of author: Int64, seenBy viewer: Int64, _ page: Page) -> [Int64]? {
    held.read(author) { feed in
      let shown = viewer == author ? feed.ids : zip(feed.ids, feed.infos).compactMap { $1 ? $0 : nil }
      return HomeFeeds.window(page, in: shown, complete: feed.complete)
    }
  }

  /// Holds `author`'s newest statuses (ids and whether each is public, newest first, read `depth + 1` at most: one
  /// more than held tells the feed is partial).
  package func add(newest: [(id: Int64, isPublic: Bool)], of author: Int64, readAt generation: Int) {
    let kept = newest.prefix(depth)
    held.add(.init(ids: kept.map(\.id), infos: kept.map(\.isPublic), complete: newest.count <= depth, extra: ()),
             of: author, readAt: generation)
  }

  /// A new status joins its author's feed, when held (once: a process hears its own announcements again).
  package func posted(_ status: PostedStatus) {
    let depth = self.depth
    held.change(status.author) { $0.insert(status.id, status.isPublic, depth: depth) }
  }

  /// Removed statuses leave every feed (their authors are not told).
  package func removed(_ ids: [Int64]) {
    guard !ids.isEmpty else { return }
    held.changeAll { _, feed in
      feed.remove(ids)
      return true
    }
  }

  package func dropAll() { held.dropAll() }
}
