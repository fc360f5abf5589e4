import Foundation
import SparrowStore

/// Staff actions on accounts, with their audit entries: the rules the command line (and later the admin pages)
/// share. `actor` is the staff member acting, or `AuditEntry.operatorID` for the operator at the command line.
package struct Staff: Sendable {
  package let store: any PlatformStore
  package let ids: IDGenerator

  package init(store: any PlatformStore, ids: IDGenerator) {
    self.store = store
    self.ids = ids
  }

  /// Why a staff action is refused.
  package enum Refusal: Error, Equatable, CustomStringConvertible {
    /// Every action says why.
    case noReason
    package var description: String {
      switch self {
      case .noReason: "say why (--reason): every staff action is kept in the audit log with its reason"
      }
    }
  }

  private func entry(_ action: String, _ user: UserRecord, by actor: Int64, reason: String, at now: Date) throws
    -> AuditEntry
  {
    try entry(action, ContentRef("user", user.id), by: actor, reason: reason, at: now)
  }

  private func entry(_ action: String, _ target: ContentRef, by actor: Int64, reason: String, at now: Date) throws
    -> AuditEntry
  {
    let reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !reason.isEmpty else { throw Refusal.noReason }
    return AuditEntry(
      id: ids.next(at: now), actorID: actor, action: action, target: target.description, reason: reason, at: now)
  }

  /// Hides `target` from everyone but its author (its reports closed as `hidden`), or shows it again; false when it
  /// was already so or is gone.
  package func setHidden(_ target: ContentRef, _ hidden: Bool, in moderation: Moderation, by actor: Int64,
                         reason: String, at now: Date = Date()) async throws -> Bool
  {
    let audit = try entry(hidden ? "hide" : "show", target, by: actor, reason: reason, at: now)
    return try await moderation.setHidden(target, hidden, audit: audit)
  }

  /// Closes the open reports on `target` with nothing done to it; how many.
  package func dismissReports(on target: ContentRef, by actor: Int64, reason: String, at now: Date = Date())
    async throws -> Int
  {
    try await store.closeReports(
      on: target, outcome: "dismissed", audit: try entry("dismiss", target, by: actor, reason: reason, at: now))
  }

  /// Gives `user` a staff role, or takes it away (nil).
  package func setRole(_ role: StaffRole?, of user: UserRecord, by actor: Int64, reason: String, at now: Date = Date())
    async throws
  {
    let action = role.map { "promote:\($0.rawValue)" } ?? "demote"
    try await store.setStaffRole(role, userID: user.id, audit: try entry(action, user, by: actor, reason: reason, at: now))
  }

  /// Suspends `user`: they cannot sign in, and every token and session they hold ends at once.
  package func suspend(_ user: UserRecord, by actor: Int64, reason: String, at now: Date = Date()) async throws {
    let audit = try entry("suspend", user, by: actor, reason: reason, at: now)
    try await store.suspend(Suspension(userID: user.id, reason: audit.reason, at: now), audit: audit)
  }

  /// Lifts `user`'s suspension; false when they were not suspended.
  package func lift(_ user: UserRecord, by actor: Int64, reason: String, at now: Date = Date()) async throws -> Bool {
    try await store.liftSuspension(userID: user.id, audit: try entry("lift", user, by: actor, reason: reason, at: now))
  }
}
