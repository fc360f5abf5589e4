import Foundation
import SparrowDemo
import SparrowStore
import SparrowTestSupport
import Testing
import TuanApp
import TuanStore

/// 点评's store contract, on every available engine: who may review, the merchant's numbers kept in step, votes,
/// replies, hiding, lists.

/// A shop with a deal, and `users` each holding `coupons` used 团购券 of it.
struct ReviewFixture {
  var f = TuanFixture()
  let shop: MerchantRecord
  let deal: DealRecord
  var used: [Int64: [String]] = [:]
  var unused: [Int64: String] = [:]

  init(_ store: any TuanStore, users: [Int64], coupons: Int = 2) async throws {
    var shop = f.merchant("评测店", city: TuanFixture.beijing, district: TuanFixture.chaoyang, at: (39.93, 116.45))
    // No review yet, so no numbers.
    shop.tally = .none
    f.merchants = [shop]
    self.shop = shop
    deal = f.deal("双人餐", at: shop, price: 9_800)
    try await store.importDeals(merchants: f.merchants, deals: f.deals)
    for user in users {
      let order = makeOrder(f, deal: deal, user: user, quantity: coupons + 1)
      try await store.placeOrder(order, now: TuanFixture.now)
      for coupon in order.coupons.prefix(coupons) {
        _ = try await store.consumeCoupon(code: coupon.code, merchantID: shop.id, now: TuanFixture.now)
      }
      used[user] = order.coupons.prefix(coupons).map(\.code)
      unused[user] = order.coupons.last?.code
    }
  }

  func review(_ id: Int64, by user: Int64, coupon: Int = 0, stars: Int, grades: (Int, Int, Int)? = nil,
              pictures: Int = 0, at: Date = TuanFixture.now) -> ReviewRecord {
    let g = grades ?? (stars, stars, stars)
    return ReviewRecord(
      id: id, merchantID: 0, dealID: 0, userID: user, couponCode: used[user]?[coupon] ?? "", rating: stars,
      grades: ReviewGrades(product: g.0, decoration: g.1, service: g.2), text: "味道不错，服务也很周到，下次还来。",
      pictures: (0..<pictures).map { PictureRef(id: "r\(id)p\($0)", ext: "jpg", width: 800, height: 600) },
      spend: 88, createdAt: at)
  }
}

@Test(arguments: StoreKind.available)
func onlySomeoneWhoUsedACouponReviewsOncePerCoupon(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.tuan
    let r = try await ReviewFixture(store, users: [7, 8])
    // Unused, someone else's and invented codes are refused alike.
    var unused = r.review(1, by: 7, stars: 5)
    unused.couponCode = r.unused[7]!
    await #expect(throws: ReviewError.notEligible) { try await store.addReview(unused) }
    var theirs = r.review(2, by: 7, stars: 5)
    theirs.couponCode = r.used[8]![0]
    await #expect(throws: ReviewError.notEligible) { try await store.addReview(theirs) }
    var invented = r.review(3, by: 7, stars: 5)
    invented.couponCode = "999999999999"
    await #expect(throws: ReviewError.notEligible) { try await store.addReview(invented) }
    // The used one: merchant and deal from the 券, whatever the writer claimed.
    let added = try await store.addReview(r.review(4, by: 7, stars: 5))
    #expect(added.merchantID == r.shop.id && added.dealID == r.deal.id)
    await #expect(throws: ReviewError.alreadyReviewed) { try await store.addReview(r.review(5, by: 7, stars: 1)) }
    // A second used 券 is a second review.
    _ = try await store.addReview(r.review(6, by: 7, coupon: 1, stars: 4))
    #expect(try await store.reviewIDs(couponCodes: r.used[7]! + [r.unused[7]!]) == [r.used[7]![0]: 4, r.used[7]![1]: 6])
    // Read with their orders too, as the orders pages link them (the unused 券 has none).
    let orders = try await store.orders(userID: 7, limit: 50, offset: 0).items
    #expect(Dictionary(orders.flatMap(\.reviewIDs), uniquingKeysWith: { a, _ in a }) == [r.used[7]![0]: 4, r.used[7]![1]: 6])
    let first = try #require(orders.first { $0.coupons.contains { $0.code == r.used[7]![0] } })
    #expect(try await store.order(id: first.id, userID: 7)?.reviewIDs[r.used[7]![0]] == 4)
    let merchant = try #require(try await store.merchant(id: r.shop.id))
    #expect(merchant.reviewCount == 2 && merchant.rating == 4.5 && merchant.tally.stars == [0, 0, 0, 1, 1])
  }
}

