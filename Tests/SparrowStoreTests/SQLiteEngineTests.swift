import Foundation
import GRDB
import SparrowStore
import SparrowStoreSQLite
import SparrowTestSupport
import Testing

/// The SQLite engine's own choices, beyond the contract every engine meets.
@Suite struct SQLiteEngineTests {
  /// Requests run on `ReadThreads`, where reads run in place and block those threads only; reads made elsewhere go
  /// to GRDB's queues. Either way three reads waiting inside SQLite leave Swift's cooperative threads (two on a
  /// two-core machine) free to run the task that lets them go. Reads that blocked the cooperative threads would
  /// leave it none: they would give up waiting after 20 seconds, unreleased.
  @Test func readsBlockTheEnginesThreadsNeverSwiftsCooperativeOnes() async throws {
    try await withSQLiteStore { engine in
      /// For each of three reads held inside SQLite until a task on the cooperative threads lets them go: whether
      /// it ran on `ReadThreads`, and whether it was let go.
      @Sendable func gatedReads() async throws -> [String] {
        let gate = DispatchSemaphore(value: 0)
        return try await withThrowingTaskGroup(of: String?.self) { group in
          for index in 0..<3 {
            group.addTask {
              let read = { (_: Database) in
                // Long: the whole suite shares the cooperative threads, and on a loaded two-core machine the
                // releasing task once waited over 20 s for one (a read that holds a cooperative thread is never
                // let go at all, and still fails here).
                let released = gate.wait(timeout: .now() + 120) == .success
                return (ReadThreads.isCurrent ? "on ReadThreads" : "elsewhere") + (released ? "" : ", never let go")
              }
              return try await index == 0 ? engine.readingOne(read) : engine.reading(read)
            }
          }
          group.addTask(executorPreference: globalConcurrentExecutor) {
            for _ in 0..<3 { gate.signal() }
            return nil
          }
          return try await group.reduce(into: [String]()) { if let read = $1 { $0.append(read) } }
        }
      }
      let onReadThreads = try await withTaskExecutorPreference(ReadThreads.shared) { try await gatedReads() }
      let elsewhere = try await gatedReads()
      #expect(onReadThreads == Array(repeating: "on ReadThreads", count: 3))
      #expect(elsewhere == Array(repeating: "elsewhere", count: 3))
    }
  }

  /// On `ReadThreads` each thread reads on a connection of its own (`ThreadReaders`): a read there sees every write
  /// that finished before it, a read of several statements sees one snapshot even when another connection commits
  /// in the middle, and a one-statement read needs none. Twenty rounds spread over the threads, so that both the
  /// first read of a thread (opening its connection) and later ones are taken.
  @Test func readsOnTheEnginesThreadsSeeEveryEarlierWriteInOneSnapshot() async throws {
    try await withSQLiteStore { engine in
      try await engine.pool.write { try $0.execute(sql: "CREATE TABLE rounds (n INTEGER NOT NULL)") }
      let other = try DatabaseQueue(path: engine.path)
      try await withTaskExecutorPreference(ReadThreads.shared) {
        var rows = 0
        for round in 1...20 {
          try await engine.pool.write { try $0.execute(sql: "INSERT INTO rounds (n) VALUES (?)", arguments: [round]) }
          rows += 1
          let (onThread, before, after) = try await engine.reading { db in
            let before = try Int.fetchOne(db, sql: "SELECT count(*) FROM rounds")!
            try other.write { try $0.execute(sql: "INSERT INTO rounds (n) VALUES (0)") }
            return (ReadThreads.isCurrent, before, try Int.fetchOne(db, sql: "SELECT count(*) FROM rounds")!)
          }
          #expect(onThread)
          #expect(before == rows, "round \(round): every earlier write")
          #expect(after == before, "round \(round): one snapshot")
          rows += 1
          #expect(try await engine.readingOne { try Int.fetchOne($0, sql: "SELECT count(*) FROM rounds")! } == rows)
        }
      }
    }
  }

  @Test func bothHomeFeedStrategiesReturnTheSamePages() async throws {
    try await withSQLiteStore { engine in
      let sorted = engine.weibo
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
      let walking = try SQLiteStore(path: engine.path, denseFeed: 0).weibo

      let pages = [Page(count: 5), Page(count: 5, page: 3), Page(sinceID: originals[10], count: 50),
                   Page(maxID: originals[20], count: 7), Page(sinceID: originals[5], maxID: originals[25], count: 100)]
      for page in pages {
        for feature in [StatusFeature.all, .original, .picture] {
          let one = try await sorted.statuses(in: .home(a), feature: feature, page: page, seenBy: 0)
          let other = try await walking.statuses(in: .home(a), feature: feature, page: page, seenBy: 0)
          #expect(one.items.map(\.id) == other.items.map(\.id), "\(page) \(feature)")
          #expect(one.total == other.total)
          #expect(one.items.allSatisfy { $0.userID != c })
          #expect(one.items.map(\.id) == one.items.map(\.id).sorted(by: >))
        }
      }
      let everything = try await sorted.statuses(in: .home(a), feature: .all, page: Page(count: 100), seenBy: 0)
      #expect(everything.items.allSatisfy { $0.visible == 0 || $0.userID == a })
    }
  }

