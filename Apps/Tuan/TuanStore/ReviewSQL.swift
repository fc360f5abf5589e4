import SparrowStore

/// A kept page of a merchant's reviews (`ReviewSQL.keptPage`).
package struct ReviewPageKey: Hashable, Sendable {
  let merchantID: Int64
  let filter: ReviewFilter
  let limit: Int
  let offset: Int
  let everything: Int
}

/// 点评's rules, written once for both engines: who sees a review, the lists' orders, and the statements that keep a
/// merchant's numbers (`ReviewTally`, in `tuan_merchants`) in step with its reviews.
package enum ReviewSQL {
  package static let columns = """
    id, merchant_id, deal_id, user_id, coupon_code, rating, product, decoration, service, text, pictures, spend, \
    helpful, reply, replied_at, hidden, created_at, updated_at
    """

  /// Who sees a review: everyone unless staff hid it (then its author alone), and nobody a block keeps apart from
  /// its author (`Blocking`).
  package static func visible(to viewer: Int64?) -> SQL {
    let viewer = viewer ?? 0
    return "(hidden = 0 OR user_id = \(viewer)) AND \(sql: Blocking.clear("user_id", for: viewer))"
  }

  /// A list's condition and order.
  package static func list(_ filter: ReviewFilter) -> (condition: SQL, order: String) {
    switch filter {
    case .all: ("", "helpful DESC, id DESC")
    case .latest: ("", "id DESC")
    case .pictures: (" AND pictures <> '[]'", "id DESC")
    case .good: (" AND rating >= 4", "id DESC")
    case .bad: (" AND rating <= 2", "id DESC")
    }
  }

  /// One page of a merchant's reviews in `filter`, as `viewer` sees them.
  package static func page(merchantID: Int64, filter: ReviewFilter, viewer: Int64?, limit: Int, offset: Int) -> SQL {
    let (condition, order) = list(filter)
    return """
      SELECT \(raw: columns) FROM tuan_reviews WHERE merchant_id = \(merchantID)\(sql: condition) \
      AND \(sql: visible(to: viewer)) ORDER BY \(raw: order) LIMIT \(max(0, limit)) OFFSET \(max(0, offset))
      """
  }

  /// The key a page of a merchant's reviews is kept under (`OnSaleSets`, following the `reviews` stamp), or nil when
  /// it is not kept: a signed-in reader's (their own hidden reviews, their blocks), or past the first `keptDepth`.
  /// `everything`: the caches' `everythingGeneration`, taken before the read (a suspension changes what a visitor
  /// sees of the person's reviews, and moves no stamp of 团购's). A shop's page, its 全部点评, 商家后台 and both APIs'
  /// lists read one on every visit: a visitor's pages are the same for everyone until a review is written.
  package static func keptPage(merchantID: Int64, filter: ReviewFilter, viewer: Int64?, limit: Int, offset: Int,
                               everything: Int) -> OnSaleKey? {
    guard viewer == nil, offset >= 0, limit > 0, offset + limit <= keptDepth else { return nil }
    var key = OnSaleKey(kind: "reviews")
    key.reviews = ReviewPageKey(merchantID: merchantID, filter: filter, limit: limit, offset: offset, everything: everything)
    return key
  }

  /// How deep a merchant's reviews are kept for visitors: the first ten pages of 全部点评.
  package static let keptDepth = 100

  /// Moves the reviews' stamp: in the transaction of every review written, edited, deleted, voted on, replied to or
  /// hidden, on both engines (on PostgreSQL through `OnSaleSets.moving`).
  package static let written = OnSaleSets.moved("reviews")

  package static func count(merchantID: Int64, filter: ReviewFilter, viewer: Int64?) -> SQL {
    "SELECT count(*) FROM tuan_reviews WHERE merchant_id = \(merchantID)\(sql: list(filter).condition) AND \(sql: visible(to: viewer))"
  }

  /// The used 团购券 a review of `userID`'s may be written for: its deal and merchant, or no row (someone else's,
  /// unused, cancelled or unknown, all alike).
  package static func eligible(code: String, userID: Int64) -> SQL {
    "SELECT deal_id, merchant_id FROM tuan_coupons WHERE code = \(code) AND user_id = \(userID) AND state = 'consumed'"
  }

  package static func insert(_ r: ReviewRecord, pictures: String) -> SQL {
    """
    INSERT INTO tuan_reviews (\(raw: columns)) VALUES (\(r.id), \(r.merchantID), \(r.dealID), \(r.userID), \
    \(r.couponCode), \(r.rating), \(r.grades.product), \(r.grades.decoration), \(r.grades.service), \(r.text), \
    \(pictures), \(r.spend), 0, NULL, NULL, 0, \(millis(r.createdAt)), \(millis(r.updatedAt)))
    """
  }

  package static func update(_ r: ReviewRecord, pictures: String) -> SQL {
    """
    UPDATE tuan_reviews SET rating = \(r.rating), product = \(r.grades.product), decoration = \(r.grades.decoration), \
    service = \(r.grades.service), text = \(r.text), pictures = \(pictures), spend = \(r.spend), \
    updated_at = \(millis(r.updatedAt)) WHERE id = \(r.id) AND user_id = \(r.userID)
    """
  }

  /// The statements that move the tally of `review`'s merchant by `delta` (1: counted in, -1: out); a hidden
  /// review is never in it. Then `avg_rating` from the new counts, and the stamp the kept shop lists follow.
  package static func tally(_ review: ReviewRecord, by delta: Int) -> [SQL] {
    guard !review.hidden, (1...5).contains(review.rating) else { return [] }
    let star = "stars_\(review.rating)"
    let g = review.grades
    return [
      """
      UPDATE tuan_merchants SET \(raw: star) = \(raw: star) + \(delta), review_count = review_count + \(delta), \
      product_sum = product_sum + \(delta * g.product), decoration_sum = decoration_sum + \(delta * g.decoration), \
      service_sum = service_sum + \(delta * g.service), \
      pictured_reviews = pictured_reviews + \(review.pictures.isEmpty ? 0 : delta), \
      spend_sum = spend_sum + \(delta * (review.spend ?? 0)), spend_reviews = spend_reviews + \(review.spend == nil ? 0 : delta) \
      WHERE id = \(review.merchantID)
      """,
      rating(review.merchantID),
      OnSaleSets.moved("tallies"),
    ]
  }

  /// `avg_rating` and `avg_price` (what sorting reads) from the counts, as `ReviewTally.average` and
  /// `.averageSpend` compute them: the mean in steps of 0.5, halves up; the mean 人均 in yuan, -1 without one.
  package static func rating(_ merchantID: Int64) -> SQL {
    "UPDATE tuan_merchants SET \(raw: derived) WHERE id = \(merchantID)"
  }

  /// The assignments of `rating(_:)`, also used by the migration that brought 人均 in.
  package static let derived = """
    rating = CASE WHEN review_count <= 0 THEN 0 ELSE \
    round((stars_1 + 2 * stars_2 + 3 * stars_3 + 4 * stars_4 + 5 * stars_5) * 2.0 / review_count) / 2 END, \
    average_price = CASE WHEN spend_reviews <= 0 THEN -1 ELSE round(spend_sum * 1.0 / spend_reviews) END
    """
}
