import Foundation
import PostgresNIO
import SparrowStore
import SparrowStorePostgres
import TuanStore

extension PostgresTuanStore {
  // MARK: 适用分店

  package func setBranches(dealID: Int64, merchantIDs: [Int64]) async throws {
    let ids = Array(Set(merchantIDs))
    try await movingStamp { db in
      guard let owner = try await db.value("SELECT merchant_id FROM tuan_deals WHERE id = \(dealID) FOR UPDATE", as: Int64.self),
        try await db.value("SELECT count(*) FROM tuan_merchants WHERE id = \(any: ids)", as: Int.self) == ids.count
      else { throw StoreError.notFound }
      try await db.execute("DELETE FROM tuan_deal_branches WHERE deal_id = \(dealID)")
      let others = ids.filter { $0 != owner }
      if !others.isEmpty {
        try await db.execute("INSERT INTO tuan_deal_branches (deal_id, merchant_id) SELECT \(dealID), unnest(\(others))")
      }
      try await db.execute(OnSaleSets.imported)
    }
  }

  package func branches(of dealIDs: [Int64]) async throws -> [Int64: [Int64]] {
    guard !dealIDs.isEmpty else { return [:] }
    return try await reading { db in try await self.branches(dealIDs, at: try await self.stamp(db), db) }
  }

  /// The 适用分店 of `dealIDs` as of `stamp`, read in `db` (kept with the rows, `DealRows`).
  func branches(_ dealIDs: [Int64], at stamp: DealsStamp, _ db: Connection) async throws -> [Int64: [Int64]] {
    guard !dealIDs.isEmpty else { return [:] }
    return try await rows.branches.readAsync(dealIDs, at: stamp) { missing in
      let rows = try await db.rows("""
        SELECT deal_id, merchant_id FROM tuan_deal_branches WHERE deal_id = \(any: missing) ORDER BY deal_id, merchant_id
        """)
      return Dictionary(grouping: try rows.map { (try $0.int64(0), try $0.int64(1)) }, by: \.0).mapValues { $0.map(\.1) }
    }.withBranches
  }

  /// A coupon usable at `merchantID`: its shop, or one of its deal's 适用分店.
  static func usable(at merchantID: Int64) -> SQL {
    """
    (merchant_id = \(merchantID) OR EXISTS (SELECT 1 FROM tuan_deal_branches b WHERE b.deal_id = tuan_coupons.deal_id \
    AND b.merchant_id = \(merchantID)))
    """
  }
}
