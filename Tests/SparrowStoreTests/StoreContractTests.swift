import Foundation
import SparrowDemo
import SparrowStore
import WeiboStore
import SparrowTestSupport
import Testing

/// The store contract: what every engine must do, run against each available engine.

/// A small world written through the store: three users, a follow graph, statuses of each kind.
struct Fixture {
  let ids = IDGenerator(node: 2)
  var now = Date(timeIntervalSince1970: 1_750_000_000)
  var users: [Int64] = []

  mutating func tick() -> Date {
    now += 1
    return now
  }

  mutating func user(_ store: any WeiboStore, _ name: String) async throws -> Int64 {
    let at = tick()
    let user = UserRecord(id: ids.next(at: at), screenName: name, passwordHash: "x", createdAt: at)
    try await store.createUser(user)
    users.append(user.id)
    return user.id
  }

  mutating func status(_ store: any WeiboStore, by user: Int64, _ text: String, retweeting: Int64? = nil, visible: Int = 0,
                       pictures: Int = 0) async throws -> Int64 {
    let at = tick()
    let pics = (0..<pictures).map { PictureRef(id: "p\($0)", ext: "jpg", width: 10, height: 10) }
    let record = StatusRecord(id: ids.next(at: at), userID: user, text: text, appID: 0, createdAt: at,
                              retweetedID: retweeting, pictures: pics, visible: visible)
    try await store.insertStatus(record, mentions: [], topics: [], comments: [])
    return record.id
  }

  /// Suspends `user` by the operator, or lifts the suspension when `suspended` holds them (kept up to date): the
  /// random histories' step.
  mutating func suspendOrLift(_ user: Int64, _ store: any WeiboStore, _ suspended: inout Set<Int64>) async throws {
    let audit = AuditEntry(id: ids.next(at: tick()), actorID: AuditEntry.operatorID, action: "suspend",
                           target: "user:\(user)", reason: "测试", at: now)
    if suspended.remove(user) != nil {
      _ = try await store.liftSuspension(userID: user, audit: audit)
    } else {
      try await store.suspend(Suspension(userID: user, reason: "测试", at: now), audit: audit)
      suspended.insert(user)
    }
  }
}

@Test(arguments: StoreKind.available)
func countersAlwaysMatchTheRows(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    let (a, b, c) = (try await f.user(store, "alice"), try await f.user(store, "bob"), try await f.user(store, "carol"))
    for (x, y) in [(a, b), (b, a), (c, a), (a, c)] {
      try await store.follow(follower: x, followee: y, id: f.ids.next(at: f.tick()), at: f.now)
    }
    try await store.unfollow(follower: a, followee: c)
    let original = try await f.status(store, by: a, "原文")
    let repost = try await f.status(store, by: b, "转发", retweeting: original)
    _ = try await f.status(store, by: c, "再转", retweeting: original)
    try await store.like(Mark(id: f.ids.next(at: f.tick()), userID: b, statusID: original, createdAt: f.now))
    try await store.favorite(Mark(id: f.ids.next(at: f.tick()), userID: c, statusID: repost, createdAt: f.now))
    try await store.insertComments(
      [CommentRecord(id: f.ids.next(at: f.tick()), statusID: original, userID: c, text: "嗯", appID: 0, createdAt: f.now)],
      mentions: [])
    _ = try await store.deleteStatus(id: repost)

    let before = try await store.users(ids: [a, b, c])
    let statusesBefore = try await store.statuses(ids: [original], visibleTo: 0)
    try await store.recomputeCounters()
    let after = try await store.users(ids: [a, b, c])
    let statusesAfter = try await store.statuses(ids: [original], visibleTo: 0)

    #expect(before == after)
    #expect(statusesBefore == statusesAfter)
    #expect(after[a]?.biFollowersCount == 1)
    #expect(after[c]?.favouritesCount == 0)
    #expect(statusesAfter[original]?.repostsCount == 1)

    // Whole public and author feeds count from these counters: they agree with the rows, private statuses apart.
    _ = try await f.status(store, by: c, "只给自己看", visible: 1)
    func total(_ feed: StatusFeed, _ viewer: Int64) async throws -> Int {
      try await store.statuses(in: feed, feature: .all, page: Page(count: 1), viewer: viewer).page.total
    }
    #expect(try await total(.everyone, a) == 2)
    #expect(try await total(.user(c, viewer: a), a) == 1)
    #expect(try await total(.user(c, viewer: c), c) == 2)
    #expect(try await store.statuses(in: .everyone, feature: .original, page: Page(), viewer: a).page.total == 1)
  }
}

