import Foundation
import GRDB
import SparrowStore
import SparrowStoreSQLite
import WeiboStore

// Statuses: writes, reads by id, feeds and their conditions, hot topics.
extension SQLiteWeiboStore {
  package func insertStatus(_ status: StatusRecord, mentions: [Int64], topics: [String], comments: [CommentRecord])
    async throws
  {
    let posting = StatusPosting(status, mentions: mentions, topics: topics)
    // The counters it bumps change whether or not it is stored.
    var stored = false
    var reach: [Int64]?
    defer { caches.invalidate(posting.invalidation(stored: stored, comments: comments, reaching: reach)) }
    reach = try await pool.write { db in
      let (previous, previousArguments) = posting.previous.sqlite
      if let row = try Row.fetchOne(try db.cachedStatement(sql: previous), arguments: previousArguments),
        posting.repeats(text: row["text"], retweetedID: row["retweeted_id"])
      {
        throw StoreError.duplicateText
      }
      var reached: [Int64] = []
      if let targets = posting.repostTargets?.sqlite {
        let found = try Row.fetchOne(try db.cachedStatement(sql: targets.0), arguments: targets.1)
        guard let found, posting.repostFound(found[0]) else { throw StoreError.notFound }
        if let parentAuthor = found[1] as Int64? { reached.append(parentAuthor) }
      }
      try Self.insert(status, db)
      for update in posting.counterUpdates {
        let (sql, arguments) = update.sqlite
        try db.execute(sql: sql, arguments: arguments)
      }
      for user in posting.mentions {
        try db.execute(sql: "INSERT INTO status_mentions (user_id, status_id) VALUES (?, ?)", arguments: [user, status.id])
      }
      for topic in posting.topics {
        try db.execute(
          sql: "INSERT INTO status_topics (topic, status_id, created_at) VALUES (?, ?, ?)",
          arguments: [topic, status.id, millis(status.createdAt)])
      }
      return try reached + comments.flatMap { try Self.insertComment($0, mentions: [], db) }
    }
    stored = true
  }

  package func status(id: Int64, visibleTo viewer: Int64) async throws -> StatusRecord? {
    try await statuses(ids: [id], visibleTo: viewer)[id]
  }

  package func statuses(ids: [Int64], visibleTo viewer: Int64) async throws -> [Int64: StatusRecord] {
    if let held = caches.statuses(ids, visibleTo: viewer) { return held }
    let rowsGeneration = caches.statusRows.currentGeneration
    return try await reading { db in
      let found = try statusRows(ids: ids, readAt: rowsGeneration, db)
      let apart = try Self.apart(viewer, among: found.values.map(\.userID), db)
      return found.filter { $0.value.isVisible(to: viewer) && !apart.contains($0.value.userID) }
    }
  }

  /// Of `people`, those a block keeps `viewer` apart from (`Blocking`).
  static func apart(_ viewer: Int64, among people: [Int64], _ db: Database) throws -> Set<Int64> {
    guard !people.isEmpty else { return [] }
    let (sql, arguments) = ("SELECT value FROM json_each(\(jsonList(Array(Set(people))))) WHERE value IN (\(sql: Blocking.between(viewer)))" as SparrowStore.SQL).sqlite
    return Set(try Int64.fetchAll(try db.cachedStatement(sql: sql), arguments: arguments))
  }

  package func context(for statuses: [StatusRecord], people: [Int64], apps: [Int64], viewer: Int64) async throws
    -> StatusContextRows
  {
    if let held = caches.context(for: statuses, people: people, apps: apps, viewer: viewer) { return held }
    let generation = userRows.currentGeneration
    let rowsGeneration = caches.statusRows.currentGeneration
    return try await reading { db in
      try context(for: statuses, people: people, apps: apps, viewer: viewer, usersReadAt: generation,
                  rowsReadAt: rowsGeneration, db)
    }
  }