  /// 互相关注 is read by the authors' index or, when its authors' counters make it dense, by walking ids newest first
  /// (`WeiboSQL.condition`'s `walk`): the same pages either way, and the total from the counters is its own count,
  /// a muted friend's statuses left out.
  @Test func bothBilateralStrategiesReturnTheSamePagesAndTotals() async throws {
    try await withSQLiteStore { engine in
      let sorted = engine.weibo
      var f = Fixture()
      let (a, b, c, d) = (try await f.user(sorted, "alice"), try await f.user(sorted, "bob"), try await f.user(sorted, "carol"),
                          try await f.user(sorted, "dave"))
      for (follower, followee) in [(a, b), (b, a), (a, c), (c, a), (a, d), (d, a)] {
        try await sorted.follow(follower: follower, followee: followee, id: f.ids.next(at: f.tick()), at: f.now)
      }
      for n in 0..<40 {
        _ = try await f.status(sorted, by: [a, b, c, d][n % 4], "第\(n)条", visible: n % 9 == 5 ? 1 : 0, pictures: n % 3)
      }
      try await sorted.mute(muter: a, muted: d, at: f.now)
      let walking = try SQLiteStore(path: engine.path, denseFeed: 0).weibo

      for page in [Page(count: 5), Page(count: 4, page: 3), Page(maxID: 0, count: 100)] {
        let one = try await sorted.statuses(in: .bilateral(a), feature: .all, page: page, seenBy: a)
        let other = try await walking.statuses(in: .bilateral(a), feature: .all, page: page, seenBy: a)
        #expect(one.items.map(\.id) == other.items.map(\.id), "\(page)")
        #expect(one.total == other.total)
        #expect(one.items.allSatisfy { [b, c].contains($0.userID) && $0.visible == 0 })
      }
      let all = try await sorted.statuses(in: .bilateral(a), feature: .all, page: Page(count: 100), seenBy: a)
      #expect(all.total == all.items.count && all.total == 18)
    }
  }
}

/// An operator's command beside a running SQLite server writes from another process, which announces nothing:
/// the server's watcher sees the file change (`PRAGMA data_version`) and drops its caches.
@Suite struct SQLiteOtherProcessTests {
  @Test func anotherProcesssWriteDropsTheCachesWithinTheInterval() async throws {
    try await withSQLiteStore { server in
      let now = Date()
      let token = GrantRecord(hash: "h1", kind: .access, userID: 7, appID: 9, createdAt: now, expiresAt: now + 3600)
      try await server.saveGrant(token)
      #expect(try await server.grant(hash: "h1", kind: .access) != nil)  // cached now
      // Another process (`sparrow user suspend`): its own connections to the same file, its own caches.
      let operatorsCommand = try SQLiteStore(path: server.path)
      try await operatorsCommand.revokeGrants(userID: 7, appID: 9)
      #expect(try await server.grant(hash: "h1", kind: .access) != nil, "no watcher: the cached grant")

      // With the watcher running (as `sparrow serve` runs it), the next command's write drops everything cached.
      try await server.saveGrant(GrantRecord(hash: "h3", kind: .access, userID: 8, appID: 9, createdAt: now, expiresAt: now + 3600))
      #expect(try await server.grant(hash: "h3", kind: .access) != nil)
      let watcher = Task { await server.watchOtherProcesses(every: .milliseconds(20)) }
      defer { watcher.cancel() }
      try await Task.sleep(for: .milliseconds(200))
      try await operatorsCommand.revokeGrants(userID: 8, appID: 9)
      var gone = false
      for _ in 0..<100 {
        let first = try await server.grant(hash: "h1", kind: .access)
        let second = try await server.grant(hash: "h3", kind: .access)
        gone = first == nil && second == nil
        if gone { break }
        try await Task.sleep(for: .milliseconds(20))
      }
      #expect(gone)
      // Its own writes are announced as ever, and do not look like another process's.
      try await server.saveGrant(GrantRecord(hash: "h2", kind: .access, userID: 7, appID: 9, createdAt: now, expiresAt: now + 3600))
      #expect(try await server.grant(hash: "h2", kind: .access) != nil)
    }
  }
}