/// Every page of a feed is its slice of the whole feed, with the whole feed's total (past its end too, and for an empty
/// feed) and the originals its reposts repost. PostgreSQL reads the three in one statement and rounds small limits up
/// (`rowLimit`), so an odd count must still be kept to.
@Test(arguments: StoreKind.available)
func everyPageIsItsSliceWithTheTotalAndTheOriginals(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    let (a, b, c) = (try await f.user(store, "alice"), try await f.user(store, "bob"), try await f.user(store, "carol"))
    var originals: [Int64] = []
    for step in 0..<23 {
      let reposting = step % 4 == 3 ? originals.last : nil
      let hidden = step % 5 == 4
      let id = try await f.status(store, by: step % 3 == 0 ? b : a, "第\(step)条", retweeting: reposting,
                                  visible: hidden ? 1 : 0)
      if reposting == nil, !hidden { originals.append(id) }
    }
    // The first original is deleted: its reposts show it gone.
    _ = try await store.deleteStatus(id: originals[0])
    let feeds: [(StatusFeed, Int64)] = [
      (.everyone, a), (.user(a, viewer: b), b), (.user(a, viewer: a), a), (.user(c, viewer: a), a),
      (.reposts(of: originals[1]), a),
    ]
    for (feed, viewer) in feeds {
      let whole = try await store.statuses(in: feed, feature: .all, page: Page(count: 200), viewer: viewer)
      let all = whole.page.items.map(\.id)
      for count in [1, 2, 7, 20] {
        for number in 1...(all.count / count + 2) {
          let page = Page(count: count, page: number)
          let (found, context) = try await store.statuses(in: feed, feature: .all, page: page, viewer: viewer)
          let slice = Array(all.dropFirst((number - 1) * count).prefix(count))
          #expect(found.items.map(\.id) == slice, "\(feed) count \(count) page \(number)")
          #expect(found.total == whole.page.total, "\(feed) count \(count) page \(number)")
          let reposted = found.items.compactMap(\.retweetedID)
          #expect(reposted.map { context.originals[$0] } == reposted.map { whole.context.originals[$0] })
          let seen = try await store.statuses(in: feed, feature: .all, page: page, seenBy: viewer)
          #expect(seen.items.map(\.id) == slice && seen.total == whole.page.total)
        }
      }
    }
    #expect(try await store.statuses(in: .user(c, viewer: a), feature: .all, page: Page(), viewer: a).page.total == 0)
    #expect(try await store.statuses(in: .everyone, feature: .all, page: Page(count: 200), viewer: a).page.total > 10)
  }
}

@Test func smallLimitsAreWrittenIntoTheStatementRoundedUp() {
  for (rows, text) in [(1, "LIMIT 1"), (2, "LIMIT 11"), (11, "LIMIT 11"), (20, "LIMIT 21"), (21, "LIMIT 21"),
                       (22, "LIMIT 31"), (51, "LIMIT 51"), (201, "LIMIT 201")] {
    #expect(rowLimit(rows).text == text && rowLimit(rows).values.isEmpty, "\(rows)")
  }
  // Past the cap (and a nonsensical zero) the number is bound, as any other value.
  #expect(rowLimit(202).values.count == 1)
  #expect(rowLimit(0).values.count == 1)
  #expect(Page(count: 20, page: 2).limitClause.values.count == 2)
}

