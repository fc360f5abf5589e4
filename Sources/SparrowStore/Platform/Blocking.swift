/// 拉黑, 屏蔽 and suspension as every app's reads apply them, written once for both engines (tables `blocks`,
/// `mutes` and `suspensions`).
///
/// A block keeps two people apart both ways: neither sees the other's statuses, comments or public entries, and
/// neither can follow the other. A suspended account is kept apart from everyone: its content is hidden while the
/// suspension lasts, and back when it is lifted. A mute is one person's: the muted one's statuses leave the muter's
/// timelines, and the muted one cannot tell. People block and mute in 微博; every app's reads respect it.
package enum Blocking {
  /// The ids of everyone `viewer` is kept apart from (blocked by them, blocking them, or suspended), as a subquery.
  /// Nobody blocks the signed-out viewer 0; suspended accounts are kept from them too. A handful of rows at most for
  /// nearly everyone, read by key.
  package static func between(_ viewer: Int64) -> SQL {
    """
    SELECT blocked_id FROM blocks WHERE blocker_id = \(viewer) \
    UNION ALL SELECT blocker_id FROM blocks WHERE blocked_id = \(viewer) \
    UNION ALL SELECT user_id FROM suspensions WHERE user_id <> \(viewer)
    """
  }

  /// `column` (an author's id) is nobody `viewer` is kept apart from.
  package static func clear(_ column: String, for viewer: Int64) -> SQL {
    "\(raw: column) NOT IN (\(sql: between(viewer)))"
  }

  /// The people `viewer` muted, as a subquery.
  package static func muted(by viewer: Int64) -> SQL { "SELECT muted_id FROM mutes WHERE muter_id = \(viewer)" }

}
