import Foundation
import SparrowCore
import SparrowDemo
import SparrowStore
import SparrowTestSupport
import Testing
import WeiboStore

/// 互相关注's size is kept between writes (`FeedTotals`, standing while `StoreCaches.sumsGeneration` does). Over a
/// random history of posts (public and private), deletions, follows and unfollows both ways, and blocks, read by the
/// writing process and by another one, the reader's 互相关注 must hold exactly the public statuses of those they
/// follow who follow them back, newest first, and count them.
@Test(arguments: StoreKind.available, [3, 2027] as [UInt64])
func bilateralTotalsAreTheMutualFolloweesPublicStatusesOverARandomHistory(_ kind: StoreKind, seed: UInt64) async throws {
  try await StoreCachesTests().withTwoProcesses(kind) { store, other in
    var f = Fixture()
    var random = SplitMix(seed: seed)
    var people: [Int64] = []
    for name in ["alice", "bobby", "carol", "dave", "erin"] { people.append(try await f.user(store, name)) }
    let reader = people[0]
    var follows: Set<[Int64]> = []  // [follower, followee]
    var stored: [Int64: (author: Int64, visible: Int)] = [:]

    func check(_ step: Int, _ store: any WeiboStore) async throws {
      let mutual = Set(people.filter { follows.contains([reader, $0]) && follows.contains([$0, reader]) })
      let truth = stored.filter { mutual.contains($0.value.author) && $0.value.visible == 0 }.keys.sorted(by: >)
      let read = try await store.statuses(in: .bilateral(reader), feature: .all, page: Page(count: 5), seenBy: reader)
      #expect(read.total == truth.count, "seed \(seed), step \(step): total")
      #expect(read.items.map(\.id) == Array(truth.prefix(5)), "seed \(seed), step \(step): page")
    }

    for step in 0..<90 {
      let someone = people.randomElement(using: &random)!
      let another = people.filter { $0 != someone }.randomElement(using: &random)!
      switch Int.random(in: 0..<10, using: &random) {
      case 0, 1, 2:
        let visible = Int.random(in: 0..<4, using: &random) == 0 ? 1 : 0
        stored[try await f.status(store, by: someone, "第\(step)条", visible: visible)] = (someone, visible)
      case 3:
        if let gone = stored.keys.sorted().randomElement(using: &random) {
          _ = try await store.deleteStatus(id: gone)
          stored[gone] = nil
        }
      case 4, 5, 6, 7:
        // Follows and unfollows, most of them between the reader and someone (either way).
        let (follower, followee) = Bool.random(using: &random) ? (reader, another) : (another, reader)
        let pair = someone == reader || Bool.random(using: &random) ? [follower, followee] : [someone, another]
        guard pair[0] != pair[1] else { break }
        if follows.contains(pair) {
          try await store.unfollow(follower: pair[0], followee: pair[1])
          follows.remove(pair)
        } else if (try? await store.follow(follower: pair[0], followee: pair[1], id: f.ids.next(at: f.tick()), at: f.now)) != nil {
          follows.insert(pair)
        }
      case 8:
        // A block ends follows both ways; the unblock brings none back.
        guard someone != another else { break }
        if (try? await store.block(blocker: someone, blocked: another, at: f.tick())) != nil {
          follows.remove([someone, another])
          follows.remove([another, someone])
        } else {
          try await store.unblock(blocker: someone, blocked: another)
        }
      default:
        try await check(step, Bool.random(using: &random) ? store : other)
      }
      if step % 5 == 4 { try await check(step, Bool.random(using: &random) ? store : other) }
    }
  }
}

/// A 互相关注 of `denseFeedSize` statuses or more (on SQLite read by walking ids newest first, `WeiboSQL.condition`'s
/// `walk`), on both engines: its pages, by `max_id` and by number, must be the public statuses of those the reader
/// follows who follow back, among statuses of someone followed one way, someone muted and private ones, newest first.
@Test(arguments: StoreKind.available)
func aDenseBilateralFeedIsItsMutualFolloweesPublicStatuses(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    var people: [Int64] = []
    for name in ["reader", "alice", "bobby", "carol", "dave"] { people.append(try await f.user(store, name)) }
    let (reader, alice, bobby, carol, dave) = (people[0], people[1], people[2], people[3], people[4])
    // alice and bobby follow back; carol does not; dave does, but is muted.
    for (follower, followee) in [(reader, alice), (alice, reader), (reader, bobby), (bobby, reader), (reader, carol),
                                 (reader, dave), (dave, reader)] {
      try await store.follow(follower: follower, followee: followee, id: f.ids.next(at: f.tick()), at: f.now)
    }
    try await store.mute(muter: reader, muted: dave, at: f.tick())
    var batch = ImportBatch()
    var stored: [(id: Int64, author: Int64, visible: Int)] = []
    for n in 0..<(denseFeedSize * 3) {
      let at = f.tick()
      let author = [alice, bobby, carol, dave][n % 4]
      let visible = n % 7 == 0 ? 1 : 0
      let status = StatusRecord(id: f.ids.next(at: at), userID: author, text: "第\(n)条", appID: 0, createdAt: at,
                                visible: visible)
      batch.statuses.append(status)
      stored.append((status.id, author, visible))
    }
    try await store.importRows(batch)
    try await store.recomputeCounters()
    let truth = stored.filter { [alice, bobby].contains($0.author) && $0.visible == 0 }.map(\.id).sorted(by: >)

    let first = try await store.statuses(in: .bilateral(reader), feature: .all, page: Page(count: 30), seenBy: reader)
    #expect(first.total >= denseFeedSize, "dense")
    #expect(try await pagedByMaxID(store, .bilateral(reader), count: 200, seenBy: reader) == truth, "by max_id")
    let third = try await store.statuses(in: .bilateral(reader), feature: .all, page: Page(count: 20, page: 3), seenBy: reader)
    #expect(third.items.map(\.id) == Array(truth.dropFirst(40).prefix(20)), "page 3")
  }
}

