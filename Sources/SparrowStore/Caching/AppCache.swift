import Foundation

/// Registered apps by id, filled as they are read. Apps never change once registered, so nothing invalidates
/// this: every API call needs its caller's app, and every status its source's.
package final class AppCache: @unchecked Sendable {
  private let lock = NSLock()
  private var apps: [Int64: AppRecord] = [:]
  private var counted = CacheTally()

  package var tally: CacheTally { lock.withLock { counted } }

  package func lookup(_ ids: [Int64]) -> (found: [Int64: AppRecord], missing: [Int64]) {
    lock.lock()
    defer { lock.unlock() }
    var found: [Int64: AppRecord] = [:]
    var missing: [Int64] = []
    for id in Set(ids) {
      if let app = apps[id] { found[id] = app } else { missing.append(id) }
    }
    counted.count(hits: found.count, misses: missing.count)
    return (found, missing)
  }

  package func add(_ loaded: [Int64: AppRecord]) {
    lock.lock()
    apps.merge(loaded) { a, _ in a }
    lock.unlock()
  }
}
