import Foundation
import SparrowStore
import WeiboStore
import SparrowStorePostgres
import SparrowStoreSQLite
import SparrowTestSupport
import Testing

/// The caching layer above the engines: two stores on one database stand for two server processes, and
/// what one writes reaches the other's caches only through the invalidation channel.
@Suite struct StoreCachesTests {
  /// Two stores on `path`: the writer publishes its invalidations to the reader when `wired`.
  func pair(_ path: String, wired: Bool) throws -> (writer: any WeiboStore, reader: any WeiboStore) {
    let readerCaches = StoreCaches()
    let writerCaches = StoreCaches(publish: { change in if wired { readerCaches.apply(change) } })
    return (try SQLiteStore(path: path, caches: writerCaches, countingStatements: false, denseFeed: 2000).weibo,
            try SQLiteStore(path: path, caches: readerCaches, countingStatements: false, denseFeed: 2000).weibo)
  }

  @Test(arguments: [true, false])
  func aTakenGrantIsGoneForTheOtherProcessOnlyWhenTold(_ wired: Bool) async throws {
    try await withSQLiteStore { store in
      let (writer, reader) = try pair(store.path, wired: wired)
      let now = Date()
      try await writer.saveGrant(GrantRecord(hash: "h", kind: .refresh, userID: 1, appID: 1, createdAt: now,
                                             expiresAt: now + 600))
      #expect(try await reader.grant(hash: "h", kind: .refresh) != nil)  // now held by the reader

      _ = try await writer.takeGrant(hash: "h", kind: .refresh)

      // Without the channel the reader still holds it: why several processes need one.
      #expect((try await reader.grant(hash: "h", kind: .refresh) == nil) == wired)
    }
  }

  /// Two processes on one database of `kind`: on SQLite two stores wired by a closure (what an engine with a
  /// channel does); on PostgreSQL two stores whose only link is the database's LISTEN/NOTIFY, the reader
  /// already listening (a reader not listening reads around its caches, which would hide a broken channel).
  func withTwoProcesses(_ kind: StoreKind, _ body: (any WeiboStore, any WeiboStore) async throws -> Void)
    async throws
  {
    switch kind {
    case .sqlite:
      try await withSQLiteStore { store in
        let (writer, reader) = try pair(store.path, wired: true)
        try await body(writer, reader)
      }
    case .postgres:
      try await withStore(.postgres) { engine in
        let reopened = try engine.reopen()
        guard case .postgres(let listening) = reopened else { Issue.record("not PostgreSQL"); return }
        for _ in 0..<500 where !listening.isListening { try await Task.sleep(for: .milliseconds(10)) }
        #expect(listening.isListening)
        try await body(engine.store, reopened.weibo)
      }
    }
  }

