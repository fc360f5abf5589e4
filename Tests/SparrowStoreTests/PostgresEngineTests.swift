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
}
