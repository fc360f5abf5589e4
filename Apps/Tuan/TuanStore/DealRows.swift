import Synchronization

/// Deal and shop rows by id, kept under the deals' stamp (`DealsStamp`) they were read with: a deal's row changes
/// only by an import (`catalog`) or a sale (`sales`, its 已售), a shop's only by an import or a review counted in or
/// out (`tallies`), a deal's 适用分店 only by `setBranches` (`catalog`), each moving its stamp in the same transaction.
/// A read takes the stamp first, in its snapshot, and uses only rows kept under that same stamp, so a row is never
/// older than the read's own snapshot, whichever process wrote; a new stamp starts afresh. A page of twenty deals
/// spent a third of `find_deals` reading and decoding rows that had not changed.
package final class DealRows: Sendable {
  package let deals = DealRowTable<DealRecord>(follows: { ($0.catalog, $0.sales) })
  package let merchants = DealRowTable<MerchantRecord>(follows: { ($0.catalog, $0.tallies) })
  /// Each deal's 适用分店, empty for none (so a deal without any is kept too).
  package let branches = DealRowTable<[Int64]>(follows: { ($0.catalog, 0) }, absent: [])

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

/// One kind of `DealRows`' rows, kept under the parts of the stamp it follows.
///
/// Public, with inlinable lookups, so that each table's lookups are specialized for its row in the engine that calls
/// them (this toolchain inlines only `public` code across modules): called generically, a lookup of a map's 300 deals
/// built its dictionary through witness tables and metadata lookups, a fifth of `/tuan/map`.
public final class DealRowTable<Row: Sendable>: Sendable {
  /// How many rows are kept; past it they are dropped all at once (a few megabytes at most).
  @usableFromInline let limit = 20_000

  @usableFromInline struct Kept {
    @usableFromInline var stamp: (Int64, Int64)?
    @usableFromInline var rows: [Int64: Row] = [:]
    @usableFromInline init() {}
  }

  @usableFromInline let kept = Mutex(Kept())
  @usableFromInline let follows: @Sendable (DealsStamp) -> (Int64, Int64)
  /// What a read keeps for an id it was asked for and did not find (none: nothing is kept).
  @usableFromInline let absent: Row?

  init(follows: @escaping @Sendable (DealsStamp) -> (Int64, Int64), absent: Row? = nil) {
    self.follows = follows
    self.absent = absent
  }

  /// The rows of `ids` kept under `stamp`, and the ids to read.
  @inlinable public func lookup(_ ids: [Int64], at stamp: DealsStamp) -> (found: [Int64: Row], missing: [Int64]) {
    let key = follows(stamp)
    // The rows are taken out of the lock (a reference, not a copy) and searched after it: two threads looking up a
    // map's deals under it waited on each other.
    let (held, rows) = kept.withLock { ($0.stamp, $0.rows) }
    guard let held, held == key else { return ([:], ids) }
    var found: [Int64: Row] = Dictionary(minimumCapacity: ids.count)
    var missing: [Int64] = []
    for id in ids {
      if let row = rows[id] { found[id] = row } else { missing.append(id) }
    }
    return (found, missing)
  }

  /// Keeps the rows read for `missing` under `stamp`; rows of an earlier stamp than the kept one (a read that
  /// began before a write another read has already seen) are not kept. Gives them with `found`.
  @inlinable public func keep(_ read: [Int64: Row], of missing: [Int64], at stamp: DealsStamp, with found: [Int64: Row])
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
      if kept.rows.count + read.count > limit { kept.rows.removeAll(keepingCapacity: true) }
      kept.rows.merge(read) { _, new in new }
    }
    return found.merging(read) { _, new in new }
  }

  /// The rows of `ids` under `stamp`: the kept ones, and the rest through `load` (then kept).
  @inlinable public func read(_ ids: [Int64], at stamp: DealsStamp, _ load: ([Int64]) throws -> [Int64: Row]) rethrows
    -> [Int64: Row]
  {
    let (found, missing) = lookup(ids, at: stamp)
    return missing.isEmpty ? found : keep(try load(missing), of: missing, at: stamp, with: found)
  }

  /// `read` for an engine whose reads suspend (PostgreSQL's).
  @inlinable public func readAsync(_ ids: [Int64], at stamp: DealsStamp, _ load: ([Int64]) async throws -> [Int64: Row])
    async rethrows -> [Int64: Row]
  {
    let (found, missing) = lookup(ids, at: stamp)
    return missing.isEmpty ? found : keep(try await load(missing), of: missing, at: stamp, with: found)
  }

  func dropAll() { kept.withLock { $0 = Kept() } }
}
