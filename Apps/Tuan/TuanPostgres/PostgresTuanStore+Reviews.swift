import Foundation
import PostgresNIO
import SparrowStore
import SparrowStorePostgres
import TuanStore

extension PostgresTuanStore {
  // MARK: 点评

  package func addReview(_ review: ReviewRecord) async throws -> ReviewRecord {
    try await movingStamp { db in
      guard let coupon = try await db.rows(ReviewSQL.eligible(code: review.couponCode, userID: review.userID)).first else {
        throw ReviewError.notEligible
      }
      var added = review
      added.dealID = try coupon.int64(0)
      added.merchantID = try coupon.int64(1)
      added.helpful = 0
      added.hidden = false
      added.reply = nil
      added.repliedAt = nil
      // The merchant's row lock orders racing reviews' tally moves; the unique code refuses a second review.
      _ = try await db.rows("SELECT 1 FROM tuan_merchants WHERE id = \(added.merchantID) FOR UPDATE")
      guard try await db.rows("SELECT 1 FROM tuan_reviews WHERE coupon_code = \(added.couponCode)").isEmpty else {
        throw ReviewError.alreadyReviewed
      }
      try await db.execute(ReviewSQL.insert(added, pictures: TuanJSON.encode(added.pictures)))
      for statement in ReviewSQL.tally(added, by: 1) { try await db.execute(statement) }
      try await db.execute(ReviewSQL.written)
      try await Self.keepPictures(db, added)
      return added
    }
  }

  package func editReview(_ review: ReviewRecord, now: Date) async throws -> ReviewRecord {
    try await movingStamp { db in
      guard let current = try await db.rows("""
        SELECT \(raw: ReviewSQL.columns) FROM tuan_reviews WHERE id = \(review.id) AND user_id = \(review.userID) FOR UPDATE
        """).first.map(ReviewRecord.init(row:))
      else { throw StoreError.notFound }
      guard now.timeIntervalSince(current.createdAt) <= ReviewRules.editWindow else { throw ReviewError.tooLateToEdit }
      var edited = current
      edited.rating = review.rating
      edited.grades = review.grades
      edited.text = review.text
      edited.pictures = review.pictures
      edited.spend = review.spend
      edited.updatedAt = now
      for statement in ReviewSQL.tally(current, by: -1) { try await db.execute(statement) }
      try await db.execute(ReviewSQL.update(edited, pictures: TuanJSON.encode(edited.pictures)))
      for statement in ReviewSQL.tally(edited, by: 1) { try await db.execute(statement) }
      try await db.execute(ReviewSQL.written)
      try await db.execute("DELETE FROM picture_refs WHERE ref = \("review:\(edited.id)")")
      try await Self.keepPictures(db, edited)
      return edited
    }
  }

  package func deleteReview(id: Int64, userID: Int64) async throws -> Bool {
    try await movingStamp { db in
      guard let review = try await db.rows("""
        SELECT \(raw: ReviewSQL.columns) FROM tuan_reviews WHERE id = \(id) AND user_id = \(userID) FOR UPDATE
        """).first.map(ReviewRecord.init(row:))
      else { return false }
      for statement in ReviewSQL.tally(review, by: -1) { try await db.execute(statement) }
      try await db.execute("DELETE FROM tuan_reviews WHERE id = \(id)")
      try await db.execute("DELETE FROM tuan_review_votes WHERE review_id = \(id)")
      try await db.execute("DELETE FROM picture_refs WHERE ref = \("review:\(id)")")
      try await db.execute(ReviewSQL.written)
      return true
    }
  }

  package func review(id: Int64, viewer: Int64?) async throws -> ReviewRecord? {
    try await reading { db in
      try await db.rows("""
        SELECT \(raw: ReviewSQL.columns) FROM tuan_reviews WHERE id = \(id) AND \(sql: ReviewSQL.visible(to: viewer))
        """).first.map(ReviewRecord.init(row:))
    }
  }

