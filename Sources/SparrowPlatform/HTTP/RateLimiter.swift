import Foundation
import Logging
import SparrowStore

/// Hourly request limits in the Weibo style, per address, per user of an app, and per user for costly calls
/// (posting, commenting, following). 0 turns a limit off.
package struct RateLimits: Sendable, Equatable {
  package var perAddress = 10_000
  package var perUser = 1_000
  /// By the API name `account/rate_limit_status` reports (`update_status`, `update_comment`, `follow`).
  package var perAPI: [String: Int] = ["update_status": 30, "update_comment": 60, "follow": 60]
  /// Accounts made per hour from one address through `/signup`.
  package var signupsPerAddress = 20

  package init() {}

  /// Every limit off (benchmarks).
  package static let off: RateLimits = {
    var limits = RateLimits()
    limits.perAddress = 0
    limits.perUser = 0
    limits.perAPI = [:]
    limits.signupsPerAddress = 0
    return limits
  }()
}

/// Counts requests against `RateLimits` for the current hour. Each process counts locally and, at most once a
/// second, adds its counts to the database and reads everyone's totals back (`RateStore`), so several
/// instances share one budget; between visits a process may overshoot by what the others counted in that second.
package final class RateLimiter: @unchecked Sendable {
  package let limits: RateLimits
  let store: any RateStore
  let now: @Sendable () -> Date
  let logger = Logger(label: "sparrow.rates")

  private let lock = NSLock()
  private var window: Int64 = 0
  /// Totals every process had reached at the last visit to the database.
  private var known: [String: Int] = [:]
  /// Counted here since then: being added to the database, and not yet sent.
  private var inFlight: [String: Int] = [:]
  private var pending: [String: Int] = [:]
  private var lastSync = Date.distantPast
  private var syncing = false

  package init(limits: RateLimits, store: any RateStore, now: @escaping @Sendable () -> Date) {
    self.limits = limits
    self.store = store
    self.now = now
  }

  /// Which limit a request ran into.
  package enum Exceeded: Error, Equatable {
    case address, user, api(String)
  }

  /// Where a caller stands on its user limit, for the response headers and `rate_limit_status`.
  package struct Standing: Sendable, Equatable {
    package let limit: Int
    package let remaining: Int
    /// Seconds until the window resets.
    package let reset: Int
  }

  package static func addressKey(_ address: String) -> String { "ip:" + address }
  package static func userKey(_ user: Int64, app: Int64) -> String { "u:\(user):\(app)" }
  package static func signupKey(_ address: String) -> String { "signup:" + address }
  package static func apiKey(_ user: Int64, _ api: String) -> String { "api:\(user):\(api)" }

  /// Counts one request of `address` (before authentication); throws `.address` past the limit.
  package func admit(address: String?) throws {
    guard let address, limits.perAddress > 0 else { return }
    try admit([(Self.addressKey(address), limits.perAddress, .address)])
  }

  /// Counts one sign-up from `address`; throws `.address` past the sign-up limit.
  package func admit(signupFrom address: String?) throws {
    guard let address, limits.signupsPerAddress > 0 else { return }
    try admit([(Self.signupKey(address), limits.signupsPerAddress, .address)])
  }

  /// Counts one call of `user` through `app` (and of `api`, if it has its own limit); throws past a limit.
  package func admit(user: Int64, app: Int64, api: String?) throws {
    var checks: [(String, Int, Exceeded)] = []
    if limits.perUser > 0 { checks.append((Self.userKey(user, app: app), limits.perUser, .user)) }
    if let api, let limit = limits.perAPI[api], limit > 0 { checks.append((Self.apiKey(user, api), limit, .api(api))) }
    try admit(checks)
  }

  /// The user's standing now, without counting.
  package func standing(user: Int64, app: Int64) -> Standing? {
    standing(Self.userKey(user, app: app), limits.perUser)
  }

  /// The address's standing now, without counting: for calls without a user (signed-out reads, signed apps).
  package func standing(address: String?) -> Standing? {
    address.flatMap { standing(Self.addressKey($0), limits.perAddress) }
  }

  /// Where `key` stands against `limit` (nil when the limit is off).
  private func standing(_ key: String, _ limit: Int) -> Standing? {
    guard limit > 0 else { return nil }
    return lock.withLock {
      roll()
      return Standing(limit: limit, remaining: max(0, limit - used(key)), reset: secondsLeft())
    }
  }

  /// How much of `api`'s own limit the user has left.
  package func remaining(user: Int64, api: String) -> (limit: Int, remaining: Int)? {
    guard let limit = limits.perAPI[api], limit > 0 else { return nil }
    return (limit, remaining(Self.apiKey(user, api), limit))
  }

  /// How much of the address limit `address` has left.
  package func remaining(address: String?) -> Int {
    guard let address, limits.perAddress > 0 else { return limits.perAddress }
    return remaining(Self.addressKey(address), limits.perAddress)
  }

  private func remaining(_ key: String, _ limit: Int) -> Int {
    lock.lock()
    defer { lock.unlock() }
    roll()
    return max(0, limit - used(key))
  }

  private func admit(_ checks: [(String, Int, Exceeded)]) throws {
    guard !checks.isEmpty else { return }
    lock.lock()
    roll()
    for (key, limit, which) in checks where used(key) >= limit {
      lock.unlock()
      throw which
    }
    for (key, _, _) in checks { pending[key, default: 0] += 1 }
    let due = !syncing && now().timeIntervalSince(lastSync) >= 1
    if due { syncing = true }
    lock.unlock()
    if due { Task { await self.sync() } }
  }

  /// Adds what this process counted to the shared counters and takes everyone's totals back.
  package func sync() async {
    let (deltas, window, keys) = lock.withLock {
      let taken = (pending, self.window, Array(Set(pending.keys).union(known.keys)))
      inFlight = pending
      pending = [:]
      return taken
    }
    do {
      let totals = try await store.addRates(deltas, window: window, reading: keys)
      lock.withLock {
        if window == self.window {
          for key in keys { known[key] = totals[key] ?? 0 }
        }
        inFlight = [:]
        lastSync = now()
        syncing = false
      }
    } catch {
      logger.warning("Could not share request counts: \(error)")
      lock.withLock {
        // Keep the counts for the next visit rather than lose them.
        if window == self.window { pending.merge(deltas, uniquingKeysWith: +) }
        inFlight = [:]
        lastSync = now()
        syncing = false
      }
    }
  }

  /// Every process's count as last read, plus what this one counted since. Call with the lock held.
  private func used(_ key: String) -> Int { (known[key] ?? 0) + (inFlight[key] ?? 0) + (pending[key] ?? 0) }

  /// A new hour starts every count again. Call with the lock held.
  private func roll() {
    let current = Int64(now().timeIntervalSince1970 / 3600)
    if current != window {
      window = current
      known = [:]
      inFlight = [:]
      pending = [:]
    }
  }

  private func secondsLeft() -> Int {
    let seconds = now().timeIntervalSince1970
    return Int((Double(window + 1) * 3600 - seconds).rounded(.up))
  }
}
