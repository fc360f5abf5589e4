import Foundation
import GRDB
import SparrowStore
import SparrowStoreSQLite
import TuanStore

extension SQLiteTuanStore {
  // MARK: 适用分店

  package func setBranches(dealID: Int64, merchantIDs: [Int64]) async throws {
    let ids = Array(Set(merchantIDs))
    try await pool.write { db in
      guard let owner = try Int64.fetchOne(db.cachedStatement(sql: "SELECT merchant_id FROM tuan_deals WHERE id = ?"),
          arguments: [dealID]),
        try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM tuan_merchants WHERE id IN (SELECT value FROM json_each(?))"),
                         arguments: [jsonList(ids)]) == ids.count
      else { throw StoreError.notFound }
      try db.execute(sql: "DELETE FROM tuan_deal_branches WHERE deal_id = ?", arguments: [dealID])
      for id in ids where id != owner {
        try db.execute(sql: "INSERT INTO tuan_deal_branches (deal_id, merchant_id) VALUES (?, ?)", arguments: [dealID, id])
      }
      try db.execute(OnSaleSets.imported)
    }
  }

  package func branches(of dealIDs: [Int64]) async throws -> [Int64: [Int64]] {
    guard !dealIDs.isEmpty else { return [:] }
    return try await reading { db in try self.branches(dealIDs, at: try self.stamp(db), db) }
  }

  /// The 适用分店 of `dealIDs` as of `stamp`, read in `db` (kept with the rows, `DealRows`).
  func branches(_ dealIDs: [Int64], at stamp: DealsStamp, _ db: Database) throws -> [Int64: [Int64]] {
    guard !dealIDs.isEmpty else { return [:] }
    return try rows.branches.read(dealIDs, at: stamp) { missing in
      let pairs = try decodeRows(db.cachedStatement(sql: """
        SELECT deal_id, merchant_id FROM tuan_deal_branches WHERE deal_id IN (SELECT value FROM json_each(?))
        ORDER BY deal_id, merchant_id
        """), [jsonList(missing)]) { (row: Row) -> (Int64, Int64) in (row[0], row[1]) }
      return Dictionary(grouping: pairs, by: \.0).mapValues { $0.map(\.1) }
    }.withBranches
  }

  /// A coupon usable at the merchant (bound twice): its shop, or one of its deal's 适用分店.
  static let usableAt = """
    (merchant_id = ? OR EXISTS (SELECT 1 FROM tuan_deal_branches b WHERE b.deal_id = tuan_coupons.deal_id \
    AND b.merchant_id = ?))
    """
}
