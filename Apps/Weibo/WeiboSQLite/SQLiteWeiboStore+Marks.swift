import Foundation
import GRDB
import SparrowStore
import SparrowStoreSQLite
import WeiboStore

// Favourites and likes.
extension SQLiteWeiboStore {
  package func favorite(_ mark: Mark) async throws {
    defer { caches.invalidate(.favorite(by: mark.userID)) }
    try await pool.write { db in
      guard try Bool.fetchOne(try db.cachedStatement(sql: "SELECT 1 FROM statuses WHERE id = ?"), arguments: [mark.statusID]) == true
      else { throw StoreError.notFound }
      let exists = try Bool.fetchOne(try db.cachedStatement(sql: "SELECT 1 FROM favorites WHERE user_id = ? AND status_id = ?"), arguments: [mark.userID, mark.statusID])
      if exists == true { throw StoreError.conflict }
      try db.execute(
        sql: "INSERT INTO favorites (user_id, status_id, id, created_at) VALUES (?, ?, ?, ?)",
        arguments: [mark.userID, mark.statusID, mark.id, millis(mark.createdAt)])
      try db.execute(
        sql: "UPDATE users SET favourites_count = favourites_count + 1 WHERE id = ?", arguments: [mark.userID])
    }
  }

  package func unfavorite(userID: Int64, statusID: Int64) async throws -> Mark {
    defer { caches.invalidate(.favorite(by: userID)) }
    return try await pool.write { db in
      guard let mark = try Row.fetchOne(try db.cachedStatement(sql: "SELECT \(markColumns) FROM favorites WHERE user_id = ? AND status_id = ?"), arguments: [userID, statusID]
      ).map(Mark.init(row:))
      else { throw StoreError.notFound }
      try db.execute(sql: "DELETE FROM favorites WHERE user_id = ? AND status_id = ?", arguments: [userID, statusID])
      try db.execute(sql: "UPDATE users SET favourites_count = favourites_count - 1 WHERE id = ?", arguments: [userID])
      return mark
    }
  }

  package func favorite(userID: Int64, statusID: Int64) async throws -> Mark? {
    try await reading { db in
      try Row.fetchOne(try db.cachedStatement(sql: "SELECT \(markColumns) FROM favorites WHERE user_id = ? AND status_id = ?"), arguments: [userID, statusID]
      ).map(Mark.init(row:))
    }
  }

  package func favorites(userID: Int64, page: Page) async throws -> [Mark] {
    try await reading { db in
      try Row.fetchAll(try db.cachedStatement(sql: "SELECT \(markColumns) FROM favorites WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?"),
        arguments: [userID, page.count, page.offset]
      ).map(Mark.init(row:))
    }
  }

  package func favorited(by user: Int64, among statusIDs: [Int64]) async throws -> Set<Int64> {
    try await marked("favorites", by: user, among: statusIDs)
  }

  package func like(_ mark: Mark) async throws {
    var owner: Int64?
    defer { caches.invalidate(.like(by: mark.userID, of: mark.statusID, owner: owner)) }
    owner = try await pool.write { db in
      guard let author = try Int64.fetchOne(try db.cachedStatement(sql: "SELECT user_id FROM statuses WHERE id = ?"), arguments: [mark.statusID])
      else { throw StoreError.notFound }
      let exists = try Bool.fetchOne(try db.cachedStatement(sql: "SELECT 1 FROM likes WHERE user_id = ? AND status_id = ?"), arguments: [mark.userID, mark.statusID])
      if exists == true { throw StoreError.conflict }
      try db.execute(
        sql: "INSERT INTO likes (user_id, status_id, status_user_id, id, created_at) VALUES (?, ?, ?, ?, ?)",
        arguments: [mark.userID, mark.statusID, author, mark.id, millis(mark.createdAt)])
      try db.execute(
        sql: "UPDATE statuses SET attitudes_count = attitudes_count + 1 WHERE id = ?", arguments: [mark.statusID])
      return author
    }
  }

  package func unlike(userID: Int64, statusID: Int64) async throws -> Mark {
    var owner: Int64?
    defer { caches.invalidate(.like(by: userID, of: statusID, owner: owner)) }
    let (mark, author) = try await pool.write { db in
      guard let row = try Row.fetchOne(
        try db.cachedStatement(sql: "SELECT \(markColumns), status_user_id FROM likes WHERE user_id = ? AND status_id = ?"),
        arguments: [userID, statusID])
      else { throw StoreError.notFound }
      let mark = Mark(row: row)
      try db.execute(sql: "DELETE FROM likes WHERE user_id = ? AND status_id = ?", arguments: [userID, statusID])
      try db.execute(
        sql: "UPDATE statuses SET attitudes_count = attitudes_count - 1 WHERE id = ?", arguments: [statusID])
      return (mark, row[4] as Int64)
    }
    owner = author
    return mark
  }

  package func liked(by user: Int64, among statusIDs: [Int64]) async throws -> Set<Int64> {
    try await marked("likes", by: user, among: statusIDs)
  }

  package func likes(statusID: Int64, page: Page) async throws -> [Mark] {
    try await reading { db in
      try Row.fetchAll(try db.cachedStatement(sql: "SELECT \(markColumns) FROM likes WHERE status_id = ? AND id > ? AND (? = 0 OR id <= ?) ORDER BY id DESC LIMIT ? OFFSET ?"),
        arguments: [statusID, page.sinceID, page.maxID, page.maxID, page.count, page.offset]
      ).map(Mark.init(row:))
    }
  }

  package func likesGiven(userID: Int64, page: Page) async throws -> [Mark] {
    try await reading { db in
      try Row.fetchAll(try db.cachedStatement(sql: "SELECT \(markColumns) FROM likes WHERE user_id = ? AND id > ? AND (? = 0 OR id <= ?) ORDER BY id DESC LIMIT ? OFFSET ?"),
        arguments: [userID, page.sinceID, page.maxID, page.maxID, page.count, page.offset]
      ).map(Mark.init(row:))
    }
  }

  package func likesReceived(userID: Int64, page: Page) async throws -> [Mark] {
    try await caches.reachedReads.read(userID, "likes received", page: page) {
      try await reading { db in
        try Row.fetchAll(try db.cachedStatement(sql: "SELECT \(markColumns) FROM likes WHERE status_user_id = ? AND user_id <> ? AND id > ? AND (? = 0 OR id <= ?) ORDER BY id DESC LIMIT ? OFFSET ?"),
          arguments: [userID, userID, page.sinceID, page.maxID, page.maxID, page.count, page.offset]
        ).map(Mark.init(row:))
      }
    }
  }

  func marked(_ table: String, by user: Int64, among statusIDs: [Int64]) async throws -> Set<Int64> {
    try await reading { db in try Self.marked(table, by: user, among: statusIDs, db) }
  }

  static func marked(_ table: String, by user: Int64, among statusIDs: [Int64], _ db: Database) throws -> Set<Int64> {
    guard !statusIDs.isEmpty else { return [] }
    let unique = Array(Set(statusIDs))
    return Set(
      try Int64.fetchAll(try db.cachedStatement(sql: "SELECT m.status_id FROM json_each(?2) j CROSS JOIN \(table) m ON m.user_id = ?1 AND m.status_id = j.value"),
        arguments: [user, jsonList(unique)]))
  }
}
