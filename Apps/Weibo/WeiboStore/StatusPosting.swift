import SparrowStore
import SparrowCore

/// What posting a status checks and changes, decided once for both engines. Each engine runs these steps inside its
/// own transaction, in this order: the repeat check (`previous`, `repeats`), the repost check (`repostTargets`,
/// `repostFound`), the row, `counterUpdates`, then `mentions` and `topics`.
package struct StatusPosting: Sendable {
  package let status: StatusRecord
  /// Who the status mentions, each once; none for a status only its author may see, so nothing of it reaches others.
  package let mentions: [Int64]
  /// The topics it joins, each once; none for a status only its author may see.
  package let topics: [String]

  /// A repost's text when its author wrote none (微博's own default; Mastodon's reblog is such a repost).
  package static let plainRepostText = "转发微博"

  package init(_ status: StatusRecord, mentions: [Int64], topics: [String]) {
    self.status = status
    let isPublic = status.visible == 0
    self.mentions = isPublic ? Self.once(mentions) : []
    self.topics = isPublic ? Self.once(topics) : []
  }

  /// The author's newest status: its text and what it reposts.
  package var previous: SQL {
    "SELECT text, retweeted_id FROM statuses WHERE user_id = \(status.userID) ORDER BY id DESC LIMIT 1"
  }

  /// Whether posting repeats the author's newest status (`StoreError.duplicateText`). Reposts compare what they
  /// repost too: "转发微博" twice on two statuses is no repeat.
  package func repeats(text: String, retweetedID: Int64?) -> Bool {
    text == status.text && retweetedID == status.retweetedID
  }

  /// For a repost, counts its original and the status it was reposted from (`repostFound`), with the latter's
  /// author, whom the repost reaches (a repost is among their notifications).
  package var repostTargets: SQL? {
    guard let original = status.retweetedID else { return nil }
    let parent = status.parentID ?? original
    return """
      SELECT count(*), max(CASE WHEN id = \(parent) THEN user_id END) FROM statuses WHERE id IN (\(original), \(parent))
      """
  }

  /// Whether a repost's original and parent both exist (`StoreError.notFound` otherwise).
  package func repostFound(_ count: Int) -> Bool {
    guard let original = status.retweetedID else { return true }
    return count == ((status.parentID ?? original) == original ? 1 : 2)
  }

  /// The counters posting raises: the author's statuses (and private ones), a repost's original and parent, and the
  /// hour's uses of its topics.
  package var counterUpdates: [SQL] {
    var updates: [SQL] = ["""
      UPDATE users SET statuses_count = statuses_count + 1, \
      private_statuses_count = private_statuses_count + \(status.visible == 0 ? 0 : 1) WHERE id = \(status.userID)
      """]
    if let original = status.retweetedID {
      updates.append(
        "UPDATE statuses SET reposts_count = reposts_count + 1 WHERE id IN (\(original), \(status.parentID ?? original))")
    }
    if status.visible == 0 { updates.append(WeiboSQL.publicStatuses(status, by: 1)) }
    updates += WeiboSQL.authorPosted(status.userID, at: status.createdAt)
    if let kinds = WeiboSQL.kindCounts(status, by: 1, privately: status.visible == 0 ? 0 : 1) { updates.append(kinds) }
    updates += topics.flatMap { WeiboSQL.topicUsed($0, status: status.id, at: status.createdAt) }
    return updates
  }

  /// What the caches must drop: the author's row and the rows whose counters changed; the feeds learn of the status
  /// only once it is `stored` (a refused post joins nothing). What reaches those it mentions moves, and what reaches
  /// those the write found it reaches (`reached`: a repost's parent's author, whom its `comments` reach, by
  /// `WeiboSQL.commentReach`), nil when the write did not get as far as learning them.
  package func invalidation(stored: Bool, comments: [CommentRecord], reaching reached: [Int64]?) -> CacheInvalidation {
    let learns = !comments.isEmpty || status.retweetedID != nil
    let reach = learns ? reached.map { mentions + $0 } : mentions
    return .several([
      .userRows(users: [status.userID]),
      .statuses(posted: stored ? [PostedStatus(status, topics: topics)] : [], changed: status.changedByPosting(comments)),
      .unread(users: reach),
    ])
  }

  private static func once<T: Hashable>(_ values: [T]) -> [T] {
    var seen = Set<T>()
    return values.filter { seen.insert($0).inserted }
  }
}

extension UserStore {
  /// Ids of the existing people named with `@` in `text`: whom a status or comment mentions, whichever API wrote it.
  package func mentionedIDs(in text: String) async throws -> [Int64] {
    let names = RichText(text).mentions
    guard !names.isEmpty else { return [] }
    return try await users(screenNames: names).map(\.id)
  }
}
