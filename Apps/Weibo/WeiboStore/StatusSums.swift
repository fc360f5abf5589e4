import Foundation
import SparrowStore
import Synchronization

/// What 微博 sums over statuses, as last read, by key, while no status was posted or removed and nobody's follows
/// changed in any process (`StoreCaches.sumsGeneration`, which also moves when a status is hidden or shown):
/// 热门话题 (`HotTopicsCache`) and feeds' sizes (`FeedTotals`). None changes otherwise. Take the generation before
/// the read whose result is kept, so that a write it may have missed moves it.
package final class StatusSums<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private let kept = Mutex<[Key: (generation: Int, value: Value)]>([:])
  private let limit: Int

  /// At most `limit` sums are kept (all are dropped to make room: a new generation drops them anyway).
  package init(limit: Int) { self.limit = limit }

  /// The sum for `key` as of `generation`, taken before the snapshot `read` reads in: kept, or read and kept.
  package func value(_ key: Key, generation: Int, read: () throws -> Value) rethrows -> Value {
    if let value = kept(key, generation: generation) { return value }
    let value = try read()
    keep(value, for: key, generation: generation)
    return value
  }

  /// The sum for `key` as of now: kept, or read by `read` and kept.
  package func value(_ key: Key, caches: StoreCaches, read: () async throws -> Value) async throws -> Value {
    let generation = caches.sumsGeneration
    if let value = kept(key, generation: generation) { return value }
    let value = try await read()
    keep(value, for: key, generation: generation)
    return value
  }

  private func kept(_ key: Key, generation: Int) -> Value? {
    guard let entry = kept.withLock({ $0[key] }), entry.generation == generation else { return nil }
    return entry.value
  }

  private func keep(_ value: Value, for key: Key, generation: Int) {
    kept.withLock { kept in
      if kept.count >= limit, kept[key] == nil { kept.removeAll() }
      kept[key] = (generation, value)
    }
  }
}

/// 热门话题 by the window's start and the list's length. Summing the window's hours was a fifth of 发现's time. The
/// pages start their windows at a minute (`StatusStore.hotTopics(last:before:limit:)`), so a minute's requests share
/// a list.
package final class HotTopicsCache: Sendable {
  private struct Key: Hashable, Sendable {
    let since: Date
    let limit: Int
  }

  /// A few windows and lengths are asked for.
  private let sums = StatusSums<Key, [TopicCount]>(limit: 16)

  package init() {}

  /// The topics of the window from `since`: kept, or read by `read` and kept.
  package func topics(since: Date, limit: Int, caches: StoreCaches, read: () async throws -> [TopicCount])
    async throws -> [TopicCount]
  {
    try await sums.value(Key(since: since, limit: limit), caches: caches, read: read)
  }
}

/// Feeds' sizes as `WeiboSQL.keptTotal` reads them for all readers alike (before a reader's hidden authors are taken
/// off), by feed: how many public statuses a search's index finds (counting up to `WeiboSQL.totalCap` of a common
/// word's matches was most of a search's read: 2 ms of 2.8 in PostgreSQL at 100,000 statuses, 56 µs of 90 in
/// SQLite), and how many 互相关注 holds (its people's counters summed: 1.1 ms of PostgreSQL's 2.2 for a reader who
/// follows 200 people back).
package final class FeedTotals: Sendable {
  /// Feeds read lately.
  package let sums = StatusSums<StatusFeed, Int>(limit: 2_000)

  package init() {}
}
