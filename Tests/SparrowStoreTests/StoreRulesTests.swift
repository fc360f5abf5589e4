import Foundation
import SparrowDemo
import SparrowStore
import SparrowTestSupport
import Testing
import WeiboStore

// Rules an engine keeps inside its transactions and reads, pinned here so a second engine cannot differ.

@Test(arguments: StoreKind.available)
func privateStatusesReachOnlyTheirAuthor(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    let (a, b) = (try await f.user(store, "alice"), try await f.user(store, "bob"))
    try await store.follow(follower: a, followee: b, id: f.ids.next(at: f.tick()), at: f.now)
    let open = try await f.status(store, by: b, "公开的 #旅行#")
    let mine = try await f.status(store, by: b, "只给自己 #旅行#", visible: 1)

    func ids(_ feed: StatusFeed) async throws -> Set<Int64> {
      Set(try await store.statuses(in: feed, feature: .all, page: Page(count: 50), seenBy: 0).items.map(\.id))
    }

    #expect(try await ids(.home(a)) == [open])
    #expect(try await ids(.user(b, viewer: a)) == [open])
    #expect(try await ids(.everyone) == [open])
    #expect(try await ids(.search("旅行")) == [open])
    #expect(try await ids(.home(b)) == [open, mine])
    #expect(try await ids(.user(b, viewer: b)) == [open, mine])
  }
}

@Test(arguments: StoreKind.available)
func nothingOfAPrivateStatusIsReadableByOthers(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    let (a, b) = (try await f.user(store, "alice"), try await f.user(store, "bob"))
    let at = f.tick()
    let mine = StatusRecord(id: f.ids.next(at: at), userID: b, text: "@alice #秘密#", appID: 0, createdAt: at, visible: 1)
    try await store.insertStatus(mine, mentions: [a], topics: ["秘密"], comments: [])
    let own = CommentRecord(id: f.ids.next(at: f.tick()), statusID: mine.id, userID: b, text: "@alice", appID: 0, createdAt: f.now)
    try await store.insertComments([own], mentions: [a])

    #expect(try await store.status(id: mine.id, visibleTo: a) == nil)
    #expect(try await store.status(id: mine.id, visibleTo: 0) == nil)
    #expect(try await store.status(id: mine.id, visibleTo: b)?.id == mine.id)
    #expect(try await store.statuses(ids: [mine.id], visibleTo: a).isEmpty)
    #expect(try await store.comments(ids: [own.id], visibleTo: a).isEmpty)
    #expect(try await store.comment(id: own.id, visibleTo: b)?.id == own.id)
    // It mentions no one and joins no topic; others cannot comment on it.
    #expect(try await store.comments(in: .mentions(a), page: Page(), seenBy: 0).items.isEmpty)
    #expect(try await store.statuses(in: .mentions(a), feature: .all, page: Page(), seenBy: 0).items.isEmpty)
    #expect(try await store.unreadCounts(userID: a)[.mentionStatus] == 0)
    #expect(try await store.unreadCounts(userID: a)[.mentionCmt] == 0)
    #expect(try await store.hotTopics(since: .distantPast, limit: 10).isEmpty)
    let stranger = CommentRecord(id: f.ids.next(at: f.tick()), statusID: mine.id, userID: a, text: "hi", appID: 0, createdAt: f.now)
    await #expect(throws: StoreError.notFound) { try await store.insertComments([stranger], mentions: []) }
    // Counts: the author sees both statuses, everyone else the public one.
    _ = try await f.status(store, by: b, "公开")
    let author = try #require(try await store.user(id: b))
    #expect(author.statusesCount(seenBy: b) == 2 && author.statusesCount(seenBy: a) == 1)
    try await store.recomputeCounters()
    #expect(try await store.user(id: b)?.privateStatusesCount == 1)
  }
}

@Test(arguments: StoreKind.available)
func nothingOlderThanTheAccountCountsAsUnread(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    let b = try await f.user(store, "bob")
    for n in 0..<3 { _ = try await f.status(store, by: b, "早先的第\(n)条") }
    let a = try await f.user(store, "alice")
    try await store.follow(follower: a, followee: b, id: f.ids.next(at: f.tick()), at: f.now)

    let before = try await store.unreadCounts(userID: a)[.status] ?? 0
    _ = try await f.status(store, by: b, "新的一条")
    let after = try await store.unreadCounts(userID: a)[.status] ?? 0

    #expect(before == 0)
    #expect(after == 1)
  }
}

