import Foundation
import PostgresNIO
import SparrowStore
import SparrowStorePostgres
import WeiboStore

extension PostgresWeiboStore {
  package func favorite(_ mark: Mark) async throws {
    try await transaction(announcing: .favorite(by: mark.userID)) { db in
      guard try await db.exists("SELECT 1 FROM statuses WHERE id = \(mark.statusID)") else { throw StoreError.notFound }
      if try await db.exists("SELECT 1 FROM favorites WHERE user_id = \(mark.userID) AND status_id = \(mark.statusID)") {
        throw StoreError.conflict
      }
      try await db.execute("""
        INSERT INTO favorites (user_id, status_id, id, created_at)
        VALUES (\(mark.userID), \(mark.statusID), \(mark.id), \(millis(mark.createdAt)))
        """)
      try await db.execute("UPDATE users SET favourites_count = favourites_count + 1 WHERE id = \(mark.userID)")
    }
  }

  package func unfavorite(userID: Int64, statusID: Int64) async throws -> Mark {
    return try await transaction(announcing: .favorite(by: userID)) { db in
      guard let mark = try await db.rows("""
        DELETE FROM favorites WHERE user_id = \(userID) AND status_id = \(statusID) RETURNING \(raw: markColumns)
        """).first.map(Mark.init(row:))
      else { throw StoreError.notFound }
      try await db.execute("UPDATE users SET favourites_count = favourites_count - 1 WHERE id = \(userID)")
      return mark
    }
  }

  package func favorite(userID: Int64, statusID: Int64) async throws -> Mark? {
    try await reading { db in
      try await db.rows("SELECT \(raw: markColumns) FROM favorites WHERE user_id = \(userID) AND status_id = \(statusID)")
        .first.map(Mark.init(row:))
    }
  }

  package func favorites(userID: Int64, page: Page) async throws -> [Mark] {
    try await readingReplica { db in
      try await db.rows("""
        SELECT \(raw: markColumns) FROM favorites WHERE user_id = \(userID)
        ORDER BY id DESC \(sql: page.limitClause)
        """).prefix(page.count).map(Mark.init(row:))
    }
  }

  package func favorited(by user: Int64, among statusIDs: [Int64]) async throws -> Set<Int64> {
    try await marked("favorites", by: user, among: statusIDs)
  }

  package func like(_ mark: Mark) async throws {
    try await transaction(announcing: { .like(by: mark.userID, of: mark.statusID, owner: $0) }) { db in
      guard let author = try await db.value("SELECT user_id FROM statuses WHERE id = \(mark.statusID)", as: Int64.self)
      else { throw StoreError.notFound }
      if try await db.exists("SELECT 1 FROM likes WHERE user_id = \(mark.userID) AND status_id = \(mark.statusID)") {
        throw StoreError.conflict
      }
      try await db.execute("""
        INSERT INTO likes (user_id, status_id, status_user_id, id, created_at)
        VALUES (\(mark.userID), \(mark.statusID), \(author), \(mark.id), \(millis(mark.createdAt)))
        """)
      try await db.execute("UPDATE statuses SET attitudes_count = attitudes_count + 1 WHERE id = \(mark.statusID)")
      return author
    }
  }

  package func unlike(userID: Int64, statusID: Int64) async throws -> Mark {
    try await transaction(announcing: { .like(by: userID, of: statusID, owner: $0?.owner) }) { db in
      guard let row = try await db.rows("""
        DELETE FROM likes WHERE user_id = \(userID) AND status_id = \(statusID) RETURNING \(raw: markColumns), status_user_id
        """).first
      else { throw StoreError.notFound }
      try await db.execute("UPDATE statuses SET attitudes_count = attitudes_count - 1 WHERE id = \(statusID)")
      return (mark: try Mark(row: row), owner: try row.int64(4))
    }.mark
  }

  package func liked(by user: Int64, among statusIDs: [Int64]) async throws -> Set<Int64> {
    try await marked("likes", by: user, among: statusIDs)
  }

  package func likes(statusID: Int64, page: Page) async throws -> [Mark] {
    try await readingReplica { db in
      try await db.rows("""
        SELECT \(raw: markColumns) FROM likes WHERE status_id = \(statusID)\(sql: WeiboSQL.window(page))
        ORDER BY id DESC \(sql: page.limitClause)
        """).prefix(page.count).map(Mark.init(row:))
    }
  }

  package func likesGiven(userID: Int64, page: Page) async throws -> [Mark] {
    try await readingReplica { db in
      try await db.rows("""
        SELECT \(raw: markColumns) FROM likes WHERE user_id = \(userID)\(sql: WeiboSQL.window(page))
        ORDER BY id DESC \(sql: page.limitClause)
        """).prefix(page.count).map(Mark.init(row:))
    }
  }

  package func likesReceived(userID: Int64, page: Page) async throws -> [Mark] {
    func read() async throws -> [Mark] {
      try await readingReplica { db in
        try await db.rows("""
          SELECT \(raw: markColumns) FROM likes WHERE status_user_id = \(userID) AND user_id <> \(userID)\(sql: WeiboSQL.window(page))
          ORDER BY id DESC \(sql: page.limitClause)
          """).prefix(page.count).map(Mark.init(row:))
      }
    }
    // Kept as the comments to a person are (`comments(in:page:seenBy:)`).
    guard engine.isListening else { return try await read() }
    try await catchUp()
    return try await caches.reachedReads.read(userID, "likes received", page: page, read)
  }

  func marked(_ table: String, by user: Int64, among statusIDs: [Int64]) async throws -> Set<Int64> {
    guard !statusIDs.isEmpty else { return [] }
    return try await reading { db in
      Set(try await db.column(
        "SELECT status_id FROM \(raw: table) WHERE user_id = \(user) AND status_id = \(any: Array(Set(statusIDs)))",
        as: Int64.self))
    }
  }
}
