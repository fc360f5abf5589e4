import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SparrowPlatform
import SparrowStore
import SparrowTestSupport
import Testing

/// 举报 and the staff pages across apps: a report only of what one can see and is not one's own, once while open;
/// `/admin` and its actions for staff alone, each with the form token and a reason, each in the audit log; hiding a
/// status, a comment or a public 打卡 entry from everyone but its author (who is told), and showing it again.
@Suite struct ModerationTests {
  /// Alice posts (a status with a topic, a comment on Bob's, a public entry); Bob reports; Mia is a moderator.
  struct Scene: Sendable {
    let world: TestWorld
    let alice: UserRecord, bob: UserRecord, mia: UserRecord
    let a: String, b: String
    var statusID = "", commentID = "", bobsStatusID = "", checkinID: Int64 = 0

    init() async throws {
      world = try await TestWorld()
      alice = try await world.user("alice")
      bob = try await world.user("bob")
      mia = try await world.user("mia")
      a = try await world.token(for: alice)
      b = try await world.token(for: bob)
      try await Staff(store: world.store, ids: world.ids)
        .setRole(.moderator, of: mia, by: AuditEntry.operatorID, reason: "社区志愿者", at: world.clock.now)
    }

    /// Posts what the scene holds; in the world's one `test`, which ends the world.
    func posted(_ client: any TestClientProtocol) async throws -> Scene {
      var scene = self
      let status = try await client.post("/2/statuses/update.json", [("status", "买买买<script>x</script> #促销#")], token: a)
      let bobs = try await client.post("/2/statuses/update.json", [("status", "鲍勃的微博")], token: b)
      scene.bobsStatusID = try #require(bobs.object["idstr"] as? String)
      let comment = try await client.post(
        "/2/comments/create.json", [("id", scene.bobsStatusID), ("comment", "难听的评论")], token: a)
      let entry = try await client.post("/daka/api/checkins", [
        ("date", "2025-05-01"), ("location", "杭州西湖"), ("spot", "广告打卡"), ("visibility", "public"),
      ], token: a)
      scene.statusID = try #require(status.object["idstr"] as? String)
      scene.commentID = try #require(comment.object["idstr"] as? String)
      scene.checkinID = try #require(entry.object["id"] as? Int64)
      return scene
    }
  }

  @Test func aReportIsOfWhatOneSeesAndNotOnesOwnOnceWhileOpen() async throws {
    let scene = try await Scene()
    try await scene.world.test { client in
      let s = try await scene.posted(client)
      let cookie = cookieHeader(try await client.sessionCookie("bob"))
      let form = try await client.get("/report?target=status:\(s.statusID)&next=/status/\(s.statusID)", headers: cookie)
      #expect(form.status == .ok)
      #expect(form.text.contains("买买买&lt;script&gt;"), "the excerpt is escaped")
      let csrf = try pageCSRF(try await client.get("/compose", headers: cookie))
      let fields = [("target", "status:\(s.statusID)"), ("reason", "spam"), ("note", "刷屏广告"), ("next", "/")]

      #expect(try await client.post("/report", fields, headers: cookie).status == .forbidden, "a forged form")
      #expect(try await s.world.store.openReports(limit: 10).isEmpty)
      let noReason = try await client.post("/report", [("csrf", csrf), ("target", "status:\(s.statusID)")], headers: cookie)
      #expect(noReason.status == .badRequest && noReason.text.contains("请选择举报原因"))
      let heavy = try await client.post(
        "/report", [("csrf", csrf), ("target", "status:\(s.statusID)"), ("reason", "spam"),
                    ("note", "a" + String(repeating: "\u{301}", count: 2_000))], headers: cookie)
      #expect(heavy.status == .badRequest)
      #expect(try await s.world.store.openReports(limit: 10).isEmpty)

      let filed = try await client.post("/report", [("csrf", csrf)] + fields, headers: cookie)
      #expect(filed.status == .ok && filed.text.contains("举报已提交"))
      let again = try await client.post("/report", [("csrf", csrf)] + fields, headers: cookie)
      #expect(again.text.contains("已经举报过"))
      let open = try await s.world.store.openReports(limit: 10)
      #expect(open.count == 1)
      #expect(open.first?.reporterID == s.bob.id && open.first?.reason == .spam && open.first?.note == "刷屏广告")

      // Not one's own, nothing one cannot see, nothing that is not there: the same page for all three.
      let own = try await client.get("/report?target=status:\(s.bobsStatusID)", headers: cookie)
      let missing = try await client.get("/report?target=status:1", headers: cookie)
      let unknown = try await client.get("/report?target=nonsense:1", headers: cookie)
      #expect([own, missing, unknown].allSatisfy { $0.status == .notFound })
      #expect(own.text == missing.text)

      // The API's 举报, for statuses, comments and people.
      let api = try await client.post("/2/reports/create.json", [("type", "comment"), ("id", s.commentID), ("reason", "abuse")], token: s.b)
      #expect(api.object["result"] as? Bool == true)
      let person = try await client.post("/2/reports/create.json", [("type", "user"), ("id", String(s.alice.id)), ("reason", "other")], token: s.b)
      #expect(person.status == .ok)
      #expect(try await client.post("/2/reports/create.json", [("type", "status"), ("id", s.bobsStatusID), ("reason", "spam")], token: s.b).errorCode == 20101)
      #expect(try await client.post("/2/reports/create.json", [("type", "status"), ("id", s.statusID), ("reason", "meh")], token: s.b).errorCode == 10017)
      #expect(try await client.post("/2/reports/create.json", [("type", "order"), ("id", "1"), ("reason", "spam")], token: s.b).errorCode == 10017)
      #expect(try await s.world.store.openReports(limit: 10).count == 3)
    }
  }

