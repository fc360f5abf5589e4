import Foundation

/// Failed sign-ins, by key (an account or an address), for throttling password guessing. Only failures are
/// written, so a normal sign-in costs one read.
package protocol SignInStore: Sendable {
  /// How many failures `key` has had since `since`, and when the last one was.
  func signInFailures(_ key: String, since: Date) async throws -> (count: Int, last: Date?)
  /// Records a failure of `key` at `at`, forgetting its failures from before `forgetBefore`.
  func recordSignInFailure(_ key: String, at: Date, forgetBefore: Date) async throws
  /// Forgets `key`'s failures (after a successful sign-in of that account).
  func clearSignInFailures(_ key: String) async throws
}
