import Foundation
import Synchronization

/// Statuses posted and removed, as they commit, in this process or (announced) in another that shares the
/// database: what live streams (Mastodon's streaming API) follow. Fed by `StoreCaches.apply`, so every write that
/// invalidates the caches is heard, whichever API or process made it.
package final class StatusEvents: Sendable {
  package enum Event: Sendable, Equatable {
    case posted(PostedStatus)
    case removed(Int64)
  }

  private let listeners = Mutex<[UUID: AsyncStream<Event>.Continuation]>([:])

  package init() {}

  /// A stream of what happens from now on, until `cancel`. A listener too slow to keep up loses the oldest
  /// events past `buffer` rather than holding memory without bound.
  package func listen(buffer: Int = 256) -> (events: AsyncStream<Event>, cancel: @Sendable () -> Void) {
    let id = UUID()
    let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingNewest(buffer))
    listeners.withLock { $0[id] = continuation }
    let cancel: @Sendable () -> Void = { [weak self] in
      self?.listeners.withLock { $0.removeValue(forKey: id) }?.finish()
    }
    continuation.onTermination = { _ in cancel() }
    return (stream, cancel)
  }

  /// How many listen now (for `/metrics` and tests).
  package var count: Int { listeners.withLock { $0.count } }

  func send(_ event: Event) {
    let current = listeners.withLock { Array($0.values) }
    for continuation in current { continuation.yield(event) }
  }
}
