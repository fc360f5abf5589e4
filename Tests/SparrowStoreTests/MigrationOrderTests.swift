import Foundation
import SparrowStorePostgres
import SparrowStoreSQLite
import SparrowTestSupport
import Testing

/// An app's new migration on a database that already has a later app's: the step runs (an upgrade of 团购 on a
/// database with 打卡's tables once stopped the server at start with "already migrated beyond").
@Test(arguments: StoreKind.available)
func anAppsNewStepRunsWhenALaterAppsStepsAreThere(_ kind: StoreKind) async throws {
  let first = "CREATE TABLE order_a1 (id INTEGER PRIMARY KEY)"
  let added = "CREATE TABLE order_a2 (id INTEGER PRIMARY KEY)"
  let later = "CREATE TABLE order_b1 (id INTEGER PRIMARY KEY)"
  switch kind {
  case .sqlite:
    try await withSQLiteStore { engine in
      let before = [SQLiteSchema(migrations: [("order-a1", "a", first)]), SQLiteSchema(migrations: [("order-b1", "b", later)])]
      _ = try SQLiteStore(path: engine.path, schemas: before)
      let after = [SQLiteSchema(migrations: [("order-a1", "a", first), ("order-a2", "a, more", added)]),
                   SQLiteSchema(migrations: [("order-b1", "b", later)])]
      let upgraded = try SQLiteStore(path: engine.path, schemas: after)
      let tables = try await upgraded.reading { db in
        try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'order_%' ORDER BY name")
      }
      #expect(tables == ["order_a1", "order_a2", "order_b1"])
    }
  case .postgres:
    try await withStore(.postgres) { engine in
      guard case .postgres(let store) = engine.engine else { Issue.record("not PostgreSQL"); return }
      try await store.migrate(adding: [PostgresSchema(migrations: [("order-a1", "a", [first])]),
                                       PostgresSchema(migrations: [("order-b1", "b", [later])])])
      try await store.migrate(adding: [PostgresSchema(migrations: [("order-a1", "a", [first]), ("order-a2", "a, more", [added])]),
                                       PostgresSchema(migrations: [("order-b1", "b", [later])])])
      let tables = try await store.reading { db in
        try await db.column("SELECT tablename FROM pg_tables WHERE tablename LIKE 'order_%' ORDER BY tablename", as: String.self)
      }
      #expect(tables == ["order_a1", "order_a2", "order_b1"])
    }
  }
}