  @Test func theStaffPagesAreStaffsAloneAndEveryActionNeedsTheTokenAndAReason() async throws {
    let scene = try await Scene()
    try await scene.world.test { client in
      let s = try await scene.posted(client)
      _ = try await client.post("/2/reports/create.json", [("type", "status"), ("id", s.statusID), ("reason", "spam")], token: s.b)
      // Signed out: sign in first. Signed in but not staff: no such page, and nothing changes.
      #expect(try await client.get("/admin").status == .seeOther)
      let bob = cookieHeader(try await client.sessionCookie("bob"))
      let bobsToken = try pageCSRF(try await client.get("/compose", headers: bob))
      #expect(try await client.get("/admin", headers: bob).status == .notFound)
      let attempt = try await client.post("/admin/act", [
        ("csrf", bobsToken), ("target", "status:\(s.statusID)"), ("action", "hide"), ("reason", "我说了算"),
      ], headers: bob)
      #expect(attempt.status == .notFound)
      #expect(try await client.get("/2/statuses/show.json?id=\(s.statusID)", token: s.b).status == .ok)

      let mia = cookieHeader(try await client.sessionCookie("mia"))
      let page = try await client.get("/admin", headers: mia)
      #expect(page.status == .ok)
      #expect(page.text.contains("data-target=\"status:\(s.statusID)\""))
      #expect(page.text.contains("买买买&lt;script&gt;") && !page.text.contains("<script>x"), "escaped")
      let csrf = try pageCSRF(try await client.get("/compose", headers: mia))
      let hide = [("target", "status:\(s.statusID)"), ("action", "hide")]
      #expect(try await client.post("/admin/act", hide + [("reason", "广告")], headers: mia).status == .forbidden)
      #expect(try await client.post("/admin/act", [("csrf", csrf)] + hide + [("reason", "  ")], headers: mia).status == .badRequest)
      #expect(try await client.get("/2/statuses/show.json?id=\(s.statusID)", token: s.b).status == .ok)
      #expect(try await s.world.store.auditLog(limit: 10).allSatisfy { $0.action.hasPrefix("promote") })

      let done = try await client.post("/admin/act", [("csrf", csrf)] + hide + [("reason", "广告")], headers: mia)
      #expect(done.status == .seeOther && done.headers[.location] == "/admin?done=hidden")
      #expect(try await s.world.store.openReports(limit: 10).isEmpty, "its reports are settled")
      let entry = try #require(try await s.world.store.auditLog(limit: 1).first)
      #expect(entry.actorID == s.mia.id && entry.action == "hide" && entry.target == "status:\(s.statusID)" && entry.reason == "广告")
      #expect(try await client.get("/admin?done=hidden", headers: mia).text.contains("已隐藏"))
    }
  }