  func context(for statuses: [StatusRecord], people: [Int64] = [], apps: [Int64] = [], viewer: Int64,
               usersReadAt generation: Int, rowsReadAt rowsGeneration: Int, _ db: Database) throws -> StatusContextRows
  {
    let originals = try statusRows(ids: statuses.compactMap(\.retweetedID), readAt: rowsGeneration, db)
    let all = statuses + originals.values
    let ids = all.map(\.id)
    let users = try cachedUsers(ids: all.map(\.userID) + people, readAt: generation, db)
    let marks = try viewerMarks(viewer, statuses: ids, people: Array(users.keys), readAt: generation, db)
    // An original the viewer may not see (hidden by staff since it was reposted, or by someone a block keeps the
    // viewer apart from) is shown as gone.
    return StatusContextRows(
      originals: originals.filter { $0.value.isVisible(to: viewer) && !marks.apart.contains($0.value.userID) }, users: users, apps: try engine.apps(ids: all.map(\.appID) + apps, db), favorited: marks.favorited,
      liked: marks.liked, following: marks.following, followers: marks.followers)
  }

  /// The viewer's favourites and likes among `statuses` and relationships with `people`: what
  /// `marked` for both tables, `following` and `followers` give, in one statement.
  struct ViewerMarks {
    var favorited: Set<Int64> = []
    var liked: Set<Int64> = []
    var following: Set<Int64> = []
    var followers: Set<Int64> = []
    var apart: Set<Int64> = []
  }

  /// The viewer's marks among `statuses` and relationships with `people`, from the relations the
  /// user-row cache holds for them (read in full the first time).
  func viewerMarks(_ viewer: Int64, statuses: [Int64], people: [Int64], readAt generation: Int, _ db: Database) throws
    -> ViewerMarks
  {
    let held: UserRowCache.Held
    if let cached = userRows.relations(of: viewer) {
      held = cached
    } else {
      held = try Self.relations(of: viewer, db)
      userRows.add(held, of: viewer, readAt: generation)
    }
    guard case .relations(let relations) = held else {
      return try Self.viewerMarks(viewer, statuses: statuses, people: people, db)
    }
    let marks = relations.marks(statuses: statuses, people: people)
    return ViewerMarks(
      favorited: marks.favorites, liked: marks.likes, following: marks.followees, followers: marks.followers,
      apart: marks.apart)
  }

  /// Everything `user` favourited and liked, their follows both ways, blocks and mutes, and who is kept apart from
  /// them (`UserRowCache.Relations`, its kinds), or `.tooMany`.
  static func relations(of user: Int64, _ db: Database) throws -> UserRowCache.Held {
    let rows = try Row.fetchCursor(
      try db.cachedStatement(sql: """
        SELECT 0, status_id FROM favorites WHERE user_id = ?1
        UNION ALL SELECT 1, status_id FROM likes WHERE user_id = ?1
        UNION ALL SELECT 2 + 3 * special, followee_id FROM follows WHERE follower_id = ?1
        UNION ALL SELECT 3, follower_id FROM follows WHERE followee_id = ?1
        UNION ALL SELECT 6, blocked_id FROM blocks WHERE blocker_id = ?1
        UNION ALL SELECT 4, blocker_id FROM blocks WHERE blocked_id = ?1
        UNION ALL SELECT 4, user_id FROM suspensions WHERE user_id <> ?1
        UNION ALL SELECT 7, muted_id FROM mutes WHERE muter_id = ?1
        LIMIT ?2
        """),
      arguments: [user, UserRowCache.relationsLimit + 1])
    var relations = UserRowCache.Relations()
    var count = 0
    while let row = try rows.next() {
      count += 1
      if count > UserRowCache.relationsLimit { return .tooMany }
      relations.add(kind: row[0], id: row[1])
    }
    return .relations(relations)
  }

  static func viewerMarks(_ viewer: Int64, statuses: [Int64], people: [Int64], _ db: Database) throws -> ViewerMarks {
    var marks = ViewerMarks()
    guard !statuses.isEmpty || !people.isEmpty else { return marks }
    let rows = try Row.fetchCursor(
      try db.cachedStatement(sql: """
        SELECT 0, m.status_id FROM json_each(?2) j CROSS JOIN favorites m ON m.user_id = ?1 AND m.status_id = j.value
        UNION ALL SELECT 1, m.status_id FROM json_each(?2) j CROSS JOIN likes m ON m.user_id = ?1 AND m.status_id = j.value
        UNION ALL SELECT 2, f.followee_id FROM json_each(?3) j CROSS JOIN follows f ON f.follower_id = ?1 AND f.followee_id = j.value
        UNION ALL SELECT 3, f.follower_id FROM json_each(?3) j CROSS JOIN follows f ON f.follower_id = j.value AND f.followee_id = ?1
        UNION ALL SELECT 4, b.blocked_id FROM json_each(?3) j CROSS JOIN blocks b ON b.blocker_id = ?1 AND b.blocked_id = j.value
        UNION ALL SELECT 4, b.blocker_id FROM json_each(?3) j CROSS JOIN blocks b ON b.blocker_id = j.value AND b.blocked_id = ?1
        UNION ALL SELECT 4, s.user_id FROM json_each(?3) j CROSS JOIN suspensions s ON s.user_id = j.value AND s.user_id <> ?1
        """),
      arguments: [viewer, jsonList(Array(Set(statuses))), jsonList(Array(Set(people)))])
    while let row = try rows.next() {
      let id: Int64 = row[1]
      switch row[0] as Int {
      case 0: marks.favorited.insert(id)
      case 1: marks.liked.insert(id)
      case 2: marks.following.insert(id)
      case 3: marks.followers.insert(id)
      default: marks.apart.insert(id)
      }
    }
    return marks
  }

