import Foundation
import SparrowCore
import SparrowStore

/// The three grades of a review, 1…5 each: for 美食 口味/环境/服务, for other categories their usual three
/// (`DealCategory.gradeNames`); the API's `product`, `decoration` and `service`.
package struct ReviewGrades: Sendable, Hashable {
  package var product: Int
  package var decoration: Int
  package var service: Int
  package init(product: Int, decoration: Int, service: Int) {
    self.product = product
    self.decoration = decoration
    self.service = service
  }
}

/// A 点评: written by someone who used a 团购券 at the merchant (verified by the shop), one per used 券.
package struct ReviewRecord: Sendable, Hashable {
  package var id: Int64
  package var merchantID: Int64
  package var dealID: Int64
  package var userID: Int64
  /// The used 团购券 it is for.
  package var couponCode: String
  /// Overall stars, 1…5.
  package var rating: Int
  package var grades: ReviewGrades
  package var text: String
  package var pictures: [PictureRef]
  /// 人均 in yuan (美食), nil when not given.
  package var spend: Int?
  /// 有用 votes.
  package var helpful: Int
  /// The shop's reply, one, and when.
  package var reply: String?
  package var repliedAt: Date?
  /// Hidden by the instance's staff: its author's alone, out of the merchant's numbers.
  package var hidden: Bool
  package var createdAt: Date
  package var updatedAt: Date

  package init(
    id: Int64, merchantID: Int64, dealID: Int64, userID: Int64, couponCode: String, rating: Int, grades: ReviewGrades,
    text: String, pictures: [PictureRef] = [], spend: Int? = nil, helpful: Int = 0, reply: String? = nil,
    repliedAt: Date? = nil, hidden: Bool = false, createdAt: Date, updatedAt: Date? = nil
  ) {
    self.id = id
    self.merchantID = merchantID
    self.dealID = dealID
    self.userID = userID
    self.couponCode = couponCode
    self.rating = rating
    self.grades = grades
    self.text = text
    self.pictures = pictures
    self.spend = spend
    self.helpful = helpful
    self.reply = reply
    self.repliedAt = repliedAt
    self.hidden = hidden
    self.createdAt = createdAt
    self.updatedAt = updatedAt ?? createdAt
  }
}

/// A merchant's numbers, kept in the transactions that write its reviews (never recounted per request): how many
/// reviews gave each number of stars, and the sums of the three grades. Hidden reviews are out of it.
package struct ReviewTally: Sendable, Equatable {
  /// Reviews with 1…5 stars (index 0 is one star).
  package var stars: [Int]
  package var productSum: Int
  package var decorationSum: Int
  package var serviceSum: Int
  /// Reviews with pictures (有图).
  package var pictured: Int
  /// The 人均 the reviews that give one say, in yuan, and how many give one.
  package var spendSum: Int
  package var spent: Int

  package init(stars: [Int] = [0, 0, 0, 0, 0], productSum: Int = 0, decorationSum: Int = 0, serviceSum: Int = 0,
               pictured: Int = 0, spendSum: Int = 0, spent: Int = 0) {
    self.stars = stars
    self.productSum = productSum
    self.decorationSum = decorationSum
    self.serviceSum = serviceSum
    self.pictured = pictured
    self.spendSum = spendSum
    self.spent = spent
  }

  /// The tally of `reviews` as the store keeps it: hidden ones left out.
  package init(counting reviews: some Sequence<ReviewRecord>) {
    self.init()
    for review in reviews where !review.hidden && (1...5).contains(review.rating) {
      stars[review.rating - 1] += 1
      productSum += review.grades.product
      decorationSum += review.grades.decoration
      serviceSum += review.grades.service
      if !review.pictures.isEmpty { pictured += 1 }
      if let spend = review.spend {
        spendSum += spend
        spent += 1
      }
    }
  }

  /// A tally of reviews whose grades all equal their stars, each giving 人均 `spend` if any (tests and imports).
  package init(stars: [Int], spend: Int? = nil) {
    let sum = stars.enumerated().reduce(0) { $0 + ($1.offset + 1) * $1.element }
    let count = spend == nil ? 0 : stars.reduce(0, +)
    self.init(stars: stars, productSum: sum, decorationSum: sum, serviceSum: sum, spendSum: (spend ?? 0) * count, spent: count)
  }

  package static let none = ReviewTally()

  package var count: Int { stars.reduce(0, +) }
  package var starSum: Int { stars.enumerated().reduce(0) { $0 + ($1.offset + 1) * $1.element } }

  /// `avg_rating`: the mean of the stars in steps of 0.5 (halves round up), 0 without reviews. The SQL that keeps
  /// the stored copy (`ReviewSQL.rating`) rounds the same way.
  package var average: Double { count == 0 ? 0 : (Double(starSum) * 2 / Double(count)).rounded() / 2 }

  /// 人均 (`avg_price`): the mean of the reviews' 人均 in whole yuan (halves up), -1 when none gave one. The SQL
  /// that keeps the stored copy (`ReviewSQL.rating`) rounds the same way.
  package var averageSpend: Int { spent == 0 ? -1 : Int((Double(spendSum) / Double(spent)).rounded()) }

  /// A grade's mean with one decimal (4.3), 0 without reviews.
  package func mean(_ sum: Int) -> Double { count == 0 ? 0 : (Double(sum) * 10 / Double(count)).rounded() / 10 }

  /// 好评 (4 or 5 stars) and 差评 (1 or 2).
  package var good: Int { stars[3] + stars[4] }
  package var bad: Int { stars[0] + stars[1] }
}

