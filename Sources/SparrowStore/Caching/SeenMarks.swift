import Foundation

/// The highest seen mark known for each user and kind. Marks only ever grow, so a known mark is a floor
/// of the stored one, in any process: when it already covers a page, there is nothing to read or write.
/// Nothing ever invalidates it.
package final class SeenMarks: @unchecked Sendable {
  package static let limit = 100_000

  package struct Key: Hashable, Sendable {
    package let userID: Int64
    package let kind: UnreadKind
    package init(userID: Int64, kind: UnreadKind) {
      self.userID = userID
      self.kind = kind
    }
  }

  private let lock = NSLock()
  private var marks: [Key: Int64] = [:]

  /// A mark is written through its key's gate: the requests of one person that find it uncovered at once (a
  /// client opening several pages) write it once, the others waiting and then finding it covered, instead of
  /// each waiting on its own durable commit (16 at once made the first second's p99 60-90 ms on PostgreSQL).
  package let gate = KeyedGate<Key>()

  package func covers(_ key: Key, upTo: Int64) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return (marks[key] ?? .min) >= upTo
  }

  package func raise(_ key: Key, to mark: Int64) {
    lock.lock()
    defer { lock.unlock() }
    if marks.count >= Self.limit { marks.removeAll(keepingCapacity: true) }
    marks[key] = max(marks[key] ?? .min, mark)
  }
}
