import Foundation
import SparrowStore
import Synchronization

/// What changes the on-sale sets (`dealCities`, `dealRegions`, `dealCategories`): a deal written (a new highest id,
/// or a later `updated_at`), read in two index lookups.
package struct DealsStamp: Sendable, Equatable {
  package let lastID: Int64
  package let lastUpdate: Int64

  package init(lastID: Int64, lastUpdate: Int64) {
    self.lastID = lastID
    self.lastUpdate = lastUpdate
  }
}

/// The cities, regions and categories with deals on sale, each computed once and kept while it cannot have
/// changed: until a deal is written (the stamp differs, whichever process wrote it) or time reaches the next
/// publication or deadline (`until`), the moment a deal joins or leaves the on-sale set. Grouping every deal on
/// sale per request took 160–210 ms at 100,000 deals. Kept with the engine's caches (`StoreCaches.app`).
package final class OnSaleSets: Sendable {
  private struct Entry {
    let stamp: DealsStamp
    /// The times (milliseconds) it holds for: from the moment read to the next publication or deadline.
    let from: Int64
    let until: Int64
    let value: any Sendable
  }

  private let entries = Mutex<[String: Entry]>([:])

  package init() {}

  /// The deals' stamp, as both engines read it: two index lookups.
  package static let stamp: SQL = "SELECT (SELECT max(id) FROM tuan_deals), (SELECT max(updated_at) FROM tuan_deals)"

  /// The next moment after `at` (milliseconds) a deal is published or ends, when a set read at `at` may change.
  package static func nextChange(after at: Int64) -> SQL {
    """
    SELECT min(t) FROM (SELECT min(published_at) AS t FROM tuan_deals WHERE published_at > \(at)
      UNION ALL SELECT min(deadline) FROM tuan_deals WHERE deadline > \(at)) AS next
    """
  }

  /// The key of `query`'s total (how many deals it finds): the query without its page, order and moment, since a
  /// kept total holds from the moment it was counted to the next publication or deadline, as the sets do.
  package static func totalKey(_ query: DealQuery) -> String {
    var key = query
    key.onSaleAt = nil
    key.sort = .ranking
    key.limit = 0
    key.offset = 0
    return "total \(key) \(query.onSaleAt == nil ? "always" : "on sale")"
  }

  /// The set `key` at `now` under `stamp`, if kept.
  package func value<T: Sendable>(_ key: String, stamp: DealsStamp, now: Int64) -> T? {
    entries.withLock { entries in
      guard let entry = entries[key], entry.stamp == stamp, entry.from <= now, now < entry.until else { return nil }
      return entry.value as? T
    }
  }

  /// Keeps `value`, read at `from`, for `key` until `until` (milliseconds) or a write.
  package func keep<T: Sendable>(_ value: T, _ key: String, stamp: DealsStamp, from: Int64, until: Int64) {
    entries.withLock { entries in
      // Sets: a few hundred keys (one per city and kind); totals: one per filter asked for. Entries of an older
      // stamp are dead weight; past the bound with none of them, start over.
      if entries.count > 2_000 { entries = entries.filter { $0.value.stamp == stamp } }
      if entries.count > 2_000 { entries.removeAll(keepingCapacity: true) }
      entries[key] = Entry(stamp: stamp, from: from, until: until, value: value)
    }
  }
}
