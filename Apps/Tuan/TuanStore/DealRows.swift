import Synchronization

/// Deal and shop rows by id, kept under the deals' stamp (`DealsStamp`) they were read with: a deal's row changes
/// only by an import (`catalog`) or a sale (`sales`, its 已售), a shop's only by an import or a review counted in or
/// out (`tallies`), a deal's 适用分店 only by `setBranches` (`catalog`), each moving its stamp in the same transaction. A read takes the stamp first, in its snapshot,
/// and uses only rows kept under that same stamp, so a row is never older than the read's own snapshot, whichever
/// process wrote; a new stamp starts afresh. A page of twenty deals spent a third of `find_deals` reading and
/// decoding rows that had not changed.
package final class DealRows: Sendable {
  /// How many rows of each kind are kept; past it they are dropped all at once (a few megabytes at most).
  package static let limit = 20_000

  private struct Kept<Row> {
    var stamp: (Int64, Int64)?
    var rows: [Int64: Row] = [:]

    /// The rows of `ids` kept under `stamp`, and the ids missing.
    func rows(_ ids: [Int64], at stamp: (Int64, Int64)) -> (found: [Int64: Row], missing: [Int64]) {
      guard let kept = self.stamp, kept == stamp else { return ([:], ids) }
      var found: [Int64: Row] = [:]
      var missing: [Int64] = []
      for id in ids {
        if let row = rows[id] { found[id] = row } else { missing.append(id) }
      }
      return (found, missing)
    }

    /// Keeps `rows` read under `stamp`; rows of an earlier stamp than the kept one (a read that began before a
    /// write another read has already seen) are not kept.
    mutating func keep(_ read: [Int64: Row], at stamp: (Int64, Int64)) {
      if let kept = self.stamp, kept != stamp {
        guard kept < stamp else { return }
        rows.removeAll(keepingCapacity: true)
      }
      self.stamp = stamp
      if rows.count + read.count > DealRows.limit { rows.removeAll(keepingCapacity: true) }
      rows.merge(read) { _, new in new }
    }
  }

  private let deals = Mutex(Kept<DealRecord>())
  private let merchants = Mutex(Kept<MerchantRecord>())
  /// Each deal's 适用分店 (empty for none): written with the catalog (`setBranches` moves it).
  private let branches = Mutex(Kept<[Int64]>())

  package init() {}

  /// What a deal's row follows: imports and sales.
  static func dealKey(_ stamp: DealsStamp) -> (Int64, Int64) { (stamp.catalog, stamp.sales) }
  /// What a shop's row follows: imports and reviews counted.
  static func merchantKey(_ stamp: DealsStamp) -> (Int64, Int64) { (stamp.catalog, stamp.tallies) }

  /// The deals of `ids` kept under `stamp`, and the ids to read.
  package func deals(_ ids: [Int64], at stamp: DealsStamp) -> (found: [Int64: DealRecord], missing: [Int64]) {
    deals.withLock { $0.rows(ids, at: Self.dealKey(stamp)) }
  }

  /// Keeps deals read under `stamp`.
  package func keep(_ read: [Int64: DealRecord], at stamp: DealsStamp) {
    deals.withLock { $0.keep(read, at: Self.dealKey(stamp)) }
  }

  /// The shops of `ids` kept under `stamp`, and the ids to read.
  package func merchants(_ ids: [Int64], at stamp: DealsStamp) -> (found: [Int64: MerchantRecord], missing: [Int64]) {
    merchants.withLock { $0.rows(ids, at: Self.merchantKey(stamp)) }
  }

  /// Keeps shops read under `stamp`.
  package func keep(_ read: [Int64: MerchantRecord], at stamp: DealsStamp) {
    merchants.withLock { $0.keep(read, at: Self.merchantKey(stamp)) }
  }

  /// The deals of `ids` under `stamp`: the kept ones, and the rest through `read` (then kept).
  package func deals(_ ids: [Int64], at stamp: DealsStamp, read: ([Int64]) throws -> [DealRecord]) rethrows
    -> [Int64: DealRecord]
  {
    var (found, missing) = deals(ids, at: stamp)
    guard !missing.isEmpty else { return found }
    let read = Dictionary(try read(missing).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    keep(read, at: stamp)
    found.merge(read) { _, new in new }
    return found
  }

  /// The shops of `ids` under `stamp`, as `deals`.
  package func merchants(_ ids: [Int64], at stamp: DealsStamp, read: ([Int64]) throws -> [MerchantRecord]) rethrows
    -> [Int64: MerchantRecord]
  {
    var (found, missing) = merchants(ids, at: stamp)
    guard !missing.isEmpty else { return found }
    let read = Dictionary(try read(missing).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    keep(read, at: stamp)
    found.merge(read) { _, new in new }
    return found
  }

  /// The 适用分店 of the deals of `ids` (those with any) under `stamp`: the kept lists, and the rest through `read`,
  /// which answers for the deals it is given (then kept, none for a deal it leaves out).
  package func branches(_ ids: [Int64], at stamp: DealsStamp, read: ([Int64]) throws -> [Int64: [Int64]]) rethrows
    -> [Int64: [Int64]]
  {
    let (found, missing) = branches(ids, at: stamp)
    return missing.isEmpty ? Self.nonEmpty(found) : keep(branches: try read(missing), of: missing, at: stamp, with: found)
  }

  /// The 适用分店 lists of `ids` kept under `stamp`, and the ids to read.
  package func branches(_ ids: [Int64], at stamp: DealsStamp) -> (found: [Int64: [Int64]], missing: [Int64]) {
    branches.withLock { $0.rows(ids, at: (stamp.catalog, 0)) }
  }

  /// Keeps the lists `read` for the deals `missing` under `stamp` (none for a deal it leaves out), and gives
  /// them with `found` as `branches(_:at:read:)` does.
  package func keep(branches read: [Int64: [Int64]], of missing: [Int64], at stamp: DealsStamp, with found: [Int64: [Int64]])
    -> [Int64: [Int64]]
  {
    let lists = Dictionary(missing.map { ($0, read[$0] ?? []) }, uniquingKeysWith: { a, _ in a })
    branches.withLock { $0.keep(lists, at: (stamp.catalog, 0)) }
    return Self.nonEmpty(found.merging(lists) { _, new in new })
  }

  private static func nonEmpty(_ lists: [Int64: [Int64]]) -> [Int64: [Int64]] { lists.filter { !$0.value.isEmpty } }

  /// Drops every kept row: for tests that read the database afresh.
  package func dropAll() {
    deals.withLock { $0 = Kept() }
    merchants.withLock { $0 = Kept() }
    branches.withLock { $0 = Kept() }
  }
}
