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
  package func readingReplica<T: Sendable>(_ body: @escaping @Sendable (Connection) async throws -> T) async throws -> T {
    try await engine.readingReplica(body)
  }
}
