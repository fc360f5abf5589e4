import Foundation
import PostgresNIO
import SparrowStore
import SparrowStorePostgres
import WeiboStore

extension PostgresWeiboStore {
  package func insertComments(_ comments: [CommentRecord], mentions: [Int64]) async throws {
    try await transaction(announcing: { .comments(on: comments.map(\.statusID), reaching: $0) }) { db in
      var reach: [Int64] = []
      for comment in comments { reach += try await Self.insertComment(comment, mentions: mentions, db) }
      return reach
    }
  }

  package func comment(id: Int64, visibleTo viewer: Int64) async throws -> CommentRecord? {
    try await comments(ids: [id], visibleTo: viewer)[id]
  }

  package func comments(ids: [Int64], parents: Bool, visibleTo viewer: Int64) async throws -> [Int64: CommentRecord] {
    guard !ids.isEmpty else { return [:] }
    // From the held rows, statuses and the viewer's held relations, caught up first.
    if engine.isListening {
      try await catchUp()
      if let held = caches.comments(ids, parents: parents, visibleTo: viewer) { return held }
    }
    let generation = caches.commentRows.currentGeneration
    let unique = Array(Set(ids))
    // The parents by a union of keys, not an OR beside `ANY` (which no index answers).
    let wanted: SQL = parents ? """
      c.id IN (SELECT unnest(\(unique)) UNION SELECT reply_comment_id FROM comments WHERE id = \(any: unique) \
      AND reply_comment_id IS NOT NULL)
      """ : "c.id = \(any: unique)"
    return try await readingCached { db, _ in
      let comments = try await db.rows("""
        SELECT \(raw: commentColumnsOfC) FROM comments c JOIN statuses s ON s.id = c.status_id
        WHERE \(sql: wanted) AND \(sql: WeiboSQL.visibleTo(viewer, in: "s"))
        AND \(sql: WeiboSQL.commentShown(to: viewer, in: "c"))
        """).map(CommentRecord.init(row:))
      // Held for the next time (any row, whoever may see it).
      self.caches.commentRows.add(comments, readAt: generation)
      return Dictionary(comments.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }
  }

  package func deleteComment(id: Int64) async throws -> CommentRecord {
    let (comment, reach) = try await transaction { db in
      let hidden = try await db.value("SELECT hidden FROM comments WHERE id = \(id) FOR UPDATE", as: Int.self) ?? 0
      let reach = try await Self.reach(ofComment: id, db)
      guard let comment = try await db.rows("DELETE FROM comments WHERE id = \(id) RETURNING \(raw: commentColumns)")
        .first.map(CommentRecord.init(row:))
      else { throw StoreError.notFound }
      try await db.execute("DELETE FROM comment_mentions WHERE comment_id = \(id)")
      // A hidden comment has left its status's count already.
      if hidden == 0 {
        try await db.execute("UPDATE statuses SET comments_count = comments_count - 1 WHERE id = \(comment.statusID)")
      }
      return (comment, reach)
    }
    await announce(.comments(on: [comment.statusID], reaching: reach))
    return comment
  }

  package func anyComment(id: Int64) async throws -> CommentRecord? {
    try await reading { db in
      try await db.rows("SELECT \(raw: commentColumns) FROM comments WHERE id = \(id)").first.map(CommentRecord.init(row:))
    }
  }

  package func setCommentHidden(id: Int64, hidden: Bool, rows: [SQL]) async throws -> Bool {
    let changed = try await transaction { db -> (CommentRecord, [Int64])? in
      guard let row = try await db.rows("SELECT \(raw: commentColumns) FROM comments WHERE id = \(id) FOR UPDATE").first
      else { return nil }
      let comment = try CommentRecord(row: row)
      guard comment.hiddenByStaff != hidden else { return nil }
      for statement in StatusHiding.comment(comment, hidden: hidden) + rows { try await db.execute(statement) }
      return (comment, try await Self.reach(ofComment: id, db))
    }
    guard let (comment, reach) = changed else { return false }
    await announce(.comments(on: [comment.statusID], reaching: reach))
    return true
  }

  package func comments(in feed: CommentFeed, page: Page, seenBy viewer: Int64) async throws
    -> FeedPage<CommentRecord>
  {
    if case .onStatus(let status) = feed, let held = try await heldComments(on: status, page, viewer) { return held }
    func read() async throws -> FeedPage<CommentRecord> {
      try await readingReplica { db in
        let (rows, total) = try await db.page(
          Self.commentPage(feed, page, viewer), total: WeiboSQL.commentTotal(feed, viewer: viewer), order: "id DESC")
        return FeedPage(items: try rows.prefix(page.count).map(CommentRecord.init(row:)), total: total)
      }
    }
    // Kept as the held comments are: caught up first, the stamp taken before the replica's position.
    guard engine.isListening, let reached = feed.reached(by: viewer) else { return try await read() }
    try await catchUp()
    return try await caches.reachedReads.read(viewer, reached, page: page, read)
  }

  package func commentItems(in feed: CommentFeed, page: Page, seenBy viewer: Int64) async throws -> [CommentRecord] {
    if case .onStatus(let status) = feed, let held = try await heldComments(on: status, page, viewer) { return held.items }
    func read() async throws -> [CommentRecord] {
      try await readingReplica { db in try await Self.commentItems(feed, page, viewer, db) }
    }
    guard engine.isListening, let reached = feed.reached(by: viewer) else { return try await read() }
    try await catchUp()
    return try await caches.reachedReads.read(viewer, reached, variant: Self.itemsAlone, page: page, read)
  }

  /// A status's comments from the held ones (`StoreCaches.commentPage`), caught up first, read and held when they
  /// are not. The generation is taken before the replica's position, so a read that misses a write this process
  /// knows of is not kept.
  private func heldComments(on status: Int64, _ page: Page, _ viewer: Int64) async throws -> FeedPage<CommentRecord>? {
    guard engine.isListening else { return nil }
    try await catchUp()
    return try await caches.commentPage(on: status, seenBy: viewer, page, cap: WeiboSQL.totalCap) { limit in
      try await readingReplica { db in
        let newest = try await db.rows(WeiboSQL.commentFeed(status, limit: limit)).map(CommentRecord.init(row:))
        guard newest.count >= limit else { return CommentFeeds.Read(newest: newest, commenters: [:]) }
        var commenters: [Int64: CommentFeeds.Counts] = [:]
        for row in try await db.rows(WeiboSQL.commenters(on: status)) {
          commenters[try row.int64(0)] = CommentFeeds.Counts(shown: try row.int(1), hidden: try row.int(2))
        }
        return CommentFeeds.Read(newest: newest, commenters: commenters)
      }
    }
  }

  private static func commentItems(_ feed: CommentFeed, _ page: Page, _ viewer: Int64, _ db: Connection) async throws
    -> [CommentRecord]
  {
    try await db.rows(commentPage(feed, page, viewer)).prefix(page.count).map(CommentRecord.init(row:))
  }

  /// A page of `feed`'s comments for `viewer`, newest first (`Page.limitClause`: keep the first `page.count`).
  private static func commentPage(_ feed: CommentFeed, _ page: Page, _ viewer: Int64) -> SQL {
    """
    SELECT \(raw: commentColumns) FROM comments WHERE \(sql: WeiboSQL.commentPage(feed, viewer: viewer, page: page))
    ORDER BY id DESC \(sql: page.limitClause)
    """
  }


  /// Inserts `comment` with its counts and mentions; returns whom it reaches (`WeiboSQL.commentReach`).
  static func insertComment(_ comment: CommentRecord, mentions: [Int64], _ db: Connection) async throws -> [Int64] {
    guard try await insertCommentRow(comment, db) == 1 else { throw StoreError.notFound }
    try await db.execute("UPDATE statuses SET comments_count = comments_count + 1 WHERE id = \(comment.statusID)")
    // Mentions in comments on a private status would tell others about it: there are none.
    if !mentions.isEmpty {
      try await db.execute("""
        INSERT INTO comment_mentions (user_id, comment_id)
        SELECT DISTINCT u, \(comment.id) FROM unnest(\(mentions)) AS u
        WHERE EXISTS (SELECT 1 FROM statuses WHERE id = \(comment.statusID) AND visible = 0)
        """)
    }
    return try await reach(ofComment: comment.id, db)
  }

  static func reach(ofComment id: Int64, _ db: Connection) async throws -> [Int64] {
    try await db.rows(WeiboSQL.commentReach(id)).map { try $0.int64(0) }
  }

  /// Inserts the row only if its status exists and the commenter may see it (and the comment it replies to
  /// exists); returns how many rows it inserted.
  static func insertCommentRow(_ comment: CommentRecord, _ db: Connection) async throws -> Int {
    var replyUser: Int64?
    if let reply = comment.replyCommentID {
      // Nobody replies to someone a block keeps them apart from.
      replyUser = try await db.value("""
        SELECT user_id FROM comments WHERE id = \(reply) AND status_id = \(comment.statusID)
        AND \(sql: WeiboSQL.commentShown(to: comment.userID, in: "comments"))
        """, as: Int64.self)
      guard replyUser != nil else { throw StoreError.notFound }
    }
    return try await db.execute("""
      INSERT INTO comments (id, status_id, status_user_id, user_id, text, app_id, created_at, reply_comment_id,
        reply_user_id)
      SELECT \(comment.id), id, user_id, \(comment.userID), \(comment.text), \(comment.appID),
        \(millis(comment.createdAt)), \(comment.replyCommentID), \(replyUser)
      FROM statuses WHERE id = \(comment.statusID) AND \(sql: WeiboSQL.visibleTo(comment.userID))
      """)
  }
}
