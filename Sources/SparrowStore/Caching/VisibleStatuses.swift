import Foundation

extension StoreCaches {
  /// Of `ids`, the statuses `viewer` may see, from the caches alone: `WeiboSQL.visibleTo`'s rule (public or
  /// theirs, by nobody a block or a suspension keeps apart, as the viewer's held relations name them) over the held
  /// rows; nil when a row or the relations are not held (the engine then reads the database). A status page, its
  /// comments' statuses and Mastodon's context read one status each this way before anything else.
  package func statuses(_ ids: [Int64], visibleTo viewer: Int64) -> [Int64: StatusRecord]? {
    guard case .relations(let relations) = userRows.relations(of: viewer) else { return nil }
    let (rows, missing) = statusRows.rows(ids)
    guard missing.isEmpty else { return nil }
    return rows.filter { $0.value.isVisible(to: viewer) && !relations.apart.contains($0.value.userID) }
  }
}