/// The site's count of public statuses (`weibo_counters`) against the rows over a random history of posts (public,
/// private, reposts) and deletions from two processes on one database, then after a bulk recount.
@Test(arguments: StoreKind.available, [8, 2026] as [UInt64])
func thePublicTimelinesTotalIsThePublicStatuses(_ kind: StoreKind, seed: UInt64) async throws {
  try await withStore(kind) { engine in
    let stores = [engine.store, try engine.reopen().weibo]
    var random = SplitMix(seed: seed)
    func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
    var f = Fixture()
    let people = [try await f.user(stores[0], "alice"), try await f.user(stores[0], "bob")]
    var alive: [(id: Int64, visible: Int)] = []
    func total() async throws -> Int {
      try await stores[roll(2)].statuses(in: .everyone, feature: .all, page: Page(count: 1), seenBy: 0).total
    }
    for step in 0..<80 {
      if alive.isEmpty || roll(3) > 0 {
        let visible = roll(4) == 0 ? 1 : 0
        let original = alive.filter { $0.visible == 0 }.randomElement(using: &random)?.id
        let id = try await f.status(stores[roll(2)], by: people[roll(2)], "第\(step)条", retweeting: roll(3) == 0 ? original : nil,
                                    visible: visible)
        alive.append((id, visible))
      } else {
        let gone = alive.remove(at: roll(alive.count))
        _ = try await stores[roll(2)].deleteStatus(id: gone.id)
      }
      #expect(try await total() == alive.filter { $0.visible == 0 }.count, "step \(step)")
    }
    try await stores[0].recomputeCounters()
    #expect(try await total() == alive.filter { $0.visible == 0 }.count)
  }
}

@Test(arguments: StoreKind.available)
func codesAreTakenOnceAndRepeatsAreRefused(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    let a = try await f.user(store, "alice")
    let grant = GrantRecord(hash: "h", kind: .code, userID: a, appID: 1, createdAt: f.now, expiresAt: f.now + 600)
    try await store.saveGrant(grant)

    #expect(try await store.takeGrant(hash: "h", kind: .code) == grant)
    #expect(try await store.takeGrant(hash: "h", kind: .code) == nil)
    _ = try await f.status(store, by: a, "同一句话")
    await #expect(throws: StoreError.duplicateText) { _ = try await f.status(store, by: a, "同一句话") }
    await #expect(throws: StoreError.conflict) { _ = try await f.user(store, "ALICE") }
    await #expect(throws: StoreError.notFound) { _ = try await f.status(store, by: a, "转发", retweeting: 12345) }
    #expect(try await store.user(id: a)?.allStatusesCount == 1)
  }
}

@Test(arguments: StoreKind.available)
func aPageReadWithItsContextMatchesTheSeparateReads(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    let (a, b, c) = (try await f.user(store, "alice"), try await f.user(store, "bob"), try await f.user(store, "carol"))
    for (x, y) in [(a, b), (b, a), (a, c)] {
      try await store.follow(follower: x, followee: y, id: f.ids.next(at: f.tick()), at: f.now)
    }
    let original = try await f.status(store, by: c, "原文", pictures: 2)
    _ = try await f.status(store, by: b, "转发", retweeting: original)
    let own = try await f.status(store, by: a, "自己的")
    try await store.like(Mark(id: f.ids.next(at: f.tick()), userID: a, statusID: original, createdAt: f.now))
    try await store.favorite(Mark(id: f.ids.next(at: f.tick()), userID: a, statusID: own, createdAt: f.now))

    let (page, context) = try await store.statuses(in: .home(a), feature: .all, page: Page(count: 10), viewer: a)
    let separate = try await store.statuses(in: .home(a), feature: .all, page: Page(count: 10), seenBy: 0)
    let expected = try await store.context(for: separate.items, viewer: a)

    #expect(page.items == separate.items)
    #expect(page.total == separate.total)
    #expect(context.originals == expected.originals)
    #expect(context.users == expected.users)
    #expect(context.apps == expected.apps)
    #expect(context.favorited == expected.favorited && context.favorited == [own])
    #expect(context.liked == expected.liked && context.liked == [original])
    #expect(context.following == expected.following && context.following == [b, c])
    #expect(context.followers == expected.followers && context.followers == [b])
  }
}

