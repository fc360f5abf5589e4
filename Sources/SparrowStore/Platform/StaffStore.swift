import Foundation

/// What an instance's staff may do: a moderator acts on content and accounts; an admin also names staff.
package enum StaffRole: String, Sendable, CaseIterable {
  case moderator, admin
}

/// One staff action, kept for good: who (a staff member's id, or 0 for the operator at the command line), what,
/// to what, and why.
package struct AuditEntry: Sendable, Equatable {
  package static let operatorID: Int64 = 0

  package var id: Int64
  package var actorID: Int64
  /// `promote`, `suspend`, `lift` …
  package var action: String
  /// What it was done to: `user:<id>`, `status:<id>` ….
  package var target: String
  package var reason: String
  package var at: Date

  package init(id: Int64, actorID: Int64, action: String, target: String, reason: String, at: Date) {
    self.id = id
    self.actorID = actorID
    self.action = action
    self.target = target
    self.reason = reason
    self.at = at
  }
}

/// An account that may not sign in, and why.
package struct Suspension: Sendable, Equatable {
  package var userID: Int64
  package var reason: String
  package var at: Date

  package init(userID: Int64, reason: String, at: Date) {
    self.userID = userID
    self.reason = reason
    self.at = at
  }
}

/// The instance's staff, suspended accounts and the audit log. Every change writes its audit entry in the same
/// transaction, so no staff action goes unrecorded.
package protocol StaffStore: Sendable {
  func staffRole(userID: Int64) async throws -> StaffRole?
  /// Gives `userID` the role, or takes it away (nil).
  func setStaffRole(_ role: StaffRole?, userID: Int64, audit: AuditEntry) async throws
  func suspension(userID: Int64) async throws -> Suspension?
  /// Suspends the account and ends every grant it holds (tokens, refresh tokens, codes, sessions), announced to
  /// every instance at once.
  func suspend(_ suspension: Suspension, audit: AuditEntry) async throws
  /// Lifts a suspension; false when there was none (nothing is written).
  func liftSuspension(userID: Int64, audit: AuditEntry) async throws -> Bool
  /// Hides a profile from everyone but its owner, or shows it again, with the platform's moderation `rows`
  /// (`ModerationSQL`) in the same transaction; false when it was already so or there is no such user.
  func setProfileHidden(userID: Int64, hidden: Bool, rows: [SQL]) async throws -> Bool
  /// The newest entries first.
  func auditLog(limit: Int) async throws -> [AuditEntry]
}
