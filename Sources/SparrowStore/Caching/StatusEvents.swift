import Foundation
import Synchronization

/// Statuses posted and removed, as they commit, in this process or (announced) in another that shares the
/// database: what live streams (Mastodon's streaming API) follow. Fed by `StoreCaches.apply`, so every write that
/// invalidates the caches is heard, whichever API or process made it. Each event is told once: a process hears its
/// own announcements again (PostgreSQL's channel), and a listener would otherwise send the same status twice.
package final class StatusEvents: Sendable {
  package enum Event: Sendable, Equatable {
    case posted(PostedStatus)
    case removed(Int64)
  }

  private struct State {
    var listeners: [UUID: AsyncStream<Event>.Continuation] = [:]
    /// The statuses told posted and removed lately: an announcement heard again is not told again.
    var posted = RecentIDs()
    var removed = RecentIDs()
  }

  private let state = Mutex(State())

  package init() {}

  /// A stream of what happens from now on, until `cancel`. A listener too slow to keep up loses the oldest
  /// events past `buffer` rather than holding memory without bound.
  package func listen(buffer: Int = 256) -> (events: AsyncStream<Event>, cancel: @Sendable () -> Void) {
    let id = UUID()
    let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingNewest(buffer))
    state.withLock { $0.listeners[id] = continuation }
    let cancel: @Sendable () -> Void = { [weak self] in
      self?.state.withLock { $0.listeners.removeValue(forKey: id) }?.finish()
    }
    continuation.onTermination = { _ in cancel() }
    return (stream, cancel)
  }

  /// How many listen now (for `/metrics` and tests).
  package var count: Int { state.withLock { $0.listeners.count } }

  func send(_ event: Event) {
    let current = state.withLock { state -> [AsyncStream<Event>.Continuation] in
      let fresh = switch event {
      case .posted(let status): state.posted.insert(status.id)
      case .removed(let id): state.removed.insert(id)
      }
      return fresh ? Array(state.listeners.values) : []
    }
    for continuation in current { continuation.yield(event) }
  }
}
