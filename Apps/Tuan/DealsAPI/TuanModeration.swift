import Foundation
import SparrowPlatform
import SparrowStore
import TuanStore

/// 团购's 点评 for 举报 and the staff pages: a hidden review is its author's alone and out of its merchant's numbers.
package struct TuanModeration: ContentModeration {
  let store: any TuanStore

  package init(store: any TuanStore) { self.store = store }

  package var kinds: [String: String] { ["review": "点评"] }

  package func summary(of ref: ContentRef, for viewer: Int64?) async throws -> ContentSummary? {
    guard ref.kind == "review" else { return nil }
    let found = if let viewer { try await store.review(id: ref.id, viewer: viewer) } else {
      try await store.anyReview(id: ref.id)
    }
    guard let review = found else { return nil }
    return ContentSummary(authorID: review.userID, excerpt: ContentSummary.excerpt(review.text),
                          link: "/tuan/review/\(review.id)", hidden: review.hidden)
  }

  package func setHidden(_ ref: ContentRef, _ hidden: Bool, rows: [SQL]) async throws -> Bool {
    guard ref.kind == "review" else { return false }
    return try await store.setReviewHidden(id: ref.id, hidden: hidden, rows: rows)
  }
}
