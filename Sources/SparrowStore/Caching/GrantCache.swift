import Foundation

/// Grants by hash, as read: every API call looks its token up, and a grant never changes, it is only
/// deleted. Taking or revoking grants invalidates them (`CacheInvalidation.grant`, `.tokens`), so this is
/// exact for one process; in another, a deleted grant stays usable until the invalidation arrives there
/// or the grant expires.
package final class GrantCache: @unchecked Sendable {
  /// Past this many entries the cache starts over: a bound, not a policy.
  package static let limit = 50_000

  private let lock = NSLock()
  private var grants: [String: GrantRecord] = [:]
  /// Bumped by every deletion, so that a read which raced with one does not cache what it saw.
  private var generation = 0
  private var counted = CacheTally()

  package var tally: CacheTally { lock.withLock { counted } }

  /// The cached grant, and the generation to hand back to `add` after reading the database.
  package func lookup(hash: String, kind: GrantRecord.Kind) -> (grant: GrantRecord?, generation: Int) {
    lock.lock()
    defer { lock.unlock() }
    let grant = grants[hash].flatMap { $0.kind == kind ? $0 : nil }
    counted.count(hits: grant == nil ? 0 : 1, misses: grant == nil ? 1 : 0)
    return (grant, generation)
  }

  /// Caches a grant read at `generation`, unless a grant was deleted since.
  package func add(_ grant: GrantRecord, readAt generation: Int) {
    lock.lock()
    defer { lock.unlock() }
    guard generation == self.generation else { return }
    if grants.count >= Self.limit { grants.removeAll(keepingCapacity: true) }
    grants[grant.hash] = grant
  }

  package func remove(hash: String) {
    lock.lock()
    defer { lock.unlock() }
    generation += 1
    grants[hash] = nil
  }

  /// Mirrors `revokeGrants`: the user's access and refresh grants for the app.
  package func removeTokens(userID: Int64, appID: Int64) {
    lock.lock()
    defer { lock.unlock() }
    generation += 1
    grants = grants.filter { _, grant in
      !(grant.userID == userID && grant.appID == appID && (grant.kind == .access || grant.kind == .refresh))
    }
  }

  package func removeAll() {
    lock.lock()
    defer { lock.unlock() }
    generation += 1
    grants.removeAll()
  }

  /// Every grant of `userID`, whatever its kind or app.
  package func remove(userID: Int64) {
    lock.lock()
    defer { lock.unlock() }
    generation += 1
    grants = grants.filter { $0.value.userID != userID }
  }

  /// Every grant of an app, whatever its kind or user.
  package func remove(appID: Int64) {
    lock.lock()
    defer { lock.unlock() }
    generation += 1
    grants = grants.filter { $0.value.appID != appID }
  }

  /// Mirrors `revokeGrants(origin:)`.
  package func remove(origin: String) {
    lock.lock()
    defer { lock.unlock() }
    generation += 1
    grants = grants.filter { $0.value.origin != origin }
  }
}
