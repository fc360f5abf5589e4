import SparrowCore
import SparrowStore

/// What staff hiding a status changes, and showing it again, decided once for both engines: a hidden status is
/// its author's alone, counted as private (`Visibility.hiddenByStaff`), with no topic or mention rows, as any
/// status only its author may see (`StatusPosting`).
package enum StatusHiding {
  /// Whether `status` may be hidden (a public one) or shown again (a hidden one).
  package static func applies(to status: StatusRecord, hidden: Bool) -> Bool {
    hidden ? status.visible == 0 : status.visible == Visibility.hiddenByStaff
  }

  /// The statements, in order, for a status `applies` holds for.
  package static func statements(_ status: StatusRecord, hidden: Bool, mentions: [Int64], topics: [String]) -> [SQL] {
    let (visible, delta) = hidden ? (Visibility.hiddenByStaff, 1) : (0, -1)
    var statements: [SQL] = [
      "UPDATE statuses SET visible = \(visible) WHERE id = \(status.id)",
      "UPDATE users SET private_statuses_count = private_statuses_count + \(delta) WHERE id = \(status.userID)",
      WeiboSQL.publicStatuses(status, by: -delta),
      "DELETE FROM status_mentions WHERE status_id = \(status.id)",
    ] + WeiboSQL.topicsDropped(status.id, postedAt: status.createdAt)
    if let kinds = WeiboSQL.kindCounts(status, by: 0, privately: delta) { statements.append(kinds) }
    guard !hidden else { return statements }
    let posting = StatusPosting(
      StatusRecord(id: status.id, userID: status.userID, text: status.text, appID: status.appID,
                   createdAt: status.createdAt),
      mentions: mentions, topics: topics)
    for user in posting.mentions {
      statements.append("INSERT INTO status_mentions (user_id, status_id) VALUES (\(user), \(status.id))")
    }
    for topic in posting.topics {
      statements.append(
        "INSERT INTO status_topics (topic, status_id, created_at) VALUES (\(topic), \(status.id), \(millis(status.createdAt)))")
      statements += WeiboSQL.topicUsed(topic, status: status.id, at: status.createdAt)
    }
    return statements
  }

  /// Comments: hidden ones leave their status's count.
  package static func comment(_ comment: CommentRecord, hidden: Bool) -> [SQL] {
    [
      "UPDATE comments SET hidden = \(hidden ? 1 : 0) WHERE id = \(comment.id)",
      "UPDATE statuses SET comments_count = comments_count + \(hidden ? -1 : 1) WHERE id = \(comment.statusID)",
    ]
  }
}
