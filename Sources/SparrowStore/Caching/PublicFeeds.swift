import Foundation

/// The public statuses of a topic, of a search, and of the whole site (the public timeline, whole or filtered), as
/// ids newest first with their authors, and each feed's total: the newest `depth` of them (all when fewer), filled
/// on a first read of a page, updated in place when a status joins or is removed, and dropped with everything when a
/// status is hidden or shown (`.everything`). A topic's page (the web client's `/topic/…`, Mastodon's `timelines/tag`,
/// `search/topics`) and the public timeline (`public_timeline`, Mastodon's `timelines/public`) then need no query,
/// as a person's page does not (`AuthorFeeds`): a topic's ids were a page of its index and its statuses joined by
/// key, a tenth of the route's time in SQLite and its one statement in PostgreSQL. A search by an index (words of two
/// characters or more: `search/statuses`, the web's and Mastodon's search) likewise: its page walked the index or
/// the newest statuses (0.45 ms in PostgreSQL for a common word). Which statuses hold its words is not told with a
/// status posted, and its total is counted up to a cap, so any status posted or removed drops the searches held.
///
/// A page is the engines' rule for the feed: its public statuses, none by anyone a block or a suspension keeps
/// apart from the viewer, nor, on the public timeline, anyone they muted (`WeiboSQL.hidden`; their held relations
/// name them); the total is the feed's less theirs, which only a whole feed can count (else the engine reads). A
/// fill passes the generation it started at, and any change bumps it, so a read that raced with a write does not
/// keep what it saw. At most `limit` feeds are held; the least recently read goes first.
package final class PublicFeeds: Sendable {
  /// A held feed: a topic's, a search's, or the site's filtered by a feature.
  package enum Key: Hashable, Sendable {
    case topic(String)
    /// Words searched, as `StatusFeed.search` has them.
    case search(String)
    case everyone(StatusFeature)
  }

  /// Each held id's author; with each feed, its total.
  private let held: HeldFeeds<Key, Int64, Int>
  /// Ids held per feed (ten pages of twenty); deeper pages are read from the database.
  package var depth: Int { held.depth }

  package init(limit: Int = 2_000, depth: Int = 200) {
    held = HeldFeeds(limit: limit, depth: depth)
  }

  /// The held feed that serves `feed` filtered by `feature`: a topic's whole page, the public timeline's any; nil
  /// for any other.
  package static func key(of feed: StatusFeed, _ feature: StatusFeature) -> Key? {
    switch feed {
    case .topic(let topic) where feature == .all: .topic(topic)
    case .search(let words) where feature == .all && SearchBigrams.helps(words): .search(words)
    case .everyone: .everyone(feature)
    default: nil
    }
  }

  /// Whom `key`'s page leaves out for a viewer with `relations` (`WeiboSQL.hidden`).
  static func hidden(_ key: Key, _ relations: UserRowCache.Relations) -> Set<Int64> {
    switch key {
    case .topic, .search: relations.apart
    case .everyone: relations.apart.union(relations.muting)
    }
  }

  /// Pages served from the caches alone, and not.
  package var tally: CacheTally { held.tally }

  /// Take this before opening the read whose feed will be added.
  package var currentGeneration: Int { held.currentGeneration }

  package func count(served: Bool) { held.count(served: served) }

  package func holds(_ key: Key) -> Bool { held.holds(key) }

  /// The ids of `page` of `key`'s feed and its total, for a viewer who does not see `hidden`'s; nil when the feed
  /// is not held, the page reaches past what is, or the viewer hides someone and the feed is not whole.
  package func page(of key: Key, hiding hidden: Set<Int64>, _ page: Page) -> (ids: [Int64], total: Int)? {
    held.read(key) { feed in
      if hidden.isEmpty {
        return HomeFeeds.window(page, in: feed.ids, complete: feed.complete).map { ($0, feed.extra) }
      }
      guard feed.complete else { return nil }
      let shown = zip(feed.ids, feed.infos).compactMap { hidden.contains($1) ? nil : $0 }
      return HomeFeeds.window(page, in: shown, complete: true).map { ($0, shown.count) }
    }
  }

  /// Holds `key`'s newest statuses (ids with their authors, newest first, read `depth + 1` at most: one more than
  /// held tells the feed is partial) and its total.
  package func add(newest: [(id: Int64, author: Int64)], total: Int, of key: Key, readAt generation: Int) {
    let kept = newest.prefix(depth)
    held.add(.init(ids: kept.map(\.id), infos: kept.map(\.author), complete: newest.count <= depth, extra: total),
             of: key, readAt: generation)
  }

  /// A status posted joins the held feeds it belongs to (once: a process hears its own announcements again). What
  /// it was not told of (its topics, whether original or with pictures) drops the feeds it may have joined, as does
  /// a status older than a partial feed holds (not to count it twice).
  package func posted(_ status: PostedStatus) {
    // Only public statuses are in these feeds (topics are for public statuses only: `StatusPosting`).
    guard status.isPublic else { return }
    var joins: [Key] = [.everyone(.all)] + (status.topics ?? []).map(Key.topic)
    var unknown: [Key] = []
    for (feature, told) in [(StatusFeature.original, status.isOriginal), (.picture, status.hasPictures)] {
      switch told {
      case true?: joins.append(.everyone(feature))
      case false?: break
      case nil: unknown.append(.everyone(feature))
      }
    }
    held.drop(owners: unknown)
    let topicsUnknown = status.topics == nil
    held.changeAll { key, _ in
      switch key {
      case .search: false
      case .topic: !topicsUnknown
      case .everyone: true
      }
    }
    place(status, in: joins)
  }

  private func place(_ status: PostedStatus, in keys: [Key]) {
    let depth = self.depth
    for key in keys {
      var unplaced = false
      held.change(key) { feed in
        let index = HomeFeeds.firstIndex(atMost: status.id, in: feed.ids)
        if index < feed.ids.count, feed.ids[index] == status.id { return }
        guard index < feed.ids.count || feed.complete else {
          unplaced = true
          return
        }
        feed.extra += 1
        feed.insert(status.id, status.author, depth: depth)
      }
      if unplaced { held.drop(owners: [key]) }
    }
  }

  /// Removed statuses leave every feed that holds them, and their totals; a feed that does not reach back to one
  /// cannot tell whether it was in it, and goes. A search goes too: its total is capped, not counted down.
  package func removed(_ ids: [Int64]) {
    guard !ids.isEmpty else { return }
    held.changeAll { key, feed in
      if case .search = key { return false }
      for id in ids {
        let index = HomeFeeds.firstIndex(atMost: id, in: feed.ids)
        if index < feed.ids.count, feed.ids[index] == id {
          feed.ids.remove(at: index)
          feed.infos.remove(at: index)
          feed.extra -= 1
        } else if index == feed.ids.count, !feed.complete {
          return false
        }
      }
      return true
    }
  }

  package func dropAll() { held.dropAll() }
}
