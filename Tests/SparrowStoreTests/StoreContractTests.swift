import Foundation
import SparrowStore
import SparrowStoreSQLite
import SparrowTestSupport
import Testing

/// A small world written through the store: three users, a follow graph, statuses of each kind.
private struct Fixture {
  let ids = IDGenerator(node: 2)
  var now = Date(timeIntervalSince1970: 1_750_000_000)
  var users: [Int64] = []

  mutating func tick() -> Date {
    now += 1
    return now
  }

  mutating func user(_ store: any Store, _ name: String) async throws -> Int64 {
    let at = tick()
    let user = UserRecord(id: ids.next(at: at), screenName: name, passwordHash: "x", createdAt: at)
    try await store.createUser(user)
    users.append(user.id)
    return user.id
  }

  mutating func status(_ store: any Store, by user: Int64, _ text: String, retweeting: Int64? = nil, visible: Int = 0,
                       pictures: Int = 0) async throws -> Int64 {
    let at = tick()
    let pics = (0..<pictures).map { PictureRef(id: "p\($0)", ext: "jpg", width: 10, height: 10) }
    let record = StatusRecord(id: ids.next(at: at), userID: user, text: text, appID: 0, createdAt: at,
                              retweetedID: retweeting, pictures: pics, visible: visible)
    try await store.insertStatus(record, mentions: [], topics: [], comments: [])
    return record.id
  }
}

@Test func bothHomeFeedStrategiesReturnTheSamePages() async throws {
  try await withStore { sorted in
    var f = Fixture()
    let (a, b, c) = (try await f.user(sorted, "alice"), try await f.user(sorted, "bob"), try await f.user(sorted, "carol"))
    try await sorted.follow(follower: a, followee: b, id: f.ids.next(at: f.tick()), at: f.now)
    var originals: [Int64] = []
    for n in 0..<40 {
      let author = [a, b, c][n % 3]
      if n % 7 == 3, let original = originals.last {
        _ = try await f.status(sorted, by: author, "转发 \(n)", retweeting: original)
      } else {
        originals.append(try await f.status(sorted, by: author, "第\(n)条", visible: n % 11 == 5 ? 1 : 0, pictures: n % 4))
      }
    }
    // The same database, read by walking ids newest first.
    let walking = try SQLiteStore(path: sorted.path, denseFeed: 0)

    let pages = [Page(count: 5), Page(count: 5, page: 3), Page(sinceID: originals[10], count: 50),
                 Page(maxID: originals[20], count: 7), Page(sinceID: originals[5], maxID: originals[25], count: 100)]
    for page in pages {
      for feature in [StatusFeature.all, .original, .picture] {
        let one = try await sorted.statuses(in: .home(a), feature: feature, page: page)
        let other = try await walking.statuses(in: .home(a), feature: feature, page: page)
        #expect(one.items.map(\.id) == other.items.map(\.id), "\(page) \(feature)")
        #expect(one.total == other.total)
        #expect(one.items.allSatisfy { $0.userID != c })
        #expect(one.items.map(\.id) == one.items.map(\.id).sorted(by: >))
      }
    }
    let everything = try await sorted.statuses(in: .home(a), feature: .all, page: Page(count: 100))
    #expect(everything.items.allSatisfy { $0.visible == 0 || $0.userID == a })
  }
}

@Test func countersAlwaysMatchTheRows() async throws {
  try await withStore { store in
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
    let statusesBefore = try await store.statuses(ids: [original])
    try await store.recomputeCounters()
    let after = try await store.users(ids: [a, b, c])
    let statusesAfter = try await store.statuses(ids: [original])

    #expect(before == after)
    #expect(statusesBefore == statusesAfter)
    #expect(after[a]?.biFollowersCount == 1)
    #expect(after[c]?.favouritesCount == 0)
    #expect(statusesAfter[original]?.repostsCount == 1)
  }
}

@Test func codesAreTakenOnceAndRepeatsAreRefused() async throws {
  try await withStore { store in
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
    #expect(try await store.user(id: a)?.statusesCount == 1)
  }
}
