import Foundation

/// An app's store that is also the platform's, by handing every platform call to the engine: an app whose code reads
/// accounts, apps and pictures beside its own rows (微博's presenter, say) takes one store rather than two. Written
/// once here, so an app's engine part declares `PlatformPart` and implements only its own protocols.
package protocol PlatformPart: PlatformStore {
  associatedtype Engine: PlatformStore
  var engine: Engine { get }
}

extension PlatformPart {
  package func claimNode(holder: String, until: Date, now: Date) async throws -> Int {
    try await engine.claimNode(holder: holder, until: until, now: now)
  }
  package func renewNode(_ node: Int, holder: String, until: Date) async throws -> Bool {
    try await engine.renewNode(node, holder: holder, until: until)
  }
  package func releaseNode(_ node: Int, holder: String) async throws { try await engine.releaseNode(node, holder: holder) }
  package func secret(named name: String, proposing proposed: String) async throws -> String {
    try await engine.secret(named: name, proposing: proposed)
  }
  package func ping() async throws { try await engine.ping() }
  package var statistics: StoreStatistics { engine.statistics }

  package func createUser(_ user: UserRecord) async throws { try await engine.createUser(user) }
  package func updateUser(_ user: UserRecord) async throws { try await engine.updateUser(user) }
  package func user(id: Int64) async throws -> UserRecord? { try await engine.user(id: id) }
  package func user(screenName: String) async throws -> UserRecord? { try await engine.user(screenName: screenName) }
  package func users(ids: [Int64]) async throws -> [Int64: UserRecord] { try await engine.users(ids: ids) }
  package func users(screenNames: [String]) async throws -> [UserRecord] { try await engine.users(screenNames: screenNames) }
  package func userCount() async throws -> Int { try await engine.userCount() }
  package func describePicture(_ pictureID: String, by userID: Int64, as description: String?) async throws {
    try await engine.describePicture(pictureID, by: userID, as: description)
  }
  package func searchUsers(_ keyword: String, limit: Int) async throws -> [UserRecord] {
    try await engine.searchUsers(keyword, limit: limit)
  }
  package func importAccounts(users: [UserRecord], apps: [AppRecord]) async throws {
    try await engine.importAccounts(users: users, apps: apps)
  }

  package func createApp(_ app: AppRecord) async throws { try await engine.createApp(app) }
  package func app(clientID: String) async throws -> AppRecord? { try await engine.app(clientID: clientID) }
  package func setAppScopes(appID: Int64, scopes: [String], keep: @Sendable ([String]) -> Bool) async throws -> Int {
    try await engine.setAppScopes(appID: appID, scopes: scopes, keep: keep)
  }
  package func apps(ids: [Int64]) async throws -> [Int64: AppRecord] { try await engine.apps(ids: ids) }
  package func saveGrant(_ grant: GrantRecord) async throws { try await engine.saveGrant(grant) }
  package func grant(hash: String, kind: GrantRecord.Kind) async throws -> GrantRecord? {
    try await engine.grant(hash: hash, kind: kind)
  }
  package func takeGrant(hash: String, kind: GrantRecord.Kind) async throws -> GrantRecord? {
    try await engine.takeGrant(hash: hash, kind: kind)
  }
  package func revokeGrants(userID: Int64, appID: Int64) async throws {
    try await engine.revokeGrants(userID: userID, appID: appID)
  }
  package func revokeGrants(origin: String) async throws -> Int { try await engine.revokeGrants(origin: origin) }
  package func authorizations(userID: Int64, now: Date) async throws -> [Authorization] {
    try await engine.authorizations(userID: userID, now: now)
  }

  package func staffRole(userID: Int64) async throws -> StaffRole? { try await engine.staffRole(userID: userID) }
  package func setStaffRole(_ role: StaffRole?, userID: Int64, audit: AuditEntry) async throws {
    try await engine.setStaffRole(role, userID: userID, audit: audit)
  }
  package func suspension(userID: Int64) async throws -> Suspension? { try await engine.suspension(userID: userID) }
  package func suspend(_ suspension: Suspension, audit: AuditEntry) async throws {
    try await engine.suspend(suspension, audit: audit)
  }
  package func liftSuspension(userID: Int64, audit: AuditEntry) async throws -> Bool {
    try await engine.liftSuspension(userID: userID, audit: audit)
  }
  package func setProfileHidden(userID: Int64, hidden: Bool, rows: [SQL]) async throws -> Bool {
    try await engine.setProfileHidden(userID: userID, hidden: hidden, rows: rows)
  }
  package func auditLog(limit: Int) async throws -> [AuditEntry] { try await engine.auditLog(limit: limit) }
  package func fileReport(_ report: Report) async throws { try await engine.fileReport(report) }
  package func openReports(limit: Int) async throws -> [Report] { try await engine.openReports(limit: limit) }
  package func closeReports(on target: ContentRef, outcome: String, audit: AuditEntry) async throws -> Int {
    try await engine.closeReports(on: target, outcome: outcome, audit: audit)
  }
  package func hiddenReason(_ target: ContentRef) async throws -> String? { try await engine.hiddenReason(target) }

  package func signInFailures(_ key: String, since: Date) async throws -> (count: Int, last: Date?) {
    try await engine.signInFailures(key, since: since)
  }
  package func recordSignInFailure(_ key: String, at: Date, forgetBefore: Date) async throws {
    try await engine.recordSignInFailure(key, at: at, forgetBefore: forgetBefore)
  }
  package func clearSignInFailures(_ key: String) async throws { try await engine.clearSignInFailures(key) }

  package func addRates(_ deltas: [String: Int], window: Int64, reading keys: [String]) async throws -> [String: Int] {
    try await engine.addRates(deltas, window: window, reading: keys)
  }

  package func savePicture(_ picture: PictureRef, at: Date) async throws { try await engine.savePicture(picture, at: at) }
  package func pictures(ids: [String]) async throws -> [String: PictureRef] { try await engine.pictures(ids: ids) }
  package func pictures(ids: [String], attachableBy userID: Int64) async throws -> [String: PictureRef] {
    try await engine.pictures(ids: ids, attachableBy: userID)
  }
  package func recordUpload(pictureID: String, userID: Int64, at: Date) async throws {
    try await engine.recordUpload(pictureID: pictureID, userID: userID, at: at)
  }
  package func uploadCount(userID: Int64, since: Date) async throws -> Int {
    try await engine.uploadCount(userID: userID, since: since)
  }
  package func unreferencedPictures(before: Date, limit: Int) async throws -> [PictureRef] {
    try await engine.unreferencedPictures(before: before, limit: limit)
  }
  package func deletePictures(ids: [String], before: Date) async throws -> [PictureRef] {
    try await engine.deletePictures(ids: ids, before: before)
  }
}
