import SparrowStore

/// 打卡's reads' rules, written once for both engines.
package enum DakaSQL {
  /// Who may see an entry: everyone when it is public, else its author; and nobody a block keeps apart from its
  /// author (`Blocking`).
  package static func visible(to viewer: Int64?) -> SQL {
    guard let viewer else { return "public = 1 AND \(sql: Blocking.clear("user_id", for: 0))" }
    return "(public = 1 OR user_id = \(viewer)) AND \(sql: Blocking.clear("user_id", for: viewer))"
  }

  /// What `query` narrows a list to beyond who may see it and the search text: an author, a trip, a year, a
  /// country, a city; each as ` AND …`, empty when it narrows nothing.
  package static func filters(_ query: CheckinQuery) -> SQL {
    var sql: SQL = ""
    if let author = query.author { sql = sql + " AND user_id = \(author)" }
    if let trip = query.trip { sql = sql + " AND trip_id = \(trip)" }
    if let year = query.year, (1900...2100).contains(year) {
      sql = sql + " AND day >= \(String(format: "%04d-01-01", year)) AND day < \(String(format: "%04d-01-01", year + 1))"
    }
    if let code = query.countryCode { sql = sql + " AND country_code = \(code.uppercased())" }
    if let city = query.cityAdcode { sql = sql + " AND city_adcode = \(city)" }
    if let city = query.geonameID { sql = sql + " AND geoname_id = \(city)" }
    return sql
  }

  /// The order of a list: newest first by date, then by creation; a trip's oldest first.
  package static func order(_ query: CheckinQuery) -> String {
    query.oldestFirst ? "day, created_at, id" : "day DESC, created_at DESC, id DESC"
  }

  /// Saving a trip of `userID`'s with `entries` (theirs, checked before): its row written or replaced, the entries
  /// it had released, the ones it has linked.
  package static func saveTrip(_ trip: TripRecord, entries: [Int64]) -> [SQL] {
    var statements: [SQL] = [
      "DELETE FROM daka_trips WHERE id = \(trip.id)",
      """
      INSERT INTO daka_trips (\(raw: tripColumns)) VALUES (\(trip.id), \(trip.userID), \(trip.name), \
      \(Int64(trip.visibility == .public ? 1 : 0)), \(trip.cover), \(millis(trip.createdAt)))
      """,
      "UPDATE daka_checkins SET trip_id = NULL WHERE trip_id = \(trip.id)",
    ]
    if !entries.isEmpty {
      // Ids are integers: written into the statement, the same list for both engines.
      let list = Set(entries).sorted().map(String.init).joined(separator: ",")
      statements.append("UPDATE daka_checkins SET trip_id = \(trip.id) WHERE user_id = \(trip.userID) AND id IN (\(raw: list))")
    }
    return statements
  }

  /// Which of `entries` are not `userID`'s: one row each of theirs, to compare.
  package static func ownEntries(_ entries: [Int64], of userID: Int64) -> SQL {
    let list = Set(entries).sorted().map(String.init).joined(separator: ",")
    return "SELECT id FROM daka_checkins WHERE user_id = \(userID) AND id IN (\(raw: list.isEmpty ? "0" : list))"
  }

  /// Deleting a trip of `userID`'s: its entries stay, released.
  package static func deleteTrip(_ id: Int64, of userID: Int64) -> [SQL] {
    [
      "UPDATE daka_checkins SET trip_id = NULL WHERE trip_id = \(id) AND user_id = \(userID)",
      "DELETE FROM daka_trips WHERE id = \(id) AND user_id = \(userID)",
    ]
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

  /// A person's row moves its `version` too (a first row starts at 1, after the 0 of none; `daka-v8`).
  static func upsert(user: Int64, entries: Int, public: Int) -> SQL {
    """
    INSERT INTO daka_counts (user_id, entries, public_entries, version) VALUES (\(user), \(entries), \(`public`), 1) \
    ON CONFLICT (user_id) DO UPDATE SET entries = daka_counts.entries + excluded.entries, \
    public_entries = daka_counts.public_entries + excluded.public_entries, version = daka_counts.version + 1
    """
  }

  /// The version of `user`'s journal: moved by every write of one of their entries (added, edited, deleted, hidden
  /// or shown by staff), in its transaction; 0 before the first since `daka-v8`. What is read of their entries as a whole (我的's
  /// numbers and points, `KeptVisits`) holds while it stands.
  package static func version(of user: Int64) -> SQL {
    "coalesce((SELECT version FROM daka_counts WHERE user_id = \(user)), 0)"
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
