import Foundation
import SparrowStore

/// One line in the guestbook.
package struct GuestbookEntry: Equatable, Sendable {
  package let id: Int64
  package let userID: Int64
  package let text: String
  package let createdAt: Date

  package init(id: Int64, userID: Int64, text: String, createdAt: Date) {
    self.id = id
    self.userID = userID
    self.text = text
    self.createdAt = createdAt
  }
}

/// The guestbook: a test app that proves an app is only its folder and its place in the composition.
package protocol GuestbookStore: Sendable {
  /// Adds a line; `.conflict` on a taken id.
  func sign(_ entry: GuestbookEntry) async throws
  /// The newest lines first, at most `limit`, with how many there are.
  func entries(limit: Int) async throws -> FeedPage<GuestbookEntry>
}

/// The columns both engines read, in order, and the one order both list in: written once, above the engines.
enum GuestbookSQL {
  static let columns = "id, user_id, text, created_at"
  static func newest(limit: Int) -> SQL { "SELECT \(raw: columns) FROM guestbook ORDER BY id DESC LIMIT \(limit)" }
  static let count: SQL = "SELECT count(*) FROM guestbook"
  static func insert(_ entry: GuestbookEntry) -> SQL {
    "INSERT INTO guestbook (\(raw: columns)) VALUES (\(entry.id), \(entry.userID), \(entry.text), \(millis(entry.createdAt)))"
  }
}