  @Test func hiddenContentIsItsAuthorsAloneUntilShownAgain() async throws {
    let scene = try await Scene()
    let staff = Staff(store: scene.world.store, ids: scene.world.ids)
    let moderation = scene.world.moderation()
    try await scene.world.test { client in
      let s = try await scene.posted(client)
      let before = try await client.get("/2/statuses/public_timeline.json", token: s.b).object["total_number"] as? Int
      let topic = "/2/search/topics.json?q=\("促销".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
      #expect(try await client.get(topic, token: s.b).text.contains("买买买"))
      let repost = try await client.post("/2/statuses/repost.json", [("id", s.statusID), ("status", "转发看看")], token: s.b)
      let repostID = try #require(repost.object["idstr"] as? String)

      for kind in [("status", s.statusID), ("comment", s.commentID), ("checkin", String(s.checkinID))] {
        let ref = try #require(ContentRef("\(kind.0):\(kind.1)"))
        #expect(try await staff.setHidden(ref, true, in: moderation, by: s.mia.id, reason: "违规", at: s.world.clock.now))
        #expect(try await staff.setHidden(ref, true, in: moderation, by: s.mia.id, reason: "again", at: s.world.clock.now) == false)
      }
      // Others: gone everywhere, with the counts.
      #expect(try await client.get("/2/statuses/show.json?id=\(s.statusID)", token: s.b).errorCode == 20101)
      let everyone = try await client.get("/2/statuses/public_timeline.json", token: s.b)
      #expect(everyone.object["total_number"] as? Int == (before ?? 0))  // one hidden, one repost
      #expect(!(try await client.get(topic, token: s.b)).text.contains("买买买"))
      // A repost made before stays, without the original inside it.
      let reposted = try await client.get("/2/statuses/show.json?id=\(repostID)", token: s.b)
      #expect(reposted.status == .ok && !reposted.text.contains("买买买"))
      #expect(!(try await client.get("/2/statuses/public_timeline.json", token: s.b)).text.contains("买买买"))
      let comments = try await client.get("/2/comments/show.json?id=\(s.bobsStatusID)", token: s.b)
      #expect(!comments.text.contains("难听的评论"))
      #expect(try await client.get("/2/statuses/show.json?id=\(s.bobsStatusID)", token: s.b).object["comments_count"] as? Int == 0)
      #expect(try await client.get("/daka/api/checkins/\(s.checkinID)", token: s.b).status == .notFound)
      #expect(try await client.get("/daka/api/checkins").object["total_number"] as? Int == 0)

      // The author still sees each, and is told.
      #expect(try await client.get("/2/statuses/show.json?id=\(s.statusID)", token: s.a).status == .ok)
      let own = try await client.get("/2/comments/show.json?id=\(s.bobsStatusID)", token: s.a)
      #expect(own.text.contains("难听的评论") && own.text.contains("\"hidden_by_staff\":true"))
      let alice = cookieHeader(try await client.sessionCookie("alice"))
      #expect(try await client.get("/status/\(s.statusID)", headers: alice).text.contains("此微博已被管理员隐藏"))
      let commentsTab = try await client.get("/status/\(s.bobsStatusID)?tab=comments", headers: alice).text
      #expect(commentsTab.contains("难听的评论") && commentsTab.contains("此评论已被管理员隐藏"))
      let detail = try await client.get("/daka/c/\(s.checkinID)", headers: alice)
      #expect(detail.text.contains("已被管理员隐藏") && detail.text.contains("违规"))
      // Nor can she make the entry public again herself.
      let edited = try await client.post("/daka/api/checkins/\(s.checkinID)", [("visibility", "public")], token: s.a)
      #expect(edited.object["visibility"] as? String == "private")
      #expect(try await client.get("/daka/api/checkins/\(s.checkinID)", token: s.b).status == .notFound)

      // Shown again: back where it was, topic and counts included.
      for kind in [("status", s.statusID), ("comment", s.commentID), ("checkin", String(s.checkinID))] {
        let ref = try #require(ContentRef("\(kind.0):\(kind.1)"))
        #expect(try await staff.setHidden(ref, false, in: moderation, by: s.mia.id, reason: "申诉通过", at: s.world.clock.now))
      }
      #expect(try await client.get("/2/statuses/show.json?id=\(s.statusID)", token: s.b).status == .ok)
      #expect(try await client.get(topic, token: s.b).text.contains("买买买"))
      #expect(try await client.get("/2/statuses/public_timeline.json", token: s.b).object["total_number"] as? Int == (before ?? 0) + 1)
      #expect(try await client.get("/2/statuses/show.json?id=\(s.bobsStatusID)", token: s.b).object["comments_count"] as? Int == 1)
      #expect(try await client.get("/daka/api/checkins").object["total_number"] as? Int == 1)
      #expect(!(try await client.get("/status/\(s.statusID)", headers: alice)).text.contains("此微博已被管理员隐藏"))
      let shownTab = try await client.get("/status/\(s.bobsStatusID)?tab=comments", headers: alice).text
      #expect(shownTab.contains("难听的评论") && !shownTab.contains("此评论已被管理员隐藏"))
      #expect(!(try await client.get("/2/comments/show.json?id=\(s.bobsStatusID)", token: s.a)).text.contains("hidden_by_staff"))
      let log = try await s.world.store.auditLog(limit: 20).map(\.action)
      #expect(log.filter { $0 == "hide" }.count == 3 && log.filter { $0 == "show" }.count == 3)
    }
  }

