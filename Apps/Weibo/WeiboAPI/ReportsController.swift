import Foundation
import SparrowCore
import SparrowPlatform
import SparrowStore
import WeiboStore

/// Sparrow's `/2/reports/create` (举报 from an app): `type` `status`, `comment` or `user`, `id`, `reason` (`spam`,
/// `porn`, `abuse`, `illegal`, `privacy`, `other`) and an optional `note`. Only what the caller may see, and not
/// their own; the same thing twice while the first is open is accepted once. The web's 举报 is the platform's page.
struct ReportsController: Sendable {
  let deps: WeiboDependencies
  let moderation: Moderation

  static let kinds = ["status", "comment", "user"]

  func register(_ table: inout APITable) {
    table.post("reports/create", limit: "update_status") { call in
      let kind = call.params["type"] ?? ""
      guard Self.kinds.contains(kind) else {
        throw EnvelopeError.badParameter("type", expected: Self.kinds.joined(separator: "|"), got: kind)
      }
      let target = ContentRef(kind, try call.params.id("id", missing: EnvelopeError.missing("id")))
      let reasons = ReportReason.allCases.map(\.rawValue)
      guard let reason = call.params["reason"].flatMap(ReportReason.init(rawValue:)) else {
        throw EnvelopeError.badParameter("reason", expected: reasons.joined(separator: "|"), got: call.params["reason"] ?? "")
      }
      let note = (call.params["note"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
      guard TextLimit(Report.noteLimit).fits(note) else { throw EnvelopeError.textTooLong }
      // Something the caller cannot see answers as something that does not exist.
      guard let shown = try await moderation.summary(of: target, for: call.caller.userID),
        shown.authorID != call.caller.userID
      else { throw kind == "user" ? EnvelopeError.userNotFound : kind == "comment" ? .commentNotFound : .statusNotFound }
      do {
        try await deps.store.fileReport(Report(
          id: deps.ids.next(at: call.now), reporterID: call.caller.userID, target: target, reason: reason, note: note,
          at: call.now))
      } catch StoreError.conflict {
        // Already reported and open: once is enough.
      }
      return try json(ResultFlag(result: true))
    }
  }
}
