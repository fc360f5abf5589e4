import Foundation
import SparrowStore

/// 微博 statuses, their feeds and topics.
package protocol StatusStore: Sendable {
  /// Adds a status with its mentions and topics, and bumps the counters it changes. A private status records
  /// no mentions and no topics: nothing of it may reach anyone else.
  /// `.duplicateText` when it repeats the author's previous status; `.notFound` when it reposts a missing one.
  /// `comments` (a repost's "also comment") are added in the same transaction.
  func insertStatus(_ status: StatusRecord, mentions: [Int64], topics: [String], comments: [CommentRecord])
    async throws
  /// The status, if `viewer` may see it (`StatusRecord.isVisible(to:)`; 0 for someone not signed in).
  func status(id: Int64, visibleTo viewer: Int64) async throws -> StatusRecord?
  /// Those of `ids` that exist and `viewer` may see.
  func statuses(ids: [Int64], visibleTo viewer: Int64) async throws -> [Int64: StatusRecord]
  /// Everything needed to show `statuses` to `viewer`, loaded together: originals of reposts, authors,
  /// apps, and the viewer's favourites, likes and relationships among them.
  /// With `people` and `apps` besides the statuses' (the authors and clients of comments on them) come in the same read:
  /// a page of comments made six reads in a row, each a trip to the database's queue and back.
  func context(for statuses: [StatusRecord], people: [Int64], apps: [Int64], viewer: Int64) async throws
    -> StatusContextRows
  /// Removes a status and everything hanging off it, fixing every counter. Returns what was deleted.
  func deleteStatus(id: Int64) async throws -> StatusRecord
  /// A page of a feed as `viewer` sees it (`WeiboSQL.hidden`), newest first, with the number of statuses it holds.
  func statuses(in feed: StatusFeed, feature: StatusFeature, page: Page, seenBy viewer: Int64) async throws
    -> FeedPage<StatusRecord>
  /// The statuses of that page alone, the feed not counted: for a list of events (notifications), which shows no
  /// total (counting the reposts of a person's statuses was a third of a notifications page).
  func statusItems(in feed: StatusFeed, feature: StatusFeature, page: Page, seenBy viewer: Int64) async throws
    -> [StatusRecord]
  /// A page of a feed with everything needed to show its statuses to `viewer` (see `context(for:viewer:)`),
  /// read together: one snapshot, one round trip.
  func statuses(in feed: StatusFeed, feature: StatusFeature, page: Page, viewer: Int64) async throws
    -> (page: FeedPage<StatusRecord>, context: StatusContextRows)
  /// The status whoever may see it: for staff.
  func anyStatus(id: Int64) async throws -> StatusRecord?
  /// Staff hide a public status (it becomes its author's alone, as a private one with `Visibility.hiddenByStaff`;
  /// its topics and mentions go) or show a hidden one again (with `mentions` and `topics` back), with the
  /// platform's `rows` in the same transaction; false when it was not so or is gone (nothing is written).
  func setStatusHidden(id: Int64, hidden: Bool, mentions: [Int64], topics: [String], rows: [SQL]) async throws -> Bool
  /// Statuses posted and removed from now on, by anyone through any API or process: live streams follow these.
  var statusEvents: StatusEvents { get }
  /// How many people posted since `since` (an instance's active users, as federated servers tell it).
  func activeAuthors(since: Date) async throws -> Int
  /// Topics with the number of public statuses that carried them since `since`, most used first.
  func hotTopics(since: Date, limit: Int) async throws -> [TopicCount]
}

extension StatusStore {
  /// Everything needed to show `statuses` to `viewer` (`context(for:people:apps:viewer:)` with no one else).
  package func context(for statuses: [StatusRecord], viewer: Int64) async throws -> StatusContextRows {
    try await context(for: statuses, people: [], apps: [], viewer: viewer)
  }

  /// 热门话题 of the `window` (in seconds) before `now`, its start taken to the minute: so that the lists of a minute
  /// are one, which the engines keep between posts (`HotTopicsCache`), a window may count up to a minute more.
  package func hotTopics(last window: TimeInterval, before now: Date, limit: Int) async throws -> [TopicCount] {
    let start = ((now.timeIntervalSince1970 - window) / 60).rounded(.down) * 60
    return try await hotTopics(since: Date(timeIntervalSince1970: start), limit: limit)
  }
}
