import Foundation

/// The highest seen mark known for each user and kind. Marks only ever grow, so a known mark is a floor
/// of the stored one, in any process: when it already covers a page, there is nothing to read or write.
/// Nothing ever invalidates it.
package final class SeenMarks: @unchecked Sendable {
  package static let limit = 100_000

  package struct Key: Hashable {
    package let userID: Int64
    package let kind: UnreadKind
    package init(userID: Int64, kind: UnreadKind) {
      self.userID = userID
      self.kind = kind
    }
  }

  private let lock = NSLock()
  private var marks: [Key: Int64] = [:]

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