  package func deleteStatus(id: Int64) async throws -> StatusRecord {
    let (removal, favoriters) = try await pool.write { db in
      guard let status = try Row.fetchOne(try db.cachedStatement(sql: "SELECT \(statusColumns) FROM statuses WHERE id = ?"), arguments: [id])
        .map(StatusRecord.init(row:))
      else { throw StoreError.notFound }
      let removal = StatusRemoval(status)
      let (favoritersSQL, favoritersArguments) = removal.favoriters.sqlite
      let favoriters = try Int64.fetchAll(try db.cachedStatement(sql: favoritersSQL), arguments: favoritersArguments)
      for statement in removal.statements {
        let (sql, arguments) = statement.sqlite
        try db.execute(sql: sql, arguments: arguments)
      }
      return (removal, favoriters)
    }
    caches.invalidate(removal.invalidation(favoriters: favoriters))
    return removal.status
  }

  package func statuses(in feed: StatusFeed, feature: StatusFeature, page: Page, seenBy viewer: Int64) async throws
    -> FeedPage<StatusRecord>
  {
    // A person's, a topic's and the public timeline's page from the held feeds (`HeldFeed`); held when read.
    let held = HeldFeed(feed, feature, seenBy: viewer)
    if let held, let served = caches.heldPage(held, seenBy: viewer, page) { return served.page }
    func read() async throws -> FeedPage<StatusRecord> {
      let generation = userRows.currentGeneration
      let (rowsGeneration, sumsGeneration) = (caches.statusRows.currentGeneration, caches.sumsGeneration)
      let heldGeneration = held.map(caches.generation(of:))
      return try await reading { db in
        let found = try statuses(in: feed, feature: feature, page: page, viewer: viewer, usersReadAt: generation,
                                 rowsReadAt: rowsGeneration, sumsReadAt: sumsGeneration, db)
        if let held, let heldGeneration {
          try fillHeldFeed(held, readAt: heldGeneration, usersReadAt: generation, db)
        }
        return found
      }
    }
    guard let reached = feed.reached(by: viewer, feature) else { return try await read() }
    return try await ReachedStatusPages.page(reached, of: viewer, page, caches: caches,
                                             rows: { try await statuses(ids: $0, visibleTo: viewer) }, read: read)
  }

  package func statusItems(in feed: StatusFeed, feature: StatusFeature, page: Page, seenBy viewer: Int64) async throws
    -> [StatusRecord]
  {
    if case .home = feed { return try await statuses(in: feed, feature: feature, page: page, seenBy: viewer).items }
    let rowsGeneration = caches.statusRows.currentGeneration
    return try await reading { db in
      try self.pageItems(feed, feature, page, viewer: viewer, walk: false, rowsReadAt: rowsGeneration, db)
    }
  }