@Test(arguments: StoreKind.available)
func aTextRepeatsOnlyRightAfterItself(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    let b = try await f.user(store, "bob")
    _ = try await f.status(store, by: b, "同一句话")

    await #expect(throws: StoreError.duplicateText) { _ = try await f.status(store, by: b, "同一句话") }
    _ = try await f.status(store, by: b, "另一句话")
    _ = try await f.status(store, by: b, "同一句话")
    #expect(try await store.statuses(in: .user(b, viewer: b), feature: .all, page: Page(count: 10), seenBy: 0).total == 3)
  }
}

@Test(arguments: StoreKind.available)
func grantsIssuedFromOneCodeAreRevokedTogether(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    let now = Date()
    for (hash, origin) in [("a", "code1"), ("r", "code1"), ("other", "code2")] {
      try await store.saveGrant(GrantRecord(hash: hash, kind: .access, userID: 1, appID: 1, createdAt: now,
                                            expiresAt: now + 60, origin: origin))
    }
    #expect(try await store.grant(hash: "a", kind: .access)?.origin == "code1")
    #expect(try await store.revokeGrants(origin: "code1") == 2)
    #expect(try await store.grant(hash: "a", kind: .access) == nil)
    #expect(try await store.grant(hash: "r", kind: .access) == nil)
    #expect(try await store.grant(hash: "other", kind: .access) != nil)
  }
}

@Test(arguments: StoreKind.available)
func signInFailuresAreCountedPerKeyWithinTheWindow(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    let t0 = Date(timeIntervalSince1970: 1_750_000_000)
    for n in 0..<3 { try await store.recordSignInFailure("account:a", at: t0 + Double(n), forgetBefore: t0 - 900) }
    try await store.recordSignInFailure("account:b", at: t0, forgetBefore: t0 - 900)
    let seen = try await store.signInFailures("account:a", since: t0 + 1)
    #expect(seen.count == 2 && seen.last == t0 + 2)
    // A failure past the window forgets what is older than it.
    try await store.recordSignInFailure("account:a", at: t0 + 2000, forgetBefore: t0 + 1100)
    #expect(try await store.signInFailures("account:a", since: .distantPast).count == 1)
    try await store.clearSignInFailures("account:a")
    #expect(try await store.signInFailures("account:a", since: .distantPast).count == 0)
    #expect(try await store.signInFailures("account:b", since: .distantPast).count == 1)
  }
}

@Test(arguments: StoreKind.available)
func picturesLiveWhileSomethingRefersToThem(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    let t0 = f.now
    let pictures = (1...4).map { PictureRef(id: "p\($0)", ext: "jpg", width: 10, height: 10) }
    for picture in pictures { try await store.savePicture(picture, at: t0) }
    let alice = try await f.user(store, "alice")
    let posted = try await f.status(store, by: alice, "有图", pictures: 0)
    _ = posted
    let at = f.tick()
    let withPictures = StatusRecord(id: f.ids.next(at: at), userID: alice, text: "两张", appID: 0, createdAt: at,
                                    pictures: [pictures[0], pictures[1]])
    try await store.insertStatus(withPictures, mentions: [], topics: [], comments: [])
    var user = try #require(try await store.user(id: alice))
    user.avatar = pictures[3].fileName
    try await store.updateUser(user)
    let later = t0 + 3600

    #expect(try await store.unreferencedPictures(before: later, limit: 10).map(\.id) == ["p3"])
    // Uploaded again just now: not before the cutoff any more.
    try await store.savePicture(pictures[2], at: later + 1)
    #expect(try await store.unreferencedPictures(before: later, limit: 10).isEmpty)
    #expect(try await store.deletePictures(ids: ["p3"], before: later).isEmpty)

    _ = try await store.deleteStatus(id: withPictures.id)
    let orphans = try await store.unreferencedPictures(before: later, limit: 10).map(\.id)
    #expect(Set(orphans) == ["p1", "p2"])
    #expect(Set(try await store.deletePictures(ids: orphans, before: later).map(\.id)) == ["p1", "p2"])
    #expect(try await store.pictures(ids: ["p1", "p2", "p3", "p4"]).keys.sorted() == ["p3", "p4"])

    try await store.recordUpload(pictureID: "p3", userID: alice, at: later)
    try await store.recordUpload(pictureID: "p4", userID: alice, at: later + 10)
    #expect(try await store.uploadCount(userID: alice, since: later + 5) == 1)
  }
}

