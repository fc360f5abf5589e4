import Foundation
import SparrowStore

/// Slows password guessing on every sign-in form and grant: past a few failures for one account, or more from
/// one address, within `window`, each further try waits twice as long as the last (up to `maxDelay`). The right
/// password works again once the wait is over, and failures older than the window are forgotten: nothing
/// locks an account for good.
package struct SignInThrottle: Sendable {
  let store: any SignInStore
  let now: @Sendable () -> Date
  package var window: TimeInterval = 15 * 60
  package var freeForAccount = 5
  package var freeForAddress = 20
  package var maxDelay: TimeInterval = 15 * 60

  package init(store: any SignInStore, now: @escaping @Sendable () -> Date) {
    self.store = store
    self.now = now
  }

  /// Why a try must wait.
  package struct Wait: Error, Equatable {
    /// Whole seconds left.
    package let seconds: Int
    /// In the words the sign-in page shows.
    package var message: String { "尝试次数太多，请 \(seconds) 秒后再试" }
  }

  /// Throws `Wait` if `account` or `address` must wait before another try.
  package func check(account: String, address: String?) async throws {
    var longest: TimeInterval = 0
    for (key, free) in keys(account, address) {
      let (count, last) = try await store.signInFailures(key, since: now().addingTimeInterval(-window))
      guard count >= free, let last else { continue }
      let delay = min(maxDelay, pow(2, Double(count - free)))
      longest = max(longest, last.addingTimeInterval(delay).timeIntervalSince(now()))
    }
    // Times are stored to the millisecond: what is left within one of a whole second reads as that second.
    if longest > 0 { throw Wait(seconds: max(1, Int((longest - 0.001).rounded(.up)))) }
  }

  /// Records a wrong password for `account` from `address`.
  package func failed(account: String, address: String?) async throws {
    let at = now()
    for (key, _) in keys(account, address) {
      try await store.recordSignInFailure(key, at: at, forgetBefore: at.addingTimeInterval(-window))
    }
  }

  /// A right password: the account's failures are forgotten (the address's are not: it may be guessing others).
  package func succeeded(account: String) async throws {
    try await store.clearSignInFailures(Self.accountKey(account))
  }

  static func accountKey(_ account: String) -> String { "account:" + account.lowercased() }

  private func keys(_ account: String, _ address: String?) -> [(String, Int)] {
    [(Self.accountKey(account), freeForAccount)] + (address.map { [("address:" + $0, freeForAddress)] } ?? [])
  }
}
