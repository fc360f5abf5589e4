import Foundation

/// Status rows as read, for the pages the home feed cache serves without the database and, on SQLite, the rows of
/// every other feed's page, of the statuses comments are on and of reposts' originals: a row changes only
/// through its counters (reposts, comments, likes) or by going, and every engine write that does either
/// announces it (`CacheInvalidation.statuses`). A read passes the generation it started at, so one that raced
/// with such a write does not cache what it saw.
package final class StatusRowCache: @unchecked Sendable {
  private let lock = NSLock()
  private var rows: Generations<Int64, StatusRecord>
  private var generation = 0
  private var counted = CacheTally()

  /// `limit` rows per generation: at most twice that are kept (about 400 bytes each).
  package init(limit: Int = 20_000) {
    rows = Generations(limit: limit)
  }

  package var tally: CacheTally { lock.withLock { counted } }

  /// Take this before opening the read transaction whose rows will be added.
  package var currentGeneration: Int { lock.withLock { generation } }

  /// The cached rows among `ids`, and the ids still to read.
  package func rows(_ ids: [Int64]) -> (found: [Int64: StatusRecord], missing: [Int64]) {
    var found = [Int64: StatusRecord](minimumCapacity: ids.count)  // as `UserRowCache.users(_:)`
    var missing: [Int64] = []
    lock.lock()
    defer { lock.unlock() }
    for id in ids where found[id] == nil {
      if let row = rows[id] { found[id] = row } else { missing.append(id) }
    }
    counted.count(hits: found.count, misses: missing.count)
    return (found, missing)
  }

  package func add(_ read: some Sequence<StatusRecord>, readAt generation: Int) {
    lock.lock()
    defer { lock.unlock() }
    guard generation == self.generation else { return }
    for row in read { rows[row.id] = row }
  }

  package func drop(_ ids: [Int64]) {
    guard !ids.isEmpty else { return }
    lock.lock()
    defer { lock.unlock() }
    generation += 1
    for id in ids { rows[id] = nil }
  }

  package func dropAll() {
    lock.lock()
    defer { lock.unlock() }
    generation += 1
    rows.removeAll()
  }
}

extension StatusRecord {
  /// The statuses whose rows posting or deleting this one changes: the original and parent it reposts (their
  /// repost counts), and those `comments` posted with it are on (their comment counts).
  package func changedByPosting(_ comments: [CommentRecord]) -> [Int64] {
    [retweetedID, parentID].compactMap { $0 } + comments.map(\.statusID)
  }
}
