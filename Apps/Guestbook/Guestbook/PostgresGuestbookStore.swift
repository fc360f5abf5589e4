import PostgresNIO
import SparrowStore
import SparrowStorePostgres

/// The guestbook in the PostgreSQL engine, its own type over the engine's pool.
package struct PostgresGuestbookStore: GuestbookStore, PostgresEnginePart {
  package let engine: PostgresStore

  package init(_ engine: PostgresStore) { self.engine = engine }

  package static let schema = PostgresSchema(migrations: [
    ("guestbook-v1", "guestbook: lines", [
      "CREATE TABLE guestbook (id BIGINT PRIMARY KEY, user_id BIGINT NOT NULL, text TEXT NOT NULL, created_at BIGINT NOT NULL)",
    ]),
  ])

  /// A taken id is `.conflict`, as the engine answers every unique violation.
  package func sign(_ entry: GuestbookEntry) async throws {
    try await transaction { db in try await db.execute(GuestbookSQL.insert(entry)) }
  }

  package func entries(limit: Int) async throws -> FeedPage<GuestbookEntry> {
    try await reading { db in
      let items = try await db.rows(GuestbookSQL.newest(limit: limit)).map { row in
        GuestbookEntry(id: try row.int64(0), userID: try row.int64(1), text: try row.string(2), createdAt: try row.date(3))
      }
      return FeedPage(items: items, total: try await db.value(GuestbookSQL.count, as: Int.self) ?? 0)
    }
  }
}
