import Foundation
@testable import SparrowStorePostgres
import SparrowStore
import SparrowTestSupport
import Testing

/// What only the PostgreSQL engine does: statement time limits, and telling unavailability from other failures.
@Suite(.enabled(if: StoreKind.available.contains(.postgres))) struct PostgresEngineTests {
  @Test func aStatementPastItsTimeIsCancelledAndReadsAsUnavailable() async throws {
    let cluster = try #require(PostgresTestCluster.shared)
    var configuration = cluster.configuration(database: "postgres", poolSize: 1)
    configuration.statementTimeout = .milliseconds(300)
    let store = PostgresStore(configuration)
    defer { store.shutdown() }
    // pg_sleep(5) ends without an error on its own, so only the server's cancelling makes this throw.
    await #expect(throws: StoreError.unavailable) {
      try await store.reading { db in try await db.execute("SELECT pg_sleep(5)") }
    }
    // The connection is fine afterwards, and so is a short statement.
    #expect(try await store.reading { db in try await db.value("SELECT 1", as: Int.self) } == 1)
  }

  @Test func aBadStatementIsNotTakenForAnOutage() async throws {
    let cluster = try #require(PostgresTestCluster.shared)
    let store = PostgresStore(cluster.configuration(database: "postgres", poolSize: 1))
    defer { store.shutdown() }
    await #expect {
      try await store.reading { db in try await db.execute("SELECT * FROM no_such_table") }
    } throws: { error in
      !(error is StoreError)
    }
  }

  /// Reads run as prepared statements, and PostgresNIO keeps a failed preparation for its connection's life: a
  /// statement whose preparation failed (here: in a transaction already aborted) runs unnamed from then on, and
  /// answers on that same connection once the transaction is over.
  @Test func aStatementThatFailedToPrepareStillRunsOnItsConnection() async throws {
    let cluster = try #require(PostgresTestCluster.shared)
    let store = PostgresStore(cluster.configuration(database: "postgres", poolSize: 1))
    defer { store.shutdown() }
    // A text of its own, so that no earlier test prepared it.
    let probe = SQL(stringLiteral: "SELECT 42 AS probe_\(UUID().uuidString.replacingOccurrences(of: "-", with: ""))")
    await #expect(throws: (any Error).self) {
      try await store.transaction { db in
        _ = try? await db.rows("SELECT * FROM no_such_table")
        return try await db.value(probe, as: Int.self)
      }
    }
    for _ in 0..<3 { #expect(try await store.reading { db in try await db.value(probe, as: Int.self) } == 42) }
  }

  /// A read through the caches relies on a catch-up with the other processes' announcements begun since its
  /// request arrived (`RequestStart`), made by any request: one round trip serves a page's reads. A request that
  /// arrives after it checks again, and so does every read made outside a request.
  @Test func aRequestReliesOnACatchUpBegunSinceItArrived() async throws {
    try await withStore(.postgres) { engine in
      guard case .postgres(let store) = engine.engine, let log = store.statementLog else {
        Issue.record("not a PostgreSQL store keeping its statements")
        return
      }
      for _ in 0..<500 where !store.isListening { try await Task.sleep(for: .milliseconds(10)) }
      #expect(store.isListening)
      func catchUp() async throws { try await store.reading { db in try await store.catchUp(db) } }
      let first = log.runs(containing: "FROM cache_epochs")
      func checks() -> Int { log.runs(containing: "FROM cache_epochs") - first }

      try await catchUp()
      try await catchUp()
      #expect(checks() == 2, "outside a request every read checks")

      try await RequestStart.$instant.withValue(.now) {
        for _ in 0..<3 { try await catchUp() }
      }
      #expect(checks() == 3, "a request's first read checks, the later ones rely on it")

      try await RequestStart.$instant.withValue(.now) {
        for _ in 0..<3 { try await catchUp() }
      }
      #expect(checks() == 4, "a request arriving after the last check checks again")

      let early = ContinuousClock.now
      try await catchUp()
      try await RequestStart.$instant.withValue(early) { try await catchUp() }
      #expect(checks() == 5, "a request that arrived before a check begun by another relies on it")
    }
  }

  /// Catch-ups at once share the sequence's reads (`sharedEpoch`): one read out at a time serves those who arrived
  /// before it began, so sixteen at once take fewer reads than sixteen, and each still sees every write another
  /// process answered before it started (a status posted there moves the author's count here).
  @Test func catchUpsAtOnceShareTheirReadsAndSeeEveryEarlierWrite() async throws {
    try await withStore(.postgres) { engine in
      guard case .postgres(let store) = engine.engine, let log = store.statementLog else {
        Issue.record("not a PostgreSQL store keeping its statements")
        return
      }
      let reopened = try engine.reopen()
      let other = reopened.weibo
      guard case .postgres(let otherStore) = reopened else { return }
      for _ in 0..<500 where !(store.isListening && otherStore.isListening) { try await Task.sleep(for: .milliseconds(10)) }
      var f = Fixture()
      let alice = try await f.user(engine.store, "alice")
      let first = log.runs(containing: "FROM cache_epochs")
      let rounds = 10, readers = 16
      for round in 1...rounds {
        _ = try await f.status(other, by: alice, "第\(round)条")
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
          for _ in 0..<readers { group.addTask { try await engine.store.user(id: alice)?.allStatusesCount ?? -1 } }
          return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == Array(repeating: round, count: readers), "round \(round)")
      }
      let reads = log.runs(containing: "FROM cache_epochs") - first
      #expect(reads >= rounds && reads < rounds * readers, "\(reads) reads of the sequence")
    }
  }

  /// A list matched with `\(any:)` matches the same rows whatever its length (a short one is bound padded), and a
  /// statement run with a short list keeps its generic plan instead of being planned on every run: bound as it was,
  /// a one-element list left PostgreSQL costing the generic plan at ten elements, dearer than each custom one.
  @Test func aShortListKeepsItsStatementsGenericPlan() async throws {
    let cluster = try #require(PostgresTestCluster.shared)
    let store = PostgresStore(cluster.configuration(database: "postgres", poolSize: 1))
    defer { store.shutdown() }
    let table = "any_probe_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())"
    try await store.reading { db in
      try await db.execute("CREATE TABLE \(raw: table) (id BIGINT PRIMARY KEY, name TEXT NOT NULL)")
      try await db.execute("INSERT INTO \(raw: table) SELECT g, 'n' || g FROM generate_series(1, 5000) AS g")
      try await db.execute("ANALYZE \(raw: table)")
    }
    func ids(_ list: [Int64]) async throws -> [Int64] {
      try await store.reading { db in
        try await db.column("SELECT id FROM \(raw: table) WHERE id = \(any: list) ORDER BY id", as: Int64.self)
      }
    }
    #expect(try await ids([7]) == [7])
    #expect(try await ids([9, 3, 9]) == [3, 9])
    #expect(try await ids(Array(1...12)) == Array(1...12))
    #expect(try await ids([]) == [])
    #expect(try await store.reading { db in
      try await db.column("SELECT name FROM \(raw: table) WHERE name = \(any: ["n2", "n4"]) ORDER BY id", as: String.self)
    } == ["n2", "n4"])
    // PostgreSQL weighs the generic plan after five custom ones; one connection, so its session is this one.
    for id in 1...8 { #expect(try await ids([Int64(id)]) == [Int64(id)]) }
    let generic = try await store.reading { db in
      try await db.value("""
        SELECT generic_plans FROM pg_prepared_statements WHERE statement LIKE \("SELECT id FROM \(table) WHERE%")
        """, as: Int64.self)
    }
    #expect((generic ?? 0) >= 3)
    try await store.reading { db in try await db.execute("DROP TABLE \(raw: table)") }
  }

  /// The server's pool (`keepsPoolOpen`) opens all its connections before any read, and its sessions ask the
  /// database to probe them over TCP when idle, in place of the pool's keep-alive queries; other stores open
  /// connections as reads need them.
  @Test func aServersPoolOpensEveryConnectionAtOnceAndIsKeptAliveByTheDatabase() async throws {
    let (cluster, admin, database) = try setUp("pool_")
    defer { admin.shutdown() }
    try await admin.reading { db in try await db.execute("CREATE DATABASE \(raw: database)") }
    func sessions() async throws -> Int64 {
      try await admin.reading { db in
        try await db.value("SELECT count(*) FROM pg_stat_activity WHERE datname = \(database)", as: Int64.self) ?? 0
      }
    }
    /// The sessions on the new database once they are `expected` (connections open and close in the background),
    /// or after 5 s, what they are then.
    func sessions(reaching expected: Int64) async throws -> Int64 {
      var now = try await sessions()
      for _ in 0..<50 where now != expected {
        try await Task.sleep(for: .milliseconds(100))
        now = try await sessions()
      }
      return now
    }
    // Migrated first, so that each store's cache listener stays connected (one session each).
    try await PostgresStore.open(cluster.configuration(database: database, poolSize: 1)).shutdown()
    #expect(try await sessions(reaching: 0) == 0)
    var configuration = cluster.configuration(database: database, poolSize: 3)
    let lazy = PostgresStore(configuration)
    // Only the listener, and still only it a moment later.
    #expect(try await sessions(reaching: 1) == 1)
    try await Task.sleep(for: .milliseconds(300))
    #expect(try await sessions() == 1)
    lazy.shutdown()
    #expect(try await sessions(reaching: 0) == 0)
    configuration.keepsPoolOpen = true
    let kept = PostgresStore(configuration)
    // The listener and all three of the pool's, before any read.
    #expect(try await sessions(reaching: 4) == 4)
    #expect(try await kept.reading { db in try await db.value("SHOW tcp_keepalives_idle", as: String.self) } == "30")
    #expect(try await sessions() == 4)
    kept.shutdown()
    try await admin.reading { db in try await db.execute("DROP DATABASE \(raw: database) WITH (FORCE)") }
  }

  /// A pool larger than the database allows (here a role's connection limit; on a server, `max_connections`) serves
  /// with the connections it got, kept open or opened on demand: PostgresNIO's pool queued every request while it
  /// kept failing to open the rest, and a server waited for ever at start. With no connection at all, a read is
  /// refused at once as an outage.
  @Test(.timeLimit(.minutes(2))) func aPoolTheDatabaseRefusesSomeConnectionsServesWithTheRest() async throws {
    let (cluster, admin, role) = try setUp("limited_")
    defer { admin.shutdown() }
    // The pool gets two or three of its five (the cache listener, connecting meanwhile, takes one or none).
    try await admin.reading { db in try await db.execute("CREATE ROLE \(raw: role) LOGIN CONNECTION LIMIT 3") }
    for keepsOpen in [true, false] {
      var configuration = cluster.configuration(database: "postgres", poolSize: 5)
      configuration.username = role
      configuration.keepsPoolOpen = keepsOpen
      let store = PostgresStore(configuration)
      let backends = try await withThrowingTaskGroup(of: Int32.self) { group in
        for _ in 0..<20 {
          group.addTask {
            try await store.reading { db in
              try await db.execute("SELECT pg_sleep(0.02)")
              return try await db.value("SELECT pg_backend_pid()", as: Int32.self) ?? 0
            }
          }
        }
        return try await group.reduce(into: Set<Int32>()) { $0.insert($1) }
      }
      #expect((1...3).contains(backends.count), "keepsOpen \(keepsOpen): \(backends.count) backends")
      #expect(store.statistics.pool?.inUse == 0 && store.statistics.pool?.waiting == 0)
      store.shutdown()
    }
    try await admin.reading { db in try await db.execute("ALTER ROLE \(raw: role) CONNECTION LIMIT 0") }
    var refused = cluster.configuration(database: "postgres", poolSize: 2)
    refused.username = role
    let store = PostgresStore(refused)
    await #expect(throws: StoreError.unavailable) { try await store.reading { db in try await db.execute("SELECT 1") } }
    // Let in again, the same store reads again.
    try await admin.reading { db in try await db.execute("ALTER ROLE \(raw: role) CONNECTION LIMIT 3") }
    var answer: Int?
    for _ in 0..<50 where answer == nil {
      answer = try? await store.reading { db in try await db.value("SELECT 7", as: Int.self) }
      if answer == nil { try await Task.sleep(for: .milliseconds(100)) }
    }
    #expect(answer == 7)
    store.shutdown()
    try await admin.reading { db in
      try await db.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = \(role)")
    }
    try await dropRole(role, admin: admin)
  }

  /// The shared cluster, a store on its `postgres` database to set up with (shut down by the caller), and a fresh
  /// name for a database or role.
  private func setUp(_ prefix: String) throws -> (PostgresTestCluster, PostgresStore, String) {
    let cluster = try #require(PostgresTestCluster.shared)
    let admin = PostgresStore(cluster.configuration(database: "postgres", poolSize: 1))
    return (cluster, admin, prefix + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())
  }

  /// Drops `role` once its sessions (closing in the background) are gone.
  private func dropRole(_ role: String, admin: PostgresStore) async throws {
    for attempt in 0..<50 {
      do {
        return try await admin.reading { db in try await db.execute("DROP ROLE \(raw: role)") }
      } catch where attempt < 49 {
        try await Task.sleep(for: .milliseconds(100))
      }
    }
  }

  /// Random reads, some cancelled while they wait or run, and connections the server closes under the pool: every
  /// read that is not cancelled gets its own answer but the one whose connection went, no more than `poolSize`
  /// sessions are ever open, nothing is left leased or waiting, and the server's pool opens again what was closed.
  @Test(.timeLimit(.minutes(2))) func thePoolUnderRandomReadsCancellationsAndLostConnections() async throws {
    let (cluster, admin, name) = try setUp("pool_")
    defer { admin.shutdown() }
    try await admin.reading { db in try await db.execute("CREATE DATABASE \(raw: name)") }
    try await PostgresStore.open(cluster.configuration(database: name, poolSize: 1)).shutdown()
    /// The pool's sessions: those its reads named (the cache listener is left alone), or all on the database.
    func sessions(named: Bool = true) async throws -> Int64 {
      try await admin.reading { db in
        try await db.value("""
          SELECT count(*) FROM pg_stat_activity WHERE datname = \(name) AND (\(raw: named ? "FALSE" : "TRUE") OR application_name = \(name))
          """, as: Int64.self) ?? 0
      }
    }
    for keepsOpen in [true, false] {
      var configuration = cluster.configuration(database: name, poolSize: 3)
      configuration.keepsPoolOpen = keepsOpen
      let store = PostgresStore(configuration)
      var generator = SystemRandomNumberGenerator()
      var most: Int64 = 0
      for round in 0..<4 {
        let reads = (0..<60).map { _ in
          (value: Int.random(in: 0..<1_000_000, using: &generator), sleep: Int.random(in: 0...4, using: &generator),
           cancelAfter: Bool.random(using: &generator) ? Int.random(in: 0...6, using: &generator) : nil)
        }
        let failed = try await withThrowingTaskGroup(of: Int.self) { group in
          for read in reads {
            let task = Task {
              try await store.reading { db in
                try await db.execute("SET application_name = \(raw: "'" + name + "'")")
                try await db.execute("SELECT pg_sleep(\(Double(read.sleep) / 1000))")
                return try await db.value("SELECT \(read.value)::int", as: Int.self)
              }
            }
            group.addTask {
              guard let after = read.cancelAfter else {
                do {
                  #expect(try await task.value == read.value)
                  return 0
                } catch StoreError.unavailable {
                  return 1
                }
              }
              try await Task.sleep(for: .milliseconds(after))
              task.cancel()
              _ = await task.result
              return 0
            }
          }
          group.addTask {
            // Meanwhile the server closes one of the pool's sessions.
            try await Task.sleep(for: .milliseconds(5))
            try await admin.reading { db in
              try await db.execute("""
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = \(name) LIMIT 1
                """)
            }
            return 0
          }
          var failed = 0
          while let next = try await group.next() {
            failed += next
            most = max(most, try await sessions())
          }
          return failed
        }
        #expect(failed <= 1)
        for _ in 0..<5 {
          #expect(try await store.reading { db in try await db.value("SELECT \(round)::int", as: Int.self) } == round)
        }
        #expect(store.statistics.pool?.inUse == 0 && store.statistics.pool?.waiting == 0)
      }
      #expect(most <= 3)
      if keepsOpen {
        // The listener and the pool's three, those the server closed opened again.
        var open: Int64 = 0
        for _ in 0..<50 {
          open = try await sessions(named: false)
          if open == 4 { break }
          try await Task.sleep(for: .milliseconds(100))
        }
        #expect(open == 4)
      }
      store.shutdown()
    }
    try await admin.reading { db in try await db.execute("DROP DATABASE \(raw: name) WITH (FORCE)") }
  }
}