  package func reviews(merchantID: Int64, filter: ReviewFilter, viewer: Int64?, limit: Int, offset: Int) async throws
    -> FeedPage<ReviewRecord>
  {
    try await reading { db in
      @Sendable func read(_ db: Connection) async throws -> FeedPage<ReviewRecord> {
        let (rows, total) = try await db.page(
          ReviewSQL.page(merchantID: merchantID, filter: filter, viewer: viewer, limit: limit, offset: offset),
          total: ReviewSQL.count(merchantID: merchantID, filter: filter, viewer: viewer),
          order: ReviewSQL.list(filter).order)
        return FeedPage(items: try rows.map(ReviewRecord.init(row:)), total: total)
      }
      guard viewer == nil else { return try await read(db) }
      // Another process's suspension heard (`everythingGeneration`) before the key is taken: once a request is
      // caught up, this costs nothing more.
      try await engine.catchUp(db)
      guard let kept = ReviewSQL.keptPage(merchantID: merchantID, filter: filter, viewer: viewer, limit: limit,
                                          offset: offset, everything: engine.caches.everythingGeneration)
      else { return try await read(db) }
      return try await self.onSale(kept, at: nil, follows: .reviews, db, read)
    }
  }

  package func reviews(userID: Int64, limit: Int, offset: Int) async throws -> FeedPage<ReviewRecord> {
    try await reading { db in
      let (rows, total) = try await db.page("""
        SELECT \(raw: ReviewSQL.columns) FROM tuan_reviews WHERE user_id = \(userID) ORDER BY id DESC
        LIMIT \(max(0, limit)) OFFSET \(max(0, offset))
        """, total: "SELECT count(*) FROM tuan_reviews WHERE user_id = \(userID)", order: "id DESC")
      return FeedPage(items: try rows.map(ReviewRecord.init(row:)), total: total)
    }
  }

  package func reviewIDs(couponCodes codes: [String]) async throws -> [String: Int64] {
    guard !codes.isEmpty else { return [:] }
    return try await reading { db in
      let rows = try await db.rows("SELECT coupon_code, id FROM tuan_reviews WHERE coupon_code = \(any: codes)")
      return Dictionary(try rows.map { (try $0.string(0), try $0.int64(1)) }, uniquingKeysWith: { a, _ in a })
    }
  }

  package func setHelpful(reviewID: Int64, userID: Int64, helpful: Bool) async throws -> Int {
    try await movingStamp { db in
      guard let review = try await db.rows("""
        SELECT \(raw: ReviewSQL.columns) FROM tuan_reviews WHERE id = \(reviewID) AND \(sql: ReviewSQL.visible(to: userID))
        FOR UPDATE
        """).first.map(ReviewRecord.init(row:))
      else { throw StoreError.notFound }
      // One's own review is not voted on.
      guard review.userID != userID else { return review.helpful }
      let changed = helpful
        ? try await db.execute("""
          INSERT INTO tuan_review_votes (review_id, user_id) VALUES (\(reviewID), \(userID)) ON CONFLICT DO NOTHING
          """)
        : try await db.execute("DELETE FROM tuan_review_votes WHERE review_id = \(reviewID) AND user_id = \(userID)")
      guard changed == 1 else { return review.helpful }
      try await db.execute("UPDATE tuan_reviews SET helpful = helpful + \(helpful ? 1 : -1) WHERE id = \(reviewID)")
      try await db.execute(ReviewSQL.written)
      return review.helpful + (helpful ? 1 : -1)
    }
  }

  package func helpfulVotes(by userID: Int64, among reviewIDs: [Int64]) async throws -> Set<Int64> {
    guard !reviewIDs.isEmpty else { return [] }
    return try await reading { db in
      Set(try await db.rows("""
        SELECT review_id FROM tuan_review_votes WHERE user_id = \(userID) AND review_id = \(any: reviewIDs)
        """).map { try $0.int64(0) })
    }
  }

  package func reply(toReview id: Int64, merchantID: Int64, text: String, at: Date) async throws {
    try await movingStamp { db in
      let changed = try await db.execute("""
        UPDATE tuan_reviews SET reply = \(text), replied_at = \(millis(at)) WHERE id = \(id) AND merchant_id = \(merchantID)
        """)
      guard changed == 1 else { throw StoreError.notFound }
      try await db.execute(ReviewSQL.written)
    }
  }

