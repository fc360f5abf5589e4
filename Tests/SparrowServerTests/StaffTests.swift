import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SparrowPlatform
import SparrowStore
import SparrowTestSupport
import Testing

/// Staff actions on accounts: a suspension ends every token and session at once and refuses sign-in (told only
/// to whoever knows the password); lifting it lets the person back in; every action is in the audit log with who,
/// what and why, and one without a reason is refused with nothing written.
@Suite struct StaffTests {
  @Test func aSuspensionEndsEverySignInUntilItIsLifted() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let (terminal, secret) = try await world.app(name: "终端", firstParty: true)
    let token = try await world.token(for: alice)
    let bobs = try await world.token(for: bob)
    let staff = Staff(store: world.store, ids: world.ids)

    try await world.test { client in
      let cookie = cookieHeader(try await client.sessionCookie("alice"))
      #expect(try await client.get("/account/apps", headers: cookie).status == .ok)

      await #expect(throws: Staff.Refusal.noReason) {
        try await staff.suspend(alice, by: AuditEntry.operatorID, reason: "  ", at: world.clock.now)
      }
      #expect(try await client.get("/2/account/get_uid.json", token: token).status == .ok)
      #expect(try await world.store.auditLog(limit: 10).isEmpty)

      try await staff.suspend(alice, by: AuditEntry.operatorID, reason: "发广告", at: world.clock.now)
      #expect(try await client.get("/2/account/get_uid.json", token: token).errorCode == 21332)
      #expect(try await client.get("/account/apps", headers: cookie).status == .seeOther, "the web session ended")
      #expect(try await client.get("/2/account/get_uid.json", token: bobs).status == .ok, "others keep theirs")

      func signIn(_ password: String) async throws -> TestResponse {
        try await client.postSignedOut("/oauth2/authorize", [
          ("client_id", terminal.clientID), ("redirect_uri", terminal.redirectURI), ("response_type", "code"),
          ("action", "submit"), ("userId", "alice"), ("passwd", password),
        ])
      }
      func passwordGrant() async throws -> TestResponse {
        try await client.post("/oauth2/access_token", [
          ("client_id", terminal.clientID), ("client_secret", secret), ("grant_type", "password"),
          ("username", "alice"), ("password", TestWorld.password),
        ])
      }
      let guessed = try await signIn("wrong-password")
      #expect(guessed.text.contains("账号或密码错误") && !guessed.text.contains("停用"), "a guesser learns nothing")
      let refused = try await signIn(TestWorld.password)
      #expect(refused.status == .forbidden && refused.headers[.location] == nil)
      #expect(refused.text.contains("该账号已被停用：发广告"))
      let grant = try await passwordGrant()
      #expect(grant.status == .forbidden && grant.errorCode == 21302)

      #expect(try await staff.lift(alice, by: AuditEntry.operatorID, reason: "申诉通过", at: world.clock.now))
      #expect(try await staff.lift(alice, by: AuditEntry.operatorID, reason: "again", at: world.clock.now) == false)
      #expect(try await signIn(TestWorld.password).status == .found)
      #expect(try await passwordGrant().status == .ok)

      let log = try await world.store.auditLog(limit: 10)
      #expect(log.map(\.action) == ["lift", "suspend"])
      #expect(log.map(\.reason) == ["申诉通过", "发广告"])
      #expect(log.allSatisfy { $0.actorID == AuditEntry.operatorID && $0.target == "user:\(alice.id)" })
    }
  }

  /// A suspended account's statuses, comments and public 打卡 entries are hidden from everyone, signed in or not,
  /// with the counts; lifting the suspension brings them back.
  @Test func aSuspendedAccountsContentIsHiddenUntilLifted() async throws {
    let world = try await TestWorld()
    let spammer = try await world.user("spammer")
    let bob = try await world.user("bob")
    let (s, b) = (try await world.token(for: spammer), try await world.token(for: bob))
    let staff = Staff(store: world.store, ids: world.ids)

    try await world.test { client in
      _ = try await client.post("/2/friendships/create.json", [("uid", String(spammer.id))], token: b)
      let bobs = try await client.post("/2/statuses/update.json", [("status", "鲍勃的微博")], token: b)
      let bobsID = try #require(bobs.object["idstr"] as? String)
      let ad = try await client.post("/2/statuses/update.json", [("status", "加微信买便宜货")], token: s)
      let adID = try #require(ad.object["idstr"] as? String)
      _ = try await client.post("/2/comments/create.json", [("id", bobsID), ("comment", "广告评论")], token: s)
      _ = try await client.post("/daka/api/checkins", [
        ("date", "2025-05-01"), ("location", "杭州西湖"), ("spot", "广告打卡"), ("visibility", "public"),
      ], token: s)
      // Bob's home feed is held hot before the suspension.
      #expect(try await client.get("/2/statuses/home_timeline.json", token: b).text.contains("加微信"))

      try await staff.suspend(spammer, by: AuditEntry.operatorID, reason: "发广告", at: world.clock.now)
      let everyone = try await client.get("/2/statuses/public_timeline.json", token: b)
      #expect(!everyone.text.contains("加微信"))
      #expect(everyone.object["total_number"] as? Int == 1)
      #expect(!(try await client.get("/2/statuses/home_timeline.json", token: b)).text.contains("加微信"))
      #expect(try await client.get("/2/statuses/show.json?id=\(adID)", token: b).errorCode == 20101)
      #expect(!(try await client.get("/2/comments/show.json?id=\(bobsID)", token: b)).text.contains("广告评论"))
      let user = try await client.get("/2/statuses/user_timeline.json?uid=\(spammer.id)", token: b)
      #expect(user.object["total_number"] as? Int == 0)
      for token in [b, nil] {
        let found = try await client.get("/daka/api/checkins", token: token)
        #expect(!found.text.contains("广告打卡"))
        #expect(found.object["total_number"] as? Int == 0)
      }
      #expect(!(try await client.get("/status/\(adID)")).text.contains("加微信"))

      #expect(try await staff.lift(spammer, by: AuditEntry.operatorID, reason: "申诉通过", at: world.clock.now))
      #expect(try await client.get("/2/statuses/show.json?id=\(adID)", token: b).status == .ok)
      #expect(try await client.get("/2/statuses/home_timeline.json", token: b).text.contains("加微信"))
      #expect(try await client.get("/daka/api/checkins").object["total_number"] as? Int == 1)
    }
  }

  @Test func rolesAreGivenAndTakenWithTheirEntries() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let admin = try await world.user("admin")
    let staff = Staff(store: world.store, ids: world.ids)

    try await staff.setRole(.admin, of: admin, by: AuditEntry.operatorID, reason: "站长", at: world.clock.now)
    try await staff.setRole(.moderator, of: alice, by: admin.id, reason: "社区志愿者", at: world.clock.now)
    #expect(try await world.store.staffRole(userID: alice.id) == .moderator)
    #expect(try await world.store.staffRole(userID: admin.id) == .admin)
    try await staff.setRole(nil, of: alice, by: admin.id, reason: "卸任", at: world.clock.now)
    #expect(try await world.store.staffRole(userID: alice.id) == nil)

    let log = try await world.store.auditLog(limit: 10)
    #expect(log.map(\.action) == ["demote", "promote:moderator", "promote:admin"])
    #expect(log.map(\.actorID) == [admin.id, admin.id, AuditEntry.operatorID])
    await world.finish()
  }
}
