import Dispatch
import Synchronization

/// One holder per key at a time: a kept value's computation goes through the gate of its key, so that the requests
/// that miss it at once (after a start, or after a write moved its stamp) compute it once, the others waiting and
/// then finding it kept, instead of each computing it side by side. Holders of different keys do not wait on each
/// other. The blocking `holding` is for the engines' own read threads (SQLite's); the async one suspends.
package final class KeyedGate<Key: Hashable & Sendable>: Sendable {
  private enum Waiter: Sendable {
    case thread(DispatchSemaphore)
    case task(CheckedContinuation<Void, Never>)

    func go() {
      switch self {
      case .thread(let semaphore): semaphore.signal()
      case .task(let continuation): continuation.resume()
      }
    }
  }

  /// The keys held, each with those waiting for it, first come first served.
  private let held = Mutex<[Key: [Waiter]]>([:])

  package init() {}

  /// Runs `body` holding `key`, blocking the calling thread while another holds it.
  package func holding<T>(_ key: Key, _ body: () throws -> T) rethrows -> T {
    let semaphore = DispatchSemaphore(value: 0)
    if !enter(key, .thread(semaphore)) { semaphore.wait() }
    defer { leave(key) }
    return try body()
  }

  /// Runs `body` holding `key`, suspended while another holds it.
  package func holding<T>(_ key: Key, _ body: () async throws -> T) async rethrows -> T {
    await withCheckedContinuation { continuation in
      if enter(key, .task(continuation)) { continuation.resume() }
    }
    defer { leave(key) }
    return try await body()
  }

  /// Takes `key` if free (true), or queues `waiter` to be let in when it is its turn.
  private func enter(_ key: Key, _ waiter: Waiter) -> Bool {
    held.withLock { held in
      if held[key] == nil {
        held[key] = []
        return true
      }
      held[key]!.append(waiter)
      return false
    }
  }

  /// Hands `key` to the next waiter, or frees it.
  private func leave(_ key: Key) {
    let next: Waiter? = held.withLock { held in
      guard var waiting = held[key], !waiting.isEmpty else {
        held[key] = nil
        return nil
      }
      let next = waiting.removeFirst()
      held[key] = waiting
      return next
    }
    next?.go()
  }
}
