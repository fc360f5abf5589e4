import Foundation

/// A piece of content as moderation names it across apps: `status:12`, `comment:34`, `checkin:56`, `user:78`. The
/// kind says which app answers for it (`ContentModeration`); `user` is the platform's.
package struct ContentRef: Hashable, Sendable, CustomStringConvertible {
  package let kind: String
  package let id: Int64

  package init(_ kind: String, _ id: Int64) {
    self.kind = kind
    self.id = id
  }

  /// `kind:id`, the kind lowercase letters only; nil for anything else.
  package init?(_ text: String) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy({ $0 >= "a" && $0 <= "z" }),
      let id = Int64(parts[1]), id > 0
    else { return nil }
    self.init(String(parts[0]), id)
  }

  package var description: String { "\(kind):\(id)" }
}

/// Why a person reports something: the choices of the notes' 举报 sheet.
package enum ReportReason: String, CaseIterable, Sendable {
  case spam, porn, abuse, illegal, privacy, other

  package var label: String {
    switch self {
    case .spam: "垃圾广告"
    case .porn: "色情低俗"
    case .abuse: "人身攻击"
    case .illegal: "违法信息"
    case .privacy: "侵犯隐私"
    case .other: "其他"
    }
  }
}

/// One 举报: who, about what, why, and how it ended (`open` until staff act).
package struct Report: Sendable, Equatable {
  package var id: Int64
  package var reporterID: Int64
  package var target: ContentRef
  package var reason: ReportReason
  /// What the reporter added, at most `Report.noteLimit` characters.
  package var note: String
  package var at: Date
  /// `open`, or what staff did: `hidden`, `dismissed`, `suspended`.
  package var state: String

  package static let noteLimit = 200

  package init(id: Int64, reporterID: Int64, target: ContentRef, reason: ReportReason, note: String, at: Date,
               state: String = "open") {
    self.id = id
    self.reporterID = reporterID
    self.target = target
    self.reason = reason
    self.note = note
    self.at = at
    self.state = state
  }
}

/// Reports and what staff hid. Every staff action on them writes its audit entry in the same transaction.
package protocol ReportStore: Sendable {
  /// Files a report; `.conflict` when the reporter already has an open one on the same thing.
  func fileReport(_ report: Report) async throws
  /// Open reports, oldest first.
  func openReports(limit: Int) async throws -> [Report]
  /// Closes every open report on `target` as `outcome` and writes `audit`; how many it closed.
  func closeReports(on target: ContentRef, outcome: String, audit: AuditEntry) async throws -> Int
  /// Why staff hid `target` (its author's notice); nil when it is not hidden.
  func hiddenReason(_ target: ContentRef) async throws -> String?
}

/// The platform's rows of a hide or a show, which an app's store runs in the transaction that changes its own rows
/// (`ContentModeration`): the audit entry, the hidden mark with its reason, and the reports it settles.
package enum ModerationSQL {
  package static func insert(_ audit: AuditEntry) -> SQL {
    """
    INSERT INTO audit_log (id, actor_id, action, target, reason, at) \
    VALUES (\(audit.id), \(audit.actorID), \(audit.action), \(audit.target), \(audit.reason), \(millis(audit.at)))
    """
  }

  /// Closes the open reports on `target` as `outcome`.
  package static func close(_ target: ContentRef, outcome: String, audit: AuditEntry) -> SQL {
    """
    UPDATE reports SET state = \(outcome), handled_by = \(audit.actorID), handled_at = \(millis(audit.at)) \
    WHERE target = \(target.description) AND state = 'open'
    """
  }

  /// Hiding `target`: the mark, the audit entry, its reports closed as `hidden`.
  package static func hidden(_ target: ContentRef, audit: AuditEntry) -> [SQL] {
    [
      "DELETE FROM hidden_content WHERE target = \(target.description)",
      """
      INSERT INTO hidden_content (target, reason, actor_id, at) \
      VALUES (\(target.description), \(audit.reason), \(audit.actorID), \(millis(audit.at)))
      """,
      insert(audit),
      close(target, outcome: "hidden", audit: audit),
    ]
  }

  /// Showing `target` again: the mark gone, the audit entry.
  package static func shown(_ target: ContentRef, audit: AuditEntry) -> [SQL] {
    ["DELETE FROM hidden_content WHERE target = \(target.description)", insert(audit)]
  }
}
