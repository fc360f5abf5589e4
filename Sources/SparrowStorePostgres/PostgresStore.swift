import Foundation
import Logging
import PostgresNIO
import _ConnectionPoolModule
import SparrowStore

/// The engine for several server processes on one database: PostgreSQL through PostgresNIO's pooled client.
/// Every read leases a connection from the pool; every write with more than one statement runs in one
/// transaction on one connection, so it happens whole, with its counters, or not at all.
package final class PostgresStore: PlatformStore {
  /// Where the database is and how many connections the pool may open.
  package struct Configuration: Sendable {
    package var host: String
    package var port: Int
    package var username: String
    package var password: String?
    package var database: String
    package var poolSize: Int
    package var connectTimeout: Duration
    /// Statements running longer are cancelled by the server (`statement_timeout`), so a stuck query cannot hold a
    /// pooled connection for ever; nil for commands whose bulk statements may take long.
    package var statementTimeout: Duration?
    /// Streaming replicas that take heavy reads (see `Replicas`); each gets a pool of `poolSize` too.
    package var replicas: [Configuration] = []

    package init(host: String = "127.0.0.1", port: Int = 5432, username: String, password: String? = nil,
                database: String, poolSize: Int = 10, connectTimeout: Duration = .seconds(10)) {
      self.host = host
      self.port = port
      self.username = username
      self.password = password
      self.database = database
      self.poolSize = poolSize
      self.connectTimeout = connectTimeout
    }

    /// For single connections: the probe and the cache channel's listener.
    var connection: PostgresConnection.Configuration {
      var settings = PostgresConnection.Configuration(
        host: host, port: port, username: username, password: password, database: database, tls: .disable)
      settings.options.connectTimeout = .seconds(Int64(connectTimeout.components.seconds))
      return settings
    }

    var client: PostgresClient.Configuration {
      var config = PostgresClient.Configuration(
        host: host, port: port, username: username, password: password, database: database, tls: .disable)
      // The kept connections (`KeptConnections`) never look idle to the pool, which pings only idle ones: the
      // database's TCP probes keep them through a firewall or NAT, and close one whose peer is gone.
      config.options.additionalStartupParameters = [
        ("tcp_keepalives_idle", "30"), ("tcp_keepalives_interval", "10"), ("tcp_keepalives_count", "3"),
      ]
      if let statementTimeout {
        let milliseconds = statementTimeout.components.seconds * 1000 + statementTimeout.components.attoseconds / 1_000_000_000_000_000
        // A request's statements are short, and sixteen connections keep the cores busy: parallel workers cost
        // more to start than they save (a 互相关注 page at a million statuses took 4 ms alone, 15 ms with two).
        config.options.additionalStartupParameters += [
          ("statement_timeout", String(milliseconds)), ("idle_in_transaction_session_timeout", String(milliseconds)),
          ("max_parallel_workers_per_gather", "0"),
        ]
      }
      config.options.maximumConnections = max(1, poolSize)
      config.options.connectTimeout = connectTimeout
      return config
    }
  }

  let client: PostgresClient
  /// Connections the reads use before asking the pool.
  private let kept: KeptConnections
  /// The tasks that run the pool and listen for other processes' cache changes; cancelled by `shutdown()`.
  private let runner: Task<Void, Never>
  private let listener: Task<Void, Never>
  let logger = Logger(label: "sparrow.store.postgres")
  /// The process's caches; every write here ends by announcing what it changed (`changing`), and every read
  /// that uses them first catches up with what other processes announced (`catchUp`).
  package let caches: StoreCaches
  let channel: CacheChannel
  package var userRows: UserRowCache { caches.userRows }
  let poolSize: Int
  private let poolUse = PoolUse()
  /// nil without replicas: every read goes to the primary.
  let replicas: Replicas?
  /// The statements run on the primary, when kept (`keepingStatements`: the query-plan tests read them).
  package let statementLog: StatementLog?

  /// Connects lazily (the first query opens the first connection); call `migrate()` before use on a new
  /// database, or use `open`.
  package init(_ configuration: Configuration, caches: StoreCaches = StoreCaches(), keepingStatements: Bool = false) {
    self.caches = caches
    statementLog = keepingStatements ? StatementLog() : nil
    poolSize = max(1, configuration.poolSize)
    let client = PostgresClient(configuration: configuration.client)
    self.client = client
    kept = KeptConnections(client: client, poolSize: poolSize)
    runner = Task { await client.run() }
    replicas = configuration.replicas.isEmpty ? nil : Replicas(configuration.replicas)
    let channel = CacheChannel(caches: caches)
    self.channel = channel
    listener = Task { await channel.listen(configuration) }
  }

  /// Connects and brings the schema up to date, with the apps' tables `schemas`.
  package static func open(_ configuration: Configuration, caches: StoreCaches = StoreCaches(),
                           schemas: [PostgresSchema] = [], keepingStatements: Bool = false) async throws -> PostgresStore
  {
    try await probe(configuration)
    let store = PostgresStore(configuration, caches: caches, keepingStatements: keepingStatements)
    do {
      try await store.migrate(adding: schemas)
      try await store.checkReplicas(configuration.replicas)
    } catch {
      store.shutdown()
      throw error
    }
    return store
  }

  /// One connection made and closed before the pool starts: the pool retries a server it cannot reach for ever,
  /// while a person starting Sparrow wants the reason (refused, wrong password, no such database) at once.
  static func probe(_ configuration: Configuration) async throws {
    let connection = try await PostgresConnection.connect(
      configuration: configuration.connection, id: 0, logger: Logger(label: "sparrow.postgres"))
    try await connection.close()
  }

  /// Closes the pools' connections.
  package func shutdown() {
    kept.shutdown()
    listener.cancel()
    runner.cancel()
    replicas?.shutdown()
  }

  deinit { shutdown() }

  /// Runs a write, then announces `change` to every process's caches before the caller answers (also when the
  /// write failed: it may have committed before its answer was lost).
  /// `failed` is announced instead when the write failed, for changes only a stored write makes.
  @discardableResult
  package func changing<T: Sendable>(_ change: CacheInvalidation, failed: CacheInvalidation? = nil, _ write: () async throws -> T)
    async throws -> T
  {
    do {
      let result = try await write()
      await announce(change)
      return result
    } catch {
      await announce(failed ?? change)
      throw error
    }
  }

  package func announce(_ change: CacheInvalidation) async {
    let channel = self.channel
    do {
      try await reading { db in await channel.announce(change, on: db) }
    } catch {
      caches.apply(change)
      logger.error("Could not announce a cache change (\(String(reflecting: error)))")
    }
  }

  /// Whether other processes' cache changes are being heard (when not, reads go around the caches).
  package var isListening: Bool { channel.isListening }

  /// Before a read that uses the caches: see the other processes' writes that answered before now.
  package func catchUp(_ db: Connection) async throws { try await channel.catchUp(on: db) }

  /// `catchUp` before reading the caches alone, on a connection of its own: none is leased when the request is
  /// caught up already (each lease arms and cancels the pool's timers).
  package func catchUp() async throws {
    guard !channel.isCaughtUpForThisRequest else { return }
    try await reading { db in try await catchUp(db) }
  }

  /// `reading` for reads through the user-row cache: caught up, with the cache generation the read started at.
  /// With replicas, the body may run on one (see `Replicas`).
  package func readingCached<T: Sendable>(_ body: @escaping @Sendable (Connection, Int) async throws -> T) async throws -> T {
    guard let replicas else {
      return try await reading { db in
        try await catchUp(db)
        return try await body(db, userRows.currentGeneration)
      }
    }
    let position = try await reading { db in try await channel.catchUp(on: db, withPosition: true) }
    let generation = userRows.currentGeneration
    return try await replicated(replicas, after: position) { db in try await body(db, generation) }
  }

  /// Applies the migrations this database lacks, each in its own transaction, under an advisory lock so two
  /// processes starting together do not both apply them.
  package func migrate(adding schemas: [PostgresSchema] = []) async throws {
    try await transaction { db in
      // Building an index over a large table may take longer than a request's statement is allowed.
      try await db.execute("SET LOCAL statement_timeout = 0")
      try await db.execute("SELECT pg_advisory_xact_lock(7531)")
      try await db.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)")
      let applied = Set(try await db.column("SELECT name FROM schema_migrations", as: String.self))
      let fresh = applied.isEmpty
      for migration in Schema.migrations + schemas.flatMap(\.migrations) where !applied.contains(migration.name) {
        if !fresh { logger.notice("Upgrading the database to \(migration.name): \(migration.purpose)…") }
        for statement in migration.statements { try await db.execute(SQL(stringLiteral: statement)) }
        try await db.execute(
          "INSERT INTO schema_migrations (name, applied_at) VALUES (\(migration.name), \(millis(Date())))")
      }
    }
  }

  /// Runs `body` on one leased connection, outside a transaction.
  @discardableResult
  package func reading<T: Sendable>(_ body: (Connection) async throws -> T) async throws -> T {
    try await leased(body)
  }

  /// Every query's way to a connection: refused at once while the database is known to be down, counted for
  /// `/metrics`, and failures to reach the database reported as `StoreError.unavailable`.
  private func leased<T: Sendable>(_ body: (Connection) async throws -> T) async throws -> T {
    let logger = self.logger
    let log = statementLog
    guard !channel.isDown else { throw StoreError.unavailable }
    let use = poolUse
    use.wait()
    var leased = false
    defer { use.end(leased: leased) }
    do {
      if let kept = kept.take() {
        leased = use.lease()
        do {
          let value = try await withTaskExecutorPreference(ConnectionExecutor.of(kept.connection)) {
            try await body(Connection(connection: kept.connection, logger: logger, log: log))
          }
          self.kept.put(kept, sessionEnded: false)
          return value
        } catch {
          self.kept.put(kept, sessionEnded: KeptConnections.endsTheSession(error))
          throw error
        }
      }
      kept.grow()
      return try await client.withConnection { connection in
        leased = use.lease()
        return try await withTaskExecutorPreference(ConnectionExecutor.of(connection)) {
          try await body(Connection(connection: connection, logger: logger, log: log))
        }
      }
    } catch {
      throw Self.storeError(error)
    }
  }

  package var statistics: StoreStatistics {
    StoreStatistics(
      engine: "postgres", caches: caches.tallies, pool: (poolSize, poolUse.inUse, poolUse.waiting),
      unavailable: channel.isDown, replicaReads: replicas?.tallies ?? [])
  }

  /// `reading` for a write of one statement, announcing `change` (see `changing`).
  @discardableResult
  package func reading<T: Sendable>(announcing change: CacheInvalidation, _ body: (Connection) async throws -> T) async throws -> T {
    try await changing(change) { try await reading(body) }
  }

  /// `transaction`, announcing `change` (see `changing`).
  @discardableResult
  package func transaction<T: Sendable>(announcing change: CacheInvalidation, _ body: (Connection) async throws -> T)
    async throws -> T
  {
    try await changing(change) { try await transaction(body) }
  }

  /// Runs `body` in a transaction on one connection: committed when it returns, rolled back when it throws
  /// (its error is rethrown as it is, so `StoreError`s reach the caller). A deadlock or serialization failure
  /// between concurrent writers is retried a few times.
  @discardableResult
  package func transaction<T: Sendable>(_ body: (Connection) async throws -> T) async throws -> T {
    var attempt = 0
    while true {
      attempt += 1
      do {
        return try await transactionOnce(body)
      } catch let error as PSQLError where attempt < 4 && Self.isRetryable(error) {
        continue
      }
    }
  }

  private func transactionOnce<T: Sendable>(_ body: (Connection) async throws -> T) async throws -> T {
    try await leased { db in
      try await db.execute("BEGIN")
      do {
        let result = try await body(db)
        try await db.execute("COMMIT")
        return result
      } catch {
        _ = try? await db.execute("ROLLBACK")
        throw Self.storeError(error)
      }
    }
  }

  static func sqlState(_ error: any Error) -> String? {
    (error as? PSQLError)?.serverInfo?[.sqlState]
  }

  static func isRetryable(_ error: PSQLError) -> Bool {
    ["40001", "40P01"].contains(sqlState(error) ?? "")
  }

  /// A unique violation means a concurrent writer got there first: the same answer the explicit checks give.
  /// A connection that could not be had or was lost, or a server shutting down or starting up, means the
  /// database is unavailable for now (the pool reconnects by itself).
  static func storeError(_ error: any Error) -> any Error {
    // The pool's and the network's own errors are outages; anything else a body throws (a domain error,
    // a decoding error) passes through unchanged.
    if error is ConnectionPoolError || error is ChannelError || error is IOError
      || error is NIOConnectionError { return StoreError.unavailable }
    guard let error = error as? PSQLError else { return error }
    switch sqlState(error) {
    case "23505": return StoreError.conflict
    // Connection trouble (08…), a server stopping or starting (57P…), a statement over `statementTimeout` (57014).
    case let state? where state.hasPrefix("08") || state.hasPrefix("57P") || state == "57014": return StoreError.unavailable
    case nil where [.connectionError, .serverClosedConnection, .uncleanShutdown, .poolClosed].contains(error.code):
      return StoreError.unavailable
    default: return error
    }
  }
}