@Test(arguments: StoreKind.available)
func theMerchantsNumbersFollowEveryWriteAndMatchItsReviews(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.tuan
    let users: [Int64] = Array(10...15)
    let r = try await ReviewFixture(store, users: users, coupons: 3)
    var random = SplitMix(seed: 27)
    var next: Int64 = 100
    var written: [Int64: ReviewRecord] = [:]
    for step in 0..<120 {
      let user = users[Int(random.next() % UInt64(users.count))]
      let stars = 1 + Int(random.next() % 5)
      let grades = (1 + Int(random.next() % 5), 1 + Int(random.next() % 5), 1 + Int(random.next() % 5))
      let mine = written.values.filter { $0.userID == user }.sorted { $0.id < $1.id }
      switch random.next() % 5 {
      case 0, 1:
        next += 1
        let coupon = Int(random.next() % 3)
        var review = r.review(next, by: user, coupon: coupon, stars: stars, grades: grades, pictures: Int(random.next() % 3))
        review.spend = random.next() % 3 == 0 ? nil : 20 + Int(random.next() % 200)
        if let added = try? await store.addReview(review) { written[added.id] = added }
      case 2:
        guard var review = mine.first else { continue }
        review.rating = stars
        review.grades = ReviewGrades(product: grades.0, decoration: grades.1, service: grades.2)
        review.pictures = random.next() % 2 == 0 ? [] : [PictureRef(id: "e\(step)", ext: "jpg", width: 1, height: 1)]
        review.spend = random.next() % 2 == 0 ? nil : 1 + Int(random.next() % 500)
        written[review.id] = try await store.editReview(review, now: TuanFixture.now)
      case 3:
        guard let review = mine.first else { continue }
        #expect(try await store.deleteReview(id: review.id, userID: user))
        written[review.id] = nil
      default:
        guard let review = written.values.sorted(by: { $0.id < $1.id }).randomElement(using: &random) else { continue }
        let hide = random.next() % 2 == 0
        if try await store.setReviewHidden(id: review.id, hidden: hide, rows: []) { written[review.id]?.hidden = hide }
      }
      // The stored numbers are the ones counted from the reviews written so far.
      let expected = ReviewTally(counting: written.values)
      let merchant = try #require(try await store.merchant(id: r.shop.id))
      #expect(merchant.tally == expected, "step \(step)")
      #expect(merchant.rating == expected.average && merchant.averagePrice == expected.averageSpend)
    }
    // The stored avg_rating and avg_price columns (what sorting uses) agree with the tally's.
    var query = MerchantQuery()
    query.sort = .rating
    #expect(try await store.findMerchants(query).items.first { $0.merchant.id == r.shop.id }?.merchant.rating
      == (try await store.merchant(id: r.shop.id))?.rating)
    let price = try await engine.integer("SELECT average_price FROM tuan_merchants WHERE id = \(r.shop.id)")
    #expect(price == (try await store.merchant(id: r.shop.id))?.averagePrice)
  }
}

@Test(arguments: StoreKind.available)
func editingIsTheAuthorsWithinTheWindowAndDeletingAlways(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.tuan
    let r = try await ReviewFixture(store, users: [7, 8])
    var review = try await store.addReview(r.review(1, by: 7, stars: 5))
    review.rating = 2
    var theirs = review
    theirs.userID = 8
    await #expect(throws: StoreError.notFound) { try await store.editReview(theirs, now: TuanFixture.now) }
    let later = TuanFixture.now + ReviewRules.editWindow + 60
    await #expect(throws: ReviewError.tooLateToEdit) { try await store.editReview(review, now: later) }
    let edited = try await store.editReview(review, now: TuanFixture.now + 60)
    #expect(edited.rating == 2 && edited.updatedAt > edited.createdAt)
    #expect(try await store.merchant(id: r.shop.id)?.rating == 2)
    #expect(try await !store.deleteReview(id: review.id, userID: 8))
    #expect(try await store.deleteReview(id: review.id, userID: 7))
    #expect(try await store.merchant(id: r.shop.id)?.tally == ReviewTally())
    #expect(try await store.review(id: review.id, viewer: 7) == nil)
  }
}

