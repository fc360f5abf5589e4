import Foundation

/// OAuth clients (apps) and the grants issued to them: codes, access and refresh tokens, sign-in sessions.
/// Only hashes of secrets are stored.
package protocol CredentialStore: Sendable {
  func createApp(_ app: AppRecord) async throws
  func app(clientID: String) async throws -> AppRecord?
  func apps(ids: [Int64]) async throws -> [Int64: AppRecord]
  /// Registers the app for `scopes` instead, and in the same transaction ends its grants (codes and tokens, of
  /// everyone) whose scopes `keep` refuses: a narrower registration takes effect at once. How many grants ended;
  /// `.notFound` when there is no such app.
  func setAppScopes(appID: Int64, scopes: [String], keep: @Sendable ([String]) -> Bool) async throws -> Int
  func saveGrant(_ grant: GrantRecord) async throws
  func grant(hash: String, kind: GrantRecord.Kind) async throws -> GrantRecord?
  /// Deletes and returns the grant in one step, so a code can be redeemed once only.
  func takeGrant(hash: String, kind: GrantRecord.Kind) async throws -> GrantRecord?
  /// Revokes every access and refresh grant of this user for this app.
  func revokeGrants(userID: Int64, appID: Int64) async throws
  /// The apps holding live tokens of this user, with the scopes of those tokens, first let in first.
  func authorizations(userID: Int64, now: Date) async throws -> [Authorization]
  /// Revokes every grant issued from the authorization code whose hash is `origin`; how many there were.
  func revokeGrants(origin: String) async throws -> Int
}
