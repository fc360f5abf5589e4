/// An app's tables in the PostgreSQL engine: its migrations, in order, each named once for ever, saying what it
/// does, and its statements. An app's engine part hands its schema to the composition, which opens the engine with
/// every app's (`PostgresStore.open(…, schemas:)`); the engine migrates them after its own.
package struct PostgresSchema: Sendable {
  package let migrations: [(name: String, purpose: String, statements: [String])]

  package init(migrations: [(name: String, purpose: String, statements: [String])]) { self.migrations = migrations }
}
