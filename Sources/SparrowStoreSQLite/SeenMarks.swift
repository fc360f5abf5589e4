import Foundation
import SparrowStore

/// The highest seen mark known for each user and kind. Marks only ever grow, so a known mark is a floor
/// of the stored one: when it already covers a page, there is nothing to read or write.
final class SeenMarks: @unchecked Sendable {
  static let limit = 100_000

  struct Key: Hashable {
    let userID: Int64
    let kind: UnreadKind
  }

  private let lock = NSLock()
  private var marks: [Key: Int64] = [:]

  func covers(_ key: Key, upTo: Int64) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return (marks[key] ?? .min) >= upTo
  }

  func raise(_ key: Key, to mark: Int64) {
    lock.lock()
    defer { lock.unlock() }
    if marks.count >= Self.limit { marks.removeAll(keepingCapacity: true) }
    marks[key] = max(marks[key] ?? .min, mark)
  }
}