/// A picture may be attached only by whoever uploaded it, or by anyone when it is Sparrow's own; someone else's
/// is left out as an id no picture has. An upload is remembered past the quota's window while its picture is in
/// use, and forgotten with the window once nothing refers to it.
@Test(arguments: StoreKind.available)
func onlyItsUploaderMayAttachAPictureAndTheUploadIsRememberedWhileItIsUsed(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    let t0 = f.now
    let (alice, bob) = (try await f.user(store, "alice"), try await f.user(store, "bob"))
    let pictures = (1...4).map { PictureRef(id: "u\($0)", ext: "jpg", width: 10, height: 10) }
    for picture in pictures { try await store.savePicture(picture, at: t0) }
    try await store.recordUpload(pictureID: "u1", userID: alice, at: t0)
    try await store.recordUpload(pictureID: "u2", userID: alice, at: t0)
    try await store.recordUpload(pictureID: "u3", userID: bob, at: t0)
    try await store.recordUpload(pictureID: "u4", userID: PictureUploads.sparrow, at: t0)
    let asked = ["u1", "u2", "u3", "u4", "nope"]

    #expect(try await store.pictures(ids: asked, attachableBy: alice).keys.sorted() == ["u1", "u2", "u4"])
    #expect(try await store.pictures(ids: asked, attachableBy: bob).keys.sorted() == ["u3", "u4"])
    #expect(try await store.pictures(ids: [], attachableBy: bob).isEmpty)

    // u1 goes on a status; days later Alice uploads again, which forgets her old uploads of unused pictures only.
    let at = f.tick()
    try await store.insertStatus(StatusRecord(id: f.ids.next(at: at), userID: alice, text: "有图", appID: 0, createdAt: at,
                                              pictures: [pictures[0]]), mentions: [], topics: [], comments: [])
    let later = t0 + PictureUploads.window + 3600
    try await store.savePicture(PictureRef(id: "u5", ext: "jpg", width: 10, height: 10), at: later)
    try await store.recordUpload(pictureID: "u5", userID: alice, at: later)

    #expect(try await store.pictures(ids: asked + ["u5"], attachableBy: alice).keys.sorted() == ["u1", "u4", "u5"])
    #expect(try await store.uploadCount(userID: alice, since: later - 60) == 1)
  }
}

/// Search reads an index (three characters or more: any substring, Chinese included, any case); what it finds
/// follows writes and deletions, and never includes a private status.
@Test(arguments: StoreKind.available)
func searchFindsSubstringsByIndex(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    let (a, b) = (try await f.user(store, "Alice_旅行家"), try await f.user(store, "bob"))
    let trip = try await f.status(store, by: a, "今天去西湖边散步，天气很好 Hello World")
    let quote = try await f.status(store, by: b, "他说\"西湖\"最美 100%")
    let secret = try await f.status(store, by: b, "偷偷去西湖边", visible: 1)
    let gone = try await f.status(store, by: b, "西湖边的晚霞")
    _ = try await store.deleteStatus(id: gone)

    func found(_ words: String) async throws -> [Int64] {
      try await store.statuses(in: .search(words), feature: .all, page: Page(count: 50), seenBy: 0).items.map(\.id)
    }
    #expect(try await found("西湖边") == [trip])
    #expect(try await found("hello WORLD") == [trip])
    #expect(try await found("\"西湖\"") == [quote])
    #expect(try await found("100%") == [quote])
    #expect(try await found("西湖") == [quote, trip])  // short: the newest statuses, scanned
    #expect(try await found("西湖边的晚霞").isEmpty)
    #expect(!(try await found("偷偷去")).contains(secret))
    #expect(try await store.statuses(in: .search("西湖边"), feature: .all, page: Page(count: 50), seenBy: 0).total == 1)

    #expect(try await store.searchUsers("旅行家", limit: 10).map(\.id) == [a])
    #expect(try await store.searchUsers("ALICE", limit: 10).map(\.id) == [a])
    #expect(try await store.searchUsers("al", limit: 10).map(\.id) == [a])  // short: names that begin with it
    #expect(try await store.searchUsers("ce_", limit: 10).map(\.id) == [a])
    var renamed = try #require(try await store.user(id: b))
    renamed.screenName = "Robert"
    try await store.updateUser(renamed)
    #expect(try await store.searchUsers("bob", limit: 10).isEmpty)
    #expect(try await store.searchUsers("robe", limit: 10).map(\.id) == [b])
  }
}

