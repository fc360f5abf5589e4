import Synchronization
import TuanStore

/// The deals API's keys as found, so that a signed call does not read its key each time: one statement of the two
/// or three of most `/v1/` calls on PostgreSQL (a round trip to another process, like the call's own reads). A key
/// is never changed or removed once saved (`DealsKeyStore` only adds), so a found key stays true; a key not found
/// is not kept, so that one made later (`sparrow app create --deals`, on any instance) works at once. Bounded: past
/// `limit` keys the kept ones start over.
final class KeptDealsKeys: Sendable {
  static let limit = 4_096
  private let found = Mutex<[String: DealsKeyRecord]>([:])

  /// `clientID`'s key: the kept one, else `read`'s (kept when found).
  func key(_ clientID: String, _ read: () async throws -> DealsKeyRecord?) async rethrows -> DealsKeyRecord? {
    if let kept = found.withLock({ $0[clientID] }) { return kept }
    guard let key = try await read() else { return nil }
    found.withLock { found in
      if found.count >= Self.limit { found = [:] }
      found[clientID] = key
    }
    return key
  }
}