  /// A profile (`user:ID`) hidden by staff: others get the name and numbers only, in every API and page (the Weibo
  /// API, the web profile, the Mastodon API); its owner still sees it all, and is told; an edit keeps it hidden.
  @Test func aHiddenProfileIsItsOwnersAloneUntilShownAgain() async throws {
    let scene = try await Scene()
    let staff = Staff(store: scene.world.store, ids: scene.world.ids)
    let moderation = scene.world.moderation()
    var alice = scene.alice
    alice.description = "加我微信 spam123"
    alice.location = "广告城"
    alice.url = "https://spam.example"
    try await scene.world.store.updateUser(alice)
    try await scene.world.test { client in
      let s = scene
      let bobSees = try await client.get("/2/users/show.json?uid=\(s.alice.id)", token: s.b)
      #expect(bobSees.object["description"] as? String == "加我微信 spam123")  // read once, so cached
      let ref = ContentRef("user", s.alice.id)
      #expect(try await staff.setHidden(ref, true, in: moderation, by: s.mia.id, reason: "简介是广告", at: s.world.clock.now))
      #expect(try await staff.setHidden(ref, true, in: moderation, by: s.mia.id, reason: "again", at: s.world.clock.now) == false)

      for path in ["/2/users/show.json?uid=\(s.alice.id)", "/api/v1/accounts/\(s.alice.id)"] {
        let seen = try await client.get(path, token: s.b)
        #expect(seen.status == .ok && seen.text.contains("alice"))
        #expect(!seen.text.contains("spam123") && !seen.text.contains("广告城") && !seen.text.contains("spam.example"), "\(path)")
      }
      let signedOut = try await client.get("/u/\(s.alice.id)")
      #expect(signedOut.text.contains("alice") && !signedOut.text.contains("spam123"))
      #expect(!signedOut.text.contains("profile-hidden-notice"))
      // Staff see what was hidden and that it is.
      #expect(try await moderation.summary(of: ref, for: nil)?.hidden == true)
      #expect(try await moderation.summary(of: ref, for: nil)?.excerpt.contains("spam123") == true)

      // Alice sees her own, and the notice; editing her profile does not show it again.
      #expect(try await client.get("/2/users/show.json?uid=\(s.alice.id)", token: s.a).object["description"] as? String == "加我微信 spam123")
      let own = try await client.get("/u/\(s.alice.id)", headers: cookieHeader(try await client.sessionCookie("alice")))
      #expect(own.text.contains("spam123") && own.text.contains("profile-hidden-notice"))
      var edited = try #require(try await s.world.store.user(id: s.alice.id))
      edited.description = "新的简介"
      try await s.world.store.updateUser(edited)
      #expect(try #require(try await s.world.store.user(id: s.alice.id)).profileHidden)
      #expect(try await client.get("/2/users/show.json?uid=\(s.alice.id)", token: s.b).object["description"] as? String == "")

      #expect(try await staff.setHidden(ref, false, in: moderation, by: s.mia.id, reason: "已改正", at: s.world.clock.now))
      #expect(try await client.get("/2/users/show.json?uid=\(s.alice.id)", token: s.b).object["description"] as? String == "新的简介")
      let log = try await s.world.store.auditLog(limit: 2)
      #expect(log.map(\.action) == ["show", "hide"] && log.allSatisfy { $0.target == "user:\(s.alice.id)" })
    }
  }

  @Test func suspendingAnAuthorFromTheQueueSettlesItsReports() async throws {
    let scene = try await Scene()
    try await scene.world.test { client in
      let s = try await scene.posted(client)
      _ = try await client.post("/2/reports/create.json", [("type", "status"), ("id", s.statusID), ("reason", "spam")], token: s.b)
      let mia = cookieHeader(try await client.sessionCookie("mia"))
      let csrf = try pageCSRF(try await client.get("/compose", headers: mia))
      let done = try await client.post("/admin/act", [
        ("csrf", csrf), ("target", "status:\(s.statusID)"), ("action", "suspend"), ("reason", "专发广告"),
      ], headers: mia)
      #expect(done.headers[.location] == "/admin?done=suspended")
      #expect(try await s.world.store.suspension(userID: s.alice.id)?.reason == "专发广告")
      #expect(try await s.world.store.openReports(limit: 10).isEmpty)
      #expect(try await client.get("/2/statuses/show.json?id=\(s.statusID)", token: s.b).errorCode == 20101)

      let lifted = try await client.post("/admin/act", [
        ("csrf", csrf), ("target", "user:\(s.alice.id)"), ("action", "lift"), ("reason", "申诉通过"),
      ], headers: mia)
      #expect(lifted.headers[.location] == "/admin?done=lifted")
      #expect(try await client.get("/2/statuses/show.json?id=\(s.statusID)", token: s.b).status == .ok)
      // Staff cannot suspend themselves by mistake.
      let own = try await client.post("/admin/act", [
        ("csrf", csrf), ("target", "user:\(s.mia.id)"), ("action", "suspend"), ("reason", "手滑"),
      ], headers: mia)
      #expect(own.status == .badRequest)
    }
  }
}
