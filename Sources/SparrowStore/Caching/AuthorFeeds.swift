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
package final class AuthorFeeds: @unchecked Sendable {
  /// Ids held per author (ten pages of twenty); deeper pages are read from the database.
  package let depth: Int
  package let limit: Int

  private struct Feed {
    /// Newest first.
    var ids: [Int64]
    /// Whether each of `ids` is public.
    var isPublic: [Bool]
    /// Whether `ids` is all of the author's statuses, rather than the newest of them.
    var complete: Bool
    var used: UInt64
  }

  private let lock = NSLock()
  private var feeds: [Int64: Feed] = [:]
  private var generation = 0
  private var clock: UInt64 = 0
  private var counted = CacheTally()

  package init(limit: Int = 5_000, depth: Int = 200) {
    self.limit = limit
    self.depth = depth
  }

  /// The author whose held feed serves `feed` filtered by `feature` for `viewer`: a person's whole page, read by the
  /// viewer it is for; nil for any other page.
  package static func author(of feed: StatusFeed, _ feature: StatusFeature, seenBy viewer: Int64) -> Int64? {
    guard case .user(let author, let seenBy) = feed, seenBy == viewer, feature == .all else { return nil }
    return author
  }

  /// Author pages served from the caches alone, and not.
  package var tally: CacheTally { lock.withLock { counted } }

  /// Take this before opening the read whose feed will be added.
  package var currentGeneration: Int { lock.withLock { generation } }

  package func count(served: Bool) { lock.withLock { counted.count(hits: served ? 1 : 0, misses: served ? 0 : 1) } }

  package func holds(_ author: Int64) -> Bool { lock.withLock { feeds[author] != nil } }

  /// The ids of `page` of `author`'s statuses that `viewer` may see by their visibility (all for the author, the
  /// public ones for anyone else), or nil when the feed is not held or the page reaches past what is.
  package func page(of author: Int64, seenBy viewer: Int64, _ page: Page) -> [Int64]? {
    lock.lock()
    defer { lock.unlock() }
    guard let feed = feeds[author] else { return nil }
    let shown = viewer == author ? feed.ids : zip(feed.ids, feed.isPublic).compactMap { $1 ? $0 : nil }
    guard let ids = HomeFeeds.window(page, in: shown, complete: feed.complete) else { return nil }
    clock += 1
    feeds[author]?.used = clock
    return ids
  }

  /// Holds `author`'s newest ids and whether each is public, `complete` when that is all of them.
  package func add(_ ids: [Int64], isPublic: [Bool], complete: Bool, of author: Int64, readAt generation: Int) {
    lock.lock()
    defer { lock.unlock() }
    guard generation == self.generation else { return }
    if feeds[author] == nil, feeds.count >= limit, let oldest = feeds.min(by: { $0.value.used < $1.value.used })?.key {
      feeds[oldest] = nil
    }
    clock += 1
    feeds[author] = Feed(ids: ids, isPublic: isPublic, complete: complete, used: clock)
  }

  /// A new status joins its author's feed, when held (once: a process hears its own announcements again).
  package func posted(_ status: PostedStatus) {
    lock.lock()
    defer { lock.unlock() }
    generation += 1
    guard var feed = feeds.removeValue(forKey: status.author) else { return }
    let index = HomeFeeds.firstIndex(atMost: status.id, in: feed.ids)
    // Not already there, and not older than a partial feed's oldest id (past what it holds).
    if index < feed.ids.count ? feed.ids[index] != status.id : feed.complete {
      feed.ids.insert(status.id, at: index)
      feed.isPublic.insert(status.isPublic, at: index)
      if feed.ids.count > depth + depth / 4 {
        feed.ids.removeLast(feed.ids.count - depth)
        feed.isPublic.removeLast(feed.isPublic.count - depth)
        feed.complete = false
      }
    }
    feeds[status.author] = feed
  }

  /// Removed statuses leave every feed (their authors are not told).
  package func removed(_ ids: [Int64]) {
    guard !ids.isEmpty else { return }
    lock.lock()
    defer { lock.unlock() }
    generation += 1
    var index = feeds.startIndex
    while index != feeds.endIndex {
      for id in ids {
        let place = HomeFeeds.firstIndex(atMost: id, in: feeds.values[index].ids)
        if place < feeds.values[index].ids.count, feeds.values[index].ids[place] == id {
          feeds.values[index].ids.remove(at: place)
          feeds.values[index].isPublic.remove(at: place)
        }
      }
      feeds.formIndex(after: &index)
    }
  }

  package func dropAll() {
    lock.lock()
    defer { lock.unlock() }
    generation += 1
    feeds.removeAll()
  }
}