@Test(arguments: StoreKind.available)
func aGrantOnceReadIsGoneWhenTakenOrRevoked(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    let (a, b) = (try await f.user(store, "alice"), try await f.user(store, "bob"))
    func grant(_ hash: String, _ kind: GrantRecord.Kind, _ user: Int64, app: Int64 = 1) async throws -> GrantRecord {
      let grant = GrantRecord(hash: hash, kind: kind, userID: user, appID: app, createdAt: f.now, expiresAt: f.now + 600)
      try await store.saveGrant(grant)
      return grant
    }
    let access = try await grant("access", .access, a)
    let refresh = try await grant("refresh", .refresh, a)
    let session = try await grant("session", .session, a, app: 0)
    let otherApp = try await grant("other-app", .access, a, app: 2)
    let otherUser = try await grant("other-user", .access, b)
    let loggedOut = try await grant("logged-out", .access, b, app: 2)
    for g in [access, refresh, session, otherApp, otherUser, loggedOut] {
      #expect(try await store.grant(hash: g.hash, kind: g.kind) == g)
    }

    try await store.revokeGrants(userID: a, appID: 1)
    _ = try await store.takeGrant(hash: loggedOut.hash, kind: .access)

    #expect(try await store.grant(hash: access.hash, kind: .access) == nil)
    #expect(try await store.grant(hash: refresh.hash, kind: .refresh) == nil)
    #expect(try await store.grant(hash: loggedOut.hash, kind: .access) == nil)
    #expect(try await store.grant(hash: session.hash, kind: .session) == session)
    #expect(try await store.grant(hash: otherApp.hash, kind: .access) == otherApp)
    #expect(try await store.grant(hash: otherUser.hash, kind: .access) == otherUser)
    #expect(try await store.grant(hash: session.hash, kind: .access) == nil)
  }
}

@Test(arguments: StoreKind.available)
func seenMarksOnlyRise(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    let (a, b) = (try await f.user(store, "alice"), try await f.user(store, "bob"))
    try await store.follow(follower: a, followee: b, id: f.ids.next(at: f.tick()), at: f.now)
    var statuses: [Int64] = []
    for n in 0..<5 { statuses.append(try await f.status(store, by: b, "第\(n)条")) }

    try await store.markSeen(userID: a, kind: .status, upTo: statuses[2])
    let afterThird = try await store.unreadCounts(userID: a)[.status]
    try await store.markSeen(userID: a, kind: .status, upTo: statuses[0])
    let afterFirst = try await store.unreadCounts(userID: a)[.status]
    try await store.markSeen(userID: a, kind: .status, upTo: statuses[4])
    let afterLast = try await store.unreadCounts(userID: a)[.status]

    #expect(afterThird == 2)
    #expect(afterFirst == 2)
    #expect(afterLast == 0)
  }
}

/// The web client's badges ask for counts up to 100 (past 99 they read `99+`), the API for its cap: each kind stops
/// at the cap asked, and a kind under it is counted whole.
@Test(arguments: StoreKind.available)
func unreadCountsStopAtTheCapAsked(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    let a = try await f.user(store, "alice")
    for name in ["bob", "carol", "dave"] {
      let b = try await f.user(store, name)
      try await store.follow(follower: b, followee: a, id: f.ids.next(at: f.tick()), at: f.now)
      try await store.follow(follower: a, followee: b, id: f.ids.next(at: f.tick()), at: f.now)
      for n in 0..<2 { _ = try await f.status(store, by: b, "\(name)的第\(n)条") }
    }

    let capped = try await store.unreadCounts(userID: a, upTo: 2)
    let whole = try await store.unreadCounts(userID: a)
    #expect(capped[.follower] == 2 && capped[.status] == 2)
    #expect(whole[.follower] == 3 && whole[.status] == 6)
    #expect(try await store.unreadCounts(userID: a, upTo: 5)[.status] == 5)
  }
}