  /// A person's requests that mark the same thing seen at once write it once (`SeenMarks.gate`): the others wait
  /// and find it covered.
  @Test(.enabled(if: StoreKind.available.contains(.postgres)))
  func aMarkSeenByManyRequestsAtOnceIsWrittenOnce() async throws {
    try await withStore(.postgres) { engine in
      guard case .postgres(let postgres) = engine.engine, let log = postgres.statementLog else {
        Issue.record("not a PostgreSQL store keeping its statements")
        return
      }
      var f = Fixture()
      let alice = try await f.user(engine.store, "alice")
      let store = engine.store
      let mark = alice + 1_000
      try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<16 { group.addTask { try await store.markSeen(userID: alice, kind: .status, upTo: mark) } }
        try await group.waitForAll()
      }
      #expect(log.runs(containing: "INSERT INTO seen") == 1)
      #expect(try await engine.integer("SELECT mark FROM seen WHERE user_id = \(alice) AND kind = 'status'") == Int(mark))
    }
  }

  @Test(arguments: StoreKind.available)
  func aTakenGrantIsGoneForTheOtherProcessAtOnce(_ kind: StoreKind) async throws {
    try await withTwoProcesses(kind) { writer, reader in
      let now = Date()
      try await writer.saveGrant(GrantRecord(hash: "h", kind: .refresh, userID: 1, appID: 1, createdAt: now,
                                             expiresAt: now + 600))
      #expect(try await reader.grant(hash: "h", kind: .refresh) != nil)  // now held by the reader

      _ = try await writer.takeGrant(hash: "h", kind: .refresh)

      #expect(try await reader.grant(hash: "h", kind: .refresh) == nil)
    }
  }

  @Test(arguments: StoreKind.available)
  func aRenamedAuthorReachesTheOtherProcessesStatusContext(_ kind: StoreKind) async throws {
    try await withTwoProcesses(kind) { writer, reader in
      var f = Fixture()
      let author = try await f.user(writer, "alice")
      let statusID = try await f.status(writer, by: author, "你好")
      let status = try #require(try await reader.status(id: statusID, visibleTo: 0))
      #expect(try await reader.context(for: [status], viewer: author).users[author]?.screenName == "alice")

      var renamed = try #require(try await writer.user(id: author))
      renamed.screenName = "alice2"
      try await writer.updateUser(renamed)

      #expect(try await reader.context(for: [status], viewer: author).users[author]?.screenName == "alice2")
    }
  }

  @Test(arguments: StoreKind.available)
  func aFollowReachesTheOtherProcessesHomeFeedSize(_ kind: StoreKind) async throws {
    try await withTwoProcesses(kind) { writer, reader in
      var f = Fixture()
      let (a, b) = (try await f.user(writer, "alice"), try await f.user(writer, "bobby"))
      _ = try await f.status(writer, by: b, "一")
      _ = try await f.status(writer, by: b, "二")
      #expect(try await reader.statuses(in: .home(a), feature: .all, page: Page(), seenBy: 0).total == 0)

      try await writer.follow(follower: a, followee: b, id: f.ids.next(at: f.tick()), at: f.now)

      #expect(try await reader.statuses(in: .home(a), feature: .all, page: Page(), seenBy: 0).total == 2)
    }
  }

  /// A process hears its own announcements again (PostgreSQL's channel applies a change as it is made and again as
  /// it comes back): a live stream is still told each post and removal once. A status the other process posts later
  /// is announced after the echoes, so once it is heard they have come.
  @Test(.enabled(if: StoreKind.available.contains(.postgres)))
  func eachStatusEventIsToldOnceThoughItsProcessHearsItAgain() async throws {
    try await withTwoProcesses(.postgres) { other, listening in
      var f = Fixture()
      let alice = try await f.user(listening, "alice")
      let (heard, stop) = listening.statusEvents.listen()
      let timeout = Task {
        try await Task.sleep(for: .seconds(20))
        stop()
      }
      defer { timeout.cancel() }
      let first = try await f.status(listening, by: alice, "第一条")
      _ = try await listening.deleteStatus(id: first)
      let last = try await f.status(other, by: alice, "最后一条")
      var told: [String] = []
      for await event in heard {
        switch event {
        case .posted(let status): told.append("posted \(status.id)")
        case .removed(let id): told.append("removed \(id)")
        }
        if told.last == "posted \(last)" { break }
      }
      stop()
      #expect(told == ["posted \(first)", "removed \(first)", "posted \(last)"])
    }
  }

  @Test func invalidationsTravelAsJSON() throws {
    let changes: [CacheInvalidation] = [
      .userRows(users: [1, 2], followeesOf: [1], relationsOf: [2]), .grant(hash: "abc"),
      .tokens(userID: 1, appID: 2), .everything,
      .several([.userRows(users: [3]), .statuses(posted: [PostedStatus(id: 9, author: 3, isPublic: true, isOriginal: false, hasPictures: true, topics: ["话题"])], changed: [7], removed: [8])]),
    ]
    let decoded = try JSONDecoder().decode([CacheInvalidation].self, from: JSONEncoder().encode(changes))
    #expect(decoded == changes)
    // A post announced without its kind (by an older process) is of unknown kind: the feeds that would hold it
    // are read again rather than guessed.
    let older = try JSONDecoder().decode(PostedStatus.self, from: Data(#"{"id":9,"author":3,"isPublic":true}"#.utf8))
    #expect(older.isOriginal == nil && older.hasPictures == nil)
    let feeds = HomeFeeds()
    feeds.add([5], kinds: [.original], authors: [3], complete: true, of: 1, followees: [3],
              readAt: feeds.currentGeneration)
    feeds.add([5], kinds: [.original], authors: [3], complete: true, of: 2, followees: [4],
              readAt: feeds.currentGeneration)
    feeds.posted(older)
    #expect(!feeds.holds(1) && feeds.holds(2))
  }
}

/// A repost's original, read for a page's context (`context(for:)`: 消息 and the other lists not served from held
/// feeds), is held with the status rows on every engine (PostgreSQL read it and never held it, so every visit read
/// it again); and held, it still follows another process's write: a like counted on it.
@Test(arguments: StoreKind.available)
func anOriginalReadForAContextIsHeldAndFollowsAnotherProcesssWrites(_ kind: StoreKind) async throws {
  try await StoreCachesTests().withTwoProcesses(kind) { writer, reader in
    var f = Fixture()
    let (a, b) = (try await f.user(writer, "alice"), try await f.user(writer, "bobby"))
    let original = try await f.status(writer, by: a, "原文")
    let repost = try #require(try await reader.status(id: try await f.status(writer, by: b, "转发", retweeting: original),
                                                      visibleTo: b))
    func rows() throws -> CacheTally {
      try #require(reader.statistics.caches.first { $0.cache == "status_rows" }?.tally)
    }
    #expect(try await reader.context(for: [repost], viewer: b).originals[original]?.attitudesCount == 0)
    let before = try rows()
    #expect(try await reader.context(for: [repost], viewer: b).originals[original]?.attitudesCount == 0)
    let after = try rows()
    #expect(after.misses == before.misses && after.hits > before.hits, "\(before) → \(after)")

    try await writer.like(Mark(id: f.ids.next(at: f.tick()), userID: b, statusID: original, createdAt: f.now))
    #expect(try await reader.context(for: [repost], viewer: b).originals[original]?.attitudesCount == 1)
  }
}