  /// Holds `held`'s newest statuses (`WeiboSQL.authorFeed`, `WeiboSQL.publicFeed`, the home feed) unless held, as
  /// of `generation`; for 互相关注 also the rows and counters of the people the owner follows (`usersGeneration`),
  /// which its total is summed from, whether or not the home feed is held.
  func fillHeldFeed(_ held: HeldFeed, readAt generation: Int, usersReadAt usersGeneration: Int, _ db: Database) throws {
    switch held {
    case .mutual(let owner):
      let size = try homeSize(owner, usersReadAt: usersGeneration, db)
      if !caches.holds(held) { try fillHomeFeed(owner, dense: size >= denseFeed, readAt: generation, db) }
    case .author(let author):
      guard !caches.holds(held) else { return }
      let feeds = caches.authorFeeds
      let (sql, arguments) = WeiboSQL.authorFeed(author, limit: feeds.depth + 1).sqlite
      let rows = try Row.fetchAll(try db.cachedStatement(sql: sql), arguments: arguments)
      feeds.add(newest: rows.map { (id: $0[0], isPublic: $0[1] == 0) }, of: author, readAt: generation)
    case .open(let key):
      guard !caches.holds(held) else { return }
      let feeds = caches.publicFeeds
      let (sql, arguments) = WeiboSQL.publicFeed(key, limit: feeds.depth + 1, dialect: Self.dialect).sqlite
      let rows = try Row.fetchAll(try db.cachedStatement(sql: sql), arguments: arguments)
      let (newest, total) = WeiboSQL.publicFeedRows(rows.map { ($0[0], $0[1]) })
      feeds.add(newest: newest, total: total, of: key, readAt: generation)
    }
  }

  package func statuses(in feed: StatusFeed, feature: StatusFeature, page: Page, viewer: Int64) async throws
    -> (page: FeedPage<StatusRecord>, context: StatusContextRows)
  {
    // A reader's own home feed is served from the caches when they hold the page (a filtered one with its total from
    // the authors' kind counts), and fills them when not.
    let hot: Int64? = if case .home(let owner) = feed, owner == viewer { owner } else { nil }
    if let hot, let served = try await cachedHomePage(of: hot, page, feature) { return served }
    // A person's, a topic's and the public timeline's page likewise, from the held feeds (`HeldFeed`).
    let held = HeldFeed(feed, feature, seenBy: viewer)
    if let held, let served = caches.heldPage(held, seenBy: viewer, page) { return served }
    // The statuses naming the reader: as for `seenBy` (their ids kept with what else reaches the reader,
    // `ReachedStatusPages`), with the page's context from the caches.
    if feed.reached(by: viewer, feature) != nil {
      let found = try await statuses(in: feed, feature: feature, page: page, seenBy: viewer)
      return (found, try await context(for: found.items, people: [], apps: [], viewer: viewer))
    }
    let generation = userRows.currentGeneration
    let (rowsGeneration, feedsGeneration) = (caches.statusRows.currentGeneration, caches.homeFeeds.currentGeneration)
    let (heldGeneration, sumsGeneration) = (held.map(caches.generation(of:)), caches.sumsGeneration)
    let read: @Sendable (Database) throws -> (page: FeedPage<StatusRecord>, context: StatusContextRows) = { db in
      let found = try self.statuses(
        in: feed, feature: feature, page: page, viewer: viewer, usersReadAt: generation, rowsReadAt: rowsGeneration,
        sumsReadAt: sumsGeneration, db)
      let context = try self.context(
        for: found.items, viewer: viewer, usersReadAt: generation, rowsReadAt: rowsGeneration, db)
      if let held, let heldGeneration {
        self.caches.statusRows.add(found.items + context.originals.values, readAt: rowsGeneration)
        try self.fillHeldFeed(held, readAt: heldGeneration, usersReadAt: generation, db)
      }
      if let owner = hot {
        self.caches.statusRows.add(found.items + context.originals.values, readAt: rowsGeneration)
        if !self.caches.homeFeeds.holds(owner) {
          let size = feature == .all ? found.total : try self.homeSize(owner, usersReadAt: generation, db)
          try self.fillHomeFeed(owner, dense: size >= self.denseFeed, readAt: feedsGeneration, db)
        }
      }
      return (found, context)
    }
    return try await reading(read)
  }

  /// `page` of `owner`'s home feed filtered by `feature` from the caches (`StoreCaches.homePage`), or nil.
  private func cachedHomePage(of owner: Int64, _ page: Page, _ feature: StatusFeature) async throws
    -> (page: FeedPage<StatusRecord>, context: StatusContextRows)?
  {
    guard feature != .all else { return caches.homePage(of: owner, page) }
    guard caches.homeFeeds.holds(owner) else { return nil }
    let total = try await caches.homeFeeds.total(of: owner, feature) {
      try await readingOne { db in
        let (sql, arguments) = WeiboSQL.total(.home(owner), feature, viewer: owner, dialect: Self.dialect).sqlite
        return try Int.fetchOne(try db.cachedStatement(sql: sql), arguments: arguments) ?? 0
      }
    }
    return caches.homePage(of: owner, page, feature: feature, total: total)
  }