/// The lists of a merchant's reviews: 全部 (most useful first), 最新, 有图, 好评, 差评.
package enum ReviewFilter: String, Sendable, CaseIterable {
  case all, latest, pictures, good, bad

  package var label: String {
    switch self {
    case .all: "全部"
    case .latest: "最新"
    case .pictures: "有图"
    case .good: "好评"
    case .bad: "差评"
    }
  }

  /// How many reviews the list has, from the merchant's tally.
  package func count(in tally: ReviewTally) -> Int {
    switch self {
    case .all, .latest: tally.count
    case .pictures: tally.pictured
    case .good: tally.good
    case .bad: tally.bad
    }
  }
}

/// What may be written, the same for the web and the API.
package enum ReviewRules {
  /// The author may change a review for this long after writing it; deleting is always theirs.
  package static let editWindow: TimeInterval = 30 * 86_400
  /// Text: at least 15 characters (a review says something), at most 2,000 (`TextLimit`: scalars and bytes capped).
  package static let minimumText = 15
  package static let text = TextLimit(2_000)
  package static let reply = TextLimit(500)
  package static let maxPictures = 9
  /// 人均, yuan.
  package static let spend = 1...100_000
}

/// Why a review could not be written or changed.
package enum ReviewError: Error, Equatable, Sendable {
  /// No 团购券 of the writer's with this code was used at the shop (someone else's is answered the same).
  case notEligible
  /// This 团购券 has a review already.
  case alreadyReviewed
  /// The review is older than `ReviewRules.editWindow`.
  case tooLateToEdit
}

/// 点评 and the shop's side of them.
package protocol ReviewStore: Sendable {
  /// Adds the review and moves its merchant's tally, in one transaction, if `review.couponCode` is a used 团购券 of
  /// `review.userID`'s (merchant and deal taken from it); `ReviewError` otherwise.
  func addReview(_ review: ReviewRecord) async throws -> ReviewRecord
  /// Replaces the stars, grades, text, pictures and 人均 of one of `review.userID`'s reviews within the edit window;
  /// the tally moves by the difference. `.notFound` when it is not theirs.
  func editReview(_ review: ReviewRecord, now: Date) async throws -> ReviewRecord
  /// Deletes one of `userID`'s reviews (its votes too), out of the tally; false when it is not theirs.
  func deleteReview(id: Int64, userID: Int64) async throws -> Bool
  /// The review, as `viewer` may see it: a hidden one only by its author, none across a block.
  func review(id: Int64, viewer: Int64?) async throws -> ReviewRecord?
  /// One page of a merchant's reviews in `filter`'s order, as `viewer` may see them, with how many match.
  func reviews(merchantID: Int64, filter: ReviewFilter, viewer: Int64?, limit: Int, offset: Int) async throws
    -> FeedPage<ReviewRecord>
  /// The user's own reviews, newest first (hidden ones included: they are theirs).
  func reviews(userID: Int64, limit: Int, offset: Int) async throws -> FeedPage<ReviewRecord>
  /// Which of `codes` have a review, by code (我的订单's 写点评 or 查看点评).
  func reviewIDs(couponCodes codes: [String]) async throws -> [String: Int64]
  /// Marks (or unmarks) a review 有用 for `userID`, once per person; the count now. `.notFound` when the viewer may
  /// not see it.
  func setHelpful(reviewID: Int64, userID: Int64, helpful: Bool) async throws -> Int
  /// Which of `reviewIDs` the user marked 有用.
  func helpfulVotes(by userID: Int64, among reviewIDs: [Int64]) async throws -> Set<Int64>
  /// The shop's reply (one: a second replaces it); `.notFound` unless the review is `merchantID`'s.
  func reply(toReview id: Int64, merchantID: Int64, text: String, at: Date) async throws
  /// The review whatever its state (staff pages).
  func anyReview(id: Int64) async throws -> ReviewRecord?
  /// Staff hiding or showing a review, with the platform's `rows` (its mark and audit entry) in the same
  /// transaction; it leaves or rejoins the tally. False when nothing changed (nothing is written).
  func setReviewHidden(id: Int64, hidden: Bool, rows: [SQL]) async throws -> Bool
}

extension ReviewStore {
  /// Which of `reviews` (as read) the user marked 有用, asking only about those with a vote at all: a review's
  /// `helpful` is its votes, moved in the vote's own transaction, so a page none of whose reviews has one (most
  /// pages) reads nothing. On PostgreSQL the statement was a tenth of `tuan shop`'s server CPU.
  package func helpfulVotes(by userID: Int64, on reviews: [ReviewRecord]) async throws -> Set<Int64> {
    try await helpfulVotes(by: userID, among: reviews.filter { $0.helpful > 0 }.map(\.id))
  }
}

/// A merchant's people: users linked to a business, who use its shop page (验券, today's 券, replies).
package protocol ShopStore: Sendable {
  /// Links `userID` to `merchantID` (a user serves one shop; linking again moves them). `.notFound` without the
  /// merchant.
  func linkShop(userID: Int64, merchantID: Int64) async throws
  /// The merchant `userID` serves, if any.
  func shop(of userID: Int64) async throws -> Int64?
  /// The merchant's 团购券 used since `since`, latest first.
  func consumedCoupons(merchantID: Int64, since: Date, limit: Int) async throws -> [CouponRecord]
}
