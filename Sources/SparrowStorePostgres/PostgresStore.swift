import Foundation
import Logging
import PostgresNIO
import SparrowStore

/// The engine for several server processes on one database: PostgreSQL through PostgresNIO's pooled client.
/// Every read leases a connection from the pool; every write with more than one statement runs in one
/// transaction on one connection, so it happens whole, with its counters, or not at all.
package final class PostgresStore: WeiboStore {
  /// Where the database is and how many connections the pool may open.
  package struct Configuration: Sendable {
    package var host: String
    package var port: Int
    package var username: String
    package var password: String?
    package var database: String
    package var poolSize: Int
    package var connectTimeout: Duration

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

    var client: PostgresClient.Configuration {
      var config = PostgresClient.Configuration(
        host: host, port: port, username: username, password: password, database: database, tls: .disable)
      config.options.maximumConnections = max(1, poolSize)
      config.options.connectTimeout = connectTimeout
      return config
    }
  }

  let client: PostgresClient
  /// The task that runs the pool; cancelled by `shutdown()`.
  private let runner: Task<Void, Never>
  let logger = Logger(label: "sparrow.store.postgres")
  /// The process's caches; every write here ends by invalidating what it changed through them.
  let caches: StoreCaches
  var userRows: UserRowCache { caches.userRows }

  /// Connects lazily (the first query opens the first connection); call `migrate()` before use on a new
  /// database, or use `open`.
  package init(_ configuration: Configuration, caches: StoreCaches = StoreCaches()) {
    self.caches = caches
    let client = PostgresClient(configuration: configuration.client)
    self.client = client
    runner = Task { await client.run() }
  }

  /// Connects and brings the schema up to date.
  package static func open(_ configuration: Configuration, caches: StoreCaches = StoreCaches()) async throws
    -> PostgresStore
  {
    try await probe(configuration)
    let store = PostgresStore(configuration, caches: caches)
    do {
      try await store.migrate()
    } catch {
      store.shutdown()
      throw error
    }
    return store
  }

  /// Closes the pool's connections.
  /// One connection made and closed before the pool starts: the pool retries a server it cannot reach for ever,
  /// while a person starting Sparrow wants the reason (refused, wrong password, no such database) at once.
  static func probe(_ configuration: Configuration) async throws {
    var settings = PostgresConnection.Configuration(
      host: configuration.host, port: configuration.port, username: configuration.username,
      password: configuration.password, database: configuration.database, tls: .disable)
    settings.options.connectTimeout = .seconds(Int64(configuration.connectTimeout.components.seconds))
    let connection = try await PostgresConnection.connect(
      configuration: settings, id: 0, logger: Logger(label: "sparrow.postgres"))
    try await connection.close()
  }

  package func shutdown() {
    runner.cancel()
  }

  deinit { runner.cancel() }

  /// Applies the migrations this database lacks, each in its own transaction, under an advisory lock so two
  /// processes starting together do not both apply them.
  package func migrate() async throws {
    try await transaction { db in
      try await db.execute("SELECT pg_advisory_xact_lock(7531)")
      try await db.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)")
      let applied = Set(try await db.column("SELECT name FROM schema_migrations", as: String.self))
      let fresh = applied.isEmpty
      for migration in Schema.migrations where !applied.contains(migration.name) {
        if !fresh { logger.notice("Upgrading the database to \(migration.name): \(migration.purpose)…") }
        for statement in migration.statements { try await db.execute(SQL(stringLiteral: statement)) }
        try await db.execute(
          "INSERT INTO schema_migrations (name, applied_at) VALUES (\(migration.name), \(millis(Date())))")
      }
    }
  }

  /// Runs `body` on one leased connection, outside a transaction.
  @discardableResult
  func reading<T: Sendable>(_ body: (Connection) async throws -> T) async throws -> T {
    let logger = self.logger
    return try await client.withConnection { connection in
      try await body(Connection(connection: connection, logger: logger))
    }
  }

  /// Runs `body` in a transaction on one connection: committed when it returns, rolled back when it throws
  /// (its error is rethrown as it is, so `StoreError`s reach the caller). A deadlock or serialization failure
  /// between concurrent writers is retried a few times.
  @discardableResult
  func transaction<T: Sendable>(_ body: (Connection) async throws -> T) async throws -> T {
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
    let logger = self.logger
    return try await client.withConnection { connection in
      let db = Connection(connection: connection, logger: logger)
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
  static func storeError(_ error: any Error) -> any Error {
    sqlState(error) == "23505" ? StoreError.conflict : error
  }
}

func millis(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
func date(_ millis: Int64) -> Date { Date(timeIntervalSince1970: Double(millis) / 1000) }

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