  func statuses(
    in feed: StatusFeed, feature: StatusFeature, page: Page, viewer: Int64, usersReadAt generation: Int,
    rowsReadAt rowsGeneration: Int, sumsReadAt sumsGeneration: Int, _ db: Database
  ) throws -> FeedPage<StatusRecord> {
    if case .home(let user) = feed {
      return try homeStatuses(user, feature: feature, page: page, usersReadAt: generation, db)
    }
    let counted = try WeiboSQL.keptTotal(feed, feature, dialect: Self.dialect).map { sql in
      try caches.app(FeedTotals.self) { FeedTotals() }.sums.value(feed, generation: sumsGeneration) {
        let (count, arguments) = sql.sqlite
        return try Int.fetchOne(try db.cachedStatement(sql: count), arguments: arguments) ?? 0
      }
    }
    let (count, countArguments) = WeiboSQL.total(feed, feature, viewer: viewer, dialect: Self.dialect,
                                                 counted: counted).sqlite
    let total = try Int.fetchOne(try db.cachedStatement(sql: count), arguments: countArguments) ?? 0
    // 互相关注 as dense as a dense home feed walks ids newest first, as that does (`homeStatuses`): by the authors'
    // index it read and sorted every status of theirs (0.9 ms for 200 people's 20,000).
    var walk = false
    if case .bilateral = feed, feature == .all { walk = total >= denseFeed }
    let items = try pageItems(feed, feature, page, viewer: viewer, walk: walk, rowsReadAt: rowsGeneration, db)
    return FeedPage(items: items, total: total)
  }

  /// The statuses of a page of `feed` (`WeiboSQL.rows`), any feed but a home feed.
  private func pageItems(_ feed: StatusFeed, _ feature: StatusFeature, _ page: Page, viewer: Int64, walk: Bool,
                         rowsReadAt rowsGeneration: Int, _ db: Database) throws -> [StatusRecord] {
    let (condition, arguments) = WeiboSQL.rows(feed, feature, page: page, viewer: viewer, dialect: Self.dialect,
                                               walk: walk).sqlite
    let (window, windowArguments) = Self.window(page)
    // The page's ids, then their rows from the row cache where it holds them: decoding rows was most of a read.
    let ids = try Int64.fetchAll(
      try db.cachedStatement(sql: "SELECT id FROM statuses WHERE \(condition)\(window) ORDER BY id DESC LIMIT ? OFFSET ?"),
      arguments: arguments + windowArguments + [page.count, page.offset])
    let rows = try statusRows(ids: ids, readAt: rowsGeneration, db)
    return ids.compactMap { rows[$0] }
  }

  package func anyStatus(id: Int64) async throws -> StatusRecord? {
    try await reading { db in try Self.statuses(ids: [id], db)[id] }
  }

  package func setStatusHidden(id: Int64, hidden: Bool, mentions: [Int64], topics: [String], rows: [SparrowStore.SQL])
    async throws -> Bool
  {
    let changed = try await pool.write { db -> Bool in
      guard let status = try Self.statuses(ids: [id], db)[id], StatusHiding.applies(to: status, hidden: hidden) else {
        return false
      }
      for statement in StatusHiding.statements(status, hidden: hidden, mentions: mentions, topics: topics) + rows {
        try db.execute(statement)
      }
      return true
    }
    // Rare: every feed, row and count that held it starts over.
    if changed { caches.invalidate(.everything) }
    return changed
  }

  package func activeAuthors(since: Date) async throws -> Int {
    try await reading { db in
      let (sql, arguments) = WeiboSQL.activeAuthors(since: since).sqlite
      return try Int.fetchOne(try db.cachedStatement(sql: sql), arguments: arguments) ?? 0
    }
  }

  package func hotTopics(since: Date, limit: Int) async throws -> [TopicCount] {
    try await caches.app(HotTopicsCache.self) { HotTopicsCache() }.topics(since: since, limit: limit, caches: caches) {
      try await reading { db in
        let (sql, arguments) = WeiboSQL.hotTopics(since: since, limit: limit).sqlite
        return try Row.fetchAll(try db.cachedStatement(sql: sql), arguments: arguments)
          .map { TopicCount(name: $0[0], count: $0[1]) }
      }
    }
  }

