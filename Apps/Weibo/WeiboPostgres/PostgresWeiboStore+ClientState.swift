import Foundation
import PostgresNIO
import SparrowStore
import SparrowStorePostgres
import WeiboStore

extension PostgresWeiboStore {
  package func markers(userID: Int64, names: [String]) async throws -> [ClientMarker] {
    try await reading { db in
      try await db.rows(ClientStateSQL.markers(userID: userID)).map(ClientMarker.init(row:)).filter { names.contains($0.name) }
    }
  }

  package func setMarker(userID: Int64, name: String, lastReadID: Int64, at: Date) async throws -> ClientMarker {
    try await transaction { db in
      _ = try await db.execute(ClientStateSQL.setMarker(userID: userID, name: name, lastReadID: lastReadID, at: at))
      guard let marker = try await db.rows(ClientStateSQL.markers(userID: userID)).map(ClientMarker.init(row:))
        .first(where: { $0.name == name })
      else { throw StoreError.notFound }
      return marker
    }
  }

  package func clearNotifications(userID: Int64, upTo: Int64, at: Date) async throws {
    try await transaction(announcing: .unread(users: [userID])) { db in
      _ = try await db.execute(ClientStateSQL.clear(userID: userID, upTo: upTo, at: at))
    }
  }

  package func dismissNotification(userID: Int64, id: Int64) async throws {
    try await transaction(announcing: .unread(users: [userID])) { db in
      _ = try await db.execute(ClientStateSQL.dismiss(userID: userID, id: id))
    }
  }

  package func notifications(userID: Int64, kinds: Set<NotificationEvent.Kind>, window: Page) async throws
    -> [NotificationEvent]
  {
    // The primary's: a dismiss or clear just made shows at once.
    func read() async throws -> [NotificationEvent] {
      try await reading { db in
        var page = window
        page.sinceID = max(page.sinceID, try await db.rows(ClientStateSQL.clearedUpTo(userID: userID)).first?.int64(0) ?? 0)
        let rows = try await db.rows(WeiboSQL.notifications(userID, kinds: kinds, window: page)).map {
          (try $0.int64(0), try $0.int64(1), try $0.int64(2), try $0.int64(3), try $0.int64(4), try $0.int64(5))
        }
        return NotificationEvent.events(rows, count: page.count)
      }
    }
    // Kept while no write reaching the person is heard, so only once every write before now is (`catchUp`).
    guard engine.isListening else { return try await read() }
    try await catchUp()
    return try await caches.reachedReads.read(userID, "notifications", variant: NotificationEvent.Kind.mask(kinds),
                                              page: window, read)
  }
}

extension ClientMarker {
  init(row: PostgresRandomAccessRow) throws {
    self.init(name: try row.string(0), lastReadID: try row.int64(1), version: try row.int(2), updatedAt: try row.date(3))
  }
}
