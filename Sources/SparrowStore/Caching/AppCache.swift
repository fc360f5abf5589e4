import Foundation

/// Registered apps by id, filled as they are read: every API call needs its caller's app, and every status its
/// source's. An app changes only when an operator changes its scopes (`.app` drops it).
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

  package func remove(_ id: Int64) {
    lock.withLock { apps[id] = nil }
  }

  package func removeAll() {
    lock.withLock { apps.removeAll() }
  }

  package func add(_ loaded: [Int64: AppRecord]) {
    lock.lock()
    apps.merge(loaded) { a, _ in a }
    lock.unlock()
  }

  /// Read-through, the one way both engines read apps: the cached ones, and those missing `load`ed and kept.
  package func apps(_ ids: [Int64], load: ([Int64]) throws -> [Int64: AppRecord]) rethrows -> [Int64: AppRecord] {
    var (found, missing) = lookup(ids)
    guard !missing.isEmpty else { return found }
    let loaded = try load(missing)
    add(loaded)
    found.merge(loaded) { a, _ in a }
    return found
  }

  /// `apps(_:load:)` for an engine whose reads are asynchronous.
  package func apps(_ ids: [Int64], load: ([Int64]) async throws -> [Int64: AppRecord]) async rethrows
    -> [Int64: AppRecord]
  {
    var (found, missing) = lookup(ids)
    guard !missing.isEmpty else { return found }
    let loaded = try await load(missing)
    add(loaded)
    found.merge(loaded) { a, _ in a }
    return found
  }
}