/// Both engines fold case alike in every script (`SearchFolding`), by index and by scan: É finds é, Σ finds σ, and
/// an accent is not a case, so e does not find é.
@Test(arguments: StoreKind.available)
func searchFoldsCaseBeyondASCIIOnEveryEngine(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    let a = try await f.user(store, "zoé")
    let french = try await f.status(store, by: a, "Élan vital à l'école")
    let greek = try await f.status(store, by: a, "ΣΟΦΙΑ και σοφία")
    let plain = try await f.status(store, by: a, "elan vital, ecole")

    func found(_ words: String) async throws -> Set<Int64> {
      Set(try await store.statuses(in: .search(words), feature: .all, page: Page(count: 50), seenBy: 0).items.map(\.id))
    }

    #expect(try await found("élan") == [french])  // indexed
    #expect(try await found("ÉCOLE") == [french])
    #expect(try await found("é") == [french])  // scanned
    #expect(try await found("É") == [french])
    #expect(try await found("σο") == [greek])
    #expect(try await found("Σο") == [greek])
    #expect(try await found("ELAN") == [plain])
    #expect(try await found("e") == [french, plain])
  }
}

/// Words that folding can neither change nor make out of other characters (`SearchFolding.isCaseless`) are found
/// without folding the texts (PostgreSQL's walk of the newest statuses): Chinese words and digits are; a letter
/// with case, or the dot above that lowering İ writes, is not. Either way a search finds the same statuses.
@Test(arguments: StoreKind.available)
func caselessWordsAreFoundWithoutFoldingOnEveryEngine(_ kind: StoreKind) async throws {
  #expect(SearchFolding.isCaseless("周末") && SearchFolding.isCaseless("12") && SearchFolding.isCaseless("西湖边"))
  #expect(!SearchFolding.isCaseless("周a") && !SearchFolding.isCaseless("Σ周") && !SearchFolding.isCaseless("\u{307}周"))
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    let a = try await f.user(store, "zoé")
    let mixed = try await f.status(store, by: a, "İSTANBUL的周末 ABC")
    let plain = try await f.status(store, by: a, "周末去西湖")
    _ = try await f.status(store, by: a, "周 末")

    func found(_ words: String) async throws -> Set<Int64> {
      Set(try await store.statuses(in: .search(words), feature: .all, page: Page(count: 50), seenBy: 0).items.map(\.id))
    }

    #expect(try await found("周末") == [mixed, plain])
    #expect(try await found("的周") == [mixed])
    #expect(try await found("l的") == [mixed])
    #expect(try await found("西湖") == [plain])
  }
}

/// The instance's "active this month" is the people whose latest post is in the window (kept per author as they
/// post, and rebuilt by bulk loads), not a count over a month of statuses.
@Test(arguments: StoreKind.available)
func activeAuthorsAreThoseWhoPostedInTheWindow(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    let (a, b, c) = (try await f.user(store, "alice"), try await f.user(store, "bob"), try await f.user(store, "carol"))
    _ = try await f.status(store, by: a, "早")
    f.now += 40 * 86_400
    let window = f.now
    _ = try await f.status(store, by: b, "中")
    _ = try await f.status(store, by: b, "再一条", visible: 1)
    #expect(try await store.activeAuthors(since: window) == 1)
    #expect(try await store.activeAuthors(since: window - 50 * 86_400) == 2)
    // An older post (an import's) does not move an author's latest back.
    let old = StatusRecord(id: f.ids.next(at: window - 90 * 86_400), userID: b, text: "旧", appID: 0,
                           createdAt: window - 90 * 86_400)
    try await store.insertStatus(old, mentions: [], topics: [], comments: [])
    #expect(try await store.activeAuthors(since: window) == 1)
    _ = try await f.status(store, by: c, "晚")
    #expect(try await store.activeAuthors(since: window) == 2)
    // A recount (bulk loads) finds the same from the statuses.
    try await store.recomputeCounters()
    #expect(try await store.activeAuthors(since: window) == 2)
    #expect(try await store.activeAuthors(since: f.now + 1) == 0)
  }
}

