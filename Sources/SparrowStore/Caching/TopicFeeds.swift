import Foundation

/// Each topic's public statuses as ids, newest first, with their authors, and the topic's total (`topic_totals`):
/// the newest `depth` of them (all when fewer), filled on a first read of its page, updated in place when a status
/// joins it or a status is removed, and dropped with everything when a status is hidden or shown (`.everything`). A
/// topic's page (the web client's `/topic/…`, Mastodon's `timelines/tag`, `search/topics`) then needs no query, as a
/// person's does not (`AuthorFeeds`): its ids were a page of the topic's index and its statuses joined by key, a
/// tenth of the route's time in SQLite and its one statement in PostgreSQL.
///
/// The page is the engines' rule for `.topic(name)`: its public statuses, none by someone a block or a suspension
/// keeps apart from the viewer (their held relations name them, as `Blocking.between` does); the total is the
/// topic's less theirs, which only a complete feed can count (else the engine reads). A fill passes the generation
/// it started at, and any change bumps it, so a read that raced with a write does not keep what it saw. At most
/// `limit` topics are held; the least recently read goes first.
package final class TopicFeeds: Sendable {
  /// Each held id's author; with each feed, the topic's total.
  private let held: HeldFeeds<String, Int64, Int>
  /// Ids held per topic (ten pages of twenty); deeper pages are read from the database.
  package var depth: Int { held.depth }

  package init(limit: Int = 2_000, depth: Int = 200) {
    held = HeldFeeds(limit: limit, depth: depth)
  }

  /// The topic whose held feed serves `feed` filtered by `feature`: a topic's whole page; nil for any other.
  package static func topic(of feed: StatusFeed, _ feature: StatusFeature) -> String? {
    guard case .topic(let topic) = feed, feature == .all else { return nil }
    return topic
  }

  /// Topic pages served from the caches alone, and not.
  package var tally: CacheTally { held.tally }

  /// Take this before opening the read whose feed will be added.
  package var currentGeneration: Int { held.currentGeneration }

  package func count(served: Bool) { held.count(served: served) }

  package func holds(_ topic: String) -> Bool { held.holds(topic) }

  /// The ids of `page` of `topic` and its total, for a viewer kept apart from `apart`; nil when the feed is not
  /// held, the page reaches past what is, or the viewer is kept apart from someone and the feed is not whole.
  package func page(of topic: String, apart: Set<Int64>, _ page: Page) -> (ids: [Int64], total: Int)? {
    held.read(topic) { feed in
      if apart.isEmpty {
        return HomeFeeds.window(page, in: feed.ids, complete: feed.complete).map { ($0, feed.extra) }
      }
      guard feed.complete else { return nil }
      let shown = zip(feed.ids, feed.infos).compactMap { apart.contains($1) ? nil : $0 }
      return HomeFeeds.window(page, in: shown, complete: true).map { ($0, shown.count) }
    }
  }

  /// Holds `topic`'s newest ids with their authors and its total, `complete` when that is all of them.
  package func add(_ ids: [Int64], authors: [Int64], total: Int, complete: Bool, of topic: String, readAt generation: Int) {
    held.add(.init(ids: ids, infos: authors, complete: complete, extra: total), of: topic, readAt: generation)
  }

  /// A status posted joins the held feeds of its topics (once: a process hears its own announcements again); one
  /// whose topics were not told drops them all, as does one older than a partial feed holds (not to count it twice).
  package func posted(_ status: PostedStatus) {
    // Only public statuses have topics (`StatusPosting`).
    guard status.isPublic else { return }
    guard let topics = status.topics else { return held.dropAll() }
    let depth = self.depth
    for topic in topics {
      var unplaced = false
      held.change(topic) { feed in
        let index = HomeFeeds.firstIndex(atMost: status.id, in: feed.ids)
        if index < feed.ids.count, feed.ids[index] == status.id { return }
        guard index < feed.ids.count || feed.complete else {
          unplaced = true
          return
        }
        feed.extra += 1
        feed.insert(status.id, status.author, depth: depth)
      }
      if unplaced { held.drop(owners: [topic]) }
    }
  }

  /// Removed statuses leave every feed that holds them, and their topics' totals; a feed that does not reach back
  /// to one cannot tell whether it was its topic's, and goes.
  package func removed(_ ids: [Int64]) {
    guard !ids.isEmpty else { return }
    held.changeAll { _, feed in
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
