/// The newest ids seen, up to `limit`: a live stream's memory of what it already sent (`StatusEvents`, Mastodon's
/// streams), bounded so that a long-lived one holds no more.
package struct RecentIDs: Sendable {
  private let limit: Int
  private var order: [Int64] = []
  private var ids = Set<Int64>()

  package init(limit: Int = 1000) { self.limit = limit }

  package func contains(_ id: Int64) -> Bool { ids.contains(id) }

  /// Whether `id` is new here; the oldest goes past `limit`.
  @discardableResult
  package mutating func insert(_ id: Int64) -> Bool {
    guard ids.insert(id).inserted else { return false }
    order.append(id)
    if order.count > limit { ids.remove(order.removeFirst()) }
    return true
  }
}
