import Foundation
import SparrowStore

/// Rows for a bulk load, written as they are.
package struct ImportBatch: Sendable {
  package var users: [UserRecord] = []
  package var apps: [AppRecord] = []
  /// (follower, followee, edge id, time)
  package var follows: [(Int64, Int64, Int64, Date)] = []
  package var statuses: [StatusRecord] = []
  package var statusMentions: [(status: Int64, user: Int64)] = []
  package var statusTopics: [(status: Int64, topic: String)] = []
  package var comments: [CommentRecord] = []
  package var commentMentions: [(comment: Int64, user: Int64)] = []
  package var likes: [Mark] = []
  package var favorites: [Mark] = []
  package init() {}
}

extension ImportBatch {
  /// All the rows, for progress.
  package var rowCount: Int {
    users.count + apps.count + follows.count + statuses.count + statusMentions.count + statusTopics.count
      + comments.count + commentMentions.count + likes.count + favorites.count
  }

  /// The batch in parts that import the same, one after the other: users, apps and follows in parts of `size`, then
  /// statuses in parts of `size` with everything that hangs off them (mentions, topics, comments, likes,
  /// favourites), so that a long import can show its progress.
  package func parts(of size: Int) -> [ImportBatch] {
    var parts: [ImportBatch] = []
    var first = ImportBatch()
    (first.users, first.apps) = (users, apps)
    parts.append(first)
    for start in stride(from: 0, to: follows.count, by: size) {
      var part = ImportBatch()
      part.follows = Array(follows[start..<min(start + size, follows.count)])
      parts.append(part)
    }
    let base = parts.count
    var partOf: [Int64: Int] = [:]
    partOf.reserveCapacity(statuses.count)
    for (index, status) in statuses.enumerated() {
      if index % size == 0 { parts.append(ImportBatch()) }
      partOf[status.id] = base + index / size
      parts[base + index / size].statuses.append(status)
    }
    // Rows whose status is not in the batch stay with the last part, as they would have been imported.
    let last = parts.count - 1
    for mention in statusMentions { parts[partOf[mention.status] ?? last].statusMentions.append(mention) }
    for topic in statusTopics { parts[partOf[topic.status] ?? last].statusTopics.append(topic) }
    var commentPart: [Int64: Int] = [:]
    for comment in comments {
      let part = partOf[comment.statusID] ?? last
      commentPart[comment.id] = part
      parts[part].comments.append(comment)
    }
    for mention in commentMentions { parts[commentPart[mention.comment] ?? last].commentMentions.append(mention) }
    for like in likes { parts[partOf[like.statusID] ?? last].likes.append(like) }
    for favorite in favorites { parts[partOf[favorite.statusID] ?? last].favorites.append(favorite) }
    return parts
  }
}