/// The kept counts of authors by the day of their latest post answer as the authors' latest posts do, for any
/// moment of any day, over posts in and out of order (imports), and after a recount.
@Test(arguments: StoreKind.available)
func activeAuthorsCountedByDayAreTheLatestPostsOverARandomHistory(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    var random = SplitMix(seed: 25)
    var people: [Int64] = []
    for name in ["ann", "ben", "cat", "dan", "eve", "fay"] { people.append(try await f.user(store, name)) }
    let start = f.now
    var latest: [Int64: Date] = [:]
    func check(_ place: String) async throws {
      for _ in 0..<6 {
        // Any moment of the four days, on day boundaries too.
        var since = start + Double(Int.random(in: 0..<(4 * 86_400), using: &random))
        if Bool.random(using: &random) { since = Date(timeIntervalSince1970: (since.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400) }
        let expected = latest.values.filter { $0 >= since }.count
        #expect(try await store.activeAuthors(since: since) == expected, "\(place), since \(since)")
      }
    }
    for step in 0..<60 {
      let author = people.randomElement(using: &random)!
      let at = start + Double(Int.random(in: 0..<(4 * 86_400), using: &random))
      let status = StatusRecord(id: f.ids.next(at: at), userID: author, text: "第\(step)条", appID: 0, createdAt: at)
      try await store.insertStatus(status, mentions: [], topics: [], comments: [])
      latest[author] = max(latest[author] ?? at, at)
      try await check("step \(step)")
    }
    try await store.recomputeCounters()
    try await check("after the recount")
  }
}

/// Lists without a kept total count their rows only up to `WeiboSQL.totalCap`: a status with more comments than
/// that reads the cap as its `total_number` in every comment list, on every engine, and each page still holds
/// the newest comments.
@Test(arguments: StoreKind.available)
func commentListTotalsStopAtTheCap(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    let (a, b) = (try await f.user(store, "alice"), try await f.user(store, "bob"))
    let status = try await f.status(store, by: a, "热门")
    let comments = (0...WeiboSQL.totalCap).map { n in
      CommentRecord(id: f.ids.next(at: f.tick()), statusID: status, userID: b, text: "第\(n)条", appID: 0, createdAt: f.now)
    }
    try await store.insertComments(comments, mentions: [])

    for feed in [CommentFeed.onStatus(status), .toUser(a), .byUser(b), .timeline(a)] {
      let page = try await store.comments(in: feed, page: Page(count: 3), seenBy: a)
      #expect(page.total == WeiboSQL.totalCap, "\(feed)")
      #expect(page.items.map(\.id) == comments.suffix(3).reversed().map(\.id), "\(feed)")
    }
    #expect(try await store.comments(in: .mentions(a), page: Page(), seenBy: a).total == 0)
  }
}

/// The badge statement kept by shape is, for any user and cap, the statement built afresh for them.
@Test func unreadStatementsKeptByShapeAreTheStatementsBuiltAfresh() {
  var random = SplitMix(seed: 50)
  for _ in 0..<200 {
    let kinds = UnreadKind.allCases.shuffled(using: &random)
    var groups: [[UnreadKind]] = []
    var rest = kinds[...].prefix(Int.random(in: 1...kinds.count, using: &random))
    while !rest.isEmpty {
      let take = Int.random(in: 1...rest.count, using: &random)
      groups.append(Array(rest.prefix(take)))
      rest = rest.dropFirst(take)
    }
    let user = Int64.random(in: 1...Int64.max, using: &random)
    let cap = [1, 99, 100, 1_000, Int.random(in: 1...100_000, using: &random)].randomElement(using: &random)!
    let walk = Bool.random(using: &random), statusMark = Bool.random(using: &random)
    let kept = WeiboSQL.unreadCounts(groups, userID: user, cap: cap, walk: walk, statusMark: statusMark)
    let afresh = WeiboSQL.unreadCountsAfresh(groups, userID: user, cap: cap, walk: walk, statusMark: statusMark)
    #expect(kept.text == afresh.text && "\(kept.values)" == "\(afresh.values)", "\(groups) for \(user), cap \(cap)")
  }
}

