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
