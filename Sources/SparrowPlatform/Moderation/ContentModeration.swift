import Foundation
import SparrowCore
import SparrowStore

/// What staff and reporters see of a reported thing.
package struct ContentSummary: Sendable, Equatable {
  /// Whose it is: the one who may still see it once hidden, and the one a suspension would stop.
  package var authorID: Int64
  /// A short excerpt, as plain text (pages escape it).
  package var excerpt: String
  /// Where it is shown, for staff to open.
  package var link: String
  /// Whether staff hid it.
  package var hidden: Bool

  /// The start of a text, as queues and reports show it.
  package static func excerpt(_ text: String) -> String { TextLimit(80).prefix(text) }

  package init(authorID: Int64, excerpt: String, link: String, hidden: Bool = false) {
    self.authorID = authorID
    self.excerpt = excerpt
    self.link = link
    self.hidden = hidden
  }
}

/// An app's reportable kinds of content, and how staff hide them: each app knows its own rows; the platform keeps
/// the reports, the hidden marks and the audit log (`ModerationSQL`), written in the app's transaction.
package protocol ContentModeration: Sendable {
  /// The kinds it answers for, with the name people read (`status` → 微博).
  var kinds: [String: String] { get }
  /// `ref` as `viewer` may see it (nil: staff, who see hidden things too); nil when it is gone or not theirs to see.
  func summary(of ref: ContentRef, for viewer: Int64?) async throws -> ContentSummary?
  /// Hides `ref` from everyone but its author, or shows it again, with the platform's `rows` in the same
  /// transaction; false when it was already so or is gone (nothing is written).
  func setHidden(_ ref: ContentRef, _ hidden: Bool, rows: [SQL]) async throws -> Bool
}

/// Every app's moderation, found by kind; accounts (`user`) are the platform's own.
package struct Moderation: Sendable {
  let parts: [any ContentModeration]
  let people: any PlatformStore

  package init(_ parts: [any ContentModeration], people: any PlatformStore) {
    self.parts = parts
    self.people = people
  }

  /// Kind → what people call it, every app's and `user`.
  package var kinds: [String: String] {
    parts.reduce(into: ["user": "用户"]) { all, part in all.merge(part.kinds) { a, _ in a } }
  }

  private func part(for kind: String) -> (any ContentModeration)? { parts.first { $0.kinds[kind] != nil } }

  /// What `viewer` (nil for staff) sees of `ref`; nil when it is gone, unknown or hidden from them.
  package func summary(of ref: ContentRef, for viewer: Int64?) async throws -> ContentSummary? {
    if ref.kind == "user" {
      guard let user = try await people.user(id: ref.id) else { return nil }
      // Staff (no viewer) read what was hidden.
      let words = viewer.map { user.shown(to: $0) }?.description ?? user.description
      return ContentSummary(
        authorID: user.id, excerpt: "@" + user.screenName + (words.isEmpty ? "" : " " + ContentSummary.excerpt(words)),
        link: "/u/\(user.id)", hidden: viewer == nil && user.profileHidden)
    }
    guard var summary = try await part(for: ref.kind)?.summary(of: ref, for: viewer) else { return nil }
    // Staff see whether it is hidden from the one record of it, whatever the app.
    if viewer == nil { summary.hidden = try await people.hiddenReason(ref) != nil }
    return summary
  }

  /// The 举报 page for `ref`, coming back to `back`: every app's pages link here.
  package static func reportLink(_ ref: ContentRef, back: String) -> String {
    "/report?" + FormEncoding.encode(pairs: [("target", ref.description), ("next", back)])
  }

  /// Whether `ref` is something that can be hidden: any app's content, and a person's profile (its words, link
  /// and picture; stopping the person is suspension).
  package func canHide(_ ref: ContentRef) -> Bool { ref.kind == "user" || part(for: ref.kind) != nil }

  /// Hides or shows `ref` with its audit entry (and, hiding, closes its reports); false when nothing changed.
  package func setHidden(_ ref: ContentRef, _ hidden: Bool, audit: AuditEntry) async throws -> Bool {
    let rows = hidden ? ModerationSQL.hidden(ref, audit: audit) : ModerationSQL.shown(ref, audit: audit)
    if ref.kind == "user" { return try await people.setProfileHidden(userID: ref.id, hidden: hidden, rows: rows) }
    guard let part = part(for: ref.kind) else { return false }
    return try await part.setHidden(ref, hidden, rows: rows)
  }
}