/// The tab bar's badges: new statuses, and comments, mentions (in statuses and in comments) and likes counted
/// together up to the cap (not each up to it); follows are no badge's. Under the cap they agree with the counts of
/// each kind, and marking a kind seen takes it out of both.
@Test(arguments: StoreKind.available)
func unreadBadgesCountMessagesTogether(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    let (a, b) = (try await f.user(store, "alice"), try await f.user(store, "bob"))
    try await store.follow(follower: a, followee: b, id: f.ids.next(at: f.tick()), at: f.now)
    try await store.follow(follower: b, followee: a, id: f.ids.next(at: f.tick()), at: f.now)
    let mine = try await f.status(store, by: a, "我的")
    for n in 0..<2 { _ = try await f.status(store, by: b, "鲍勃的第\(n)条") }
    let mention = StatusRecord(id: f.ids.next(at: f.tick()), userID: b, text: "@alice 你好", appID: 0, createdAt: f.now)
    try await store.insertStatus(mention, mentions: [a], topics: [], comments: [])
    let comments = (0..<3).map { n in
      CommentRecord(id: f.ids.next(at: f.tick()), statusID: mine, userID: b, text: "@alice 第\(n)条", appID: 0, createdAt: f.now)
    }
    try await store.insertComments(comments, mentions: [a])
    try await store.like(Mark(id: f.ids.next(at: f.tick()), userID: b, statusID: mine, createdAt: f.now))

    let counts = try await store.unreadCounts(userID: a, upTo: 100)
    #expect(counts[.cmt] == 3 && counts[.mentionStatus] == 1 && counts[.mentionCmt] == 3 && counts[.attitude] == 1)
    #expect(try await store.unreadBadges(userID: a, upTo: 100) == UnreadBadges(statuses: 3, messages: 8))
    #expect(try await store.unreadBadges(userID: a, upTo: 5) == UnreadBadges(statuses: 3, messages: 5))
    #expect(try await store.unreadBadges(userID: a, upTo: 2) == UnreadBadges(statuses: 2, messages: 2))
    #expect(try await store.unreadBadges(userID: b, upTo: 100) == UnreadBadges(statuses: 1, messages: 0))

    try await store.markSeen(userID: a, kind: .cmt, upTo: comments[2].id)
    try await store.markSeen(userID: a, kind: .status, upTo: mention.id)
    #expect(try await store.unreadBadges(userID: a, upTo: 100) == UnreadBadges(statuses: 0, messages: 5))
  }
}

/// The store keeps user rows, follow lists and the viewer's marks between reads: after every kind of
/// write, what a timeline read returns must be what a store opened afresh on the same database returns.
@Test(arguments: StoreKind.available)
func timelineReadsShowEveryWriteToUsersAndFollows(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    let (a, b, c) = (try await f.user(store, "alice"), try await f.user(store, "bob"), try await f.user(store, "carol"))
    for (x, y) in [(a, b), (b, a), (c, a), (c, b)] {
      try await store.follow(follower: x, followee: y, id: f.ids.next(at: f.tick()), at: f.now)
    }
    var original = try await f.status(store, by: b, "原文")
    _ = try await f.status(store, by: a, "转发", retweeting: original)
    _ = try await f.status(store, by: c, "卡罗尔")
    func expectFresh(_ step: String) async throws {
      let fresh = try engine.reopen().weibo
      for viewer in [a, b, c] {
        let (page, context) = try await store.statuses(in: .home(viewer), feature: .all, page: Page(count: 50), viewer: viewer)
        let (freshPage, freshContext) = try await fresh.statuses(
          in: .home(viewer), feature: .all, page: Page(count: 50), viewer: viewer)
        let separate = try await store.context(for: page.items, viewer: viewer)
        #expect(page.total == freshPage.total, "\(step): total for \(viewer)")
        #expect(page.items == freshPage.items, "\(step): page for \(viewer)")
        #expect(context.users == freshContext.users, "\(step): users for \(viewer)")
        #expect(separate.users == freshContext.users, "\(step): users for \(viewer)")
        #expect(context.following == freshContext.following, "\(step): following for \(viewer)")
        #expect(context.followers == freshContext.followers, "\(step): followers for \(viewer)")
        #expect(context.favorited == freshContext.favorited, "\(step): favorited for \(viewer)")
        #expect(context.liked == freshContext.liked, "\(step): liked for \(viewer)")
        #expect(separate.liked == freshContext.liked && separate.followers == freshContext.followers, "\(step)")
        #expect(try await store.statuses(in: .home(viewer), feature: .all, page: Page(count: 50), seenBy: 0).total == freshPage.total)
      }
    }
    try await expectFresh("start")

    var writes: [(String, () async throws -> Void)] = []
    writes.append(("post", { original = try await f.status(store, by: b, "又一条") }))
    writes.append(("repost", { _ = try await f.status(store, by: c, "再转", retweeting: original) }))
    writes.append(("favorite", {
      try await store.favorite(Mark(id: f.ids.next(at: f.tick()), userID: c, statusID: original, createdAt: f.now))
    }))
    writes.append(("like", {
      try await store.like(Mark(id: f.ids.next(at: f.tick()), userID: a, statusID: original, createdAt: f.now))
    }))
    writes.append(("favorite and like, then unlike", {
      let id = try await f.status(store, by: c, "赞我")
      try await store.like(Mark(id: f.ids.next(at: f.tick()), userID: b, statusID: id, createdAt: f.now))
      try await store.favorite(Mark(id: f.ids.next(at: f.tick()), userID: a, statusID: id, createdAt: f.now))
      try await expectFresh("like")
      _ = try await store.unlike(userID: b, statusID: id)
    }))
    writes.append(("delete a favourited status", { _ = try await store.deleteStatus(id: original) }))
    writes.append(("follow", { try await store.follow(follower: a, followee: c, id: f.ids.next(at: f.tick()), at: f.now) }))
    writes.append(("unfollow", { try await store.unfollow(follower: c, followee: b) }))
    writes.append(("profile", {
      var user = try #require(try await store.user(id: b))
      user.description = "新简介"
      user.verifiedType = 0
      try await store.updateUser(user)
    }))
    writes.append(("favorite and unfavorite", {
      let id = try await f.status(store, by: a, "收藏我")
      try await store.favorite(Mark(id: f.ids.next(at: f.tick()), userID: b, statusID: id, createdAt: f.now))
      try await expectFresh("favorite")
      _ = try await store.unfavorite(userID: b, statusID: id)
    }))
    writes.append(("recompute", { try await store.recomputeCounters() }))
    writes.append(("import", {
      let at = f.tick()
      let dave = UserRecord(id: f.ids.next(at: at), screenName: "dave", passwordHash: "x", createdAt: at)
      let status = StatusRecord(id: f.ids.next(at: at), userID: dave.id, text: "导入", appID: 0, createdAt: at)
      var batch = ImportBatch()
      batch.users = [dave]
      batch.follows = [(a, dave.id, f.ids.next(at: at), at)]
      batch.statuses = [status]
      try await store.importRows(batch)
      try await store.recomputeCounters()
    }))
    for (step, write) in writes {
      try await write()

      try await expectFresh(step)
    }
  }
}