  /// The statuses a home feed holds: all of the user's and the public ones of everyone they follow, from
  /// the user-row cache where it has them.
  func homeSize(_ user: Int64, usersReadAt generation: Int, _ db: Database) throws -> Int {
    let followees: [Int64]
    if let cached = userRows.followees(of: user) {
      followees = cached
    } else {
      followees = try Self.shownFollowees(user, db)
      userRows.add(followees: followees, of: user, readAt: generation)
    }
    let people = [user] + followees
    var (size, missing) = userRows.statusesCount(of: people, seenBy: user)
    if !missing.isEmpty {
      let loaded = try cachedUsers(ids: missing, readAt: generation, db)
      size += missing.reduce(0) { $0 + (loaded[$1]?.statusesCount(seenBy: user) ?? 0) }
    }
    return size
  }

  /// Whom `user`'s home feed shows (`WeiboSQL.shownFollowees`).
  static func shownFollowees(_ user: Int64, _ db: Database) throws -> [Int64] {
    let (sql, arguments) = WeiboSQL.shownFollowees(user).sqlite
    return try Int64.fetchAll(try db.cachedStatement(sql: sql), arguments: arguments)
  }

  /// Holds the newest ids of `user`'s home feed (see `HomeFeeds`), read in the snapshot of the page.
  func fillHomeFeed(_ user: Int64, dense: Bool, readAt generation: Int, _ db: Database) throws {
    let (condition, arguments) = Self.homeCondition(user, walk: dense)
    let rows = try Row.fetchAll(
      try db.cachedStatement(sql: "SELECT \(WeiboSQL.heldColumns) FROM statuses WHERE \(condition) ORDER BY id DESC LIMIT ?"),
      arguments: arguments + [caches.homeFeeds.depth + 1])
    let followees = try Self.shownFollowees(user, db)
    let depth = caches.homeFeeds.depth
    let held = rows.prefix(depth)
    let kinds = held.map { row in
      HomeFeeds.Kind(mine: row[1] == user, original: row[2] == 1, pictures: row[3] == 1)
    }
    caches.homeFeeds.add(held.map { $0[0] }, kinds: kinds, authors: held.map { $0[1] }, complete: rows.count <= depth,
                         of: user, followees: followees, readAt: generation)
  }

  /// Users by id, from the user-row cache where it has them; the rest are read and cached.
  func cachedUsers(ids: [Int64], readAt generation: Int, _ db: Database) throws -> [Int64: UserRecord] {
    try userRows.users(ids, readAt: generation) { try SQLiteStore.users(ids: $0, db) }
  }

  /// `since_id` and `max_id` (`WeiboSQL.window`).
  static func window(_ page: Page) -> (String, StatementArguments) { WeiboSQL.window(page).sqlite }


  /// Below `denseFeed` statuses in a home feed, sorting the feed's ids is cheapest; above it, walking all
  /// statuses newest first until the page is full is, since a big feed is dense. Either way a page costs
  /// at most a few thousand index entries, whatever the follow graph.
  func homeStatuses(_ user: Int64, feature: StatusFeature, page: Page, usersReadAt generation: Int, _ db: Database)
    throws -> FeedPage<StatusRecord>
  {
    let size = try homeSize(user, usersReadAt: generation, db)
    let dense = size >= denseFeed
    let (condition, arguments) = Self.homeCondition(user, walk: dense)
    let (window, windowArguments) = Self.window(page)
    let filter = Self.featureClause(feature) + window
    let sql = dense
      ? "SELECT \(statusColumns) FROM statuses WHERE \(condition)\(filter) ORDER BY id DESC LIMIT ? OFFSET ?"
      : """
        SELECT \(statusColumns) FROM statuses WHERE id IN (
          SELECT id FROM statuses WHERE \(condition)\(filter) ORDER BY id DESC LIMIT ? OFFSET ?)
        ORDER BY id DESC
        """
    let items = try decodeRows(
      try db.cachedStatement(sql: sql), arguments + windowArguments + [page.count, page.offset], StatusRecord.init(row:))
    // The counters hold the whole feed's size, and the authors' kind counts a filtered feed's (`WeiboSQL.total`).
    guard feature != .all else { return FeedPage(items: items, total: size) }
    let (count, countArguments) = WeiboSQL.total(.home(user), feature, viewer: user, dialect: Self.dialect).sqlite
    let total = try Int.fetchOne(try db.cachedStatement(sql: count), arguments: countArguments) ?? 0
    return FeedPage(items: items, total: total)
  }

