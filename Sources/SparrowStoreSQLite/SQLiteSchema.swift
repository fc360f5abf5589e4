import GRDB

/// An app's tables in the SQLite engine: its migrations, in order, each named once for ever and saying what it
/// does (the upgrade log prints it). An app's engine part hands its schema to the composition, which opens the
/// engine with every app's (`SQLiteStore(…, schemas:)`); the engine migrates them after its own.
package struct SQLiteSchema: Sendable {
  package let migrations: [(name: String, purpose: String, sql: String)]

  package init(migrations: [(name: String, purpose: String, sql: String)]) { self.migrations = migrations }
}

/// An app's store over the SQLite engine (`SQLiteDakaStore`, `SQLiteTuanStore`): the engine's pool and reads, the
/// one way.
package protocol SQLiteEnginePart: Sendable {
  var engine: SQLiteStore { get }
}

extension SQLiteEnginePart {
  package var pool: DatabasePool { engine.pool }
  /// A read off Swift's cooperative threads (see `SQLiteStore.reading`).
  package func reading<T: Sendable>(_ body: @escaping (Database) throws -> T) async throws -> T {
    try await engine.reading(body)
  }
  /// A read of one statement, outside a transaction (see `SQLiteStore.readingOne`).
  package func readingOne<T: Sendable>(_ body: @escaping (Database) throws -> T) async throws -> T {
    try await engine.readingOne(body)
  }
}