/// A reader's 互相关注 served from their held home feed (`StoreCaches.mutualPage`), in the writing process and in
/// another, on both engines: the database's pages and total, that is the public statuses of those they follow who
/// follow back, less whom they muted and whoever is suspended; and it follows a follow ending, a post, an unmute and
/// a suspension lifted at once. The caches must have served the repeated reads (the home pages' tally); the statuses
/// are by a registered app, as every status is, since a page is served only with its statuses' apps held.
@Test(arguments: StoreKind.available)
func aBilateralFeedFromTheHomeFeedIsTheDatabases(_ kind: StoreKind) async throws {
  try await HomeFeedCacheTests().withTwoProcesses(kind, depth: 800) { writer, reader, truth in
    var f = Fixture()
    let (app, cast) = try await HomeFeedCacheTests.cast(on: writer, &f)
    let people = [try await f.user(writer, "reader")] + cast + [try await f.user(writer, "frank")]
    let me = people[0]
    let (alice, carol, dave, erin, frank) = (people[1], people[3], people[4], people[5], people[6])
    func post(by author: Int64, visible: Int) async throws {
      let at = f.tick()
      let status = StatusRecord(id: f.ids.next(at: at), userID: author, text: "第\(at)条", appID: app.id, createdAt: at,
                                visible: visible)
      try await writer.insertStatus(status, mentions: [], topics: [], comments: [])
    }
    // All but carol follow back; dave is muted, erin suspended.
    for other in people.dropFirst() {
      try await writer.follow(follower: me, followee: other, id: f.ids.next(at: f.tick()), at: f.now)
      if other != carol {
        try await writer.follow(follower: other, followee: me, id: f.ids.next(at: f.tick()), at: f.now)
      }
    }
    try await writer.mute(muter: me, muted: dave, at: f.tick())
    var publicStatuses: [Int64: Int] = [:]
    for n in 0..<8 {
      for author in people {
        try await post(by: author, visible: n % 3 == 0 ? 1 : 0)
        if n % 3 != 0 { publicStatuses[author, default: 0] += 1 }
      }
    }
    var suspended: Set<Int64> = []
    try await f.suspendOrLift(erin, writer, &suspended)

    func check(_ place: String, shows: Set<Int64>) async throws {
      let fresh = truth()
      for page in [Page(count: 5), Page(count: 4, page: 3), Page(count: 60)] {
        let expected = try await fresh.statuses(in: .bilateral(me), feature: .all, page: page, seenBy: me)
        let total = shows.reduce(0) { $0 + publicStatuses[$1, default: 0] }
        #expect(expected.total == total, "\(place): the truth's total")
        #expect(expected.items.allSatisfy { shows.contains($0.userID) && $0.visible == 0 }, "\(place): the truth")
        for (process, store) in [("writer", writer), ("reader", reader)] {
          _ = try await store.statuses(in: .home(me), feature: .all, page: Page(count: 5), viewer: me)
          let before = try #require(store.statistics.caches.first { $0.cache == "home_pages" }?.tally)
          for _ in 0..<2 {
            let (found, context) = try await store.statuses(in: .bilateral(me), feature: .all, page: page, viewer: me)
            #expect(found.items == expected.items, "\(place), \(process), \(page)")
            #expect(found.total == expected.total, "\(place), \(process), \(page)")
            #expect(Set(context.users.keys).isSuperset(of: found.items.map(\.userID)), "\(place), \(process)")
            let seen = try await store.statuses(in: .bilateral(me), feature: .all, page: page, seenBy: me)
            #expect(seen.items == expected.items && seen.total == expected.total, "\(place), \(process), \(page)")
          }
          // (PostgreSQL's writing process serves from its caches once it listens, which nothing here waits for.)
          let after = try #require(store.statistics.caches.first { $0.cache == "home_pages" }?.tally)
          if process == "reader" || kind == .sqlite {
            #expect(after.hits >= before.hits + 3, "\(place), \(process): served from caches (\(before) → \(after))")
          }
        }
      }
    }

    var shows: Set<Int64> = [alice, people[2], frank]
    try await check("at first", shows: shows)
    try await writer.unfollow(follower: frank, followee: me)
    shows.remove(frank)
    try await check("frank no longer follows back", shows: shows)
    try await post(by: alice, visible: 0)
    publicStatuses[alice, default: 0] += 1
    try await check("alice posted", shows: shows)
    try await writer.unmute(muter: me, muted: dave)
    shows.insert(dave)
    try await check("dave unmuted", shows: shows)
    try await f.suspendOrLift(erin, writer, &suspended)
    shows.insert(erin)
    try await check("erin's suspension lifted", shows: shows)
  }
}
