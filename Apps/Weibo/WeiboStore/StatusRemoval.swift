import SparrowStore

/// What deleting a status changes, decided once for both engines: each engine reads the row (PostgreSQL locks it)
/// and `favoriters`, then runs `statements` in order inside its transaction, and drops `invalidation` afterwards.
package struct StatusRemoval: Sendable {
  package let status: StatusRecord

  package init(_ status: StatusRecord) { self.status = status }

  /// Who had favourited it: their counters fall.
  package var favoriters: SQL { "SELECT user_id FROM favorites WHERE status_id = \(status.id)" }

  /// The row and everything hanging off it, with the counters it raised lowered (the favourites' owners' before
  /// the favourites go).
  package var statements: [SQL] {
    let id = status.id
    var statements: [SQL] = [
      "DELETE FROM statuses WHERE id = \(id)",
      "DELETE FROM picture_refs WHERE ref = \("status:\(id)")",
      """
      UPDATE users SET statuses_count = statuses_count - 1, \
      private_statuses_count = private_statuses_count - \(status.visible == 0 ? 0 : 1) WHERE id = \(status.userID)
      """,
    ]
    if let original = status.retweetedID {
      statements.append(
        "UPDATE statuses SET reposts_count = reposts_count - 1 WHERE id IN (\(original), \(status.parentID ?? original))")
    }
    if status.visible == 0 { statements.append(WeiboSQL.publicStatuses(status, by: -1)) }
    if let kinds = WeiboSQL.kindCounts(status, by: -1, privately: status.visible == 0 ? 0 : -1) { statements.append(kinds) }
    statements += [
      "UPDATE users SET favourites_count = favourites_count - 1 WHERE id IN (SELECT user_id FROM favorites WHERE status_id = \(id))",
      "DELETE FROM comment_mentions WHERE comment_id IN (SELECT id FROM comments WHERE status_id = \(id))",
    ]
    for table in ["favorites", "likes", "comments", "status_mentions"] {
      statements.append("DELETE FROM \(raw: table) WHERE status_id = \(id)")
    }
    statements += WeiboSQL.topicsDropped(id, postedAt: status.createdAt)
    return statements
  }

  /// The author's and the favouriters' rows, the statuses whose counters fell, and the status itself everywhere.
  package func invalidation(favoriters: [Int64]) -> CacheInvalidation {
    .several([
      .userRows(users: [status.userID] + favoriters),
      .statuses(changed: status.changedByPosting([]), removed: [status.id]),
    ])
  }
}
