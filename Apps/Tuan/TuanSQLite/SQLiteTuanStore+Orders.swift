import Foundation
import GRDB
import SparrowStore
import SparrowStoreSQLite
import TuanStore

extension SQLiteTuanStore {
  // MARK: Orders and coupons

  package func placeOrder(_ order: OrderRecord, now: Date) async throws {
    // The one writer serializes orders: the stock and 限购 read here cannot change before the insert.
    try await pool.write { db in
      guard let row = try Row.fetchOne(db.cachedStatement(sql: """
        SELECT published_at, deadline, purchase_count, stock, per_person_limit FROM tuan_deals WHERE id = ?
        """), arguments: [order.dealID])
      else { throw OrderError.noSuchDeal }
      let (published, deadline): (Int64, Int64) = (row[0], row[1])
      guard published <= millis(now), millis(now) < deadline else { throw OrderError.notOnSale }
      let limit: Int? = row[4]
      try OrderRules.check(
        quantity: order.quantity, stock: row[3], sold: row[2], limit: limit,
        held: limit == nil ? 0 : try Self.held(db, userID: order.userID, dealID: order.dealID))
      try db.execute(sql: """
        INSERT INTO tuan_orders (id, user_id, deal_id, quantity, unit_price, created_at) VALUES (?, ?, ?, ?, ?, ?)
        """, arguments: [order.id, order.userID, order.dealID, order.quantity, order.unitPrice, millis(order.createdAt)])
      for coupon in order.coupons {
        do {
          try db.execute(sql: "INSERT INTO tuan_coupons (\(couponColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", arguments: [
            coupon.code, order.id, coupon.dealID, coupon.merchantID, order.userID, coupon.storedState.rawValue,
            millis(coupon.validUntil), coupon.changedAt.map(millis),
          ])
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
          throw StoreError.conflict
        }
      }
      try db.execute(sql: "UPDATE tuan_deals SET purchase_count = purchase_count + ? WHERE id = ?",
                     arguments: [order.quantity, order.dealID])
      try db.execute(OnSaleSets.sold)
    }
  }

  package func heldCoupons(userID: Int64, dealID: Int64) async throws -> Int {
    try await reading { db in try Self.held(db, userID: userID, dealID: dealID) }
  }

  static func held(_ db: Database, userID: Int64, dealID: Int64) throws -> Int {
    try Int.fetchOne(db.cachedStatement(sql: """
      SELECT count(*) FROM tuan_coupons WHERE user_id = ? AND deal_id = ? AND state != 'cancelled'
      """), arguments: [userID, dealID]) ?? 0
  }

  package func order(id: Int64, userID: Int64) async throws -> OrderRecord? {
    try await reading { db in
      let rows = try Row.fetchAll(db.cachedStatement(sql: """
        SELECT id, user_id, deal_id, quantity, unit_price, created_at FROM tuan_orders WHERE id = ? AND user_id = ?
        """), arguments: [id, userID])
      return try Self.withCoupons(rows.map(OrderRecord.init(row:)), db).first
    }
  }

  package func coupon(code: String, userID: Int64) async throws -> CouponRecord? {
    try await reading { db in
      try Row.fetchOne(db.cachedStatement(sql: "SELECT \(couponColumns) FROM tuan_coupons WHERE code = ? AND user_id = ?"),
                       arguments: [code, userID]).map(CouponRecord.init(row:))
    }
  }

