import Foundation
import SparrowStore
import Synchronization

/// 热门话题 as last read, by the window's start and the list's length, while no status was posted or removed in any
/// process (`StoreCaches.statusesGeneration`): topic rows change with statuses only. Summing the window's hours was
/// a fifth of 发现's time. The pages start their windows at a minute (`StatusStore.hotTopics(last:before:limit:)`),
/// so a minute's requests share a list.
package final class HotTopicsCache: Sendable {
  private struct Key: Hashable {
    let since: Date
    let limit: Int
  }

  private let kept = Mutex<[Key: (generation: Int, topics: [TopicCount])]>([:])
  /// Lists kept at most (a few windows and lengths are asked for).
  static let limit = 16

  package init() {}

  /// The topics of the window from `since`: kept, or read by `read` and kept.
  package func topics(since: Date, limit: Int, caches: StoreCaches, read: () async throws -> [TopicCount])
    async throws -> [TopicCount]
  {
    let key = Key(since: since, limit: limit)
    let generation = caches.statusesGeneration
    if let entry = kept.withLock({ $0[key] }), entry.generation == generation { return entry.topics }
    let topics = try await read()
    kept.withLock { kept in
      if kept.count >= Self.limit { kept.removeAll() }
      kept[key] = (generation, topics)
    }
    return topics
  }
}
