import SparrowStore

/// 打卡's reads' rules, written once for both engines.
package enum DakaSQL {
  /// Who may see an entry: everyone when it is public, else its author; and nobody a block keeps apart from its
  /// author (`Blocking`).
  package static func visible(to viewer: Int64?) -> SQL {
    guard let viewer else { return "public = 1 AND \(sql: Blocking.clear("user_id", for: 0))" }
    return "(public = 1 OR user_id = \(viewer)) AND \(sql: Blocking.clear("user_id", for: viewer))"
  }

  /// One row when staff hid entry `id` (the platform's `hidden_content`).
  package static func hidden(_ id: Int64) -> SQL {
    "SELECT 1 FROM hidden_content WHERE target = \(ContentRef("checkin", id).description)"
  }

  /// Staff hiding a public entry makes it its author's alone, as a private one (its counts move), until shown again;
  /// the author cannot make it public meanwhile (`DakaStore.editCheckin`). Whether `checkin` may be hidden (a public
  /// one not hidden) or shown again (a hidden one), and the statements.
  package static func hiding(_ checkin: CheckinRecord, hidden: Bool, isHidden: Bool) -> [SQL]? {
    guard hidden ? checkin.visibility == .public && !isHidden : isHidden else { return nil }
    var changed = checkin
    changed.visibility = hidden ? .private : .public
    return ["UPDATE daka_checkins SET public = \(hidden ? 0 : 1) WHERE id = \(checkin.id)"]
      + DakaCounts.moved(checkin, by: -1) + DakaCounts.moved(changed, by: 1)
  }
}

/// How many entries each person has, and how many of them are public, with the whole site's public entries in the
/// row of user 0 (`daka_counts`, `daka-v2`): kept in the transactions that write entries, so 发现 and 我的 give
/// their totals without counting entries per request. Written by the store, not by triggers: `migrate-data` copies
/// the rows into a database whose triggers would count them again.
package enum DakaCounts {
  /// The statements that move the counts for `checkin` written (`delta` 1) or removed (-1).
  package static func moved(_ checkin: CheckinRecord, by delta: Int) -> [SQL] {
    let isPublic = checkin.visibility == .public ? delta : 0
    var statements: [SQL] = [upsert(user: checkin.userID, entries: delta, public: isPublic)]
    if isPublic != 0 { statements.append(upsert(user: 0, entries: 0, public: isPublic)) }
    return statements
  }

  static func upsert(user: Int64, entries: Int, public: Int) -> SQL {
    """
    INSERT INTO daka_counts (user_id, entries, public_entries) VALUES (\(user), \(entries), \(`public`)) \
    ON CONFLICT (user_id) DO UPDATE SET entries = daka_counts.entries + excluded.entries, \
    public_entries = daka_counts.public_entries + excluded.public_entries
    """
  }

  /// How many entries `query` lists when it searches nothing: the public ones and the viewer's own others, or one
  /// author's (all of them for the author). What a block hides from the viewer (`DakaSQL.visible`) is left out: an
  /// author's count is none, the site's loses their public entries (by the author index; no rows for most viewers).
  package static func total(_ query: CheckinQuery) -> SQL {
    let site: SQL = "coalesce((SELECT public_entries FROM daka_counts WHERE user_id = 0), 0)"
    switch (query.author, query.viewer) {
    case (let author?, let viewer) where author == viewer:
      return "SELECT coalesce((SELECT entries FROM daka_counts WHERE user_id = \(author)), 0)"
    case (let author?, let viewer?):
      return """
        SELECT coalesce((SELECT public_entries FROM daka_counts WHERE user_id = \(author) \
        AND \(sql: Blocking.clear("user_id", for: viewer))), 0)
        """
    case (let author?, nil):
      return """
        SELECT coalesce((SELECT public_entries FROM daka_counts WHERE user_id = \(author) \
        AND \(sql: Blocking.clear("user_id", for: 0))), 0)
        """
    case (nil, let viewer?):
      return """
        SELECT \(sql: site) + coalesce((SELECT entries - public_entries FROM daka_counts WHERE user_id = \(viewer)), 0) \
        - (SELECT count(*) FROM daka_checkins WHERE public = 1 AND user_id IN (\(sql: Blocking.between(viewer))))
        """
    case (nil, nil):
      return """
        SELECT \(sql: site) - (SELECT count(*) FROM daka_checkins WHERE public = 1 AND user_id IN (\(sql: Blocking.between(0))))
        """
    }
  }

  /// The counts from the rows, for the migration that adds them (an empty database gets no rows, so a copy into
  /// it brings them as they are).
  package static let recount = [
    """
    INSERT INTO daka_counts (user_id, entries, public_entries)
    SELECT user_id, count(*), sum(public) FROM daka_checkins GROUP BY user_id
    """,
    """
    INSERT INTO daka_counts (user_id, entries, public_entries)
    SELECT 0, 0, count(*) FROM daka_checkins WHERE public = 1 HAVING count(*) > 0
    """,
  ]
}
