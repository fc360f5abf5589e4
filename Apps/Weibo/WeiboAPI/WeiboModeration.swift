import Foundation
import SparrowCore
import SparrowPlatform
import SparrowStore
import WeiboStore

/// 微博's statuses and comments for 举报 and the staff pages.
package struct WeiboModeration: ContentModeration {
  let store: any WeiboStore

  package init(store: any WeiboStore) { self.store = store }

  package var kinds: [String: String] { ["status": "微博", "comment": "评论"] }

  package func summary(of ref: ContentRef, for viewer: Int64?) async throws -> ContentSummary? {
    switch ref.kind {
    case "status":
      let found = if let viewer { try await store.status(id: ref.id, visibleTo: viewer) } else {
        try await store.anyStatus(id: ref.id)
      }
      guard let status = found else { return nil }
      return ContentSummary(authorID: status.userID, excerpt: ContentSummary.excerpt(status.text), link: "/status/\(status.id)")
    case "comment":
      if let viewer {
        guard let comment = try await store.comment(id: ref.id, visibleTo: viewer) else { return nil }
        return ContentSummary(authorID: comment.userID, excerpt: ContentSummary.excerpt(comment.text),
                              link: "/status/\(comment.statusID)")
      }
      guard let comment = try await store.anyComment(id: ref.id) else { return nil }
      return ContentSummary(authorID: comment.userID, excerpt: ContentSummary.excerpt(comment.text),
                            link: "/status/\(comment.statusID)")
    default:
      return nil
    }
  }

  package func setHidden(_ ref: ContentRef, _ hidden: Bool, rows: [SQL]) async throws -> Bool {
    switch ref.kind {
    case "status":
      guard let status = try await store.anyStatus(id: ref.id) else { return false }
      // Shown again, it joins its topics and reaches whom it mentions as when it was posted.
      let mentions = hidden ? [] : try await store.mentionedIDs(in: status.text)
        .filter { $0 != status.userID }
      let topics = hidden ? [] : RichText(status.text).topics
      return try await store.setStatusHidden(id: ref.id, hidden: hidden, mentions: mentions, topics: topics, rows: rows)
    case "comment":
      return try await store.setCommentHidden(id: ref.id, hidden: hidden, rows: rows)
    default:
      return false
    }
  }
}
