import Foundation
import GRDB
import SparrowStore
import SparrowStoreSQLite
import WeiboStore

// Comments: writes, reads by id and feeds.
extension SQLiteWeiboStore {
  package func insertComments(_ comments: [CommentRecord], mentions: [Int64]) async throws {
    var reach: [Int64]?
    defer { caches.invalidate(.comments(on: comments.map(\.statusID), reaching: reach)) }
    reach = try await pool.write { db in
      try comments.flatMap { try Self.insertComment($0, mentions: mentions, db) }
    }
  }

  package func comment(id: Int64, visibleTo viewer: Int64) async throws -> CommentRecord? {
    try await comments(ids: [id], visibleTo: viewer)[id]
  }

  package func comments(ids: [Int64], parents: Bool, visibleTo viewer: Int64) async throws -> [Int64: CommentRecord] {
    guard !ids.isEmpty else { return [:] }
    if let held = caches.comments(ids, parents: parents, visibleTo: viewer) { return held }
    let generation = caches.commentRows.currentGeneration
    let unique = Array(Set(ids))
    let wanted: SparrowStore.SQL = parents ? """
      SELECT value AS id FROM json_each(\(jsonList(unique))) UNION SELECT reply_comment_id FROM comments \
      WHERE id IN (SELECT value FROM json_each(\(jsonList(unique)))) AND reply_comment_id IS NOT NULL
      """ : "SELECT value AS id FROM json_each(\(jsonList(unique)))"
    return try await reading { db in
      // Each comment joined to its status by key: `status_id IN (SELECT id FROM statuses WHERE …)` read every
      // visible status (38 ms at 100,000 statuses) for a page of five replies.
      let (sql, arguments) = ("""
        SELECT \(raw: commentColumnsOfC) FROM (\(sql: wanted)) j CROSS JOIN comments c ON c.id = j.id
        CROSS JOIN statuses s ON s.id = c.status_id WHERE \(sql: WeiboSQL.visibleTo(viewer, in: "s"))
        AND \(sql: WeiboSQL.commentShown(to: viewer, in: "c"))
        """ as SparrowStore.SQL).sqlite
      let comments = try decodeRows(try db.cachedStatement(sql: sql), arguments, CommentRecord.init(row:))
      // Held for the next time (any row, whoever may see it).
      caches.commentRows.add(comments, readAt: generation)
      return Dictionary(comments.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }
  }

  package func deleteComment(id: Int64) async throws -> CommentRecord {
    let (comment, reach) = try await pool.write { db in
      guard let comment = try Row.fetchOne(try db.cachedStatement(sql: "SELECT \(commentColumns) FROM comments WHERE id = ?"), arguments: [id])
        .map(CommentRecord.init(row:))
      else { throw StoreError.notFound }
      let reach = try Self.reach(ofComment: id, db)
      try db.execute(sql: "DELETE FROM comments WHERE id = ?", arguments: [id])
      try db.execute(sql: "DELETE FROM comment_mentions WHERE comment_id = ?", arguments: [id])
      // A hidden comment has left its status's count already.
      if !comment.hiddenByStaff {
        try db.execute(
          sql: "UPDATE statuses SET comments_count = comments_count - 1 WHERE id = ?", arguments: [comment.statusID])
      }
      return (comment, reach)
    }
    caches.invalidate(.comments(on: [comment.statusID], reaching: reach))
    return comment
  }

  package func anyComment(id: Int64) async throws -> CommentRecord? {
    try await reading { db in
      try Row.fetchOne(try db.cachedStatement(sql: "SELECT \(commentColumns) FROM comments WHERE id = ?"), arguments: [id])
        .map(CommentRecord.init(row:))
    }
  }

  package func setCommentHidden(id: Int64, hidden: Bool, rows: [SparrowStore.SQL]) async throws -> Bool {
    let changed = try await pool.write { db -> (CommentRecord, [Int64])? in
      guard let comment = try Row.fetchOne(
        try db.cachedStatement(sql: "SELECT \(commentColumns) FROM comments WHERE id = ?"), arguments: [id]
      ).map(CommentRecord.init(row:)), comment.hiddenByStaff != hidden
      else { return nil }
      for statement in StatusHiding.comment(comment, hidden: hidden) + rows { try db.execute(statement) }
      return (comment, try Self.reach(ofComment: id, db))
    }
    guard let (comment, reach) = changed else { return false }
    caches.invalidate(.comments(on: [comment.statusID], reaching: reach))
    return true
  }

  package func comments(in feed: CommentFeed, page: Page, seenBy viewer: Int64) async throws
    -> FeedPage<CommentRecord>
  {
    if case .onStatus(let status) = feed, let held = try await heldComments(on: status, page, viewer) { return held }
    func read() async throws -> FeedPage<CommentRecord> {
      try await reading { db in
        let items = try commentItems(feed, page, viewer, db)
        let (count, countArguments) = WeiboSQL.commentTotal(feed, viewer: viewer).sqlite
        let total = try Int.fetchOne(try db.cachedStatement(sql: count), arguments: countArguments) ?? 0
        return FeedPage(items: items, total: total)
      }
    }
    guard let reached = feed.reached(by: viewer) else { return try await read() }
    return try await caches.reachedReads.read(viewer, reached, page: page, read)
  }

  package func commentItems(in feed: CommentFeed, page: Page, seenBy viewer: Int64) async throws -> [CommentRecord] {
    if case .onStatus(let status) = feed, let held = try await heldComments(on: status, page, viewer) { return held.items }
    func read() async throws -> [CommentRecord] { try await reading { db in try commentItems(feed, page, viewer, db) } }
    guard let reached = feed.reached(by: viewer) else { return try await read() }
    return try await caches.reachedReads.read(viewer, reached, variant: Self.itemsAlone, page: page, read)
  }

  /// A status's comments from the held ones (`StoreCaches.commentPage`), read and held when they are not.
  private func heldComments(on status: Int64, _ page: Page, _ viewer: Int64) async throws -> FeedPage<CommentRecord>? {
    try await caches.commentPage(on: status, seenBy: viewer, page, cap: WeiboSQL.totalCap) { limit in
      try await reading { db in
        let (sql, arguments) = WeiboSQL.commentFeed(status, limit: limit).sqlite
        let newest = try decodeRows(try db.cachedStatement(sql: sql), arguments, CommentRecord.init(row:))
        guard newest.count >= limit else { return CommentFeeds.Read(newest: newest, commenters: [:]) }
        let (counting, countArguments) = WeiboSQL.commenters(on: status).sqlite
        var commenters: [Int64: CommentFeeds.Counts] = [:]
        for row in try Row.fetchAll(try db.cachedStatement(sql: counting), arguments: countArguments) {
          commenters[row[0]] = CommentFeeds.Counts(shown: row[1], hidden: row[2])
        }
        return CommentFeeds.Read(newest: newest, commenters: commenters)
      }
    }
  }

  private func commentItems(_ feed: CommentFeed, _ page: Page, _ viewer: Int64, _ db: Database) throws -> [CommentRecord] {
    let (condition, arguments) = WeiboSQL.commentPage(feed, viewer: viewer, page: page).sqlite
    return try decodeRows(
      try db.cachedStatement(
        sql: "SELECT \(commentColumns) FROM comments WHERE \(condition) ORDER BY id DESC LIMIT ? OFFSET ?"),
      arguments + [page.count, page.offset], CommentRecord.init(row:))
  }


  /// Inserts `comment` with its counts and mentions; returns whom it reaches (`WeiboSQL.commentReach`).
  static func insertComment(_ comment: CommentRecord, mentions: [Int64], _ db: Database) throws -> [Int64] {
    try insertCommentRow(comment, db)
    guard db.changesCount == 1 else { throw StoreError.notFound }
    try db.execute(
      sql: "UPDATE statuses SET comments_count = comments_count + 1 WHERE id = ?", arguments: [comment.statusID])
    // Mentions in comments on a private status would tell others about it: there are none.
    for user in Set(mentions) {
      try db.execute(
        sql: """
          INSERT INTO comment_mentions (user_id, comment_id)
          SELECT ?, ? WHERE EXISTS (SELECT 1 FROM statuses WHERE id = ? AND visible = 0)
          """,
        arguments: [user, comment.id, comment.statusID])
    }
    return try reach(ofComment: comment.id, db)
  }

  static func reach(ofComment id: Int64, _ db: Database) throws -> [Int64] {
    let (sql, arguments) = WeiboSQL.commentReach(id).sqlite
    return try Int64.fetchAll(try db.cachedStatement(sql: sql), arguments: arguments)
  }

  /// Inserts the row only if its status exists and the commenter may see it (and the comment it replies to
  /// exists); check `changesCount`.
  static func insertCommentRow(_ comment: CommentRecord, _ db: Database) throws {
    var replyUser: Int64?
    if let reply = comment.replyCommentID {
      // Nobody replies to someone a block keeps them apart from.
      let (sql, arguments) = ("""
        SELECT user_id FROM comments WHERE id = \(reply) AND status_id = \(comment.statusID) \
        AND \(sql: WeiboSQL.commentShown(to: comment.userID, in: "comments"))
        """ as SparrowStore.SQL).sqlite
      replyUser = try Int64.fetchOne(try db.cachedStatement(sql: sql), arguments: arguments)
      guard replyUser != nil else { throw StoreError.notFound }
    }
    let (sql, arguments) = ("""
      INSERT INTO comments (id, status_id, status_user_id, user_id, text, app_id, created_at, reply_comment_id,
        reply_user_id)
      SELECT \(comment.id), id, user_id, \(comment.userID), \(comment.text), \(comment.appID), \(millis(comment.createdAt)),
        \(comment.replyCommentID), \(replyUser) FROM statuses WHERE id = \(comment.statusID) AND \(sql: WeiboSQL.visibleTo(comment.userID))
      """ as SparrowStore.SQL).sqlite
    try db.cachedStatement(sql: sql).execute(arguments: arguments)
  }
}
