import SparrowStore

/// A page of a status feed that holds only what reaches its reader (`StatusFeed.reached(by:_:)`: the public statuses
/// naming them), for both engines: its ids and total kept with what else reaches the reader (`ReachedReads`), its
/// rows read by id as any status is (`rows`: `statuses(ids:visibleTo:)`, from the held rows), so that its counters
/// are current.
package enum ReachedStatusPages {
  package static func page(
    _ name: String, of viewer: Int64, _ page: Page, caches: StoreCaches,
    rows: ([Int64]) async throws -> [Int64: StatusRecord], read: () async throws -> FeedPage<StatusRecord>
  ) async throws -> FeedPage<StatusRecord> {
    var fresh: FeedPage<StatusRecord>?
    let kept = try await caches.reachedReads.read(viewer, name, page: page) {
      let found = try await read()
      fresh = found
      return FeedPage(items: found.items.map(\.id), total: found.total)
    }
    if let fresh { return fresh }
    let found = try await rows(kept.items)
    // A status gone since it was kept (a removal drops what was kept, so only in a race): the page read afresh.
    guard found.count == kept.items.count else { return try await read() }
    return FeedPage(items: kept.items.compactMap { found[$0] }, total: kept.total)
  }
}
