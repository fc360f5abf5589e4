import Synchronization

/// Deal and shop rows by id, kept under the deals' stamp (`DealsStamp`) they were read with: a deal's row changes
/// only by an import (`catalog`) or a sale (`sales`, its 已售), a shop's only by an import or a review counted in or
/// out (`tallies`), a deal's 适用分店 only by `setBranches` (`catalog`), each moving its stamp in the same transaction.
/// A read takes the stamp first, in its snapshot, and uses only rows kept under that same stamp, so a row is never
/// older than the read's own snapshot, whichever process wrote; a new stamp starts afresh. A page of twenty deals
/// spent a third of `find_deals` reading and decoding rows that had not changed.
package final class DealRows: Sendable {
  /// How many rows of each kind are kept; past it they are dropped all at once (a few megabytes at most).
  package static let limit = 20_000

  /// One kind of row, kept under the parts of the stamp it follows.
  package final class Table<Row: Sendable>: Sendable {
    private struct Kept {
      var stamp: (Int64, Int64)?
      var rows: [Int64: Row] = [:]
    }

    private let kept = Mutex(Kept())
    private let follows: @Sendable (DealsStamp) -> (Int64, Int64)
    /// What a read keeps for an id it was asked for and did not find (none: nothing is kept).
    private let absent: Row?

    init(follows: @escaping @Sendable (DealsStamp) -> (Int64, Int64), absent: Row? = nil) {
      self.follows = follows
      self.absent = absent
    }

    /// The rows of `ids` kept under `stamp`, and the ids to read.
    package func lookup(_ ids: [Int64], at stamp: DealsStamp) -> (found: [Int64: Row], missing: [Int64]) {
      let key = follows(stamp)
      return kept.withLock { kept in
        guard let held = kept.stamp, held == key else { return ([:], ids) }
        var found: [Int64: Row] = [:]
        var missing: [Int64] = []
        for id in ids {
          if let row = kept.rows[id] { found[id] = row } else { missing.append(id) }
        }
        return (found, missing)
      }
    }

    /// Keeps the rows read for `missing` under `stamp`; rows of an earlier stamp than the kept one (a read that
    /// began before a write another read has already seen) are not kept. Gives them with `found`.
    package func keep(_ read: [Int64: Row], of missing: [Int64], at stamp: DealsStamp, with found: [Int64: Row])
      -> [Int64: Row]
    {
      var read = read
      if let absent { for id in missing where read[id] == nil { read[id] = absent } }
      let key = follows(stamp)
      kept.withLock { kept in
        if let held = kept.stamp, held != key {
          guard held < key else { return }
          kept.rows.removeAll(keepingCapacity: true)
        }
        kept.stamp = key
        if kept.rows.count + read.count > DealRows.limit { kept.rows.removeAll(keepingCapacity: true) }
        kept.rows.merge(read) { _, new in new }
      }
      return found.merging(read) { _, new in new }
    }

    /// The rows of `ids` under `stamp`: the kept ones, and the rest through `load` (then kept).
    package func read(_ ids: [Int64], at stamp: DealsStamp, _ load: ([Int64]) throws -> [Int64: Row]) rethrows
      -> [Int64: Row]
    {
      let (found, missing) = lookup(ids, at: stamp)
      return missing.isEmpty ? found : keep(try load(missing), of: missing, at: stamp, with: found)
    }

    /// `read` for an engine whose reads suspend (PostgreSQL's).
    package func readAsync(_ ids: [Int64], at stamp: DealsStamp, _ load: ([Int64]) async throws -> [Int64: Row])
      async rethrows -> [Int64: Row]
    {
      let (found, missing) = lookup(ids, at: stamp)
      return missing.isEmpty ? found : keep(try await load(missing), of: missing, at: stamp, with: found)
    }

    func dropAll() { kept.withLock { $0 = Kept() } }
  }

  package let deals = Table<DealRecord>(follows: { ($0.catalog, $0.sales) })
  package let merchants = Table<MerchantRecord>(follows: { ($0.catalog, $0.tallies) })
  /// Each deal's 适用分店, empty for none (so a deal without any is kept too).
  package let branches = Table<[Int64]>(follows: { ($0.catalog, 0) }, absent: [])

  package init() {}

  /// Drops every kept row: for tests that read the database afresh.
  package func dropAll() {
    deals.dropAll()
    merchants.dropAll()
    branches.dropAll()
  }
}

extension Dictionary where Value == [Int64] {
  /// The deals with any 适用分店, as `branches(of:)` gives them.
  package var withBranches: [Key: Value] { filter { !$0.value.isEmpty } }
}
