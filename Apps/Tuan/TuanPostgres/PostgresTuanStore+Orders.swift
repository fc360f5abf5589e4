import Foundation
import PostgresNIO
import SparrowStore
import SparrowStorePostgres
import TuanStore

let orderColumns = "id, user_id, deal_id, quantity, unit_price, created_at"

extension PostgresTuanStore {
  // MARK: Orders and coupons

  package func placeOrder(_ order: OrderRecord, now: Date) async throws {
    try await movingStamp { db in
      // The row lock holds the deal until the order is in: a racing order for the last units, or the same person's
      // from another tab, waits here and then reads the stock and 限购 this one left.
      guard let row = try await db.rows("""
        SELECT published_at, deadline, purchase_count, stock, per_person_limit FROM tuan_deals
        WHERE id = \(order.dealID) FOR UPDATE
        """).first
      else { throw OrderError.noSuchDeal }
      guard try row.int64(0) <= millis(now), millis(now) < (try row.int64(1)) else { throw OrderError.notOnSale }
      let limit = try row.optionalInt64(4).map(Int.init)
      try OrderRules.check(
        quantity: order.quantity, stock: try row.optionalInt64(3).map(Int.init), sold: try row.int(2), limit: limit,
        held: limit == nil ? 0 : try await Self.held(db, userID: order.userID, dealID: order.dealID))
      try await db.execute("""
        INSERT INTO tuan_orders (\(raw: orderColumns)) VALUES (\(order.id), \(order.userID), \(order.dealID),
          \(order.quantity), \(order.unitPrice), \(millis(order.createdAt)))
        """)
      for coupon in order.coupons {
        try await db.execute("""
          INSERT INTO tuan_coupons (\(raw: couponColumns)) VALUES (\(coupon.code), \(order.id), \(coupon.dealID),
            \(coupon.merchantID), \(order.userID), \(coupon.storedState.rawValue), \(millis(coupon.validUntil)),
            \(coupon.changedAt.map(millis)))
          """)
      }
      try await db.execute("UPDATE tuan_deals SET purchase_count = purchase_count + \(order.quantity) WHERE id = \(order.dealID)")
      // Last, as its row lock is every order's: held only until the commit that follows.
      try await db.execute(OnSaleSets.sold)
    }
  }

  package func heldCoupons(userID: Int64, dealID: Int64) async throws -> Int {
    try await reading { db in try await Self.held(db, userID: userID, dealID: dealID) }
  }

  static func held(_ db: Connection, userID: Int64, dealID: Int64) async throws -> Int {
    try await db.value("""
      SELECT count(*) FROM tuan_coupons WHERE user_id = \(userID) AND deal_id = \(dealID) AND state <> 'cancelled'
      """, as: Int.self) ?? 0
  }

  package func order(id: Int64, userID: Int64) async throws -> OrderRecord? {
    try await reading { db in
      let orders = try await db.rows("SELECT \(raw: orderColumns) FROM tuan_orders WHERE id = \(id) AND user_id = \(userID)")
        .map(OrderRecord.init(row:))
      return try await Self.withCoupons(orders, db).first
    }
  }

  package func coupon(code: String, userID: Int64) async throws -> CouponRecord? {
    try await reading { db in
      try await db.rows("SELECT \(raw: couponColumns) FROM tuan_coupons WHERE code = \(code) AND user_id = \(userID)")
        .first.map(CouponRecord.init(row:))
    }
  }

  /// The page's orders with their 团购券 and the count in one statement (they were two round trips, 我的订单's
  /// whole read): a row for each 团购券, its order's columns first (a row with none for an order without any).
  package func orders(userID: Int64, limit: Int, offset: Int) async throws -> FeedPage<OrderRecord> {
    try await reading { db in
      let (rows, total) = try await db.page("""
        SELECT page.*, \(raw: Self.qualifiedCouponColumns), \(raw: couponReviewID) AS review_id FROM (
          SELECT \(raw: orderColumns) FROM tuan_orders WHERE user_id = \(userID) ORDER BY id DESC
          LIMIT \(max(0, limit)) OFFSET \(max(0, offset))) AS page
        LEFT JOIN tuan_coupons ON tuan_coupons.order_id = page.id
        """, total: "SELECT count(*) FROM tuan_orders WHERE user_id = \(userID)", order: "id DESC, code")
      var orders: [OrderRecord] = []
      var coupons: [(coupon: CouponRecord, reviewID: Int64?)] = []
      for row in rows {
        let order = try OrderRecord(row: row)
        if orders.last?.id != order.id { orders.append(order) }
        if try row.optionalString(Self.orderWidth) != nil {
          coupons.append((try CouponRecord(row: row, from: Self.orderWidth), try row.optionalInt64(Self.orderWidth + 8)))
        }
      }
      return FeedPage(items: orders.attaching(coupons), total: total)
    }
  }