@Test(arguments: StoreKind.available)
func votesAreOnePerPersonAndRepliesTheShopsAlone(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.tuan
    let r = try await ReviewFixture(store, users: [7, 8, 9])
    let review = try await store.addReview(r.review(1, by: 7, stars: 4))
    #expect(try await store.setHelpful(reviewID: review.id, userID: 8, helpful: true) == 1)
    #expect(try await store.setHelpful(reviewID: review.id, userID: 8, helpful: true) == 1)
    #expect(try await store.setHelpful(reviewID: review.id, userID: 9, helpful: true) == 2)
    #expect(try await store.setHelpful(reviewID: review.id, userID: 7, helpful: true) == 2, "not one's own")
    #expect(try await store.setHelpful(reviewID: review.id, userID: 9, helpful: false) == 1)
    #expect(try await store.helpfulVotes(by: 8, among: [review.id, 42]) == [review.id])
    // By the reviews as read: one with a vote is asked about, one read with none is not (nobody had voted then).
    let voted = try #require(try await store.review(id: review.id, viewer: 8))
    #expect(try await store.helpfulVotes(by: 8, on: [voted]) == [review.id])
    #expect(try await store.helpfulVotes(by: 9, on: [voted]) == [])
    #expect(try await store.helpfulVotes(by: 8, on: [review]) == [], "read before the votes")
    await #expect(throws: StoreError.notFound) { try await store.setHelpful(reviewID: 42, userID: 8, helpful: true) }
    await #expect(throws: StoreError.notFound) {
      try await store.reply(toReview: review.id, merchantID: r.shop.id + 1, text: "谢谢", at: TuanFixture.now)
    }
    try await store.reply(toReview: review.id, merchantID: r.shop.id, text: "谢谢光临", at: TuanFixture.now)
    try await store.reply(toReview: review.id, merchantID: r.shop.id, text: "谢谢光临，欢迎再来", at: TuanFixture.now)
    let read = try #require(try await store.review(id: review.id, viewer: nil))
    #expect(read.reply == "谢谢光临，欢迎再来" && read.helpful == 1)
  }
}

@Test(arguments: StoreKind.available)
func listsFilterAndHiddenReviewsAreTheirAuthorsAlone(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.tuan
    let r = try await ReviewFixture(store, users: [7, 8, 9])
    let good = try await store.addReview(r.review(1, by: 7, stars: 5, pictures: 2))
    let bad = try await store.addReview(r.review(2, by: 8, stars: 1))
    let middling = try await store.addReview(r.review(3, by: 9, stars: 3))
    _ = try await store.setHelpful(reviewID: bad.id, userID: 7, helpful: true)
    func ids(_ filter: ReviewFilter, _ viewer: Int64? = nil) async throws -> [Int64] {
      try await store.reviews(merchantID: r.shop.id, filter: filter, viewer: viewer, limit: 10, offset: 0).items.map(\.id)
    }
    #expect(try await ids(.all) == [bad.id, middling.id, good.id], "most useful first, then newest")
    #expect(try await ids(.latest) == [middling.id, bad.id, good.id])
    #expect(try await ids(.pictures) == [good.id])
    #expect(try await ids(.good) == [good.id])
    #expect(try await ids(.bad) == [bad.id])
    let page = try await store.reviews(merchantID: r.shop.id, filter: .latest, viewer: nil, limit: 2, offset: 2)
    #expect(page.items.map(\.id) == [good.id] && page.total == 3)
    // A first page short or full, and past the end: the total is the list's each time.
    for (limit, offset) in [(10, 0), (3, 0), (2, 0), (1, 0), (2, 4), (0, 0)] {
      let found = try await store.reviews(merchantID: r.shop.id, filter: .latest, viewer: nil, limit: limit, offset: offset)
      #expect(found.total == 3 && found.items.count == max(0, min(limit, 3 - offset)), "\(limit) \(offset)")
    }
    // Hidden: out of the lists and the numbers for everyone but its author.
    #expect(try await store.setReviewHidden(id: bad.id, hidden: true, rows: []))
    #expect(try await !store.setReviewHidden(id: bad.id, hidden: true, rows: []))
    #expect(try await ids(.latest) == [middling.id, good.id])
    #expect(try await ids(.latest, 8) == [middling.id, bad.id, good.id])
    #expect(try await store.review(id: bad.id, viewer: 7) == nil)
    #expect(try await store.review(id: bad.id, viewer: 8)?.hidden == true)
    #expect(try await store.merchant(id: r.shop.id)?.tally.stars == [0, 0, 1, 0, 1])
    #expect(try await store.reviews(userID: 8, limit: 10, offset: 0).items.map(\.id) == [bad.id])
  }
}

@Test(arguments: StoreKind.available)
func aBlockKeepsReviewsApartBothWays(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.tuan
    let people = engine.store
    var ids: [Int64] = []
    for name in ["alice", "bob", "carol"] {
      let user = UserRecord(id: Int64(ids.count + 7), screenName: name, passwordHash: "", createdAt: TuanFixture.now)
      try await people.createUser(user)
      ids.append(user.id)
    }
    let r = try await ReviewFixture(store, users: ids)
    let alices = try await store.addReview(r.review(1, by: ids[0], stars: 5))
    try await people.block(blocker: ids[1], blocked: ids[0], at: TuanFixture.now)
    let seen = { (viewer: Int64) in
      try await store.reviews(merchantID: r.shop.id, filter: .latest, viewer: viewer, limit: 10, offset: 0).items.map(\.id)
    }
    #expect(try await seen(ids[1]).isEmpty)
    #expect(try await store.review(id: alices.id, viewer: ids[1]) == nil)
    #expect(try await seen(ids[2]) == [alices.id])
    await #expect(throws: StoreError.notFound) { try await store.setHelpful(reviewID: alices.id, userID: ids[1], helpful: true) }
  }
}

