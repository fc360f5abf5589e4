import Foundation
import PostgresNIO
import SparrowStore
import SparrowStorePostgres
import WeiboStore

extension PostgresWeiboStore {
  package func insertStatus(_ status: StatusRecord, mentions: [Int64], topics: [String], comments: [CommentRecord])
    async throws
  {
    let posting = StatusPosting(status, mentions: mentions, topics: topics)
    // The counters it bumps may have changed whether or not it is stored.
    try await transaction(announcing: { reach in
      posting.invalidation(stored: reach != nil, comments: comments, reaching: reach)
    }) { db in try await insert(posting, comments: comments, db) }
  }

  /// Returns whom it reaches besides those it mentions: a repost's parent's author, whom its comments reach.
  private func insert(_ posting: StatusPosting, comments: [CommentRecord], _ db: Connection) async throws -> [Int64] {
    let status = posting.status
    // The author's row is locked first: two posts of one author at once see each other's text in turn.
    try await db.execute("SELECT 1 FROM users WHERE id = \(status.userID) FOR UPDATE")
    if let previous = try await db.rows(posting.previous).first,
      posting.repeats(text: try previous.string(0), retweetedID: try previous.optionalInt64(1))
    {
      throw StoreError.duplicateText
    }
    var reach: [Int64] = []
    if let targets = posting.repostTargets {
      let found = try await db.rows(targets).first
      guard posting.repostFound(try found?.int(0) ?? 0) else { throw StoreError.notFound }
      if let parentAuthor = try found?.optionalInt64(1) { reach.append(parentAuthor) }
    }
    try await Self.insert(status, db)
    for update in posting.counterUpdates { try await db.execute(update) }
    if !posting.mentions.isEmpty {
      try await db.execute("""
        INSERT INTO status_mentions (user_id, status_id) SELECT u, \(status.id) FROM unnest(\(posting.mentions)) AS u
        """)
    }
    if !posting.topics.isEmpty {
      try await db.execute("""
        INSERT INTO status_topics (topic, status_id, created_at)
        SELECT t, \(status.id), \(millis(status.createdAt)) FROM unnest(\(posting.topics)) AS t
        """)
    }
    for comment in comments { reach += try await Self.insertComment(comment, mentions: [], db) }
    return reach
  }

  package func status(id: Int64, visibleTo viewer: Int64) async throws -> StatusRecord? {
    try await statuses(ids: [id], visibleTo: viewer)[id]
  }

