import Foundation
import GRDB
import Logging
import Synchronization
import SparrowStore

/// The embedded engine: one SQLite file in WAL mode, readers in parallel with one writer.
package final class SQLiteStore: PlatformStore {
  /// The database, for the apps' engine parts (their own types over it, such as `SQLiteDakaStore`).
  package let pool: DatabasePool
  /// The database file.
  package var path: String { pool.path }
  /// The process's caches; every write here ends by invalidating what it changed through them.
  package let caches: StoreCaches
  var userRows: UserRowCache { caches.userRows }

  /// Statements run so far, when opened with `countingStatements` (tests check query counts with it).
  package var statementCount: Int { counter.value }
  /// The distinct statements run so far, when opened with `countingStatements` (the query-plan tests read them).
  package var statementsSeen: Set<String> { counter.seen }
  private let counter = StatementCounter()

  /// The connections reads on `ReadThreads` run on.
  private let threadReaders: ThreadReaders

  /// Feeds at least this large are read by walking ids (see `homeStatuses`); tests move it to try both paths.
  package let denseFeed: Int

  /// Opens (creating and migrating) the database at `path`, with the apps' tables `schemas`.
  package convenience init(path: String, countingStatements: Bool = false, denseFeed: Int = denseFeedSize,
                           schemas: [SQLiteSchema] = []) throws {
    try self.init(path: path, caches: StoreCaches(), countingStatements: countingStatements, denseFeed: denseFeed,
                  schemas: schemas)
  }

  /// Opens the database with `caches`, whose `publish` an operator may wire to other processes.
  package init(path: String, caches: StoreCaches, countingStatements: Bool, denseFeed: Int,
               schemas: [SQLiteSchema] = []) throws {
    self.caches = caches
    self.denseFeed = denseFeed
    var config = Configuration()
    config.busyMode = .timeout(10)
    config.maximumReaderCount = Self.readerCount
    let counter = self.counter
    config.prepareDatabase { db in
      // WAL with FULL: every commit is on disk before it is acknowledged, so an acknowledged post survives a
      // process crash and a power cut alike (NORMAL would survive the crash only). Reads never wait for it.
      try db.execute(sql: "PRAGMA synchronous = FULL")
      try db.execute(sql: "PRAGMA foreign_keys = OFF")
      // Statement journals (every insert that fires the search index's trigger opens one) and sorts stay in memory
      // rather than in temporary files: a bulk import spent 40 % of its time in their writes.
      try db.execute(sql: "PRAGMA temp_store = MEMORY")
      // Pages are read through a memory map (up to 1 GiB of the file) instead of a read call each: a page of 300
      // deals spent a third of its time in pread copying pages the kernel already held. The pages are the kernel's
      // page cache, shared by every connection; writes still go through the WAL.
      try db.execute(sql: "PRAGMA mmap_size = 1073741824")
      // Short status searches compare folded text the way the trigram index folds it (`SearchFolding`); SQLite's
      // own `lower` and `LIKE` fold ASCII only.
      db.add(function: DatabaseFunction("sparrow_fold", argumentCount: 1, pure: true) { values in
        String.fromDatabaseValue(values[0].databaseValue).map(SearchFolding.folded)
      })
      // Two-character search (`SearchBigrams`): an app's FTS5 table of pairs is filled from this.
      db.add(function: DatabaseFunction("sparrow_bigrams", argumentCount: 1, pure: true) { values in
        String.fromDatabaseValue(values[0].databaseValue).map(SearchBigrams.tokens)
      })
      if countingStatements {
        db.trace { event in
          if case .statement(let statement) = event, !statement.sql.hasPrefix("BEGIN"), !statement.sql.hasPrefix("COMMIT") {
            counter.add(statement.sql)
          }
        }
      }
    }
    pool = try DatabasePool(path: path, configuration: config)
    try Self.migrate(pool, adding: schemas)
    threadReaders = ThreadReaders(path: path, configuration: config)
  }

  /// Drops every cache when another process has written to the file, checking every `interval` until cancelled.
  /// Such writes are an operator's commands beside the server (`sparrow user suspend`, `content hide`, `app
  /// scopes`), which announce nothing to this process. `PRAGMA data_version` on a connection changes only when
  /// another connection commits, and this process writes through the pool's one writer alone, so asked on that
  /// writer it changes only for another process's commit.
  package func watchOtherProcesses(every interval: Duration = .seconds(1)) async {
    var last: Int?
    while !Task.isCancelled {
      let version = try? await pool.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }
      if let version, let last, version != last { caches.apply(.everything) }
      last = version ?? last
      try? await Task.sleep(for: interval)
    }
  }

  /// Opens `sparrow.sqlite` inside the data folder, creating the folder.
  package convenience init(folder: URL, countingStatements: Bool = false, schemas: [SQLiteSchema] = []) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try self.init(path: folder.appendingPathComponent("sparrow.sqlite").path, countingStatements: countingStatements,
                  schemas: schemas)
  }

  /// Creates a new database at once; upgrades an existing one step by step, saying what each step does and how
  /// long it took (building the search index of a million statuses takes a while).
  /// Every missing step runs, in order, even when a later app's steps are already there (an app's new migration on
  /// a database that has every app's earlier ones): the steps are a set, as on PostgreSQL, not a prefix.
  static func migrate(_ pool: DatabasePool, adding schemas: [SQLiteSchema]) throws {
    let fresh = try pool.read { try !$0.tableExists("grdb_migrations") }
    try Schema.migrator(adding: schemas, announcing: fresh ? nil : Logger(label: "sparrow.store")).migrate(pool)
  }

  /// Readers at once off `ReadThreads` (each of which has its own besides); as many `ReadThreads`.
  static let readerCount = max(4, ProcessInfo.processInfo.activeProcessorCount * 2)

  /// Runs a read on the engine's own threads, never on Swift's cooperative ones: on two cores the pool has two
  /// threads, and one read blocking one stalled half the server (the p99 of seconds under load). On `ReadThreads`
  /// (where requests run) the read runs in place, on the thread's own connection (`ThreadReaders`); elsewhere on
  /// GRDB's reader queues. The caller waits suspended
  /// while `body` runs, so what it captures is never touched from two threads at once.
  package func reading<T: Sendable>(_ body: @escaping (Database) throws -> T) async throws -> T {
    if let reader = try threadReaders.current() { return try Self.readInPlace(reader, body) }
    nonisolated(unsafe) let body = body
    return try await pool.read { db in try body(db) }
  }

  /// `reading` for a read of one statement: SQLite runs a lone statement in a snapshot of its own, so the
  /// explicit BEGIN and COMMIT (two more statements and lock round trips) are left out.
  package func readingOne<T: Sendable>(_ body: @escaping (Database) throws -> T) async throws -> T {
    if let reader = try threadReaders.current() { return try Self.readInPlace(reader, body, transaction: false) }
    nonisolated(unsafe) let body = body
    return try await pool.unsafeRead { db in try body(db) }
  }

  /// A blocking read on the calling `ReadThreads` thread's own connection, in a deferred transaction (one snapshot
  /// for all of `body`'s statements) unless `transaction` is false. The transaction's BEGIN and COMMIT are cached
  /// statements: GRDB's `read` prepared both afresh and toggled its read-only mode around them, 6 % of a web page.
  private static func readInPlace<T>(_ reader: DatabaseQueue, _ body: (Database) throws -> T, transaction: Bool = true)
    throws -> T
  {
    try reader.inDatabase { db in
      guard transaction else { return try body(db) }
      try db.cachedStatement(sql: "BEGIN DEFERRED TRANSACTION").execute()
      defer {
        // A read-only transaction has nothing to lose: a failed COMMIT (an interrupted statement) rolls back.
        do { try db.cachedStatement(sql: "COMMIT TRANSACTION").execute() } catch { try? db.rollback() }
      }
      return try body(db)
    }
  }
}

/// Statements run, and which (their SQL with `?` placeholders), for tests of query counts and query plans.
final class StatementCounter: Sendable {
  private let state = Mutex<(count: Int, seen: Set<String>)>((0, []))
  var value: Int { state.withLock { $0.count } }
  var seen: Set<String> { state.withLock { $0.seen } }
  func add(_ sql: String) {
    state.withLock { state in
      state.count += 1
      // Bulk writes make distinct texts per batch size; a test's workload stays far below this.
      if state.seen.count < 10_000 { state.seen.insert(sql) }
    }
  }
}
