import Foundation

/// Everything Sparrow keeps. One protocol, so that each engine (SQLite, PostgreSQL) meets the same
/// contract and the server never sees an engine's types. Every write is one transaction: it happens
/// whole, with its counters, or not at all.
public protocol Store: Sendable {
  // MARK: Ids

  /// A node number for this process's id generator, distinct among running instances.
  func claimNode() async throws -> Int

  // MARK: Users

  /// Adds a user; `.conflict` when the screen name is taken (case-insensitively).
  func createUser(_ user: UserRecord) async throws
  /// Changes a user's profile fields (not counters).
  func updateUser(_ user: UserRecord) async throws
  func user(id: Int64) async throws -> UserRecord?
  /// Case-insensitive lookup by screen name.
  func user(screenName: String) async throws -> UserRecord?
  func users(ids: [Int64]) async throws -> [Int64: UserRecord]
  func users(screenNames: [String]) async throws -> [UserRecord]
  /// Users whose name contains `keyword`, most followed first.
  func searchUsers(_ keyword: String, limit: Int) async throws -> [UserRecord]

  // MARK: Apps and credentials

  func createApp(_ app: AppRecord) async throws
  func app(clientID: String) async throws -> AppRecord?
  func apps(ids: [Int64]) async throws -> [Int64: AppRecord]
  func saveGrant(_ grant: GrantRecord) async throws
  func grant(hash: String, kind: GrantRecord.Kind) async throws -> GrantRecord?
  /// Deletes and returns the grant in one step, so a code can be redeemed once only.
  func takeGrant(hash: String, kind: GrantRecord.Kind) async throws -> GrantRecord?
  /// Revokes every access and refresh grant of this user for this app.
  func revokeGrants(userID: Int64, appID: Int64) async throws

  // MARK: Pictures

  /// Records a processed picture; storing the same id twice is not an error (content addressing).
  func savePicture(_ picture: PictureRef, at: Date) async throws
  func pictures(ids: [String]) async throws -> [String: PictureRef]

  // MARK: Statuses

  /// Adds a status with its mentions and topics, and bumps the counters it changes.
  /// `.duplicateText` when it repeats the author's previous status; `.notFound` when it reposts a missing one.
  /// `comments` (a repost's "also comment") are added in the same transaction.
  func insertStatus(_ status: StatusRecord, mentions: [Int64], topics: [String], comments: [CommentRecord])
    async throws
  func status(id: Int64) async throws -> StatusRecord?
  func statuses(ids: [Int64]) async throws -> [Int64: StatusRecord]
  /// Everything needed to show `statuses` to `viewer`, loaded together: originals of reposts, authors,
  /// apps, and the viewer's favourites, likes and relationships among them.
  func context(for statuses: [StatusRecord], viewer: Int64) async throws -> StatusContextRows
  /// Removes a status and everything hanging off it, fixing every counter. Returns what was deleted.
  func deleteStatus(id: Int64) async throws -> StatusRecord
  /// A page of a feed, newest first, with the number of statuses the whole feed holds.
  func statuses(in feed: StatusFeed, feature: StatusFeature, page: Page) async throws -> FeedPage<StatusRecord>
  /// A page of a feed with everything needed to show its statuses to `viewer` (see `context(for:viewer:)`),
  /// read together: one snapshot, one round trip.
  func statuses(in feed: StatusFeed, feature: StatusFeature, page: Page, viewer: Int64) async throws
    -> (page: FeedPage<StatusRecord>, context: StatusContextRows)
  /// Topics with the number of statuses that carried them since `since`, most used first.
  func hotTopics(since: Date, limit: Int) async throws -> [TopicCount]

  // MARK: Comments

  /// Adds comments (one, or one on a repost and one on its original) with their mentions and bumps each
  /// status's comment count; `.notFound` if a status or the replied-to comment is gone.
  func insertComments(_ comments: [CommentRecord], mentions: [Int64]) async throws
  func comment(id: Int64) async throws -> CommentRecord?
  func comments(ids: [Int64]) async throws -> [Int64: CommentRecord]
  func deleteComment(id: Int64) async throws -> CommentRecord
  /// A page of comments, newest first, with the number the whole list holds.
  func comments(in feed: CommentFeed, page: Page) async throws -> FeedPage<CommentRecord>

  // MARK: Friendships

  /// `.conflict` when already following.
  func follow(follower: Int64, followee: Int64, id: Int64, at: Date) async throws
  /// `.notFound` when not following.
  func unfollow(follower: Int64, followee: Int64) async throws
  /// Of `candidates`, those `user` follows.
  func following(_ user: Int64, among candidates: [Int64]) async throws -> Set<Int64>
  /// Of `candidates`, those who follow `user`.
  func followers(_ user: Int64, among candidates: [Int64]) async throws -> Set<Int64>
  /// Whom the user follows, newest follow first, from `offset`.
  func friendIDs(of user: Int64, offset: Int, limit: Int) async throws -> [Int64]
  /// Who follows the user, newest first, from `offset`.
  func followerIDs(of user: Int64, offset: Int, limit: Int) async throws -> [Int64]
  /// Marks someone `follower` follows as 特别关注, or unmarks them; `notFound` when not following.
  func setSpecial(follower: Int64, followee: Int64, special: Bool) async throws
  /// Which of `candidates` `user` follows as 特别关注.
  func specialFollowing(_ user: Int64, among candidates: [Int64]) async throws -> Set<Int64>

  // MARK: Favourites and likes

  /// `.conflict` when already favourited; `.notFound` when the status is gone.
  func favorite(_ mark: Mark) async throws
  /// `.notFound` when not favourited.
  func unfavorite(userID: Int64, statusID: Int64) async throws -> Mark
  func favorite(userID: Int64, statusID: Int64) async throws -> Mark?
  func favorites(userID: Int64, page: Page) async throws -> [Mark]
  func favorited(by user: Int64, among statusIDs: [Int64]) async throws -> Set<Int64>
  /// `.conflict` when already liked; `.notFound` when the status is gone.
  func like(_ mark: Mark) async throws
  func unlike(userID: Int64, statusID: Int64) async throws -> Mark
  func liked(by user: Int64, among statusIDs: [Int64]) async throws -> Set<Int64>
  /// Likes of a status, newest first, within the page's id window (like ids come from the id generator).
  func likes(statusID: Int64, page: Page) async throws -> [Mark]
  /// Likes others gave the user's statuses, newest first, within the page's id window.
  func likesReceived(userID: Int64, page: Page) async throws -> [Mark]

  // MARK: Unread counters

  func unreadCounts(userID: Int64) async throws -> [UnreadKind: Int]
  /// Marks everything of that kind with an id up to `upTo` as seen.
  func markSeen(userID: Int64, kind: UnreadKind, upTo: Int64) async throws

  // MARK: Maintenance

  /// Recomputes every stored counter from the rows (bulk loads use it).
  func recomputeCounters() async throws
  /// Writes rows as they are, in one transaction, without touching counters (bulk loads; follow with
  /// `recomputeCounters`).
  func importRows(_ batch: ImportBatch) async throws
}