  package func statuses(ids: [Int64], visibleTo viewer: Int64) async throws -> [Int64: StatusRecord] {
    guard !ids.isEmpty else { return [:] }
    // From the held rows and the viewer's held relations, caught up first (a request's later reads catch up free).
    if engine.isListening {
      try await catchUp()
      if let held = caches.statuses(ids, visibleTo: viewer) { return held }
    }
    // The rule in the statement: the rows, then whom a block keeps the viewer apart from, were two round trips. The
    // rows are held for the next time (any row, whoever it is visible to).
    let rowsGeneration = caches.statusRows.currentGeneration
    return try await readingCached { db, _ in
      let statuses = try await db.rows("""
        SELECT \(raw: statusColumns) FROM statuses
        WHERE id = \(any: Array(Set(ids))) AND \(sql: WeiboSQL.visibleTo(viewer))
        """).map(StatusRecord.init(row:))
      self.caches.statusRows.add(statuses, readAt: rowsGeneration)
      return Dictionary(statuses.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }
  }

  package func context(for statuses: [StatusRecord], people: [Int64], apps: [Int64], viewer: Int64) async throws
    -> StatusContextRows
  {
    if engine.isListening {
      try await catchUp()
      if let held = caches.context(for: statuses, people: people, apps: apps, viewer: viewer) { return held }
    }
    let rowsGeneration = caches.statusRows.currentGeneration
    return try await readingCached { db, generation in
      try await self.context(for: statuses, people: people, apps: apps, viewer: viewer, usersReadAt: generation,
                             rowsReadAt: rowsGeneration, db)
    }
  }

  /// `originals`: the statuses `statuses` repost, when they were read with them (`page(of:…)`); else they are read
  /// through the status-row cache when `rowsReadAt` is given (as the SQLite engine's are): read and never held, a
  /// page's originals were read again on every visit (消息's @我的, eight rows a request).
  func context(for statuses: [StatusRecord], originals read: [Int64: StatusRecord]? = nil, people: [Int64] = [],
               apps extraApps: [Int64] = [], viewer: Int64, usersReadAt generation: Int, rowsReadAt rowsGeneration: Int? = nil,
               _ db: Connection)
    async throws -> StatusContextRows
  {
    let originals: [Int64: StatusRecord]
    let originalIDs = statuses.compactMap(\.retweetedID)
    if let read {
      originals = read
    } else if let rowsGeneration, engine.isListening {
      originals = try await statusRows(ids: originalIDs, readAt: rowsGeneration, db)
    } else {
      originals = try await Self.statuses(ids: originalIDs, db)
    }
    let all = statuses + originals.values
    let users = try await cachedUsers(ids: all.map(\.userID) + people, readAt: generation, db)
    let marks = try await viewerMarks(viewer, statuses: all.map(\.id), people: Array(users.keys), readAt: generation, db)
    let apps = try await caches.apps.apps(all.map(\.appID) + extraApps) { try await PostgresStore.apps(ids: $0, db) }
    // An original the viewer may not see (hidden by staff since it was reposted, or by someone a block keeps the
    // viewer apart from) is shown as gone.
    return StatusContextRows(
      originals: originals.filter { $0.value.isVisible(to: viewer) && !marks.apart.contains($0.value.userID) }, users: users, apps: apps, favorited: marks.favorites, liked: marks.likes,
      following: marks.followees, followers: marks.followers)
  }

  /// Users by id, from the user-row cache where it has them; the rest are read and cached.
  func cachedUsers(ids: [Int64], readAt generation: Int, _ db: Connection) async throws -> [Int64: UserRecord] {
    try await userRows.users(ids, readAt: generation) { try await PostgresStore.users(ids: $0, db) }
  }

  /// The viewer's marks among `statuses` and relationships with `people`, from the relations the user-row cache
  /// holds for them (read in full the first time).
  func viewerMarks(_ viewer: Int64, statuses: [Int64], people: [Int64], readAt generation: Int, _ db: Connection)
    async throws -> UserRowCache.Relations
  {
    let held: UserRowCache.Held
    if let cached = userRows.relations(of: viewer) {
      held = cached
    } else {
      held = try await Self.relations(of: viewer, db)
      userRows.add(held, of: viewer, readAt: generation)
    }
    guard case .relations(let relations) = held else {
      return try await Self.viewerMarks(viewer, statuses: statuses, people: people, db)
    }
    return relations.marks(statuses: statuses, people: people)
  }

  /// Everything `user` favourited and liked, their follows both ways, blocks and mutes, and who is kept apart from
  /// them (`UserRowCache.Relations`, its kinds), or `.tooMany`.
  static func relations(of user: Int64, _ db: Connection) async throws -> UserRowCache.Held {
    let rows = try await db.rows("""
      SELECT 0, status_id FROM favorites WHERE user_id = \(user)
      UNION ALL SELECT 1, status_id FROM likes WHERE user_id = \(user)
      UNION ALL SELECT CAST(2 + 3 * special AS INTEGER), followee_id FROM follows WHERE follower_id = \(user)
      UNION ALL SELECT 3, follower_id FROM follows WHERE followee_id = \(user)
      UNION ALL SELECT 6, blocked_id FROM blocks WHERE blocker_id = \(user)
      UNION ALL SELECT 4, blocker_id FROM blocks WHERE blocked_id = \(user)
      UNION ALL SELECT 4, user_id FROM suspensions WHERE user_id <> \(user)
      UNION ALL SELECT 7, muted_id FROM mutes WHERE muter_id = \(user)
      LIMIT \(UserRowCache.relationsLimit + 1)
      """)
    if rows.count > UserRowCache.relationsLimit { return .tooMany }
    return .relations(try sortMarks(rows))
  }

  static func viewerMarks(_ viewer: Int64, statuses: [Int64], people: [Int64], _ db: Connection) async throws
    -> UserRowCache.Relations
  {
    guard !statuses.isEmpty || !people.isEmpty else { return UserRowCache.Relations() }
    let (statuses, people) = (Array(Set(statuses)), Array(Set(people)))
    return try sortMarks(try await db.rows("""
      SELECT 0, status_id FROM favorites WHERE user_id = \(viewer) AND status_id = \(any: statuses)
      UNION ALL SELECT 1, status_id FROM likes WHERE user_id = \(viewer) AND status_id = \(any: statuses)
      UNION ALL SELECT 2, followee_id FROM follows WHERE follower_id = \(viewer) AND followee_id = \(any: people)
      UNION ALL SELECT 3, follower_id FROM follows WHERE followee_id = \(viewer) AND follower_id = \(any: people)
      UNION ALL SELECT 4, blocked_id FROM blocks WHERE blocker_id = \(viewer) AND blocked_id = \(any: people)
      UNION ALL SELECT 4, blocker_id FROM blocks WHERE blocked_id = \(viewer) AND blocker_id = \(any: people)
      UNION ALL SELECT 4, user_id FROM suspensions WHERE user_id <> \(viewer) AND user_id = \(any: people)
      """))
  }

  /// Rows of (kind, id) as `relations` and `viewerMarks` read them.
  static func sortMarks(_ rows: [PostgresRandomAccessRow]) throws -> UserRowCache.Relations {
    var relations = UserRowCache.Relations()
    for row in rows { relations.add(kind: Int(try row[0].decode(Int32.self)), id: try row.int64(1)) }
    return relations
  }

  package func deleteStatus(id: Int64) async throws -> StatusRecord {
    // A deletion that may have committed before its answer was lost leaves every cache of the status at least.
    let (removal, favoriters): (StatusRemoval, [Int64])
    do {
      (removal, favoriters) = try await deleteRows(of: id)
    } catch {
      await announce(.statuses(removed: [id]))
      throw error
    }
    await announce(removal.invalidation(favoriters: favoriters))
    return removal.status
  }

  private func deleteRows(of id: Int64) async throws -> (StatusRemoval, [Int64]) {
    try await transaction { db in
      guard let status = try await db.rows("SELECT \(raw: statusColumns) FROM statuses WHERE id = \(id) FOR UPDATE")
        .first.map(StatusRecord.init(row:))
      else { throw StoreError.notFound }
      let removal = StatusRemoval(status)
      let favoriters = try await db.column(removal.favoriters, as: Int64.self)
      for statement in removal.statements { try await db.execute(statement) }
      return (removal, favoriters)
    }
  }

  package func statuses(in feed: StatusFeed, feature: StatusFeature, page: Page, seenBy viewer: Int64) async throws
    -> FeedPage<StatusRecord>
  {
    // A person's, a topic's and the public timeline's page from the held feeds (`HeldFeed`), caught up first; read
    // and held when not.
    let held = HeldFeed(feed, feature, seenBy: viewer)
    if let held, engine.isListening {
      try await catchUp()
      if let served = caches.heldPage(held, seenBy: viewer, page) { return served.page }
    }
    func read() async throws -> FeedPage<StatusRecord> {
      let (rowsGeneration, heldGeneration) = (caches.statusRows.currentGeneration, held.map(caches.generation(of:)))
      return try await readingCached { db, generation in
        let found = try await self.statuses(in: feed, feature: feature, page: page, viewer: viewer, usersReadAt: generation, db)
        if let held, let heldGeneration {
          self.caches.statusRows.add(found.items, readAt: rowsGeneration)
          try await self.fillHeldFeed(held, readAt: heldGeneration, usersReadAt: generation, db)
        }
        return found
      }
    }
    // Kept as the comments to a person are (`comments(in:page:seenBy:)`).
    guard engine.isListening, let reached = feed.reached(by: viewer, feature) else { return try await read() }
    try await catchUp()
    return try await ReachedStatusPages.page(reached, of: viewer, page, caches: caches,
                                             rows: { try await statuses(ids: $0, visibleTo: viewer) }, read: read)
  }

  package func statusItems(in feed: StatusFeed, feature: StatusFeature, page: Page, seenBy viewer: Int64) async throws
    -> [StatusRecord]
  {
    if case .home = feed { return try await statuses(in: feed, feature: feature, page: page, seenBy: viewer).items }
    return try await readingCached { db, _ in
      try await Self.page(of: feed, feature, page, viewer: viewer, originals: false, counted: nil, counting: false, db)
        .page.items
    }
  }

  /// Holds `held`'s newest statuses (`WeiboSQL.authorFeed`, `WeiboSQL.publicFeed`, the home feed) unless held, as
  /// of `generation`; for 互相关注 also the rows and counters of the people the owner follows (`usersGeneration`),
  /// which its total is summed from, whether or not the home feed is held.
  func fillHeldFeed(_ held: HeldFeed, readAt generation: Int, usersReadAt usersGeneration: Int, _ db: Connection)
    async throws
  {
    switch held {
    case .mutual(let owner):
      _ = try await homeSize(owner, usersReadAt: usersGeneration, db)
      if !caches.holds(held) { try await fillHomeFeed(owner, readAt: generation, db) }
    case .author(let author):
      guard !caches.holds(held) else { return }
      let feeds = caches.authorFeeds
      let rows = try await db.rows(WeiboSQL.authorFeed(author, limit: feeds.depth + 1))
      feeds.add(newest: try rows.map { (id: try $0.int64(0), isPublic: try $0.int64(1) == 0) }, of: author,
                readAt: generation)
    case .open(let key):
      guard !caches.holds(held) else { return }
      let feeds = caches.publicFeeds
      let rows = try await db.rows(WeiboSQL.publicFeed(key, limit: feeds.depth + 1, dialect: Self.dialect))
      let (newest, total) = WeiboSQL.publicFeedRows(try rows.map { (try $0.int64(0), try $0.int64(1)) })
      feeds.add(newest: newest, total: total, of: key, readAt: generation)
    }
  }

  package func statuses(in feed: StatusFeed, feature: StatusFeature, page: Page, viewer: Int64) async throws
    -> (page: FeedPage<StatusRecord>, context: StatusContextRows)
  {
    // A reader's own home feed is served from the caches (caught up first) when they hold the page (a filtered one
    // with its total kept with the feed, else from the authors' kind counts, read with the catching up), and fills
    // them when not.
    let hot: Int64? = if case .home(let owner) = feed, owner == viewer { owner } else { nil }
    if let hot, engine.isListening {
      if feature == .all {
        try await catchUp()
        if let served = caches.homePage(of: hot, page) { return served }
      } else if caches.homeFeeds.holds(hot) {
        let total = try await reading { db in
          try await catchUp(db)
          return try await caches.homeFeeds.total(of: hot, feature) {
            try await db.value(WeiboSQL.total(.home(hot), feature, viewer: hot, dialect: Self.dialect), as: Int.self) ?? 0
          }
        }
        if let served = caches.homePage(of: hot, page, feature: feature, total: total) { return served }
      }
    }
    // A person's, a topic's and the public timeline's page likewise, from the held feeds (`HeldFeed`).
    let held = HeldFeed(feed, feature, seenBy: viewer)
    if let held, engine.isListening {
      try await catchUp()
      if let served = caches.heldPage(held, seenBy: viewer, page) { return served }
    }
    // The statuses naming the reader: as for `seenBy` (their ids kept with what else reaches the reader,
    // `ReachedStatusPages`), with the page's context from the caches: no statement while nothing new reaches them.
    if engine.isListening, feed.reached(by: viewer, feature) != nil {
      let found = try await statuses(in: feed, feature: feature, page: page, seenBy: viewer)
      return (found, try await context(for: found.items, people: [], apps: [], viewer: viewer))
    }
    // Any other feed: its page, total and reposted originals in one statement (one snapshot without a transaction:
    // BEGIN, the count, the originals and COMMIT were four more round trips each).
    if hot == nil, Self.readsInOneStatement(feed, feature) {
      let (rowsGeneration, heldGeneration) = (caches.statusRows.currentGeneration, held.map(caches.generation(of:)))
      return try await readingCached { db, generation in
        let counted = try await self.keptTotal(feed, feature, db)
        let (found, originals) = try await Self.page(of: feed, feature, page, viewer: viewer, originals: true,
                                                     counted: counted,
                                                     publicStatuses: try await self.publicStatuses(for: feed, db), db)
        let context = try await self.context(
          for: found.items, originals: originals, viewer: viewer, usersReadAt: generation, db)
        if let held, let heldGeneration {
          self.caches.statusRows.add(found.items + context.originals.values, readAt: rowsGeneration)
          try await self.fillHeldFeed(held, readAt: heldGeneration, usersReadAt: generation, db)
        }
        return (found, context)
      }
    }
    let (rowsGeneration, feedsGeneration) = (caches.statusRows.currentGeneration, caches.homeFeeds.currentGeneration)
    // One snapshot for the page and its context, and the home feed it fills: a read-only repeatable-read transaction.
    return try await readingCached { db, generation in
      try await db.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
      do {
        let found = try await self.statuses(
          in: feed, feature: feature, page: page, viewer: viewer, usersReadAt: generation, db)
        let context = try await self.context(for: found.items, viewer: viewer, usersReadAt: generation,
                                             rowsReadAt: rowsGeneration, db)
        if let owner = hot {
          self.caches.statusRows.add(found.items + context.originals.values, readAt: rowsGeneration)
          if !self.caches.homeFeeds.holds(owner) { try await self.fillHomeFeed(owner, readAt: feedsGeneration, db) }
        }
        try await db.execute("COMMIT")
        return (found, context)
      } catch {
        _ = try? await db.execute("ROLLBACK")
        throw error
      }
    }
  }

  func statuses(
    in feed: StatusFeed, feature: StatusFeature, page: Page, viewer: Int64, usersReadAt generation: Int,
    _ db: Connection
  ) async throws -> FeedPage<StatusRecord> {
    guard !Self.readsInOneStatement(feed, feature) else {
      let counted = try await keptTotal(feed, feature, db)
      return try await Self.page(of: feed, feature, page, viewer: viewer, originals: false, counted: counted,
                                 publicStatuses: try await publicStatuses(for: feed, db), db).page
    }
    guard case .home(let user) = feed else { preconditionFailure("only a whole home feed is read in two") }
    let rows = WeiboSQL.rows(feed, feature, page: page, viewer: viewer, dialect: Self.dialect)
    let items = try await db.rows("""
      SELECT \(raw: statusColumns) FROM statuses WHERE \(sql: rows)\(sql: WeiboSQL.window(page))
      ORDER BY id DESC LIMIT \(page.count) OFFSET \(page.offset)
      """).map(StatusRecord.init(row:))
    // A whole home feed's size is the sum of its people's counters (cached), not a statement.
    return FeedPage(items: items, total: try await homeSize(user, usersReadAt: generation, db))
  }

  /// A kept feed size (`WeiboSQL.keptTotal`: an indexed search's, 互相关注's): kept while statuses and follows stand
  /// (`FeedTotals`; `db` has caught up), read when not. Nil for any other feed.
  func keptTotal(_ feed: StatusFeed, _ feature: StatusFeature, _ db: Connection) async throws -> Int? {
    guard let sql = WeiboSQL.keptTotal(feed, feature, dialect: Self.dialect) else { return nil }
    return try await caches.app(FeedTotals.self) { FeedTotals() }.sums.value(feed, caches: caches) {
      try await db.value(sql, as: Int.self) ?? 0
    }
  }

  /// The site's count of public statuses, for 互相关注 (`WeiboSQL.denseBilateralRows`): kept while statuses stand, as
  /// its size is (`FeedTotals`). Nil for any other feed.
  func publicStatuses(for feed: StatusFeed, _ db: Connection) async throws -> Int? {
    guard case .bilateral = feed else { return nil }
    return try await caches.app(FeedTotals.self) { FeedTotals() }.sums.value(.everyone, caches: caches) {
      try await db.value(WeiboSQL.publicStatusCount, as: Int.self) ?? 0
    }
  }

  /// Every feed but a whole home feed, whose total is summed from the user-row cache.
  static func readsInOneStatement(_ feed: StatusFeed, _ feature: StatusFeature) -> Bool {
    if case .home = feed, feature == .all { return false }
    return true
  }

  /// A page of `feed` with its total (`WeiboSQL.total`) and, with `originals`, the statuses its reposts repost,
  /// in one statement: one snapshot. The total's row is there when the page is empty (its other columns null).
  /// `counted` as `WeiboSQL.total` takes it (`keptTotal`); without `counting`, the total is 0 (`statusItems`).
  /// `publicStatuses` as `WeiboSQL.denseBilateralRows` takes it (`publicStatuses(for:_:)`).
  static func page(
    of feed: StatusFeed, _ feature: StatusFeature, _ page: Page, viewer: Int64, originals: Bool, counted: Int?,
    publicStatuses: Int? = nil, counting: Bool = true, _ db: Connection
  ) async throws -> (page: FeedPage<StatusRecord>, originals: [Int64: StatusRecord]) {
    let total = counting ? WeiboSQL.total(feed, feature, viewer: viewer, dialect: dialect, counted: counted)
      : "SELECT CAST(0 AS BIGINT)"
    let reposted: SQL = originals
      ? " UNION ALL SELECT \(raw: statusColumns), 1::bigint FROM statuses WHERE id IN (SELECT retweeted_id FROM page)"
      : ""
    // A common word's page, or a dense 互相关注's, from the newest statuses, when it is all there.
    if let newest = WeiboSQL.newestRows(feed, feature, page: page, viewer: viewer, dialect: dialect, counted: counted)
      ?? WeiboSQL.denseBilateralRows(feed, feature, page: page, viewer: viewer, counted: counted,
                                     publicStatuses: publicStatuses)
    {
      let read = try await self.page(rows: newest, page, total: total, reposted: reposted, db)
      if read.page.items.count == page.count { return read }
    }
    let rows = WeiboSQL.rows(feed, feature, page: page, viewer: viewer, dialect: dialect)
    return try await self.page(rows: rows, page, total: total, reposted: reposted, db)
  }

  /// `page(of:)`'s statement, for the statuses `rows` says.
  private static func page(rows: SQL, _ page: Page, total: SQL, reposted: SQL, _ db: Connection) async throws
    -> (page: FeedPage<StatusRecord>, originals: [Int64: StatusRecord])
  {
    let found = try await db.rows("""
      WITH page AS MATERIALIZED (
        SELECT \(raw: statusColumns) FROM statuses WHERE \(sql: rows)\(sql: WeiboSQL.window(page))
        ORDER BY id DESC \(sql: page.limitClause))
      SELECT listed.*, counted.total FROM (\(sql: total)) AS counted (total)
      LEFT JOIN (SELECT *, 0::bigint AS part FROM page\(sql: reposted)) AS listed ON true
      ORDER BY listed.part, listed.id DESC
      """)
    var items: [StatusRecord] = []
    var reposts: [Int64: StatusRecord] = [:]
    var count = 0
    for row in found {
      count = try row.int(15)
      switch try row.optionalInt64(14) {
      case 0: items.append(try StatusRecord(row: row))
      case 1: let status = try StatusRecord(row: row); reposts[status.id] = status
      default: break
      }
    }
    // A rounded-up limit read more rows than the page holds: they and their originals go.
    let kept = Array(items.prefix(page.count))
    if kept.count < items.count { reposts = reposts.filter { id, _ in kept.contains { $0.retweetedID == id } } }
    return (FeedPage(items: kept, total: count), reposts)
  }

  /// Holds the newest ids of `user`'s home feed (see `HomeFeeds`), read in the snapshot of the page.
  func fillHomeFeed(_ user: Int64, readAt generation: Int, _ db: Connection) async throws {
    let rows = try await db.rows("""
      SELECT \(raw: WeiboSQL.heldColumns) FROM statuses WHERE \(sql: WeiboSQL.home(user)) \
      ORDER BY id DESC LIMIT \(caches.homeFeeds.depth + 1)
      """)
    let followees = try await db.column(WeiboSQL.shownFollowees(user), as: Int64.self)
    let depth = caches.homeFeeds.depth
    let held = rows.prefix(depth)
    let kinds = try held.map { row in
      HomeFeeds.Kind(mine: try row.int64(1) == user, original: try row.int64(2) == 1, pictures: try row.int64(3) == 1)
    }
    caches.homeFeeds.add(try held.map { try $0.int64(0) }, kinds: kinds, authors: try held.map { try $0.int64(1) },
                         complete: rows.count <= depth, of: user, followees: followees, readAt: generation)
  }

  /// The statuses a home feed holds: all of the user's and the public ones of everyone they follow, from the
  /// user-row cache where it has them.
  func homeSize(_ user: Int64, usersReadAt generation: Int, _ db: Connection) async throws -> Int {
    let followees: [Int64]
    if let cached = userRows.followees(of: user) {
      followees = cached
    } else {
      followees = try await db.column(WeiboSQL.shownFollowees(user), as: Int64.self)
      userRows.add(followees: followees, of: user, readAt: generation)
    }
    let people = [user] + followees
    var (size, missing) = userRows.statusesCount(of: people, seenBy: user)
    if !missing.isEmpty {
      let loaded = try await cachedUsers(ids: missing, readAt: generation, db)
      size += missing.reduce(0) { $0 + (loaded[$1]?.statusesCount(seenBy: user) ?? 0) }
    }
    return size
  }

  package func anyStatus(id: Int64) async throws -> StatusRecord? {
    try await reading { db in try await Self.statuses(ids: [id], db)[id] }
  }

  package func setStatusHidden(id: Int64, hidden: Bool, mentions: [Int64], topics: [String], rows: [SQL])
    async throws -> Bool
  {
    let changed = try await transaction { db -> Bool in
      guard let status = try await db.rows("SELECT \(raw: statusColumns) FROM statuses WHERE id = \(id) FOR UPDATE")
        .first.map(StatusRecord.init(row:)), StatusHiding.applies(to: status, hidden: hidden)
      else { return false }
      for statement in StatusHiding.statements(status, hidden: hidden, mentions: mentions, topics: topics) + rows {
        try await db.execute(statement)
      }
      return true
    }
    // Rare: every feed, row and count that held it starts over.
    if changed { await announce(.everything) }
    return changed
  }

  package func activeAuthors(since: Date) async throws -> Int {
    try await readingReplica { db in try await db.rows(WeiboSQL.activeAuthors(since: since)).first?.int(0) ?? 0 }
  }

  package func hotTopics(since: Date, limit: Int) async throws -> [TopicCount] {
    // Caught up first, so that another process's posts have moved the generation the kept lists stand on.
    if engine.isListening { try await catchUp() }
    return try await caches.app(HotTopicsCache.self) { HotTopicsCache() }.topics(since: since, limit: limit, caches: caches) {
      try await readingReplica { db in
        try await db.rows(WeiboSQL.hotTopics(since: since, limit: limit))
          .map { TopicCount(name: try $0.string(0), count: try $0.int(1)) }
      }
    }
  }

  /// Rows by id from the status-row cache where it has them; the rest read and held as of `generation` (taken
  /// before the read began). Only while the engine is listening, when the cache is kept coherent.
  func statusRows(ids: [Int64], readAt generation: Int, _ db: Connection) async throws -> [Int64: StatusRecord] {
    guard !ids.isEmpty else { return [:] }
    var (found, missing) = caches.statusRows.rows(ids)
    guard !missing.isEmpty else { return found }
    let read = try await Self.statuses(ids: missing, db)
    caches.statusRows.add(read.values, readAt: generation)
    found.merge(read) { a, _ in a }
    return found
  }

  static func statuses(ids: [Int64], _ db: Connection) async throws -> [Int64: StatusRecord] {
    guard !ids.isEmpty else { return [:] }
    let statuses = try await db.rows("SELECT \(raw: statusColumns) FROM statuses WHERE id = \(any: Array(Set(ids)))")
      .map(StatusRecord.init(row:))
    return Dictionary(statuses.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
  }

  static func insert(_ status: StatusRecord, _ db: Connection) async throws {
    if !status.pictures.isEmpty {
      try await db.execute("""
        INSERT INTO picture_refs (picture_id, ref) SELECT p, \("status:\(status.id)") FROM unnest(\(status.pictures.map(\.id))) AS p
        ON CONFLICT DO NOTHING
        """)
    }
    let pictures = status.pictures.isEmpty ? "" : String(decoding: try JSONEncoder().encode(status.pictures), as: UTF8.self)
    try await db.execute("""
      INSERT INTO statuses (id, user_id, text, app_id, created_at, retweeted_id, parent_id, pictures, has_pictures,
        latitude, longitude, visible)
      VALUES (\(status.id), \(status.userID), \(status.text), \(status.appID), \(millis(status.createdAt)),
        \(status.retweetedID), \(status.retweetedID == nil ? nil : status.parentID), \(pictures),
        \(status.pictures.isEmpty ? 0 : 1), \(status.latitude), \(status.longitude), \(status.visible))
      """)
  }
}

// MARK: Text search

extension PostgresWeiboStore {
  /// How PostgreSQL finds words in status texts (`WeiboSQL.Dialect`): by `pg_trgm`'s index from three
  /// characters, by the index of pairs (`weibo-v11`) for two. `ILIKE` folds case by the database's character type:
  /// with a UTF-8 locale (`C.UTF-8`, as the tests and `make bench` make it) letters of every script, as
  /// `SearchFolding` says, and `lower` the same way. Neither index holds the statuses in order, so for a common word
  /// the planner walks the statuses newest first instead, checking each text by `strpos` (`precheck`) before the
  /// pairs it would otherwise compute for every row walked (13 µs each: 6.6 ms a page of 周末 at 100,000 statuses).
  static let dialect = WeiboSQL.Dialect(
    indexed: { words in
      let pattern = "%" + likeEscaped(words) + "%"
      guard words.unicodeScalars.count < trigram else {
        let match: SQL = "visible = 0 AND text ILIKE \(pattern) ESCAPE '\\'"
        return WeiboSQL.PublicIndex(table: "statuses", match: match, id: "id", check: match)
      }
      let pairs: SQL = "visible = 0 AND weibo_bigrams(lower(text)) @> weibo_bigrams(lower(\(words)))"
      // Two folded characters are one pair, which the index answers exactly. A word that folding lengthened (İ) has
      // more, which a text may hold apart: its texts are checked, by an expression the trigram index cannot serve
      // (asked for two characters, it gave every row to AND with the pairs': 160 ms a search at 100,000 statuses).
      guard SearchFolding.folded(words).unicodeScalars.count == 2 else {
        let match = pairs + " AND (text || '') ILIKE \(pattern) ESCAPE '\\'"
        return WeiboSQL.PublicIndex(table: "statuses", match: match, id: "id", check: match)
      }
      // The one pair is in the text exactly when the text holds the two characters: a row needs no pairs worked out;
      // and when lowering cannot matter (`SearchFolding.isCaseless`: 周末), no text is lowered either (half the
      // statement's time, walking the newest 500).
      let precheck: SQL = SearchFolding.isCaseless(words)
        ? "strpos(text, \(words)) > 0" : "strpos(lower(text), lower(\(words))) > 0"
      return WeiboSQL.PublicIndex(table: "statuses", match: pairs, id: "id", precheck: precheck,
                                  check: "visible = 0 AND " + precheck)
    },
    scan: { words in "text ILIKE \("%" + likeEscaped(words) + "%") ESCAPE '\\'" }, mutualsByKey: true)
}