/// The kept count of accounts (`PeopleCount`) against the rows over a random history of sign-ups, refused ones
/// (a name taken), account imports and bulk imports, from two processes on one database.
@Test(arguments: StoreKind.available, [5, 2027] as [UInt64])
func theCountOfPeopleIsTheRows(_ kind: StoreKind, seed: UInt64) async throws {
  try await withStore(kind) { engine in
    let stores = [engine.store, try engine.reopen().weibo]
    var random = SplitMix(seed: seed)
    func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
    var f = Fixture()
    var names: [String] = []
    #expect(try await engine.store.userCount() == 0)
    for step in 0..<40 {
      let store = stores[roll(2)]
      let at = f.tick()
      let fresh = (0..<(1 + roll(3))).map { n in
        UserRecord(id: f.ids.next(at: at), screenName: "p\(step)_\(n)", passwordHash: "x", createdAt: at)
      }
      switch roll(4) {
      case 0 where !names.isEmpty:
        // A name taken, in any case: refused, nothing counted.
        let taken = UserRecord(id: f.ids.next(at: at), screenName: names[roll(names.count)].uppercased(),
                               passwordHash: "x", createdAt: at)
        await #expect(throws: StoreError.conflict) { try await store.createUser(taken) }
      case 1:
        try await store.importAccounts(users: fresh, apps: [])
        names += fresh.map(\.screenName)
      case 2:
        var batch = ImportBatch()
        batch.users = fresh
        try await store.importRows(batch)
        names += fresh.map(\.screenName)
      default:
        try await store.createUser(fresh[0])
        names.append(fresh[0].screenName)
      }
      let rows = try #require(try await engine.integer("SELECT count(*) FROM users"))
      #expect(rows == names.count, "step \(step)")
      #expect(try await stores[roll(2)].userCount() == rows, "step \(step)")
    }
  }
}
