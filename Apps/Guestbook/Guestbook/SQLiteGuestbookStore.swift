import GRDB
import SparrowStore
import SparrowStoreSQLite

/// The guestbook in the SQLite engine, its own type over the engine's pool.
package struct SQLiteGuestbookStore: GuestbookStore, SQLiteEnginePart {
  package let engine: SQLiteStore

  package init(_ engine: SQLiteStore) { self.engine = engine }

  package static let schema = SQLiteSchema(migrations: [
    ("guestbook-v1", "guestbook: lines", """
      CREATE TABLE guestbook (id INTEGER PRIMARY KEY, user_id BIGINT NOT NULL, text TEXT NOT NULL, created_at BIGINT NOT NULL);
      """),
  ])

  package func sign(_ entry: GuestbookEntry) async throws {
    let (sql, arguments) = GuestbookSQL.insert(entry).sqlite
    do {
      try await pool.write { db in try db.execute(sql: sql, arguments: arguments) }
    } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
      throw StoreError.conflict
    }
  }

  package func entries(limit: Int) async throws -> FeedPage<GuestbookEntry> {
    let (newest, arguments) = GuestbookSQL.newest(limit: limit).sqlite
    let (count, _) = GuestbookSQL.count.sqlite
    return try await reading { db in
      let items = try Row.fetchAll(db, sql: newest, arguments: arguments).map { row in
        GuestbookEntry(id: row[0], userID: row[1], text: row[2], createdAt: date(row[3]))
      }
      return FeedPage(items: items, total: try Int.fetchOne(db, sql: count) ?? 0)
    }
  }
}
