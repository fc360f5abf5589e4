import Foundation

/// Each signed-in person's 消息 badge and the mark after which home statuses are new to them, as the database last
/// gave them: every signed-in page shows the badges, and counting them was one statement per page (a fifth of a
/// signed-in page's time on SQLite, a round trip on PostgreSQL). The new statuses themselves are counted in the
/// held home feed after the kept mark (`HomeFeeds.unread`).
///
/// A person's entry goes whenever something that can move their count is written (`CacheInvalidation.unread`:
/// comments to them or mentioning them, likes of their statuses, statuses mentioning them, their own seen marks,
/// blocks on either side through `.userRows(relationsOf:)`); everyone's on what reaches too far to name (a status
/// removed or hidden, an account suspended, `.everything`).
///
/// A read keeps what it found only if nothing dropped the person's entry since it began (`ticket`, then `keep`):
/// a write that committed after the read's snapshot always drops after the ticket was taken.
package final class UnreadBadgeCache: @unchecked Sendable {
  package static let limit = 50_000

  /// What a read found: the 消息 count up to `cap`, and the status mark.
  package struct Entry: Sendable, Equatable {
    package let cap: Int
    package let messages: Int
    package let statusMark: Int64
    package init(cap: Int, messages: Int, statusMark: Int64) {
      self.cap = cap
      self.messages = messages
      self.statusMark = statusMark
    }
  }

  private enum Slot {
    /// A read is out with this ticket.
    case reading(UInt64)
    case held(Entry)
  }

  private let lock = NSLock()
  private var slots = Generations<Int64, Slot>(limit: UnreadBadgeCache.limit)
  private var tickets: UInt64 = 0
  private var counted = CacheTally()

  package init() {}

  package var tally: CacheTally { lock.withLock { counted } }

  /// The kept entry of `user` counted up to `cap`, if any.
  package func entry(of user: Int64, cap: Int) -> Entry? {
    lock.withLock {
      guard case .held(let entry) = slots[user], entry.cap == cap else {
        counted.count(hits: 0, misses: 1)
        return nil
      }
      counted.count(hits: 1, misses: 0)
      return entry
    }
  }

  /// Take before the read whose result is to be kept.
  package func ticket(for user: Int64) -> UInt64 {
    lock.withLock {
      tickets &+= 1
      slots[user] = .reading(tickets)
      return tickets
    }
  }

  /// Keeps `entry` unless `user`'s slot was dropped (or another read began) since `ticket`.
  package func keep(_ entry: Entry, for user: Int64, ticket: UInt64) {
    lock.withLock {
      guard case .reading(ticket) = slots[user] else { return }
      slots[user] = .held(entry)
    }
  }

  package func drop(_ users: [Int64]) {
    guard !users.isEmpty else { return }
    lock.withLock { for user in users { slots[user] = nil } }
  }

  package func dropAll() {
    lock.withLock { slots.removeAll() }
  }
}
