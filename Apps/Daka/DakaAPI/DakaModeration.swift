import Foundation
import DakaStore
import SparrowPlatform
import SparrowStore

/// 打卡's public entries for 举报 and the staff pages.
package struct DakaModeration: ContentModeration {
  let journal: any DakaStore

  package init(journal: any DakaStore) { self.journal = journal }

  package var kinds: [String: String] { ["checkin": "打卡"] }

  package func summary(of ref: ContentRef, for viewer: Int64?) async throws -> ContentSummary? {
    guard ref.kind == "checkin" else { return nil }
    let found = if let viewer { try await journal.checkin(id: ref.id, viewer: viewer) } else {
      try await journal.anyCheckin(id: ref.id)
    }
    guard let checkin = found else { return nil }
    let text = checkin.thoughts.isEmpty ? checkin.brief : checkin.brief + " " + checkin.thoughts
    return ContentSummary(authorID: checkin.userID, excerpt: ContentSummary.excerpt(text), link: "/daka/c/\(checkin.id)")
  }

  package func setHidden(_ ref: ContentRef, _ hidden: Bool, rows: [SQL]) async throws -> Bool {
    guard ref.kind == "checkin" else { return false }
    return try await journal.setCheckinHidden(id: ref.id, hidden: hidden, rows: rows)
  }
}
