import Foundation
import GRDB
import SparrowStore
import SparrowStoreSQLite
import TuanStore

extension SQLiteTuanStore {
  // MARK: 点评

  package func addReview(_ review: ReviewRecord) async throws -> ReviewRecord {
    try await pool.write { db in
      guard let coupon = try Self.row(db, ReviewSQL.eligible(code: review.couponCode, userID: review.userID)) else {
        throw ReviewError.notEligible
      }
      var added = review
      added.dealID = coupon[0]
      added.merchantID = coupon[1]
      added.helpful = 0
      added.hidden = false
      added.reply = nil
      added.repliedAt = nil
      do {
        try db.execute(ReviewSQL.insert(added, pictures: TuanJSON.encode(added.pictures)))
      } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
        throw ReviewError.alreadyReviewed
      }
      for statement in ReviewSQL.tally(added, by: 1) { try db.execute(statement) }
      try db.execute(ReviewSQL.written)
      try Self.keepPictures(db, added)
      return added
    }
  }

  package func editReview(_ review: ReviewRecord, now: Date) async throws -> ReviewRecord {
    try await pool.write { db in
      guard let current = try Self.row(db, "SELECT \(raw: ReviewSQL.columns) FROM tuan_reviews WHERE id = \(review.id) AND user_id = \(review.userID)")
        .map(ReviewRecord.init(row:))
      else { throw StoreError.notFound }
      guard now.timeIntervalSince(current.createdAt) <= ReviewRules.editWindow else { throw ReviewError.tooLateToEdit }
      var edited = current
      edited.rating = review.rating
      edited.grades = review.grades
      edited.text = review.text
      edited.pictures = review.pictures
      edited.spend = review.spend
      edited.updatedAt = now
      for statement in ReviewSQL.tally(current, by: -1) { try db.execute(statement) }
      try db.execute(ReviewSQL.update(edited, pictures: TuanJSON.encode(edited.pictures)))
      for statement in ReviewSQL.tally(edited, by: 1) { try db.execute(statement) }
      try db.execute(ReviewSQL.written)
      try db.execute(sql: "DELETE FROM picture_refs WHERE ref = ?", arguments: ["review:\(edited.id)"])
      try Self.keepPictures(db, edited)
      return edited
    }
  }

  package func deleteReview(id: Int64, userID: Int64) async throws -> Bool {
    try await pool.write { db in
      guard let review = try Self.row(db, "SELECT \(raw: ReviewSQL.columns) FROM tuan_reviews WHERE id = \(id) AND user_id = \(userID)")
        .map(ReviewRecord.init(row:))
      else { return false }
      for statement in ReviewSQL.tally(review, by: -1) { try db.execute(statement) }
      try db.execute(sql: "DELETE FROM tuan_reviews WHERE id = ?", arguments: [id])
      try db.execute(sql: "DELETE FROM tuan_review_votes WHERE review_id = ?", arguments: [id])
      try db.execute(sql: "DELETE FROM picture_refs WHERE ref = ?", arguments: ["review:\(id)"])
      try db.execute(ReviewSQL.written)
      return true
    }
  }

  package func review(id: Int64, viewer: Int64?) async throws -> ReviewRecord? {
    try await reading { db in
      try Self.row(db, "SELECT \(raw: ReviewSQL.columns) FROM tuan_reviews WHERE id = \(id) AND \(sql: ReviewSQL.visible(to: viewer))")
        .map(ReviewRecord.init(row:))
    }
  }

  package func reviews(merchantID: Int64, filter: ReviewFilter, viewer: Int64?, limit: Int, offset: Int) async throws
    -> FeedPage<ReviewRecord>
  {
    let kept = ReviewSQL.keptPage(merchantID: merchantID, filter: filter, viewer: viewer, limit: limit, offset: offset,
                                  everything: engine.caches.everythingGeneration)
    return try await reading { db in
      func read(_ db: Database) throws -> FeedPage<ReviewRecord> {
        let (text, arguments) = ReviewSQL.page(merchantID: merchantID, filter: filter, viewer: viewer, limit: limit, offset: offset).sqlite
        let items = try decodeRows(db.cachedStatement(sql: text), arguments, ReviewRecord.init(row:))
        // A first page not full is the count (most shops' reviews fit one).
        if offset <= 0, items.count < limit { return FeedPage(items: items, total: items.count) }
        let (countText, countArguments) = ReviewSQL.count(merchantID: merchantID, filter: filter, viewer: viewer).sqlite
        let total = try Int.fetchOne(db.cachedStatement(sql: countText), arguments: countArguments) ?? 0
        return FeedPage(items: items, total: total)
      }
      guard let kept else { return try read(db) }
      return try self.onSale(kept, at: nil, follows: .reviews, db, read)
    }
  }

  package func reviews(userID: Int64, limit: Int, offset: Int) async throws -> FeedPage<ReviewRecord> {
    try await reading { db in
      let total = try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM tuan_reviews WHERE user_id = ?"),
          arguments: [userID]) ?? 0
      let items = try decodeRows(db.cachedStatement(sql: """
        SELECT \(ReviewSQL.columns) FROM tuan_reviews WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?
        """), [userID, max(0, limit), max(0, offset)], ReviewRecord.init(row:))
      return FeedPage(items: items, total: total)
    }
  }

  package func reviewIDs(couponCodes codes: [String]) async throws -> [String: Int64] {
    guard !codes.isEmpty else { return [:] }
    return try await reading { db in
      let rows = try Row.fetchAll(db.cachedStatement(sql: """
        SELECT coupon_code, id FROM tuan_reviews WHERE coupon_code IN (SELECT value FROM json_each(?))
        """), arguments: [jsonList(codes)])
      return Dictionary(rows.map { ($0[0], $0[1]) }, uniquingKeysWith: { a, _ in a })
    }
  }

  package func setHelpful(reviewID: Int64, userID: Int64, helpful: Bool) async throws -> Int {
    try await pool.write { db in
      guard let review = try Self.row(db, "SELECT \(raw: ReviewSQL.columns) FROM tuan_reviews WHERE id = \(reviewID) AND \(sql: ReviewSQL.visible(to: userID))")
        .map(ReviewRecord.init(row:))
      else { throw StoreError.notFound }
      // One's own review is not voted on.
      guard review.userID != userID else { return review.helpful }
      if helpful {
        try db.execute(sql: "INSERT OR IGNORE INTO tuan_review_votes (review_id, user_id) VALUES (?, ?)", arguments: [reviewID, userID])
      } else {
        try db.execute(sql: "DELETE FROM tuan_review_votes WHERE review_id = ? AND user_id = ?", arguments: [reviewID, userID])
      }
      let changed = db.changesCount
      guard changed == 1 else { return review.helpful }
      try db.execute(sql: "UPDATE tuan_reviews SET helpful = helpful + ? WHERE id = ?", arguments: [helpful ? 1 : -1, reviewID])
      try db.execute(ReviewSQL.written)
      return review.helpful + (helpful ? 1 : -1)
    }
  }

  package func helpfulVotes(by userID: Int64, among reviewIDs: [Int64]) async throws -> Set<Int64> {
    guard !reviewIDs.isEmpty else { return [] }
    return try await reading { db in
      Set(try Int64.fetchAll(db.cachedStatement(sql: """
        SELECT review_id FROM tuan_review_votes WHERE user_id = ? AND review_id IN (SELECT value FROM json_each(?))
        """), arguments: [userID, jsonList(reviewIDs)]))
    }
  }

  package func reply(toReview id: Int64, merchantID: Int64, text: String, at: Date) async throws {
    try await pool.write { db in
      try db.execute(sql: "UPDATE tuan_reviews SET reply = ?, replied_at = ? WHERE id = ? AND merchant_id = ?",
                     arguments: [text, millis(at), id, merchantID])
      guard db.changesCount == 1 else { throw StoreError.notFound }
      try db.execute(ReviewSQL.written)
    }
  }

  package func anyReview(id: Int64) async throws -> ReviewRecord? {
    try await reading { db in
      try Self.row(db, "SELECT \(raw: ReviewSQL.columns) FROM tuan_reviews WHERE id = \(id)").map(ReviewRecord.init(row:))
    }
  }

  package func setReviewHidden(id: Int64, hidden: Bool, rows: [SparrowStore.SQL]) async throws -> Bool {
    try await pool.write { db in
      guard let review = try Self.row(db, "SELECT \(raw: ReviewSQL.columns) FROM tuan_reviews WHERE id = \(id)")
        .map(ReviewRecord.init(row:)), review.hidden != hidden
      else { return false }
      var changed = review
      changed.hidden = hidden
      // Out of the tally while hidden, back in when shown.
      for statement in ReviewSQL.tally(hidden ? review : changed, by: hidden ? -1 : 1) { try db.execute(statement) }
      try db.execute(sql: "UPDATE tuan_reviews SET hidden = ? WHERE id = ?", arguments: [hidden ? 1 : 0, id])
      try db.execute(ReviewSQL.written)
      for row in rows { try db.execute(row) }
      return true
    }
  }

  // MARK: Shops' people

  package func linkShop(userID: Int64, merchantID: Int64) async throws {
    try await pool.write { db in
      guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM tuan_merchants WHERE id = ?)"),
          arguments: [merchantID]) == true
      else { throw StoreError.notFound }
      try db.execute(sql: """
        INSERT INTO tuan_shop_users (user_id, merchant_id) VALUES (?, ?)
        ON CONFLICT (user_id) DO UPDATE SET merchant_id = excluded.merchant_id
        """, arguments: [userID, merchantID])
    }
  }

  package func shop(of userID: Int64) async throws -> Int64? {
    try await reading { db in
      try Int64.fetchOne(db.cachedStatement(sql: "SELECT merchant_id FROM tuan_shop_users WHERE user_id = ?"),
          arguments: [userID])
    }
  }

  package func consumedCoupons(merchantID: Int64, since: Date, limit: Int) async throws -> [CouponRecord] {
    try await reading { db in
      try self.onSale(OnSaleSets.usedKey(merchantID: merchantID, since: millis(since), limit: limit), at: nil,
                      follows: .used, db) { db in
        try Row.fetchAll(db.cachedStatement(sql: """
          SELECT \(couponColumns) FROM tuan_coupons WHERE merchant_id = ? AND state = 'consumed' AND changed_at >= ?
          ORDER BY changed_at DESC LIMIT ?
          """), arguments: [merchantID, millis(since), max(0, limit)]).map(CouponRecord.init(row:))
      }
    }
  }

  // MARK: Helpers

  static func row(_ db: Database, _ sql: SparrowStore.SQL) throws -> Row? {
    let (text, arguments) = sql.sqlite
    return try Row.fetchOne(db.cachedStatement(sql: text), arguments: arguments)
  }

  /// The picture collector keeps what a row refers to.
  static func keepPictures(_ db: Database, _ review: ReviewRecord) throws {
    for picture in review.pictures {
      try db.execute(sql: "INSERT OR IGNORE INTO picture_refs (picture_id, ref) VALUES (?, ?)",
                     arguments: [picture.id, "review:\(review.id)"])
    }
  }
}

extension ReviewRecord {
  init(row: Row) {
    self.init(
      id: row[0], merchantID: row[1], dealID: row[2], userID: row[3], couponCode: row[4], rating: row[5],
      grades: ReviewGrades(product: row[6], decoration: row[7], service: row[8]), text: row[9],
      pictures: PictureList.decode(row[10]), spend: row[11], helpful: row[12], reply: row[13],
      repliedAt: (row[14] as Int64?).map(date), hidden: row[15], createdAt: date(row[16]), updatedAt: date(row[17]))
  }
}
