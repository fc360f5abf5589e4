/// 拉黑 and 屏蔽 as every app's reads apply them, written once for both engines (tables `blocks` and `mutes`).
///
/// A block keeps two people apart both ways: neither sees the other's statuses, comments or public entries, and
/// neither can follow the other. A mute is one person's: the muted one's statuses leave the muter's timelines,
/// and the muted one cannot tell. People are made to block and mute in 微博; every app's reads respect it.
package enum Blocking {
  /// The ids of everyone `viewer` is kept apart from (blocked by them, or blocking them), as a subquery. Nobody
  /// blocks the signed-out viewer 0, so it finds nothing for them.
  package static func between(_ viewer: Int64) -> SQL {
    """
    SELECT blocked_id FROM blocks WHERE blocker_id = \(viewer) \
    UNION ALL SELECT blocker_id FROM blocks WHERE blocked_id = \(viewer)
    """
  }

  /// `column` (an author's id) is nobody `viewer` is kept apart from.
  package static func clear(_ column: String, for viewer: Int64) -> SQL {
    "\(raw: column) NOT IN (\(sql: between(viewer)))"
  }

  /// The people `viewer` muted, as a subquery.
  package static func muted(by viewer: Int64) -> SQL { "SELECT muted_id FROM mutes WHERE muter_id = \(viewer)" }

  /// Whether `a` and `b` are kept apart, either way: one row when they are.
  package static func exists(_ a: Int64, _ b: Int64) -> SQL {
    """
    SELECT 1 FROM blocks WHERE (blocker_id = \(a) AND blocked_id = \(b)) OR (blocker_id = \(b) AND blocked_id = \(a)) \
    LIMIT 1
    """
  }
}