// MARK: Databases

extension PostgresStore {
  /// Creates an empty database `name` on the server `admin` points at (its `database` is the one to connect
  /// to, usually `postgres`). For tests and setup tools.
  package static func createDatabase(_ name: String, admin: Configuration) async throws {
    try await administer(admin) { db in try await db.execute("CREATE DATABASE \(raw: quoted(name))") }
  }

  /// Drops database `name`, closing whatever connections are still open on it.
  package static func dropDatabase(_ name: String, admin: Configuration) async throws {
    try await administer(admin) { db in
      try await db.execute("DROP DATABASE IF EXISTS \(raw: quoted(name)) WITH (FORCE)")
    }
  }

  private static func administer(_ admin: Configuration, _ body: (Connection) async throws -> Void) async throws {
    var admin = admin
    admin.poolSize = 1
    let store = PostgresStore(admin)
    defer { store.shutdown() }
    try await store.reading { db in try await body(db) }
  }

  /// An identifier quoted for SQL.
  static func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
}

/// Requests waiting for a pooled connection and connections held, for `/metrics`.
final class PoolUse: @unchecked Sendable {
  private let lock = NSLock()
  private var counts = (waiting: 0, inUse: 0)

  var waiting: Int { lock.withLock { counts.waiting } }
  var inUse: Int { lock.withLock { counts.inUse } }

  func wait() { lock.withLock { counts.waiting += 1 } }

  /// The connection came: returns true, for `end`.
  func lease() -> Bool {
    lock.withLock { counts = (counts.waiting - 1, counts.inUse + 1) }
    return true
  }

  func end(leased: Bool) {
    lock.withLock { if leased { counts.inUse -= 1 } else { counts.waiting -= 1 } }
  }
}