/// `ties` (one statement for follows both ways, 特别关注, blocks and mutes) answers as the history of follows,
/// marks, blocks and mutes says, for any user among any others.
@Test(arguments: StoreKind.available)
func tiesAreTheHistoryOfFollowsBlocksAndMutes(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    var random = SplitMix(seed: 51)
    var people: [Int64] = []
    for name in ["ann", "ben", "cat", "dan", "eve"] { people.append(try await f.user(store, name)) }
    var follows: Set<[Int64]> = [], special: Set<[Int64]> = [], blocks: Set<[Int64]> = [], mutes: Set<[Int64]> = []
    for step in 0..<120 {
      let a = people.randomElement(using: &random)!, b = people.filter { $0 != a }.randomElement(using: &random)!
      switch Int.random(in: 0..<7, using: &random) {
      case 0, 1:
        if (try? await store.follow(follower: a, followee: b, id: f.ids.next(at: f.tick()), at: f.now)) != nil { follows.insert([a, b]) }
      case 2:
        if (try? await store.unfollow(follower: a, followee: b)) != nil { follows.remove([a, b]); special.remove([a, b]) }
      case 3:
        let mark = Bool.random(using: &random)
        if (try? await store.setSpecial(follower: a, followee: b, special: mark)) != nil {
          if mark { special.insert([a, b]) } else { special.remove([a, b]) }
        }
      case 4:
        if (try? await store.block(blocker: a, blocked: b, at: f.tick())) != nil {
          blocks.insert([a, b])
          for pair in [[a, b], [b, a]] { follows.remove(pair); special.remove(pair) }
        }
      case 5:
        if Bool.random(using: &random) {
          if (try? await store.unblock(blocker: a, blocked: b)) != nil { blocks.remove([a, b]) }
        } else if (try? await store.unmute(muter: a, muted: b)) != nil { mutes.remove([a, b]) }
      default:
        if (try? await store.mute(muter: a, muted: b, at: f.tick())) != nil { mutes.insert([a, b]) }
      }
      let user = people.randomElement(using: &random)!
      let among = people.filter { _ in Bool.random(using: &random) } + [999_999]
      var expected = Ties()
      for other in among {
        if follows.contains([user, other]) { expected.following.insert(other) }
        if special.contains([user, other]) { expected.special.insert(other) }
        if follows.contains([other, user]) { expected.followers.insert(other) }
        if blocks.contains([user, other]) { expected.blocking.insert(other) }
        if mutes.contains([user, other]) { expected.muting.insert(other) }
      }
      #expect(try await store.ties(user, among: among) == expected, "step \(step)")
    }
  }
}

/// Comments read with the ones they answer (Mastodon's notifications) follow the rules of comments read alone: a
/// parent hidden by staff is its author's only.
@Test(arguments: StoreKind.available)
func commentsReadWithTheirParentsByTheSameRules(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    let (a, b, c) = (try await f.user(store, "alice"), try await f.user(store, "bob"), try await f.user(store, "carol"))
    let post = try await f.status(store, by: a, "原文")
    let first = CommentRecord(id: f.ids.next(at: f.tick()), statusID: post, userID: b, text: "一楼", appID: 0, createdAt: f.now)
    try await store.insertComments([first], mentions: [])
    let reply = CommentRecord(id: f.ids.next(at: f.tick()), statusID: post, userID: c, text: "回复一楼", appID: 0,
                              createdAt: f.now, replyCommentID: first.id)
    try await store.insertComments([reply], mentions: [])
    #expect(Set(try await store.comments(ids: [reply.id], parents: true, visibleTo: a).keys) == [reply.id, first.id])
    #expect(Set(try await store.comments(ids: [reply.id], parents: false, visibleTo: a).keys) == [reply.id])
    #expect(Set(try await store.comments(ids: [first.id, reply.id, 999], parents: true, visibleTo: a).keys) == [first.id, reply.id])
    #expect(try await store.setCommentHidden(id: first.id, hidden: true, rows: []))
    #expect(Set(try await store.comments(ids: [reply.id], parents: true, visibleTo: a).keys) == [reply.id])
    #expect(Set(try await store.comments(ids: [reply.id], parents: true, visibleTo: b).keys) == [reply.id, first.id])
  }
}
