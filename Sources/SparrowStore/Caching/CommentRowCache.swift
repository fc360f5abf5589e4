import Foundation

/// Comment rows as read by id (the comments answered on a page of replies, a person's notifications of comments): a
/// comment's row changes only when staff hide or show it, or by going (deleted, or with its status), and every such
/// write names the comment's status (`CacheInvalidation.comments(on:reaching:)`, `.statuses(removed:)`).
///
/// So each row is kept under its status's stamp, and a change on a status drops the stamp: that status's rows no
/// longer match, however many there are, without a list of them. A read passes the generation it started at, so one
/// that raced with such a write does not cache what it saw; a fresh stamp is never one used before.
package final class CommentRowCache: @unchecked Sendable {
  private struct Held {
    var row: CommentRecord
    var stamp: Int
  }

  private let lock = NSLock()
  private var rows: Generations<Int64, Held>
  private var stamps: Generations<Int64, Int>
  private var lastStamp = 0
  private var generation = 0
  private var counted = CacheTally()

  /// `limit` rows and as many statuses' stamps per generation: at most twice that are kept (about 200 bytes a row).
  package init(limit: Int = 20_000) {
    rows = Generations(limit: limit)
    stamps = Generations(limit: limit)
  }

  package var tally: CacheTally { lock.withLock { counted } }

  /// Take this before opening the read transaction whose rows will be added.
  package var currentGeneration: Int { lock.withLock { generation } }

  /// The held rows among `ids`, and the ids still to read.
  package func rows(_ ids: some Sequence<Int64>) -> (found: [Int64: CommentRecord], missing: [Int64]) {
    var found = [Int64: CommentRecord](minimumCapacity: ids.underestimatedCount)  // as `UserRowCache.users(_:)`
    var missing: [Int64] = []
    lock.lock()
    defer { lock.unlock() }
    for id in ids where found[id] == nil {
      if let held = rows[id], stamps[held.row.statusID] == held.stamp { found[id] = held.row } else { missing.append(id) }
    }
    counted.count(hits: found.count, misses: missing.count)
    return (found, missing)
  }

  package func add(_ read: some Sequence<CommentRecord>, readAt generation: Int) {
    lock.lock()
    defer { lock.unlock() }
    guard generation == self.generation else { return }
    for row in read {
      let stamp: Int
      if let known = stamps[row.statusID] {
        stamp = known
      } else {
        lastStamp += 1
        stamp = lastStamp
        stamps[row.statusID] = stamp
      }
      rows[row.id] = Held(row: row, stamp: stamp)
    }
  }

  /// The rows of the comments on `statuses`.
  package func drop(statuses: [Int64]) {
    guard !statuses.isEmpty else { return }
    lock.lock()
    defer { lock.unlock() }
    generation += 1
    for status in statuses { stamps[status] = nil }
  }

  package func dropAll() {
    lock.lock()
    defer { lock.unlock() }
    generation += 1
    rows.removeAll()
    stamps.removeAll()
  }
}

extension StoreCaches {
  /// Of `ids`, and with `parents` of the comments they answer, those `viewer` may see, from the caches alone: the
  /// engines' rule (the status is one the viewer may see, `WeiboSQL.visibleTo`; the comment is shown to them,
  /// `WeiboSQL.commentShown`; neither author is kept apart from them, as their held relations name them) over the
  /// held rows; nil when a row, a status or the relations are not held (the engine then reads the database).
  package func comments(_ ids: [Int64], parents: Bool, visibleTo viewer: Int64) -> [Int64: CommentRecord]? {
    guard case .relations(let relations) = userRows.relations(of: viewer) else { return nil }
    var (found, missing) = commentRows.rows(ids)
    guard missing.isEmpty else { return nil }
    if parents {
      let answered = commentRows.rows(found.values.compactMap(\.replyCommentID).filter { found[$0] == nil })
      guard answered.missing.isEmpty else { return nil }
      found.merge(answered.found) { kept, _ in kept }
    }
    let (statuses, unheld) = statusRows.rows(Array(Set(found.values.map(\.statusID))))
    guard unheld.isEmpty else { return nil }
    return found.filter { _, comment in
      guard let status = statuses[comment.statusID] else { return false }
      return status.isVisible(to: viewer) && !relations.apart.contains(status.userID)
        && comment.isShown(to: viewer) && !relations.apart.contains(comment.userID)
    }
  }
}