  /// The statuses `feed` holds (`WeiboSQL.condition`), with this engine's text search.
  static func condition(_ feed: StatusFeed, _ feature: StatusFeature) -> (String, StatementArguments) {
    WeiboSQL.condition(feed, feature, dialect: dialect).sqlite
  }

  /// How SQLite finds words in status texts (`WeiboSQL.Dialect`): by the FTS5 trigram table, which folds case in
  /// every script, from three characters; by the pairs of the folded text (`status_grams`, `weibo-v11`) for two;
  /// else a scan of the folded text (`sparrow_fold`, registered when the database opens), as `LIKE` folds only
  /// ASCII. Both tables hold public statuses only (`weibo-v12`), and FTS5 walks a match's rowids newest first.
  static let dialect = WeiboSQL.Dialect(
    indexed: { words in
      if words.unicodeScalars.count >= trigram {
        return WeiboSQL.PublicIndex(table: "status_search", match: "status_search MATCH \(ftsPhrase(words))",
                                    id: "rowid")
      }
      let folded = SearchFolding.folded(words)
      let pairs: SparrowStore.SQL = "status_grams MATCH \(SearchBigrams.allPairs(folded))"
      // Two characters are one pair, which the index answers exactly; a word that folding lengthened (İ) has more,
      // which a text may hold apart, so its texts are checked.
      if folded.unicodeScalars.count == 2 { return WeiboSQL.PublicIndex(table: "status_grams", match: pairs, id: "rowid") }
      return WeiboSQL.PublicIndex(
        table: "statuses",
        match: "id IN (SELECT rowid FROM status_grams WHERE \(sql: pairs)) AND visible = 0 AND \(sql: scan(folded))",
        id: "id")
    },
    scan: { scan(SearchFolding.folded($0)) }, mutualsByKey: false)

  /// A folded status text containing `folded`, row by row.
  private static func scan(_ folded: String) -> SparrowStore.SQL { "instr(sparrow_fold(text), \(folded)) > 0" }

  static func featureClause(_ feature: StatusFeature) -> String { WeiboSQL.featureClause(feature).sqlite.0 }


  /// The home feed (`WeiboSQL.home`); `walk` writes `+user_id` so SQLite walks ids newest first instead of the
  /// author index.
  static func homeCondition(_ user: Int64, walk: Bool) -> (String, StatementArguments) {
    WeiboSQL.home(user, walk: walk).sqlite
  }


  /// The rows of `ids`: those the row cache holds, the rest read here and kept (`readAt`: the cache's generation,
  /// taken before the read began, so a row a write changed meanwhile is not kept).
  func statusRows(ids: [Int64], readAt generation: Int, _ db: Database) throws -> [Int64: StatusRecord] {
    guard !ids.isEmpty else { return [:] }
    var (found, missing) = caches.statusRows.rows(ids)
    guard !missing.isEmpty else { return found }
    let read = try Self.statuses(ids: missing, db)
    caches.statusRows.add(read.values, readAt: generation)
    found.merge(read) { a, _ in a }
    return found
  }

  static func statuses(ids: [Int64], _ db: Database) throws -> [Int64: StatusRecord] {
    guard !ids.isEmpty else { return [:] }
    let unique = Array(Set(ids))
    let statuses = try decodeRows(
      try db.cachedStatement(sql: "SELECT \(statusColumnsOfS) FROM json_each(?) j CROSS JOIN statuses s ON s.id = j.value"),
      [jsonList(unique)], StatusRecord.init(row:))
    return Dictionary(statuses.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
  }

  static func insert(_ status: StatusRecord, _ db: Database) throws {
    for picture in status.pictures {
      try db.cachedStatement(sql: "INSERT OR IGNORE INTO picture_refs (picture_id, ref) VALUES (?, ?)")
        .execute(arguments: [picture.id, "status:\(status.id)"])
    }
    let pictures = status.pictures.isEmpty ? "" : String(decoding: try JSONEncoder().encode(status.pictures), as: UTF8.self)
    try db.cachedStatement(sql: """
        INSERT INTO statuses (id, user_id, text, app_id, created_at, retweeted_id, parent_id, pictures, has_pictures,
          latitude, longitude, visible)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """).execute(arguments: [
        status.id, status.userID, status.text, status.appID, millis(status.createdAt), status.retweetedID,
        status.retweetedID == nil ? nil : status.parentID, pictures, status.pictures.isEmpty ? 0 : 1,
        status.latitude, status.longitude, status.visible,
      ])
  }
}