  package func orders(userID: Int64, limit: Int, offset: Int) async throws -> FeedPage<OrderRecord> {
    try await reading { db in
      let total = try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM tuan_orders WHERE user_id = ?"),
          arguments: [userID]) ?? 0
      let orders = try decodeRows(db.cachedStatement(sql: """
        SELECT id, user_id, deal_id, quantity, unit_price, created_at FROM tuan_orders WHERE user_id = ?
        ORDER BY id DESC LIMIT ? OFFSET ?
        """), [userID, max(0, limit), max(0, offset)], OrderRecord.init(row:))
      return FeedPage(items: try Self.withCoupons(orders, db), total: total)
    }
  }

  static func withCoupons(_ orders: [OrderRecord], _ db: Database) throws -> [OrderRecord] {
    guard !orders.isEmpty else { return [] }
    let coupons = try decodeRows(db.cachedStatement(sql: """
      SELECT \(couponColumns), \(couponReviewID) FROM tuan_coupons WHERE order_id IN (SELECT value FROM json_each(?))
      ORDER BY code
      """), [jsonList(orders.map(\.id))]) { (coupon: CouponRecord(row: $0), reviewID: $0[8] as Int64?) }
    return orders.attaching(coupons)
  }

  package func consumeCoupon(code: String, merchantID: Int64, now: Date) async throws -> CouponOutcome {
    try await pool.write { db in
      // One conditional UPDATE: of two racing consumptions, the second finds the state changed.
      // Used at one of the deal's 适用分店, the coupon becomes that shop's (its 验券 list, its review).
      try db.execute(sql: """
        UPDATE tuan_coupons SET state = 'consumed', changed_at = ?, merchant_id = ?
        WHERE code = ? AND \(Self.usableAt) AND state = 'unused' AND valid_until > ?
        """, arguments: [millis(now), merchantID, code, merchantID, merchantID, millis(now)])
      let changed = db.changesCount == 1
      if changed { try db.execute(OnSaleSets.usedOne) }
      // Only coupons usable here are read: another's is not found, by the same statements as no coupon at all.
      guard let coupon = try Row.fetchOne(
        db, sql: "SELECT \(couponColumns) FROM tuan_coupons WHERE code = ? AND \(Self.usableAt)",
        arguments: [code, merchantID, merchantID]
      ).map(CouponRecord.init(row:))
      else { return .notFound }
      if changed { return .done(coupon) }
      return .refused(coupon.state(at: now))
    }
  }

  package func cancelCoupon(code: String, userID: Int64, now: Date) async throws -> CouponOutcome {
    try await pool.write { db in
      guard let coupon = try Row.fetchOne(db.cachedStatement(sql: "SELECT \(couponColumns) FROM tuan_coupons WHERE code = ? AND user_id = ?"),
                                          arguments: [code, userID]).map(CouponRecord.init(row:))
      else { return .notFound }
      let state = coupon.state(at: now)
      guard state == .unused else { return .refused(state) }
      try db.execute(sql: "UPDATE tuan_coupons SET state = 'cancelled', changed_at = ? WHERE code = ?",
                     arguments: [millis(now), code])
      try db.execute(sql: "UPDATE tuan_deals SET purchase_count = max(0, purchase_count - 1) WHERE id = ?",
                     arguments: [coupon.dealID])
      try db.execute(OnSaleSets.sold)
      var cancelled = coupon
      cancelled.storedState = .cancelled
      cancelled.changedAt = date(millis(now))
      return .done(cancelled)
    }
  }

  // MARK: 收藏 and 最近浏览

  package func collect(userID: Int64, dealID: Int64, at: Date) async throws {
    try await pool.write { db in
      guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM tuan_deals WHERE id = ?)"),
          arguments: [dealID]) == true
      else { throw StoreError.notFound }
      try db.execute(sql: """
        INSERT INTO tuan_favourites (user_id, deal_id, at) VALUES (?, ?, ?)
        ON CONFLICT (user_id, deal_id) DO UPDATE SET at = excluded.at
        """, arguments: [userID, dealID, millis(at)])
    }
  }

  package func uncollect(userID: Int64, dealIDs: [Int64]) async throws -> Int {
    try await pool.write { db in
      try db.execute(sql: "DELETE FROM tuan_favourites WHERE user_id = ? AND deal_id IN (SELECT value FROM json_each(?))",
                     arguments: [userID, jsonList(dealIDs)])
      return db.changesCount
    }
  }

  package func collections(userID: Int64, limit: Int, offset: Int) async throws -> FeedPage<DealMark> {
    try await reading { db in
      let total = try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM tuan_favourites WHERE user_id = ?"),
          arguments: [userID]) ?? 0
      let marks = try Row.fetchAll(db.cachedStatement(sql: """
        SELECT deal_id, at FROM tuan_favourites WHERE user_id = ? ORDER BY at DESC, deal_id DESC LIMIT ? OFFSET ?
        """), arguments: [userID, max(0, limit), max(0, offset)]).map { DealMark(dealID: $0[0], at: date($0[1])) }
      return FeedPage(items: marks, total: total)
    }
  }

  package func collected(by userID: Int64, among dealIDs: [Int64]) async throws -> Set<Int64> {
    guard !dealIDs.isEmpty else { return [] }
    return try await reading { db in
      Set(try Int64.fetchAll(db.cachedStatement(sql: """
        SELECT deal_id FROM tuan_favourites WHERE user_id = ? AND deal_id IN (SELECT value FROM json_each(?))
        """), arguments: [userID, jsonList(dealIDs)]))
    }
  }

  package func recordView(userID: Int64, dealID: Int64, at: Date) async throws {
    try await pool.write { db in
      guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM tuan_deals WHERE id = ?)"),
          arguments: [dealID]) == true
      else { throw StoreError.notFound }
      try db.execute(sql: """
        INSERT INTO tuan_views (user_id, deal_id, at) VALUES (?, ?, ?)
        ON CONFLICT (user_id, deal_id) DO UPDATE SET at = excluded.at
        """, arguments: [userID, dealID, millis(at)])
      try db.execute(sql: """
        DELETE FROM tuan_views WHERE user_id = ? AND deal_id NOT IN (
          SELECT deal_id FROM tuan_views WHERE user_id = ? ORDER BY at DESC, deal_id DESC LIMIT ?)
        """, arguments: [userID, userID, recentLimit])
    }
  }

  package func recentlyViewed(userID: Int64, limit: Int) async throws -> [DealMark] {
    try await reading { db in
      try Row.fetchAll(db.cachedStatement(sql: """
        SELECT deal_id, at FROM tuan_views WHERE user_id = ? ORDER BY at DESC, deal_id DESC LIMIT ?
        """), arguments: [userID, max(0, limit)]).map { DealMark(dealID: $0[0], at: date($0[1])) }
    }
  }

  package func forgetViews(userID: Int64, dealIDs: [Int64]?) async throws {
    try await pool.write { db in
      if let dealIDs {
        try db.execute(sql: "DELETE FROM tuan_views WHERE user_id = ? AND deal_id IN (SELECT value FROM json_each(?))",
                       arguments: [userID, jsonList(dealIDs)])
      } else {
        try db.execute(sql: "DELETE FROM tuan_views WHERE user_id = ?", arguments: [userID])
      }
    }
  }

  package func recordCityVisit(userID: Int64, adcode: Int, at: Date) async throws {
    try await pool.write { db in
      try db.execute(sql: """
        INSERT INTO tuan_city_visits (user_id, adcode, at) VALUES (?, ?, ?)
        ON CONFLICT (user_id, adcode) DO UPDATE SET at = excluded.at
        """, arguments: [userID, adcode, millis(at)])
      try db.execute(sql: """
        DELETE FROM tuan_city_visits WHERE user_id = ? AND adcode NOT IN (
          SELECT adcode FROM tuan_city_visits WHERE user_id = ? ORDER BY at DESC, adcode DESC LIMIT ?)
        """, arguments: [userID, userID, recentCityLimit])
    }
  }

  package func recentCities(userID: Int64, limit: Int) async throws -> [Int] {
    try await reading { db in
      try Int.fetchAll(db.cachedStatement(sql: """
        SELECT adcode FROM tuan_city_visits WHERE user_id = ? ORDER BY at DESC, adcode DESC LIMIT ?
        """), arguments: [userID, max(0, limit)])
    }
  }

  // MARK: API keys

  package func saveDealsKey(_ key: DealsKeyRecord) async throws {
    try await pool.write { db in
      do {
        try db.execute(sql: "INSERT INTO tuan_api_keys (client_id, secret, merchant_id, created_at) VALUES (?, ?, ?, ?)",
                       arguments: [key.clientID, key.secret, key.merchantID, millis(key.createdAt)])
      } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
        throw StoreError.conflict
      }
    }
  }

  package func dealsKey(clientID: String) async throws -> DealsKeyRecord? {
    try await reading { db in
      try Row.fetchOne(db.cachedStatement(sql: "SELECT client_id, secret, merchant_id, created_at FROM tuan_api_keys WHERE client_id = ?"),
                       arguments: [clientID]).map {
        DealsKeyRecord(clientID: $0[0], secret: $0[1], merchantID: $0[2], createdAt: date($0[3]))
      }
    }
  }
}

extension OrderRecord {
  init(row: Row) {
    self.init(id: row[0], userID: row[1], dealID: row[2], quantity: row[3], unitPrice: row[4], createdAt: date(row[5]))
  }
}

extension CouponRecord {
  init(row: Row) {
    self.init(
      code: row[0], orderID: row[1], dealID: row[2], merchantID: row[3], userID: row[4],
      storedState: CouponState(rawValue: row[5]) ?? .unused, validUntil: date(row[6]),
      changedAt: (row[7] as Int64?).map(date))
  }
}
