import Foundation
import GRDB
import SparrowStore
import SparrowStoreSQLite
import WeiboStore

extension SQLiteWeiboStore {
  package func markers(userID: Int64, names: [String]) async throws -> [ClientMarker] {
    try await reading { db in
      let (sql, arguments) = ClientStateSQL.markers(userID: userID).sqlite
      return try Row.fetchAll(try db.cachedStatement(sql: sql), arguments: arguments).map(ClientMarker.init(row:))
        .filter { names.contains($0.name) }
    }
  }

  package func setMarker(userID: Int64, name: String, lastReadID: Int64, at: Date) async throws -> ClientMarker {
    try await pool.write { db in
      try db.execute(ClientStateSQL.setMarker(userID: userID, name: name, lastReadID: lastReadID, at: at))
      let (sql, arguments) = ClientStateSQL.markers(userID: userID).sqlite
      guard let marker = try Row.fetchAll(db, sql: sql, arguments: arguments).map(ClientMarker.init(row:))
        .first(where: { $0.name == name })
      else { throw StoreError.notFound }
      return marker
    }
  }

  package func clearNotifications(userID: Int64, upTo: Int64, at: Date) async throws {
    defer { caches.invalidate(.unread(users: [userID])) }
    try await pool.write { db in _ = try db.execute(ClientStateSQL.clear(userID: userID, upTo: upTo, at: at)) }
  }

  package func dismissNotification(userID: Int64, id: Int64) async throws {
    defer { caches.invalidate(.unread(users: [userID])) }
    try await pool.write { db in _ = try db.execute(ClientStateSQL.dismiss(userID: userID, id: id)) }
  }

  package func notifications(userID: Int64, kinds: Set<NotificationEvent.Kind>, window: Page) async throws
    -> [NotificationEvent]
  {
    try await caches.reachedReads.read(userID, "notifications", variant: NotificationEvent.Kind.mask(kinds), page: window) {
      try await reading { db in
        let (clearedSQL, clearedArguments) = ClientStateSQL.clearedUpTo(userID: userID).sqlite
        var page = window
        page.sinceID = max(page.sinceID, try Int64.fetchOne(try db.cachedStatement(sql: clearedSQL), arguments: clearedArguments) ?? 0)
        let (sql, arguments) = WeiboSQL.notifications(userID, kinds: kinds, window: page).sqlite
        let rows = try Row.fetchAll(try db.cachedStatement(sql: sql), arguments: arguments)
        return NotificationEvent.events(rows.map { ($0[0], $0[1], $0[2], $0[3], $0[4], $0[5]) }, count: page.count)
      }
    }
  }
}

extension ClientMarker {
  init(row: Row) {
    self.init(name: row[0], lastReadID: row[1], version: row[2],
              updatedAt: Date(timeIntervalSince1970: Double(row[3] as Int64) / 1000))
  }
}
