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

  /// The connections reads keep (`KeptConnections`) under random reads side by side, some cancelled while they wait
  /// or run, and a session the server closes under them each round: every read not cancelled gets its own answer
  /// but those that had that session, none waits for ever (PostgresNIO left a statement on a closed connection
  /// unanswered), no more than `poolSize` sessions are ever open, nothing is left leased or waiting, and the store's
  /// sessions all close when it shuts down.
  @Test(.timeLimit(.minutes(2))) func keptConnectionsUnderRandomReadsCancellationsAndClosedSessions() async throws {
    let (admin, store, name) = try storeWithItsAdmin("kept_")
    defer { admin.shutdown() }
    var generator = SystemRandomNumberGenerator()
    var most: Int64 = 0
    for round in 0..<5 {
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
                let answer = try await task.value
                #expect(answer == read.value)
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
          try await Task.sleep(for: .milliseconds(5))
          try await admin.reading { db in
            try await db.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = \(name) LIMIT 1")
          }
          return 0
        }
        var failed = 0
        while let next = try await group.next() {
          failed += next
          most = max(most, try await sessions(named: name, admin))
        }
        return failed
      }
      // The reads on the session as it closed, and those that took it before the client saw it closed: a few.
      #expect(failed <= 6, "round \(round): \(failed) reads failed")
      for _ in 0..<5 {
        #expect(try await store.reading { db in try await db.value("SELECT \(round)::int", as: Int.self) } == round)
      }
      #expect(store.statistics.pool?.inUse == 0 && store.statistics.pool?.waiting == 0)
    }
    #expect(most > 1 && most <= 4, "\(most) sessions at most")
    store.shutdown()
    #expect(try await settled(named: name, admin) == 0, "sessions left open after the store shut down")
  }

  /// When the server closes every session of a store (a restart, an operator), the reads after it are answered:
  /// the kept connections found closed go back to the pool, which opens others.
  @Test(.timeLimit(.minutes(1))) func readsGoOnWhenTheServerClosesEveryKeptConnection() async throws {
    let (admin, store, name) = try storeWithItsAdmin("closed_")
    defer { admin.shutdown() }
    defer { store.shutdown() }
    func read(_ value: Int) async throws -> Int? {
      try await store.reading { db in
        try await db.execute("SET application_name = \(raw: "'" + name + "'")")
        return try await db.value("SELECT \(value)::int", as: Int.self)
      }
    }
    for round in 0..<3 {
      // Reads side by side, so that the store keeps connections.
      try await withThrowingTaskGroup(of: Void.self) { group in
        for value in 0..<8 {
          group.addTask {
            let answer = try await read(value)
            #expect(answer == value)
          }
        }
        try await group.waitForAll()
      }
      #expect(try await sessions(named: name, admin) > 1, "round \(round)")
      try await admin.reading { db in
        try await db.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = \(name)")
      }
      #expect(try await settled(named: name, admin) == 0)
      // The client sees the sessions closed a moment after the server has.
      try await Task.sleep(for: .milliseconds(200))
      for value in 0..<10 { #expect(try await read(value) == value, "round \(round)") }
    }
  }

  /// A store of four connections, one to watch it with (both shut down by the caller), and a name for its sessions.
  private func storeWithItsAdmin(_ prefix: String) throws -> (admin: PostgresStore, store: PostgresStore, name: String) {
    let cluster = try #require(PostgresTestCluster.shared)
    return (PostgresStore(cluster.configuration(database: "postgres", poolSize: 1)),
            PostgresStore(cluster.configuration(database: "postgres", poolSize: 4)),
            prefix + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())
  }

  /// The sessions of the cluster named `name` (its reads set their `application_name`).
  private func sessions(named name: String, _ admin: PostgresStore) async throws -> Int64 {
    try await admin.reading { db in
      try await db.value("SELECT count(*) FROM pg_stat_activity WHERE application_name = \(name)", as: Int64.self) ?? 0
    }
  }

  /// `sessions(named:)` once it is 0, or after five seconds.
  private func settled(named name: String, _ admin: PostgresStore) async throws -> Int64 {
    var open: Int64 = -1
    for _ in 0..<50 {
      open = try await sessions(named: name, admin)
      if open == 0 { break }
      try await Task.sleep(for: .milliseconds(100))
    }
    return open
  }
}
