import Foundation

/// Request counters per key and window, shared by every server process on the database: each process adds
/// what it counted since its last visit and reads the totals back.
package protocol RateStore: Sendable {
  /// Adds `deltas` to the counters of `window`, forgets windows before `window - 1`, and returns the totals of
  /// `keys` in `window`, every process's counts included.
  func addRates(_ deltas: [String: Int], window: Int64, reading keys: [String]) async throws -> [String: Int]
}
