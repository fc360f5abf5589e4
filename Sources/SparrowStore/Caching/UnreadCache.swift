import Foundation

/// Each signed-in person's unread counts as the database last gave them, with the mark after which home statuses
/// are new to them: every signed-in page shows the tab bar's badges (`badges`: 消息's count), and clients poll
/// `remind/unread_count` (`counts`: each kind); counting them was a statement a request (a fifth of a signed-in
/// page's time on SQLite, a round trip on PostgreSQL; two thirds of `unread_count`'s). The new statuses themselves
/// are counted in the held home feed after the kept mark (`HomeFeeds.unread`).
///
/// A person's entry goes whenever something that can move their counts is written (`CacheInvalidation.unread`:
/// comments to them or mentioning them, likes of their statuses, statuses mentioning them, their own seen marks;
/// follows and blocks on either side through `.userRows(relationsOf:)`); everyone's on what reaches too far to
/// name (a status removed or hidden, an account suspended, `.everything`).
///
/// A read keeps what it found only if nothing dropped the person's entry since it began (`ticket`, then `keep`):
/// a write that committed after the read's snapshot always drops after the ticket was taken.
package final class UnreadCache<Entry: Sendable>: @unchecked Sendable {
  package static var limit: Int { 50_000 }

  private enum Slot {
    /// A read is out with this ticket.
    case reading(UInt64)
    /// What a read counted up to `cap`.
    case held(cap: Int, Entry)
  }

  private let lock = NSLock()
  private var slots = Generations<Int64, Slot>(limit: UnreadCache.limit)
  private var tickets: UInt64 = 0
  private var counted = CacheTally()

  package init() {}

  package var tally: CacheTally { lock.withLock { counted } }

  /// The kept entry of `user` counted up to `cap`, if any.
  package func entry(of user: Int64, cap: Int) -> Entry? {
    lock.withLock {
      guard case .held(cap, let entry) = slots[user] else {
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

  /// Keeps `entry`, counted up to `cap`, unless `user`'s slot was dropped (or another read began) since `ticket`.
  package func keep(_ entry: Entry, cap: Int, for user: Int64, ticket: UInt64) {
    lock.withLock {
      guard case .reading(ticket) = slots[user] else { return }
      slots[user] = .held(cap: cap, entry)
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

/// The tab bar's part: 消息's count (its kinds together) and the status mark.
package struct KeptBadges: Sendable, Equatable {
  package let messages: Int
  package let statusMark: Int64
  package init(messages: Int, statusMark: Int64) {
    self.messages = messages
    self.statusMark = statusMark
  }
}

/// `remind/unread_count`'s part: each kind's count but the new statuses', and the status mark.
package struct KeptUnreadCounts: Sendable, Equatable {
  package let counts: [UnreadKind: Int]
  package let statusMark: Int64
  package init(counts: [UnreadKind: Int], statusMark: Int64) {
    self.counts = counts
    self.statusMark = statusMark
  }
}