  package func anyReview(id: Int64) async throws -> ReviewRecord? {
    try await reading { db in
      try await db.rows("SELECT \(raw: ReviewSQL.columns) FROM tuan_reviews WHERE id = \(id)").first.map(ReviewRecord.init(row:))
    }
  }

  package func setReviewHidden(id: Int64, hidden: Bool, rows: [SQL]) async throws -> Bool {
    try await movingStamp { db in
      guard let review = try await db.rows("SELECT \(raw: ReviewSQL.columns) FROM tuan_reviews WHERE id = \(id) FOR UPDATE")
        .first.map(ReviewRecord.init(row:)), review.hidden != hidden
      else { return false }
      var changed = review
      changed.hidden = hidden
      // Out of the tally while hidden, back in when shown.
      for statement in ReviewSQL.tally(hidden ? review : changed, by: hidden ? -1 : 1) { try await db.execute(statement) }
      try await db.execute("UPDATE tuan_reviews SET hidden = \(hidden ? 1 : 0) WHERE id = \(id)")
      try await db.execute(ReviewSQL.written)
      for row in rows { try await db.execute(row) }
      return true
    }
  }

  // MARK: Shops' people

  package func linkShop(userID: Int64, merchantID: Int64) async throws {
    // Moves the catalog stamp: the links are kept under it (`ShopPeople`).
    try await movingStamp { db in
      guard try await !db.rows("SELECT 1 FROM tuan_merchants WHERE id = \(merchantID)").isEmpty else {
        throw StoreError.notFound
      }
      try await db.execute("""
        INSERT INTO tuan_shop_users (user_id, merchant_id) VALUES (\(userID), \(merchantID))
        ON CONFLICT (user_id) DO UPDATE SET merchant_id = excluded.merchant_id
        """)
      try await db.execute(OnSaleSets.imported)
    }
  }

  package func shop(of userID: Int64) async throws -> Int64? {
    try await reading { db in
      let people = try await self.onSale(ShopPeople.key, at: nil, db) { db in
        ShopPeople(try await db.rows(ShopPeople.all).map { (try $0.int64(0), try $0.int64(1)) })
      }
      if let kept = people.shop(of: userID) { return kept }
      return try await db.value("SELECT merchant_id FROM tuan_shop_users WHERE user_id = \(userID)", as: Int64.self)
    }
  }

  package func consumedCoupons(merchantID: Int64, since: Date, limit: Int) async throws -> [CouponRecord] {
    try await reading { db in
      try await self.onSale(OnSaleSets.usedKey(merchantID: merchantID, since: millis(since), limit: limit), at: nil,
                            follows: .used, db) { db in
        try await db.rows("""
          SELECT \(raw: couponColumns) FROM tuan_coupons WHERE merchant_id = \(merchantID) AND state = 'consumed'
          AND changed_at >= \(millis(since)) ORDER BY changed_at DESC LIMIT \(max(0, limit))
          """).map(CouponRecord.init(row:))
      }
    }
  }

  /// The picture collector keeps what a row refers to.
  static func keepPictures(_ db: Connection, _ review: ReviewRecord) async throws {
    for picture in review.pictures {
      try await db.execute("""
        INSERT INTO picture_refs (picture_id, ref) VALUES (\(picture.id), \("review:\(review.id)")) ON CONFLICT DO NOTHING
        """)
    }
  }
}

extension ReviewRecord {
  init(row: PostgresRandomAccessRow) throws {
    self.init(
      id: try row.int64(0), merchantID: try row.int64(1), dealID: try row.int64(2), userID: try row.int64(3),
      couponCode: try row.string(4), rating: try row.int(5),
      grades: ReviewGrades(product: try row.int(6), decoration: try row.int(7), service: try row.int(8)),
      text: try row.string(9), pictures: PictureList.decode(try row.string(10)),
      spend: try row.optionalInt64(11).map(Int.init), helpful: try row.int(12), reply: try row.optionalString(13),
      repliedAt: try row.optionalInt64(14).map(date), hidden: try row.flag(15), createdAt: try row.date(16),
      updatedAt: try row.date(17))
  }
}
