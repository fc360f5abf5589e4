import Foundation

/// Accounts: one per person, shared by every app.
package protocol UserStore: Sendable {
  /// Adds a user; `.conflict` when the screen name is taken (case-insensitively).
  func createUser(_ user: UserRecord) async throws
  /// Changes a user's profile fields (not counters).
  func updateUser(_ user: UserRecord) async throws
  func user(id: Int64) async throws -> UserRecord?
  /// Case-insensitive lookup by screen name.
  func user(screenName: String) async throws -> UserRecord?
  func users(ids: [Int64]) async throws -> [Int64: UserRecord]
  func users(screenNames: [String]) async throws -> [UserRecord]
  /// Users whose name contains `keyword`, most followed first.
  func searchUsers(_ keyword: String, limit: Int) async throws -> [UserRecord]
  /// How many accounts there are (an instance's size, as federated servers tell it).
  func userCount() async throws -> Int
  /// Writes accounts and apps as they are, in one transaction (bulk loads: the demo world, benchmark datasets).
  func importAccounts(users: [UserRecord], apps: [AppRecord]) async throws
}

/// How many accounts there are, kept in `platform_counters` (SQLite `v15`, PostgreSQL `v9`) and moved in the
/// transaction of every account written, on both engines: the Mastodon instance and NodeInfo, read as a client signs
/// in, counted every account's index entry per request (20,000 at a million statuses). Written as an upsert, so an
/// empty database has no row (and a copy into an empty one brings the row as it is).
package enum PeopleCount {
  package static let counted: SQL = """
    INSERT INTO platform_counters (name, n) VALUES ('people', 1) \
    ON CONFLICT (name) DO UPDATE SET n = platform_counters.n + 1
    """

  package static let read: SQL = "SELECT coalesce((SELECT n FROM platform_counters WHERE name = 'people'), 0)"

  /// The table and its count from the rows, for the migration that adds it.
  package static let migration: [SQL] = [
    "CREATE TABLE platform_counters (name TEXT PRIMARY KEY, n BIGINT NOT NULL)",
    "INSERT INTO platform_counters (name, n) SELECT 'people', count(*) FROM users HAVING count(*) > 0",
  ]
}
