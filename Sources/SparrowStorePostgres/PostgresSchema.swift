import SparrowStore

/// An app's tables in the PostgreSQL engine: its migrations, in order, each named once for ever, saying what it
/// does, and its statements. An app's engine part hands its schema to the composition, which opens the engine with
/// every app's (`PostgresStore.open(…, schemas:)`); the engine migrates them after its own.
package struct PostgresSchema: Sendable {
  package let migrations: [(name: String, purpose: String, statements: [String])]

  package init(migrations: [(name: String, purpose: String, statements: [String])]) { self.migrations = migrations }
}

/// An app's store over the PostgreSQL engine (`PostgresDakaStore`, `PostgresTuanStore`): the engine's reads,
/// transactions and replicas, the one way.
package protocol PostgresEnginePart: Sendable {
  var engine: PostgresStore { get }
}

extension PostgresEnginePart {
  @discardableResult
  package func reading<T: Sendable>(_ body: (Connection) async throws -> T) async throws -> T {
    try await engine.reading(body)
  }
  @discardableResult
  package func transaction<T: Sendable>(_ body: (Connection) async throws -> T) async throws -> T {
    try await engine.transaction(body)
  }
  /// `reading` for a write of one statement, announcing `change` to every process's caches.
  @discardableResult
  package func reading<T: Sendable>(announcing change: CacheInvalidation, _ body: (Connection) async throws -> T)
    async throws -> T
  {
    try await engine.reading(announcing: change, body)
  }
  /// `transaction`, announcing `change` to every process's caches.
  @discardableResult
  package func transaction<T: Sendable>(announcing change: CacheInvalidation, _ body: (Connection) async throws -> T)
    async throws -> T
  {
    try await engine.transaction(announcing: change, body)
  }
  /// `transaction`, announcing what `change` makes of its result, or of nil when it failed (it may have committed
  /// before its answer was lost): for a change that names what the write found.
  @discardableResult
  package func transaction<T: Sendable>(announcing change: (T?) -> CacheInvalidation,
                                        _ body: (Connection) async throws -> T) async throws -> T
  {
    let result: T
    do {
      result = try await engine.transaction(body)
    } catch {
      await engine.announce(change(nil))
      throw error
    }
    await engine.announce(change(result))
    return result
  }
  /// A write, then `change` (or `failed` when it failed) announced to every process's caches.
  @discardableResult
  package func changing<T: Sendable>(_ change: CacheInvalidation, failed: CacheInvalidation? = nil,
                                     _ write: () async throws -> T) async throws -> T
  {
    try await engine.changing(change, failed: failed, write)
  }
  package func announce(_ change: CacheInvalidation) async { await engine.announce(change) }
  package var caches: StoreCaches { engine.caches }
  package var userRows: UserRowCache { engine.caches.userRows }
  /// A read through the caches, caught up with the other processes' writes (see `PostgresStore.readingCached`).
  package func readingCached<T: Sendable>(_ body: @escaping @Sendable (Connection, Int) async throws -> T)
    async throws -> T
  {
    try await engine.readingCached(body)
  }
  package func catchUp(_ db: Connection) async throws { try await engine.catchUp(db) }
  package func catchUp() async throws { try await engine.catchUp() }
  package func readingReplica<T: Sendable>(_ body: @escaping @Sendable (Connection) async throws -> T) async throws -> T {
    try await engine.readingReplica(body)
  }
}
