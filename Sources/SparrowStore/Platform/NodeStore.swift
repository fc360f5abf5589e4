import Foundation

/// Node numbers for the id generators of running server processes, leased so that a process that dies frees its
/// node after the lease runs out, and two live processes never hold the same one.
package protocol NodeStore: Sendable {
  /// Leases a free node (never leased, or its lease ran out before `now`) to `holder` until `until`; the lowest
  /// free number. `.conflict` when every node is held.
  func claimNode(holder: String, until: Date, now: Date) async throws -> Int
  /// Extends `holder`'s lease of `node` to `until`; false when the lease was lost (it ran out and another
  /// holder took the node).
  func renewNode(_ node: Int, holder: String, until: Date) async throws -> Bool
  /// Ends `holder`'s lease of `node` now (a clean exit).
  func releaseNode(_ node: Int, holder: String) async throws
  /// The instance-wide secret `name` (the form-token key): `proposed` if none was kept yet, else the one kept,
  /// so every process on the database signs with the same key.
  func secret(named name: String, proposing proposed: String) async throws -> String
  /// One read of the database itself, around every cache: what `/healthz` asks (`.unavailable` when it is away).
  func ping() async throws
  /// The engine's figures for `/metrics`: cache hits, pool use.
  var statistics: StoreStatistics { get }
}