  /// How many columns an order's row has, before its 团购券's in `orders`.
  private static let orderWidth = orderColumns.split(separator: ",").count
  /// `couponColumns` named by table, beside an order's columns of the same names.
  private static let qualifiedCouponColumns = couponColumns.split(separator: ",")
    .map { "tuan_coupons." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")

  static func withCoupons(_ orders: [OrderRecord], _ db: Connection) async throws -> [OrderRecord] {
    guard !orders.isEmpty else { return [] }
    let coupons = try await db.rows("""
      SELECT \(raw: couponColumns), \(raw: couponReviewID) FROM tuan_coupons WHERE order_id = \(any: orders.map(\.id))
      ORDER BY code
      """).map { (coupon: try CouponRecord(row: $0), reviewID: try $0.optionalInt64(8)) }
    return orders.attaching(coupons)
  }

  package func consumeCoupon(code: String, merchantID: Int64, now: Date) async throws -> CouponOutcome {
    try await movingStamp { db in
      // One conditional UPDATE: a racing second consumption waits for the first's row lock, then finds the
      // state changed and matches nothing.
      if let done = try await db.rows("""
        UPDATE tuan_coupons SET state = 'consumed', changed_at = \(millis(now)), merchant_id = \(merchantID)
        WHERE code = \(code) AND \(sql: Self.usable(at: merchantID)) AND state = 'unused' AND valid_until > \(millis(now))
        RETURNING \(raw: couponColumns)
        """).first {
        try await db.execute(OnSaleSets.usedOne)
        return .done(try CouponRecord(row: done))
      }
      // Only coupons usable here are read (a 适用分店's too, which then becomes theirs): another's is not found, by the same statements as no coupon at all.
      guard let coupon = try await db.rows("""
        SELECT \(raw: couponColumns) FROM tuan_coupons WHERE code = \(code) AND \(sql: Self.usable(at: merchantID))
        """).first.map(CouponRecord.init(row:))
      else { return .notFound }
      return .refused(coupon.state(at: now))
    }
  }

  package func cancelCoupon(code: String, userID: Int64, now: Date) async throws -> CouponOutcome {
    try await movingStamp { db in
      guard let coupon = try await db.rows("""
        SELECT \(raw: couponColumns) FROM tuan_coupons WHERE code = \(code) AND user_id = \(userID) FOR UPDATE
        """).first.map(CouponRecord.init(row:))
      else { return .notFound }
      let state = coupon.state(at: now)
      guard state == .unused else { return .refused(state) }
      try await db.execute("UPDATE tuan_coupons SET state = 'cancelled', changed_at = \(millis(now)) WHERE code = \(code)")
      try await db.execute("""
        UPDATE tuan_deals SET purchase_count = greatest(0, purchase_count - 1) WHERE id = \(coupon.dealID)
        """)
      try await db.execute(OnSaleSets.sold)
      var cancelled = coupon
      cancelled.storedState = .cancelled
      cancelled.changedAt = date(millis(now))
      return .done(cancelled)
    }
  }

  // MARK: 收藏 and 最近浏览

  package func collect(userID: Int64, dealID: Int64, at: Date) async throws {
    try await transaction { db in
      guard try await db.exists("SELECT 1 FROM tuan_deals WHERE id = \(dealID)") else { throw StoreError.notFound }
      try await db.execute("""
        INSERT INTO tuan_favourites (user_id, deal_id, at) VALUES (\(userID), \(dealID), \(millis(at)))
        ON CONFLICT (user_id, deal_id) DO UPDATE SET at = excluded.at
        """)
    }
  }

  package func uncollect(userID: Int64, dealIDs: [Int64]) async throws -> Int {
    try await reading { db in
      try await db.execute("DELETE FROM tuan_favourites WHERE user_id = \(userID) AND deal_id = \(any: dealIDs)")
    }
  }

  package func collections(userID: Int64, limit: Int, offset: Int) async throws -> FeedPage<DealMark> {
    try await reading { db in
      let total = try await db.value("SELECT count(*) FROM tuan_favourites WHERE user_id = \(userID)", as: Int.self) ?? 0
      let marks = try await db.rows("""
        SELECT deal_id, at FROM tuan_favourites WHERE user_id = \(userID) ORDER BY at DESC, deal_id DESC
        LIMIT \(max(0, limit)) OFFSET \(max(0, offset))
        """).map { DealMark(dealID: try $0.int64(0), at: try $0.date(1)) }
      return FeedPage(items: marks, total: total)
    }
  }

  package func collected(by userID: Int64, among dealIDs: [Int64]) async throws -> Set<Int64> {
    guard !dealIDs.isEmpty else { return [] }
    return try await reading { db in
      Set(try await db.column("""
        SELECT deal_id FROM tuan_favourites WHERE user_id = \(userID) AND deal_id = \(any: dealIDs)
        """, as: Int64.self))
    }
  }

  package func recordView(userID: Int64, dealID: Int64, at: Date) async throws {
    try await transaction { db in
      guard try await db.exists("SELECT 1 FROM tuan_deals WHERE id = \(dealID)") else { throw StoreError.notFound }
      try await db.execute("""
        INSERT INTO tuan_views (user_id, deal_id, at) VALUES (\(userID), \(dealID), \(millis(at)))
        ON CONFLICT (user_id, deal_id) DO UPDATE SET at = excluded.at
        """)
      try await db.execute("""
        DELETE FROM tuan_views WHERE user_id = \(userID) AND deal_id NOT IN (
          SELECT deal_id FROM tuan_views WHERE user_id = \(userID) ORDER BY at DESC, deal_id DESC LIMIT \(recentLimit))
        """)
    }
  }

  package func recentlyViewed(userID: Int64, limit: Int) async throws -> [DealMark] {
    try await reading { db in
      try await db.rows("""
        SELECT deal_id, at FROM tuan_views WHERE user_id = \(userID) ORDER BY at DESC, deal_id DESC LIMIT \(max(0, limit))
        """).map { DealMark(dealID: try $0.int64(0), at: try $0.date(1)) }
    }
  }

  package func forgetViews(userID: Int64, dealIDs: [Int64]?) async throws {
    try await reading { db in
      if let dealIDs {
        try await db.execute("DELETE FROM tuan_views WHERE user_id = \(userID) AND deal_id = \(any: dealIDs)")
      } else {
        try await db.execute("DELETE FROM tuan_views WHERE user_id = \(userID)")
      }
    }
  }
  package func recordCityVisit(userID: Int64, adcode: Int, at: Date) async throws {
    try await transaction { db in
      try await db.execute("""
        INSERT INTO tuan_city_visits (user_id, adcode, at) VALUES (\(userID), \(adcode), \(millis(at)))
        ON CONFLICT (user_id, adcode) DO UPDATE SET at = excluded.at
        """)
      try await db.execute("""
        DELETE FROM tuan_city_visits WHERE user_id = \(userID) AND adcode NOT IN (
          SELECT adcode FROM tuan_city_visits WHERE user_id = \(userID) ORDER BY at DESC, adcode DESC LIMIT \(recentCityLimit))
        """)
    }
  }

  package func recentCities(userID: Int64, limit: Int) async throws -> [Int] {
    try await reading { db in
      try await db.rows("""
        SELECT adcode FROM tuan_city_visits WHERE user_id = \(userID) ORDER BY at DESC, adcode DESC LIMIT \(max(0, limit))
        """).map { Int(try $0.int64(0)) }
    }
  }

  // MARK: API keys

  package func saveDealsKey(_ key: DealsKeyRecord) async throws {
    try await transaction { db in
      try await db.execute("""
        INSERT INTO tuan_api_keys (client_id, secret, merchant_id, created_at)
        VALUES (\(key.clientID), \(key.secret), \(key.merchantID), \(millis(key.createdAt)))
        """)
    }
  }

  package func dealsKey(clientID: String) async throws -> DealsKeyRecord? {
    try await reading { db in
      try await db.rows("SELECT client_id, secret, merchant_id, created_at FROM tuan_api_keys WHERE client_id = \(clientID)")
        .first.map {
          DealsKeyRecord(clientID: try $0.string(0), secret: try $0.string(1), merchantID: try $0.optionalInt64(2),
                         createdAt: try $0.date(3))
        }
    }
  }
}

extension OrderRecord {
  init(row: PostgresRandomAccessRow) throws {
    self.init(id: try row.int64(0), userID: try row.int64(1), dealID: try row.int64(2), quantity: try row.int(3),
              unitPrice: try row.int(4), createdAt: try row.date(5))
  }
}

extension CouponRecord {
  init(row: PostgresRandomAccessRow) throws { try self.init(row: row, from: 0) }

  /// The 团购券 in `row`'s columns from `start` on (`couponColumns`).
  init(row: PostgresRandomAccessRow, from start: Int) throws {
    self.init(
      code: try row.string(start), orderID: try row.int64(start + 1), dealID: try row.int64(start + 2),
      merchantID: try row.int64(start + 3), userID: try row.int64(start + 4),
      storedState: CouponState(rawValue: try row.string(start + 5)) ?? .unused,
      validUntil: try row.date(start + 6), changedAt: try row.optionalInt64(start + 7).map(date))
  }
}