@Test(arguments: StoreKind.available)
func aShopsPeopleAndItsUsedCouponsOfToday(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.tuan
    let r = try await ReviewFixture(store, users: [7])
    await #expect(throws: StoreError.notFound) { try await store.linkShop(userID: 20, merchantID: 424_242) }
    try await store.linkShop(userID: 20, merchantID: r.shop.id)
    #expect(try await store.shop(of: 20) == r.shop.id)
    #expect(try await store.shop(of: 21) == nil)
    let used = try await store.consumedCoupons(merchantID: r.shop.id, since: TuanFixture.now - 60, limit: 10)
    #expect(Set(used.map(\.code)) == Set(r.used[7]!))
    #expect(try await store.consumedCoupons(merchantID: r.shop.id, since: TuanFixture.now + 60, limit: 10).isEmpty)
  }
}

/// A shop's 券 used today are kept under the `used` stamp (`OnSaleSets.usedKey`): over a random history of 券 used
/// by this process and another one on the same database, each read in either (as a request that arrived before the
/// use, and one after) is what the table holds, and the list never misses a use answered before the read began.
@Test(arguments: StoreKind.available)
func aShopsUsedCouponsReadBetweenUsesAnswerAsTheTable(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.tuan
    let other = TuanModule.store(on: try engine.reopen())
    let r = try await ReviewFixture(store, users: Array(1...6), coupons: 0)
    var random = SplitMix(seed: 11)
    var open = r.unused.values.sorted()
    var used: [String] = []
    func read(_ reader: any TuanStore, limit: Int = 10) async throws -> [String] {
      try await reader.consumedCoupons(merchantID: r.shop.id, since: TuanFixture.now - 60, limit: limit).map(\.code)
    }
    for reader in [store, other] { #expect(try await read(reader).isEmpty) }
    while !open.isEmpty {
      let code = open.remove(at: Int(random.next() % UInt64(open.count)))
      let writer = random.next() % 2 == 0 ? store : other
      let arrived = ContinuousClock.now
      try await RequestStart.$instant.withValue(arrived) { () async throws -> Void in
        #expect(Set(try await read(store)) == Set(used))
        guard case .done = try await writer.consumeCoupon(code: code, merchantID: r.shop.id, now: TuanFixture.now) else {
          Issue.record("\(code) could not be used")
          return
        }
        used.append(code)
        // The writer's own request sees its use at once.
        #expect(Set(try await read(writer)) == Set(used))
      }
      for reader in [store, other] {
        try await RequestStart.$instant.withValue(ContinuousClock.now) { () async throws -> Void in
          #expect(Set(try await read(reader)) == Set(used), "read after \(code) was used")
          #expect(try await read(reader, limit: 2).count == min(2, used.count))
        }
      }
      // Used again: refused, and nothing moves.
      #expect(try await other.consumeCoupon(code: code, merchantID: r.shop.id, now: TuanFixture.now) == .refused(.consumed))
    }
    #expect(try await read(store).count == 6)
  }
}

/// Shops' people are kept on PostgreSQL (`ShopPeople`): over a random history of links and relinks, each read
/// between them answers as the table does.
@Test(arguments: StoreKind.available)
func aShopsPeopleReadBetweenLinksAnswerAsTheTable(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.tuan
    let r = try await ReviewFixture(store, users: [])
    var f = r.f
    let other = f.merchant("第二家", city: TuanFixture.beijing, district: TuanFixture.chaoyang, at: (39.94, 116.46))
    try await store.importDeals(merchants: [other], deals: [])
    let shops = [r.shop.id, other.id]
    var table: [Int64: Int64] = [:]
    var random = SystemRandomNumberGenerator()
    for step in 0..<60 {
      let user = Int64.random(in: 30...35, using: &random)
      if Bool.random(using: &random) {
        let shop = shops.randomElement(using: &random)!
        try await store.linkShop(userID: user, merchantID: shop)
        table[user] = shop
      }
      for asked in Int64(30)...35 {
        #expect(try await store.shop(of: asked) == table[asked], "step \(step), user \(asked)")
      }
    }
  }
}
