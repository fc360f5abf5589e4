import Foundation
import SparrowStore
import Synchronization

/// 微博's column list for statuses, in the order both engines' row initialisers read it (by position).
package let statusColumns = """
  id, user_id, text, app_id, created_at, retweeted_id, parent_id, pictures, latitude, longitude, visible, \
  reposts_count, comments_count, attitudes_count
  """
/// 微博's column list for comments, in the order both engines' row initialisers read it (by position).
package let commentColumns = "id, status_id, user_id, text, app_id, created_at, reply_comment_id, hidden"
/// `commentColumns` of a join's `c` (worked out once: splitting the list was 2.6 % of a status page).
package let commentColumnsOfC = commentColumns.qualified("c")
/// 微博's column list for favourites and likes, in the order both engines' row initialisers read it (by position).
package let markColumns = "id, user_id, status_id, created_at"

/// 微博's feeds as SQL both engines run: which statuses and comments each feed holds, who may see a status, the
/// paging window and what counts as unread. Each engine renders the statements in its own placeholders and
/// brings only what its dialect says its own way (`Dialect`: text search, how 互相关注's people are found) and
/// SQLite's planner hint (`walk`).
package enum WeiboSQL {
  /// Unread counters stop counting here; clients show "99+" long before.
  package static let unreadCap = 1000

  /// Lists without a kept total (comments, filtered and searched feeds, mentions) count their rows up to here:
  /// `total_number` reads this for a longer list, and a count reads at most this many index entries however long
  /// the list grows (a celebrity's comments received, a filtered feed of a million statuses).
  package static let totalCap = 1000

  /// The rows of `table` that meet `condition`, counted up to `totalCap` (written into the text: see `rowLimit`).
  package static func cappedCount(_ table: String, where condition: SQL) -> SQL {
    "SELECT count(*) FROM (SELECT 1 FROM \(raw: table) WHERE \(sql: condition) LIMIT \(raw: String(totalCap))) AS counted"
  }

  /// Public statuses as an index holds them (a topic's, a search's): `table`'s rows that meet `match`, `id` naming
  /// each status. Holding public statuses only, it counts them alone, and its ids are walked newest first for a
  /// page. `precheck`, where there is one, is a cheap check that `match` implies, for an engine that may walk the
  /// statuses themselves to evaluate first; a count leaves it out. `check`, for an index on `statuses` itself, is
  /// the same statuses told by each row alone, with no index (`newestRows`).
  package struct PublicIndex: Sendable {
    package var table: String
    package var match: SQL
    package var id: String
    package var precheck: SQL
    package var check: SQL?

    package init(table: String, match: SQL, id: String, precheck: SQL = "", check: SQL? = nil) {
      self.table = table
      self.match = match
      self.id = id
      self.precheck = precheck
      self.check = check
    }
  }

  /// What an engine says its own way. How it finds words in status texts, case folded as `SearchFolding` says:
  /// words of two characters or more by its index of public statuses (its trigrams from `trigram` characters, its
  /// pairs, `SearchBigrams`, for two). And how it finds 互相关注's people (`mutualFollowees`).
  package struct Dialect: Sendable {
    /// Words of two characters or more (`SearchBigrams.helps`).
    package var indexed: @Sendable (_ words: String) -> PublicIndex
    /// A status text containing `words`, checked row by row: a single character, which no index serves, over the
    /// newest `shortSearchReach` statuses only.
    package var scan: @Sendable (_ words: String) -> SQL
    /// Whether each of a person's followees is checked by key for following them back, where a join would do.
    /// PostgreSQL keeps one plan for every reader, made for a person of average followers: as a join it read all
    /// the reader's followers (the bench's reader has 19,999 at a million statuses: 33 ms a page of 互相关注, 2.7 ms
    /// by key). SQLite plans each statement for its reader, and its join is the cheaper (70 µs against 80).
    package var mutualsByKey: Bool

    package init(indexed: @escaping @Sendable (String) -> PublicIndex, scan: @escaping @Sendable (String) -> SQL,
                 mutualsByKey: Bool) {
      // A search asks for its words' index three times (its page, its total, its check), and folding the words and
      // pairing them was a tenth of SQLite's read for `search/statuses` (2 % of the route): the index depends on the
      // words alone, so those of the words searched lately are kept (short words only: a query is any length).
      let kept = Mutex(Generations<String, PublicIndex>(limit: 256))
      self.indexed = { words in
        guard words.utf8.count <= 64 else { return indexed(words) }
        if let index = kept.withLock({ $0[words] }) { return index }
        let index = indexed(words)
        kept.withLock { $0[words] = index }
        return index
      }
      self.scan = scan
      self.mutualsByKey = mutualsByKey
    }
  }

  /// Who may see a status: everyone when it is public, else its author; and nobody kept apart from its author by a
  /// block (`Blocking`).
  package static func visibleTo(_ viewer: Int64) -> SQL {
    "(visible = 0 OR user_id = \(viewer)) AND \(sql: Blocking.clear("user_id", for: viewer))"
  }
  /// The same, for the statuses table under `alias` in a join.
  package static func visibleTo(_ viewer: Int64, in alias: String) -> SQL {
    "(\(raw: alias).visible = 0 OR \(raw: alias).user_id = \(viewer)) AND \(sql: Blocking.clear(alias + ".user_id", for: viewer))"
  }

  /// Whom `user`'s home feed shows: everyone they follow but those they muted and suspended accounts. Blocks end
  /// follows both ways, so nobody blocked is among them.
  package static func shownFollowees(_ user: Int64) -> SQL {
    """
    SELECT followee_id FROM follows WHERE follower_id = \(user) AND followee_id NOT IN (\(sql: Blocking.muted(by: user)) \
    UNION ALL SELECT user_id FROM suspensions)
    """
  }

  /// The authors `viewer` does not see in `feed` beyond what its condition says, as a subquery: everyone kept
  /// apart (`Blocking`), and in the timelines (public, 互相关注, 特别关注) also those the viewer muted. Nil where
  /// the feed's condition already leaves them out: a home feed (`shownFollowees`) and an author's page
  /// (`visibleTo`).
  package static func hidden(_ feed: StatusFeed, viewer: Int64) -> SQL? {
    switch feed {
    case .home, .user: return nil
    case .everyone, .bilateral, .special: return Blocking.between(viewer) + " UNION ALL " + Blocking.muted(by: viewer)
    case .mentions, .reposts, .repostsOfAuthor, .topic, .search: return Blocking.between(viewer)
    }
  }

  /// `hidden`, as a condition to append.
  package static func hiding(_ feed: StatusFeed, viewer: Int64) -> SQL {
    guard let hidden = hidden(feed, viewer: viewer) else { return "" }
    return " AND user_id NOT IN (\(sql: hidden))"
  }

  /// `since_id` and `max_id`.
  package static func window(_ page: Page) -> SQL {
    var sql: SQL = ""
    if page.sinceID > 0 { sql += " AND id > \(page.sinceID)" }
    if page.maxID > 0 { sql += " AND id <= \(page.maxID)" }
    return sql
  }

  /// The home feed: all of the user's statuses and the public ones of everyone they follow. `walk` writes
  /// `+user_id`, so that SQLite walks ids newest first instead of the author index (PostgreSQL plans it itself).
  package static func home(_ user: Int64, walk: Bool = false) -> SQL {
    let column = walk ? "+user_id" : "user_id"
    return """
      (\(raw: column) = \(user) OR \(raw: column) IN (\(sql: shownFollowees(user)))) AND (visible = 0 OR user_id = \(user))
      """
  }

  /// The people `user` follows who follow them back: whose statuses 互相关注 (`.bilateral`) shows. `byKey` as
  /// `Dialect.mutualsByKey`: a scalar subquery, which no planner turns into a join.
  package static func mutualFollowees(_ user: Int64, byKey: Bool) -> SQL {
    guard byKey else {
      return """
        SELECT a.followee_id FROM follows a JOIN follows b \
        ON b.follower_id = a.followee_id AND b.followee_id = a.follower_id WHERE a.follower_id = \(user)
        """
    }
    return """
      SELECT a.followee_id FROM follows a WHERE a.follower_id = \(user) AND (SELECT 1 FROM follows b \
      WHERE b.follower_id = a.followee_id AND b.followee_id = \(user)) IS NOT NULL
      """
  }

  /// The statuses `feed` holds, filtered by `feature`. `walk` as for `home`, for 互相关注 (its `total` says when).
  package static func condition(_ feed: StatusFeed, _ feature: StatusFeature, dialect: Dialect, walk: Bool = false)
    -> SQL
  {
    let sql: SQL
    switch feed {
    case .home(let user):
      sql = home(user)
    case .user(let user, let viewer):
      sql = "user_id = \(user) AND \(sql: visibleTo(viewer))"
    case .everyone:
      sql = "visible = 0"
    case .mentions(let user):
      sql = mentions(user)
    case .reposts(let id):
      sql = "(retweeted_id = \(id) OR parent_id = \(id)) AND visible = 0"
    case .repostsOfAuthor(let user):
      sql = repostsOfAuthor(user)
    case .topic(let topic):
      sql = "id IN (SELECT status_id FROM status_topics WHERE topic = \(topic)) AND visible = 0"
    case .search(let words) where SearchBigrams.helps(words):
      let index = dialect.indexed(words)
      sql = "id IN (SELECT \(raw: index.id) FROM \(raw: index.table) WHERE \(sql: index.match)) AND visible = 0"
    case .search(let words):
      // A single character has no pairs for an index: only the newest statuses are searched.
      sql = """
        \(sql: dialect.scan(words)) AND visible = 0 AND id >= \
        coalesce((SELECT id FROM statuses ORDER BY id DESC LIMIT 1 OFFSET \(shortSearchReach - 1)), 0)
        """
    case .bilateral(let user):
      sql = """
        \(raw: walk ? "+user_id" : "user_id") IN (\(sql: mutualFollowees(user, byKey: dialect.mutualsByKey))) \
        AND visible = 0
        """
    case .special(let user):
      sql = "user_id IN (SELECT followee_id FROM follows WHERE follower_id = \(user) AND special = 1) AND visible = 0"
    }
    return sql + featureClause(feature)
  }

  /// The public statuses that mention `user` (`.mentions`).
  private static func mentions(_ user: Int64) -> SQL {
    "id IN (SELECT status_id FROM status_mentions WHERE user_id = \(user)) AND visible = 0"
  }

  /// Others' public reposts of `user`'s statuses (`.repostsOfAuthor`).
  private static func repostsOfAuthor(_ user: Int64) -> SQL {
    "parent_id IN (SELECT id FROM statuses WHERE user_id = \(user)) AND user_id <> \(user) AND visible = 0"
  }

  /// The condition the rows of one page of `feed` are read with: `condition`, except for a whole topic and an
  /// indexed search, whose page walks their index newest first and stops after the page (their rows exist for
  /// public statuses only, see `total`); gathering every status id of a popular topic first made its page grow with
  /// the site (7 ms at a million statuses), and a search's likewise (周末's, 10 ms).
  /// `viewer` leaves out whom `hidden` names, inside the walk (by the authors' own index), so the page is still full.
  package static func rows(
    _ feed: StatusFeed, _ feature: StatusFeature, page: Page, viewer: Int64, dialect: Dialect, walk: Bool = false
  ) -> SQL {
    let hidden = hidden(feed, viewer: viewer)
    switch (feed, feature) {
    case (.topic(let topic), .all):
      return walked(PublicIndex(table: "status_topics", match: "topic = \(topic)", id: "status_id"), page: page,
                    hidden: hidden)
    case (.search(let words), .all) where SearchBigrams.helps(words):
      return walked(dialect.indexed(words), page: page, hidden: hidden)
    default:
      return condition(feed, feature, dialect: dialect, walk: walk) + hiding(feed, viewer: viewer)
    }
  }

  /// `rows` of a search so common that its index's count reached `totalCap` (`counted`, `keptTotal`'s), where the
  /// engine can check a status alone (`PublicIndex.check`): the newest `newestReach` public statuses of the window,
  /// walked newest first and checked one by one, stopping at the page. Such a word is in one status of a hundred
  /// or more at 100,000 statuses, so its page is among the newest few thousand; by the index, every one of its
  /// thousands of matches was read and sorted (14 ms a page in PostgreSQL at 100,000 statuses, where its planner,
  /// asked each time, cost a millisecond or two). A page this leaves short may lie further back: the engine reads
  /// `rows` then. Nil for any other feed.
  package static func newestRows(
    _ feed: StatusFeed, _ feature: StatusFeature, page: Page, viewer: Int64, dialect: Dialect, counted: Int?
  ) -> SQL? {
    guard case .search(let words) = feed, feature == .all, counted == totalCap, SearchBigrams.helps(words),
      let check = dialect.indexed(words).check
    else { return nil }
    return """
      id IN (SELECT id FROM (SELECT id, user_id, text, visible FROM statuses WHERE visible = 0\(sql: window(page)) \
      ORDER BY id DESC LIMIT \(raw: String(newestReach))) AS newest WHERE \(sql: check)\(sql: hiding(feed, viewer: viewer)) \
      ORDER BY id DESC \(sql: rowLimit(page.count + page.offset))) AND visible = 0
      """
  }

  /// How many of the newest public statuses `newestRows` walks at most (about 4 ms in PostgreSQL when none match).
  package static let newestReach = 4000

  /// `rows` of a 互相关注 dense among the site's public statuses (its kept size `counted` one of `denseShare` or more
  /// of `publicStatuses`, `publicStatusCount`'s), for an engine whose plan, kept for every reader, gathers the
  /// reader's mutual follows first (PostgreSQL: all their followers read, 2.3 ms at 100,000 statuses; asked afresh
  /// each time, a millisecond of planning): the newest `newestReach` public statuses of the window walked newest
  /// first, each author checked by key in a scalar subquery (which no planner turns into that join), stopping at
  /// the page. A page this leaves short is read by `rows`. Nil for any other feed, or one sparser (at a million
  /// statuses a 互相关注 of 2,000 is one status in 500: the walk would read thousands and then the index).
  package static func denseBilateralRows(
    _ feed: StatusFeed, _ feature: StatusFeature, page: Page, viewer: Int64, counted: Int?, publicStatuses: Int?
  ) -> SQL? {
    guard case .bilateral(let user) = feed, feature == .all, let counted, let publicStatuses, counted > 0,
      counted * denseShare >= publicStatuses
    else { return nil }
    return """
      id IN (SELECT id FROM (SELECT id, user_id FROM statuses WHERE visible = 0\(sql: window(page)) \
      ORDER BY id DESC LIMIT \(raw: String(newestReach))) AS newest WHERE (SELECT count(*) FROM follows a JOIN follows b \
      ON b.follower_id = a.followee_id AND b.followee_id = a.follower_id WHERE a.follower_id = \(user) \
      AND a.followee_id = newest.user_id) > 0\(sql: hiding(feed, viewer: viewer)) \
      ORDER BY id DESC \(sql: rowLimit(page.count + page.offset))) AND visible = 0
      """
  }

  /// A 互相关注 holding one public status of this many or more is dense among them (`denseBilateralRows`): a page
  /// of 20 is within the newest thousand.
  package static let denseShare = 50

  /// How many public statuses the site has (`weibo_counters`).
  package static let publicStatusCount: SQL = "SELECT coalesce((SELECT n FROM weibo_counters WHERE name = 'public_statuses'), 0)"

  /// The statuses of a page of `index`'s, newest first, but for those whose authors `hidden` names.
  private static func walked(_ index: PublicIndex, page: Page, hidden: SQL?) -> SQL {
    let id = index.id
    var window: SQL = ""
    if page.sinceID > 0 { window += " AND \(raw: id) > \(page.sinceID)" }
    if page.maxID > 0 { window += " AND \(raw: id) <= \(page.maxID)" }
    if let hidden {
      window += " AND \(raw: id) NOT IN (SELECT id FROM statuses WHERE user_id IN (\(sql: hidden)))"
    }
    let precheck: SQL = index.precheck.text.isEmpty ? "" : " AND \(sql: index.precheck)"
    return """
      id IN (SELECT \(raw: id) FROM \(raw: index.table) WHERE \(sql: index.match)\(sql: precheck)\(sql: window) \
      ORDER BY \(raw: id) DESC \(sql: rowLimit(page.count + page.offset))) AND visible = 0
      """
  }

  /// What a home feed holds of each status (`HomeFeeds`): id, author, whether original, whether with pictures.
  package static let heldColumns = "id, user_id, CAST(CASE WHEN retweeted_id IS NULL THEN 1 ELSE 0 END AS BIGINT), has_pictures"

  /// What an author's held feed holds (`AuthorFeeds`): their newest `limit` statuses' ids and visibility, newest first.
  package static func authorFeed(_ author: Int64, limit: Int) -> SQL {
    "SELECT id, CAST(visible AS BIGINT) FROM statuses WHERE user_id = \(author) ORDER BY id DESC LIMIT \(limit)"
  }

  /// What a held public feed holds (`PublicFeeds`), in one statement (one snapshot): a row (-1, its total), then
  /// its newest `limit` statuses' ids and authors (`publicFeedRows` sorts them), a topic's by its key, a search's by
  /// its index.
  package static func publicFeed(_ key: PublicFeeds.Key, limit: Int, dialect: Dialect) -> SQL {
    let (total, newest): (SQL, SQL) = switch key {
    case .topic(let topic):
      (topicTotal(topic), """
        SELECT t.status_id, s.user_id FROM status_topics t JOIN statuses s ON s.id = t.status_id \
        WHERE t.topic = \(topic) AND s.visible = 0 ORDER BY t.status_id DESC LIMIT \(limit)
        """)
    case .everyone(let feature):
      (total(.everyone, feature, condition: "", dialect: dialect), """
        SELECT id, user_id FROM statuses WHERE visible = 0\(sql: featureClause(feature)) ORDER BY id DESC LIMIT \(limit)
        """)
    // A search's newest by its index, walked newest first and stopping at `limit` (as its page is, `rows`), with
    // its total as every reader's is counted (`keptTotal`).
    case .search(let words):
      (total(.search(words), .all, condition: "", dialect: dialect), """
        SELECT id, user_id FROM statuses \
        WHERE \(sql: walked(dialect.indexed(words), page: Page(count: limit), hidden: nil))
        """)
    }
    return "SELECT CAST(-1 AS BIGINT), (\(sql: total)) UNION ALL SELECT * FROM (\(sql: newest)) AS newest"
  }

  /// `publicFeed`'s rows as the feed's statuses (ids and authors), newest first, and its total.
  package static func publicFeedRows(_ rows: [(Int64, Int64)]) -> (newest: [(id: Int64, author: Int64)], total: Int) {
    let total = rows.first { $0.0 == -1 }.map { Int($0.1) } ?? 0
    return (rows.filter { $0.0 != -1 }.sorted { $0.0 > $1.0 }.map { (id: $0.0, author: $0.1) }, total)
  }

  /// How many public statuses `topic` has (`topic_totals`).
  package static func topicTotal(_ topic: String) -> SQL {
    "SELECT coalesce((SELECT n FROM topic_totals WHERE topic = \(topic)), 0)"
  }

  /// Originals only, or statuses with pictures.
  package static func featureClause(_ feature: StatusFeature) -> SQL {
    switch feature {
    case .all: ""
    case .original: " AND retweeted_id IS NULL"
    case .picture: " AND has_pictures = 1"
    }
  }

  /// The topics of public statuses since `since`, most used first (the latest use breaking ties): the kept counts
  /// of the window's whole hours (`topic_hours`), and the topic rows of its first, partial hour from the time index
  /// (`weibo-v1`; topic rows exist for public statuses only, so no status is read). Counting every row of the
  /// window read 8,500 of them for a day at a million statuses (2.6 ms a 发现 page), 60,000 for a week.
  package static func hotTopics(since: Date, limit: Int) -> SQL {
    let from = millis(since)
    let firstWhole = from / topicHour + (from % topicHour > 0 ? 1 : 0)
    return """
      SELECT topic, CAST(sum(n) AS BIGINT) AS uses FROM (
        SELECT topic, n, latest FROM topic_hours WHERE hour >= \(firstWhole)
        UNION ALL
        SELECT topic, 1 AS n, status_id AS latest FROM status_topics WHERE created_at >= \(from) AND created_at < \(firstWhole * topicHour)
      ) AS used GROUP BY topic ORDER BY uses DESC, max(latest) DESC LIMIT \(limit)
      """
  }

  /// The hours of `topic_hours` (`weibo-v6`): each hour's uses of each topic and its latest status (by id); and
  /// `topic_totals`, each topic's uses in all (a topic page's total: counting a popular topic's index rows read
  /// 21,000 of them at a million statuses). Both are moved in the transaction that writes or deletes topic rows
  /// (`topicUsed`, `topicsDropped`) and recounted after a bulk load (`recountTopics`).
  package static let topicHour: Int64 = 3_600_000

  /// Counts a topic row of `status`, posted at `at` (`StatusPosting`, `StatusHiding`).
  package static func topicUsed(_ topic: String, status: Int64, at: Date) -> [SQL] {
    [
      """
      INSERT INTO topic_hours (hour, topic, n, latest) VALUES (\(millis(at) / topicHour), \(topic), 1, \(status)) \
      ON CONFLICT (hour, topic) DO UPDATE SET n = topic_hours.n + 1, \
      latest = CASE WHEN excluded.latest > topic_hours.latest THEN excluded.latest ELSE topic_hours.latest END
      """,
      """
      INSERT INTO topic_totals (topic, n) VALUES (\(topic), 1) ON CONFLICT (topic) DO UPDATE SET n = topic_totals.n + 1
      """,
    ]
  }

  /// Deletes the topic rows of `status` (posted at `postedAt`) and takes them off the counts: the counts first (the
  /// rows name the topics), then the rows, the hour's topics left unused, and a new latest status where it was one.
  package static func topicsDropped(_ status: Int64, postedAt: Date) -> [SQL] {
    let hour = millis(postedAt) / topicHour
    let topics: SQL = "SELECT topic FROM status_topics WHERE status_id = \(status)"
    return [
      "UPDATE topic_hours SET n = n - 1 WHERE hour = \(hour) AND topic IN (\(sql: topics))",
      "UPDATE topic_totals SET n = n - 1 WHERE topic IN (\(sql: topics))",
      "DELETE FROM topic_totals WHERE n <= 0 AND topic IN (\(sql: topics))",
      "DELETE FROM status_topics WHERE status_id = \(status)",
      "DELETE FROM topic_hours WHERE hour = \(hour) AND n <= 0",
      """
      UPDATE topic_hours SET latest = coalesce((SELECT max(t.status_id) FROM status_topics t \
      WHERE t.created_at >= \(hour * topicHour) AND t.created_at < \((hour + 1) * topicHour) AND t.topic = topic_hours.topic), 0) \
      WHERE hour = \(hour) AND latest = \(status)
      """,
    ]
  }

  /// Every topic's counts from the topic rows, for bulk loads and the migration that adds them.
  package static let recountTopics: [SQL] = [
    "DELETE FROM topic_hours",
    """
    INSERT INTO topic_hours (hour, topic, n, latest)
    SELECT created_at / \(raw: String(topicHour)), topic, count(*), max(status_id) FROM status_topics
    GROUP BY created_at / \(raw: String(topicHour)), topic
    """,
    "DELETE FROM topic_totals",
    "INSERT INTO topic_totals (topic, n) SELECT topic, count(*) FROM status_topics GROUP BY topic",
  ]

  /// How many people posted since `since`: the kept count of authors by the day of their latest post
  /// (`weibo_author_days`) for the days after `since`'s, and `since`'s own day from the index of each author's
  /// latest post (`weibo_authors`). Counting that index's range read every author active in the month (20,000 rows
  /// at a million statuses, half of `/api/v2/instance`'s time); counting a month of statuses read every status.
  package static func activeAuthors(since: Date) -> SQL {
    let from = millis(since)
    let day = from / authorDay
    return """
      SELECT COALESCE((SELECT CAST(sum(n) AS BIGINT) FROM weibo_author_days WHERE day > \(day)), 0) + \
      (SELECT count(*) FROM weibo_authors WHERE posted_at >= \(from) AND posted_at < \(from + 2 * authorDay) \
      AND posted_at / \(raw: String(authorDay)) = \(day))
      """
  }

  /// The days of `weibo_author_days`, in milliseconds (UTC days; the engines' integer division, like Swift's,
  /// truncates).
  package static let authorDay: Int64 = 86_400_000

  /// Keeps `user`'s latest post time (`activeAuthors`) and the count of its day; a post dated earlier than the kept
  /// one leaves both. In order: the author leaves the old latest day's count, joins the new one's (a first post
  /// too), then the time moves.
  package static func authorPosted(_ user: Int64, at: Date) -> [SQL] {
    let at = millis(at)
    let day = String(authorDay)
    return [
      """
      UPDATE weibo_author_days SET n = n - 1 \
      WHERE day = (SELECT posted_at / \(raw: day) FROM weibo_authors WHERE user_id = \(user) AND posted_at < \(at))
      """,
      """
      INSERT INTO weibo_author_days (day, n) SELECT \(at / authorDay), 1 \
      WHERE NOT EXISTS (SELECT 1 FROM weibo_authors WHERE user_id = \(user) AND posted_at >= \(at)) \
      ON CONFLICT (day) DO UPDATE SET n = weibo_author_days.n + 1
      """,
      """
      INSERT INTO weibo_authors (user_id, posted_at) VALUES (\(user), \(at)) ON CONFLICT (user_id) DO UPDATE \
      SET posted_at = CASE WHEN excluded.posted_at > weibo_authors.posted_at THEN excluded.posted_at ELSE weibo_authors.posted_at END
      """,
    ]
  }

  /// Each author's latest post and kind counts (`kindCounts`) from the statuses, and the counts of their days, for
  /// bulk loads and the migrations that add them.
  package static let recountAuthors: [SQL] = [
    "DELETE FROM weibo_authors",
    """
    INSERT INTO weibo_authors (user_id, posted_at, originals, private_originals, pictures, private_pictures) \
    SELECT user_id, max(created_at), \
    sum(CASE WHEN retweeted_id IS NULL THEN 1 ELSE 0 END), \
    sum(CASE WHEN retweeted_id IS NULL AND visible <> 0 THEN 1 ELSE 0 END), \
    sum(CASE WHEN has_pictures = 1 THEN 1 ELSE 0 END), \
    sum(CASE WHEN has_pictures = 1 AND visible <> 0 THEN 1 ELSE 0 END) \
    FROM statuses GROUP BY user_id
    """,
  ] + recountAuthorDays

  /// Moves the kind counts of `status`'s author (`weibo_authors`: originals and statuses with pictures, and how
  /// many of each only the author sees) by `delta`, as it is posted (1) or deleted (-1), and their private parts by
  /// `privately` (a private status posted or deleted; staff hiding, 1, or showing, -1, alone). Nil when the status
  /// is of neither kind. The author's row exists: posting makes it first (`authorPosted`).
  package static func kindCounts(_ status: StatusRecord, by delta: Int, privately: Int) -> SQL? {
    var sets: [String] = []
    if status.retweetedID == nil {
      sets += ["originals = originals + \(delta)", "private_originals = private_originals + \(privately)"]
    }
    if !status.pictures.isEmpty {
      sets += ["pictures = pictures + \(delta)", "private_pictures = private_pictures + \(privately)"]
    }
    guard !sets.isEmpty else { return nil }
    return "UPDATE weibo_authors SET \(raw: sets.joined(separator: ", ")) WHERE user_id = \(status.userID)"
  }

  /// How many statuses of `feature` (originals, or with pictures) `user`'s home feed holds: from the kind counts of
  /// the user (all of theirs) and of those they follow and see (their public ones). Counting the feed's rows read
  /// every status of every followee (2–5 ms a page), more as the site grows.
  package static func homeTotal(_ user: Int64, _ feature: StatusFeature) -> SQL {
    let (all, hidden) = feature == .picture ? ("pictures", "private_pictures") : ("originals", "private_originals")
    return """
      SELECT CAST(coalesce(sum(CASE WHEN user_id = \(user) THEN \(raw: all) ELSE \(raw: all) - \(raw: hidden) END), 0) \
      AS BIGINT) FROM weibo_authors WHERE user_id IN (SELECT \(user) UNION ALL \(sql: shownFollowees(user)))
      """
  }

  /// The counts of `weibo_author_days` from `weibo_authors`.
  package static let recountAuthorDays: [SQL] = [
    "DELETE FROM weibo_author_days",
    """
    INSERT INTO weibo_author_days (day, n) \
    SELECT posted_at / \(raw: String(authorDay)), count(*) FROM weibo_authors GROUP BY posted_at / \(raw: String(authorDay))
    """,
  ]

  /// How many statuses `feed` holds (`condition`, with the engine's `search`): whole public and author feeds from
  /// the maintained counters (every author's public statuses are `statuses_count - private_statuses_count`), an
  /// indexed search by its index alone, others counted. Counting the public timeline row by row read every status of
  /// the site on each request. (PostgreSQL's sum of BIGINTs is NUMERIC, hence the cast.)
  /// What `viewer` does not see (`hidden`) is left out: counted and taken off where the total is a counter.
  /// `counted`, where given, is what `keptTotal` read for this feed (kept in `FeedTotals`).
  package static func total(_ feed: StatusFeed, _ feature: StatusFeature, viewer: Int64, dialect: Dialect,
                            counted: Int? = nil) -> SQL {
    let condition = condition(feed, feature, dialect: dialect)
    let all = counted.map { "SELECT \($0)" } ?? total(feed, feature, condition: condition, dialect: dialect)
    guard let hidden = hidden(feed, viewer: viewer) else { return all }
    if case .default = totalKind(feed, feature) {
      return total(feed, feature, condition: condition + hiding(feed, viewer: viewer), dialect: dialect)
    }
    // Counted only when someone is hidden: the count's plan may walk the feed's own rows (a popular topic's
    // thousands), which nearly every reader, hiding nobody, must not pay for.
    return """
      SELECT (\(sql: all)) - CASE WHEN EXISTS (\(sql: hidden)) \
      THEN (SELECT count(*) FROM statuses WHERE \(sql: condition) AND user_id IN (\(sql: hidden))) ELSE 0 END
      """
  }

  /// The size of a feed whose size is kept (`FeedTotals`), as read for all readers alike (`total` takes off whom a
  /// reader does not see): an indexed search (words of two characters or more, `.all`) by its index, up to
  /// `totalCap`; 互相关注 by its people's counters. Nil for any other feed.
  package static func keptTotal(_ feed: StatusFeed, _ feature: StatusFeature, dialect: Dialect) -> SQL? {
    switch (feed, feature) {
    case (.search(let words), .all) where SearchBigrams.helps(words):
      let index = dialect.indexed(words)
      return cappedCount(index.table, where: index.match)
    case (.bilateral(let user), .all):
      return bilateralSize(user, dialect: dialect)
    default:
      return nil
    }
  }

  /// How many statuses `user`'s 互相关注 holds: the public ones of those they follow who follow them back.
  private static func bilateralSize(_ user: Int64, dialect: Dialect) -> SQL {
    """
    SELECT CAST(coalesce(sum(statuses_count - private_statuses_count), 0) AS BIGINT) FROM users \
    WHERE id IN (\(sql: mutualFollowees(user, byKey: dialect.mutualsByKey)))
    """
  }

  private enum TotalKind { case counter, `default` }

  private static func totalKind(_ feed: StatusFeed, _ feature: StatusFeature) -> TotalKind {
    switch (feed, feature) {
    case (.everyone, _), (.user, .all), (.topic, .all), (.mentions, .all), (.bilateral, .all): .counter
    case (.search(let words), .all) where SearchBigrams.helps(words): .counter
    default: .default
    }
  }

  private static func total(_ feed: StatusFeed, _ feature: StatusFeature, condition: SQL, dialect: Dialect) -> SQL {
    switch (feed, feature) {
    case (.everyone, .all):
      publicStatusCount
    case (.everyone, .original):
      "SELECT coalesce((SELECT n FROM weibo_counters WHERE name = 'public_originals'), 0)"
    case (.everyone, .picture):
      "SELECT coalesce((SELECT n FROM weibo_counters WHERE name = 'public_pictures'), 0)"
    case (.user(let author, let viewer), .all) where author == viewer:
      "SELECT CAST(coalesce(sum(statuses_count), 0) AS BIGINT) FROM users WHERE id = \(author)"
    case (.user(let author, let viewer), .all):
      """
      SELECT CAST(coalesce(sum(statuses_count - private_statuses_count), 0) AS BIGINT) FROM users \
      WHERE id = \(author) AND \(sql: Blocking.clear("id", for: viewer))
      """
    // Topic and mention rows exist for public statuses only (`StatusPosting`), so a topic's kept total
    // (`topic_totals`) is its page's, and the index counts a mention list without reading each status (a popular
    // topic's page read thousands of rows).
    case (.topic(let topic), .all):
      topicTotal(topic)
    // 互相关注 from its authors' counters, as a home feed is counted: counting its statuses up to `totalCap` read a
    // thousand rows (1.5 ms in SQLite, 7 ms in PostgreSQL at 100,000 statuses).
    case (.bilateral(let user), .all):
      bilateralSize(user, dialect: dialect)
    case (.mentions(let user), .all):
      cappedCount("status_mentions", where: "user_id = \(user)")
    case (.search, .all):
      keptTotal(feed, feature, dialect: dialect) ?? cappedCount("statuses", where: condition)
    case (.home(let user), .original), (.home(let user), .picture):
      homeTotal(user, feature)
    default:
      cappedCount("statuses", where: condition)
    }
  }

  /// What picks a page of `feed`'s comments for `viewer` (`condition` within `page`'s window), for
  /// `SELECT … FROM comments WHERE … ORDER BY id DESC LIMIT page.count OFFSET page.offset`. A feed that joins
  /// several people's comments by OR (`parts`) is read one index range per part, each stopping at the page: both
  /// engines planned the OR as every comment the person ever received, sorted (25 ms a page for a person with
  /// 50,000, growing with their popularity; 0.06 ms part by part).
  package static func commentPage(_ feed: CommentFeed, viewer: Int64, page: Page) -> SQL {
    let shown: SQL = " AND \(sql: commentShown(to: viewer, in: "comments"))\(sql: window(page))"
    guard let parts = parts(feed) else { return condition(feed) + shown }
    let ids = unionAll(parts.enumerated().map { index, part in
      """
      SELECT id FROM (SELECT id FROM comments WHERE \(sql: part)\(sql: shown) \
      ORDER BY id DESC \(sql: rowLimit(page.count + page.offset))) AS part\(raw: String(index))
      """
    })
    return "id IN (\(sql: ids))"
  }

  /// `feed`'s comments `viewer` may see, counted up to `totalCap` (`commentRows`: an OR feed stops at the cap too).
  package static func commentTotal(_ feed: CommentFeed, viewer: Int64) -> SQL {
    "SELECT count(*) FROM (\(sql: commentRows(feed, viewer: viewer)) LIMIT \(raw: String(totalCap))) AS counted"
  }

  /// One row for each comment of `feed` that `viewer` may see and that meets `extra`; an OR feed part by part
  /// (`parts`), each an index range of its own (the OR gathered every match before the first row came out).
  private static func commentRows(_ feed: CommentFeed, viewer: Int64, _ extra: SQL = "") -> SQL {
    let shown: SQL = " AND \(sql: commentShown(to: viewer, in: "comments"))\(sql: extra)"
    guard let parts = parts(feed) else { return "SELECT 1 FROM comments WHERE \(sql: condition(feed))\(sql: shown)" }
    return unionAll(parts.map { "SELECT 1 FROM comments WHERE \(sql: $0)\(sql: shown)" })
  }

  /// `selects` as one compound select, in order.
  private static func unionAll(_ selects: [SQL]) -> SQL {
    var sql: SQL = ""
    for (index, select) in selects.enumerated() { sql += "\(raw: index == 0 ? "" : " UNION ALL ")\(sql: select)" }
    return sql
  }

  /// `condition(feed)` as parts no two of which hold the same comment, each read by an index of its own (the
  /// person's column, then id), for the feeds that are an OR of people's columns; nil for the others.
  private static func parts(_ feed: CommentFeed) -> [SQL]? {
    switch feed {
    case .toUser(let user):
      ["status_user_id = \(user) AND user_id <> \(user)",
       "reply_user_id = \(user) AND status_user_id <> \(user) AND user_id <> \(user)"]
    case .timeline(let user):
      ["user_id = \(user)", "status_user_id = \(user) AND user_id <> \(user)",
       "reply_user_id = \(user) AND status_user_id <> \(user) AND user_id <> \(user)"]
    case .onStatus, .byUser, .mentions: nil
    }
  }

  /// What others did to `user` of `kinds` within `window` (`NotificationEvent`), newest first, in one statement: each
  /// kind's own rows read newest first by its index and stopping at the window's count, as its feed reads them
  /// (those kept apart by a block left out as there), then merged. Columns: id, kind, actor, subject, created_at,
  /// and whether `user` dismissed it. A status or comment that is two kinds (a quote naming them, a comment on their
  /// status naming them) comes twice: twice the count is read, for `NotificationEvent.events` to keep each once.
  package static func notifications(_ user: Int64, kinds: Set<NotificationEvent.Kind>, window page: Page) -> SQL {
    let limit = rowLimit(page.count)
    let statusWindow: SQL = window(page)
    var parts: [SQL] = []
    func part(_ select: SQL, _ kind: NotificationEvent.Kind) {
      parts.append("SELECT * FROM (\(sql: select) ORDER BY id DESC \(sql: limit)) AS \(raw: "k\(kind.rawValue)")")
    }
    func kind(_ kind: NotificationEvent.Kind) -> SQL { "CAST(\(raw: String(kind.rawValue)) AS BIGINT)" }
    let plain = StatusPosting.plainRepostText
    if kinds.contains(.mention) {
      part("""
        SELECT id, \(sql: kind(.mention)) AS kind, user_id AS actor, id AS subject, created_at FROM statuses \
        WHERE \(sql: mentions(user))\(sql: hiding(.mentions(user), viewer: user))\(sql: statusWindow)
        """, .mention)
    }
    // Reposts of the person's statuses: with words a quote (the repost itself), without a repost (of the status).
    let repostText: SQL? = switch (kinds.contains(.quote), kinds.contains(.repost)) {
    case (true, true): ""
    case (true, false): " AND text <> \(plain)"
    case (false, true): " AND text = \(plain)"
    case (false, false): nil
    }
    if let repostText {
      part("""
        SELECT id, CASE WHEN text = \(plain) THEN \(sql: kind(.repost)) ELSE \(sql: kind(.quote)) END AS kind, \
        user_id AS actor, CASE WHEN text = \(plain) THEN parent_id ELSE id END AS subject, created_at FROM statuses \
        WHERE \(sql: repostsOfAuthor(user))\(sql: hiding(.repostsOfAuthor(user), viewer: user))\(sql: repostText)\(sql: statusWindow)
        """, .quote)
    }
    if kinds.contains(.comment) {
      for (index, feed) in [CommentFeed.toUser(user), .mentions(user)].enumerated() {
        parts.append("""
          SELECT * FROM (SELECT id, \(sql: kind(.comment)) AS kind, user_id AS actor, id AS subject, created_at \
          FROM comments WHERE \(sql: commentPage(feed, viewer: user, page: page)) AND user_id <> \(user) \
          ORDER BY id DESC \(sql: limit)) AS c\(raw: String(index))
          """)
      }
    }
    if kinds.contains(.like) {
      part("""
        SELECT id, \(sql: kind(.like)) AS kind, user_id AS actor, status_id AS subject, created_at FROM likes \
        WHERE status_user_id = \(user) AND user_id <> \(user)\(sql: statusWindow)
        """, .like)
    }
    if kinds.contains(.follow) {
      part("""
        SELECT id, \(sql: kind(.follow)) AS kind, follower_id AS actor, CAST(0 AS BIGINT) AS subject, created_at \
        FROM follows WHERE followee_id = \(user)\(sql: statusWindow)
        """, .follow)
    }
    guard !parts.isEmpty else { return "SELECT id, id, id, id, id, id FROM follows WHERE 1 = 0" }
    return """
      SELECT e.id, e.kind, e.actor, e.subject, e.created_at, CAST(CASE WHEN EXISTS (SELECT 1 FROM \
      dismissed_notifications d WHERE d.user_id = \(user) AND d.notification_id = e.id) THEN 1 ELSE 0 END AS BIGINT) \
      FROM (\(sql: unionAll(parts))) AS e ORDER BY e.id DESC \(sql: rowLimit(2 * page.count))
      """
  }

  /// A comment `viewer` may see, as far as the comment goes (its status has `visibleTo`): not hidden by staff
  /// unless it is theirs, and by nobody kept apart from them (`Blocking`). `table` is the comments' name or alias.
  package static func commentShown(to viewer: Int64, in table: String) -> SQL {
    "(\(raw: table).hidden = 0 OR \(raw: table).user_id = \(viewer)) AND \(sql: Blocking.clear(table + ".user_id", for: viewer))"
  }

  /// What a status's held comments are (`CommentFeeds`): its newest `limit` comments, hidden by staff or not, newest
  /// first.
  package static func commentFeed(_ status: Int64, limit: Int) -> SQL {
    "SELECT \(raw: commentColumns) FROM comments WHERE status_id = \(status) ORDER BY id DESC LIMIT \(raw: String(limit))"
  }

  /// Each commenter's comments on `status`, shown and hidden by staff: the numbers of a held feed that is not all of
  /// them (`CommentFeeds.Counts`).
  package static func commenters(on status: Int64) -> SQL {
    """
    SELECT user_id, CAST(sum(CASE WHEN hidden = 0 THEN 1 ELSE 0 END) AS BIGINT), \
    CAST(sum(CASE WHEN hidden = 0 THEN 0 ELSE 1 END) AS BIGINT) FROM comments WHERE status_id = \(status) GROUP BY user_id
    """
  }

  /// Whose unread counts comment `id` is in (`UnreadKind.cmt`, `.mentionCmt`): its status's author, the author of
  /// the comment it replies to, and those it mentions; nobody once it is gone. Read in the transaction that posts
  /// it (after), removes it (before) or hides it, for `CacheInvalidation.comments(on:reaching:)`.
  package static func commentReach(_ id: Int64) -> SQL {
    """
    SELECT status_user_id FROM comments WHERE id = \(id) \
    UNION ALL SELECT reply_user_id FROM comments WHERE id = \(id) AND reply_user_id IS NOT NULL \
    UNION ALL SELECT user_id FROM comment_mentions WHERE comment_id = \(id)
    """
  }

  /// The comments `feed` holds.
  private static func condition(_ feed: CommentFeed) -> SQL {
    switch feed {
    case .onStatus(let id): "status_id = \(id)"
    case .byUser(let user): "user_id = \(user)"
    case .toUser(let user): "(status_user_id = \(user) OR reply_user_id = \(user)) AND user_id <> \(user)"
    case .timeline(let user): "(user_id = \(user) OR status_user_id = \(user) OR reply_user_id = \(user))"
    case .mentions(let user): "id IN (SELECT comment_id FROM comment_mentions WHERE user_id = \(user))"
    }
  }

  /// The unread counts of `groups`, one column each: the unread items of a group's kinds together, up to `cap`,
  /// each kind after its mark; then, when `statusMark`, the mark after which statuses are unread (for a count
  /// taken from the held home feed instead: `UnreadReading`). One statement, where one per kind made every
  /// signed-in page six round trips to PostgreSQL. `walk` as for `home`.
  package static func unreadCounts(_ groups: [[UnreadKind]], userID: Int64, cap: Int, walk: Bool = false,
                                   statusMark: Bool = false) -> SQL
  {
    // The text depends only on the shape (the cap, from the code, is one of a few and written into it, as `rowLimit`
    // says why), so it is built once per shape with a stand-in for the user, which each use swaps for its own
    // (building it was 2.5 % of every signed-in page).
    let shape = UnreadShape(groups: groups, walk: walk, statusMark: statusMark, cap: cap)
    let built = unreadShapes.withLock { $0[shape] } ?? {
      let built = unreadCountsAfresh(groups, userID: UnreadShape.user, cap: cap, walk: walk, statusMark: statusMark)
      // A stand-in written into the text rather than bound could not be swapped: such a shape is built afresh.
      guard !built.text.contains(String(UnreadShape.user)) else {
        return unreadCountsAfresh(groups, userID: userID, cap: cap, walk: walk, statusMark: statusMark)
      }
      unreadShapes.withLock { $0[shape] = built }
      return built
    }()
    var sql = built
    sql.values = built.values.map { value in
      switch value {
      case .int(UnreadShape.user): .int(userID)
      default: value
      }
    }
    return sql
  }

  private struct UnreadShape: Hashable {
    let groups: [[UnreadKind]]
    let walk: Bool
    let statusMark: Bool
    let cap: Int
    /// A stand-in no real user id or other value of these statements takes.
    static let user: Int64 = -7_000_000_000_000_000_001
  }

  private static let unreadShapes = Mutex<[UnreadShape: SQL]>([:])

  /// `unreadCounts` built from its parts.
  package static func unreadCountsAfresh(_ groups: [[UnreadKind]], userID: Int64, cap: Int, walk: Bool = false,
                                        statusMark: Bool = false) -> SQL
  {
    var columns = groups.map { unreadCount($0, userID: userID, cap: cap, walk: walk) }
    if statusMark { columns.append(unreadMark(.status, userID: userID)) }
    var sql: SQL = "SELECT "
    for (index, column) in columns.enumerated() { sql += "\(raw: index == 0 ? "" : ", ")\(sql: column)" }
    return sql
  }

  /// How many unread items of `kinds` there are together, up to `cap`, as a scalar subquery.
  private static func unreadCount(_ kinds: [UnreadKind], userID: Int64, cap: Int, walk: Bool) -> SQL {
    let sources = unionAll(kinds.map { unreadSource($0, userID: userID, walk: walk) })
    return "(SELECT count(*) FROM (\(sql: sources) LIMIT \(raw: String(cap))) AS unread)"
  }

  /// The id after which `kind` is unread for `user`: their mark, read in the same statement (a read of the marks
  /// first was a statement of its own on every signed-in page); before any mark, their account's id, since a user
  /// has seen nothing older than their account.
  private static func unreadMark(_ kind: UnreadKind, userID: Int64) -> SQL {
    "COALESCE((SELECT mark FROM seen WHERE user_id = \(userID) AND kind = \(kind.rawValue)), \(userID))"
  }

  /// One row for each unread item of `kind`; `walk` as for `home`.
  private static func unreadSource(_ kind: UnreadKind, userID: Int64, walk: Bool) -> SQL {
    let mark = unreadMark(kind, userID: userID)
    return switch kind {
    case .status:
      "SELECT 1 FROM statuses WHERE \(sql: home(userID, walk: walk)) AND user_id <> \(userID) AND id > \(sql: mark)"
    case .follower:
      "SELECT 1 FROM follows WHERE followee_id = \(userID) AND id > \(sql: mark)"
    case .cmt:
      commentRows(.toUser(userID), viewer: userID, " AND id > \(sql: mark)")
    case .mentionStatus:
      """
      SELECT 1 FROM status_mentions m JOIN statuses s ON s.id = m.status_id
      WHERE m.user_id = \(userID) AND m.status_id > \(sql: mark) AND s.visible = 0 AND \(sql: Blocking.clear("s.user_id", for: userID))
      """
    case .mentionCmt:
      """
      SELECT 1 FROM comment_mentions m JOIN comments c ON c.id = m.comment_id JOIN statuses s ON s.id = c.status_id
      WHERE m.user_id = \(userID) AND m.comment_id > \(sql: mark) AND s.visible = 0 AND \(sql: commentShown(to: userID, in: "c"))
      """
    case .attitude:
      """
      SELECT 1 FROM likes WHERE status_user_id = \(userID) AND user_id <> \(userID) AND id > \(sql: mark) \
      AND \(sql: Blocking.clear("user_id", for: userID))
      """
    }
  }

  /// The site's counts of public statuses (`weibo_counters`: all, `weibo-v2`; originals and with pictures,
  /// `weibo-v9`), moved by `delta` for `status` in the transaction that posts, deletes, hides or shows it: the
  /// public timeline's totals summed every author's counters per request (20,000 rows at a million statuses), and
  /// its filtered totals counted up to a thousand rows. Upserts, so an empty database has no row until its first
  /// status (and a copy into an empty database brings the rows as they are).
  package static func publicStatuses(_ status: StatusRecord, by delta: Int) -> SQL {
    var names = ["public_statuses"]
    if status.retweetedID == nil { names.append("public_originals") }
    if !status.pictures.isEmpty { names.append("public_pictures") }
    var sql: SQL = "INSERT INTO weibo_counters (name, n) VALUES "
    for (index, name) in names.enumerated() { sql += "\(raw: index == 0 ? "" : ", ")(\(name), \(delta))" }
    return sql + " ON CONFLICT (name) DO UPDATE SET n = weibo_counters.n + excluded.n"
  }

  /// The public statuses of each counted kind, from the rows.
  package static let recountPublicKinds: [SQL] = [
    "DELETE FROM weibo_counters WHERE name IN ('public_originals', 'public_pictures')",
    """
    INSERT INTO weibo_counters (name, n) \
    SELECT 'public_originals', count(*) FROM statuses WHERE visible = 0 AND retweeted_id IS NULL HAVING count(*) > 0
    """,
    """
    INSERT INTO weibo_counters (name, n) \
    SELECT 'public_pictures', count(*) FROM statuses WHERE visible = 0 AND has_pictures = 1 HAVING count(*) > 0
    """,
  ]

  /// The site's counters from the rows, for bulk loads and the migration that adds them.
  package static let recountSiteCounters: [SQL] = [
    "DELETE FROM weibo_counters",
    """
    INSERT INTO weibo_counters (name, n)
    SELECT 'public_statuses', count(*) FROM statuses WHERE visible = 0 HAVING count(*) > 0
    """,
  ] + recountPublicKinds + recountAuthors + recountTopics

  /// Every counter recounted from the rows, for repairs after a bulk import: one statement for users, one for
  /// statuses.
  package static let recountCounters: [SQL] = [
    """
    UPDATE users SET
      statuses_count = (SELECT count(*) FROM statuses s WHERE s.user_id = users.id),
      private_statuses_count = (SELECT count(*) FROM statuses s WHERE s.user_id = users.id AND s.visible <> 0),
      followers_count = (SELECT count(*) FROM follows f WHERE f.followee_id = users.id),
      friends_count = (SELECT count(*) FROM follows f WHERE f.follower_id = users.id),
      favourites_count = (SELECT count(*) FROM favorites f WHERE f.user_id = users.id),
      bi_followers_count = (SELECT count(*) FROM follows a JOIN follows b
        ON b.follower_id = a.followee_id AND b.followee_id = a.follower_id WHERE a.follower_id = users.id)
    """,
    """
    UPDATE statuses SET
      reposts_count = (SELECT count(*) FROM statuses r WHERE r.retweeted_id = statuses.id OR r.parent_id = statuses.id),
      comments_count = (SELECT count(*) FROM comments c WHERE c.status_id = statuses.id AND c.hidden = 0),
      attitudes_count = (SELECT count(*) FROM likes l WHERE l.status_id = statuses.id)
    """,
  ] + recountSiteCounters
}
