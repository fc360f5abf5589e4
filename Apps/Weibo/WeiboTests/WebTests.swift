import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SparrowStore
import SparrowTestSupport
import Testing

@Suite struct WebTests {
  @Test func visitorsSeeTheVisitorViewOfEachTab() async throws {
    let world = try await TestWorld()

    try await world.test { client in
      let home = try await client.get("/")
      let messages = try await client.get("/messages")

      #expect(home.status == .ok)
      #expect(home.headers[.contentType] == "text/html; charset=utf-8")
      #expect(home.text.contains("关注一些人，回这里看看有什么惊喜"))
      #expect(home.text.contains("href=\"/web/login\""))
      #expect(messages.text.contains("别人评论你的微博"))
    }
  }

  @Test func staticFilesAreCachedForAYearOnlyUnderTheCurrentVersion() async throws {
    let world = try await TestWorld()

    try await world.test { client in
      let page = try await client.get("/")
      let root = try #require(page.text.firstMatch(of: /src="(\/static\/[0-9a-f]{10}\/)js\/main\.js"/)?.1)

      let css = try await client.get("\(root)web.css")
      let module = try await client.get("\(root)js/feed.js")  // as main.js imports it: "./feed.js"
      let unversioned = try await client.get("/static/js/feed.js")
      let stale = try await client.get("/static/0000000000/js/feed.js")
      let missing = try await client.get("\(root)nope.css")

      #expect(css.status == .ok)
      #expect(css.headers[.contentType] == "text/css; charset=utf-8")
      #expect(css.headers[.cacheControl] == "public, max-age=31536000, immutable")
      #expect(module.status == .ok)
      #expect(module.headers[.contentType] == "text/javascript; charset=utf-8")
      #expect(module.headers[.cacheControl] == "public, max-age=31536000, immutable")
      #expect(unversioned.status == .ok && unversioned.headers[.cacheControl] == "no-cache")
      #expect(stale.status == .ok && stale.headers[.cacheControl] == "no-cache")
      #expect(missing.status == .notFound)
    }
  }

  @Test func loginRegistersTheWebClientOnceAndGoesToAuthorize() async throws {
    let world = try await TestWorld()

    try await world.test { client in
      let first = try await client.get("/web/login")
      _ = try await client.get("/web/login")

      #expect(first.status == .seeOther)
      #expect(first.headers[.location]?.hasPrefix("/oauth2/authorize?client_id=sparrow-web&") == true)
      let app = try await world.store.app(clientID: "sparrow-web")
      #expect(app?.name == "Sparrow 网页版")
      #expect(app?.redirectURI == "http://sparrow.test/web/callback")
      #expect(app?.firstParty == true)
    }
  }

  @Test func signedInVisitorsSeeTheirTimelineWithEscapedText() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let token = try await world.token(for: alice)

    try await world.test { client in
      _ = try await client.post("/2/statuses/update.json", [("status", "<b>hi</b> @alice #话题# http://a.example/x")],
                                token: token)
      let cookie = try await client.sessionCookie("alice")

      let page = try await client.get("/", headers: cookieHeader(cookie))

      #expect(page.status == .ok)
      #expect(page.text.contains("&lt;b&gt;hi&lt;/b&gt;"))
      #expect(!page.text.contains("<b>hi</b>"))
      #expect(page.text.contains("<a class=\"mention\" href=\"/n/alice\">@alice</a>"))
      #expect(page.text.contains("<a class=\"topic\" href=\"/topic/%E8%AF%9D%E9%A2%98\">#话题#</a>"))
      #expect(page.text.contains(">网页链接</a>"))
    }
  }

  @Test func callbackWithoutTheStateCookieSignsNobodyIn() async throws {
    let world = try await TestWorld()
    try await world.user("alice")

    try await world.test { client in
      let response = try await client.get("/web/callback?code=abc&state=xyz")

      #expect(response.status == .seeOther)
      #expect(response.headers[.location] == "/")
      #expect(!response.headers[values: .setCookie].contains { $0.hasPrefix("sparrow_web=") && !$0.contains("Max-Age=0") })
    }
  }

  @Test func likingNeedsTheCSRFToken() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let token = try await world.token(for: alice)

    try await world.test { client in
      let posted = try await client.post("/2/statuses/update.json", [("status", "like me")], token: token)
      let id = try #require(posted.object["idstr"] as? String)
      let cookie = try await client.sessionCookie("alice")

      let forged = try await client.post("/web/like", [("id", id), ("liked", "1")], headers: cookieHeader(cookie))

      #expect(forged.status == .forbidden)
      #expect(try await world.store.liked(by: alice.id, among: [Int64(id)!]).isEmpty)
    }
  }

  @Test func detailPageShowsTabsWithCounts() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let token = try await world.token(for: alice)

    try await world.test { client in
      let posted = try await client.post("/2/statuses/update.json", [("status", "detail")], token: token)
      let id = try #require(posted.object["idstr"] as? String)
      _ = try await client.post("/2/comments/create.json", [("id", id), ("comment", "first <i>")], token: token)

      let page = try await client.get("/status/\(id)")
      let missing = try await client.get("/status/1")

      #expect(page.status == .ok)
      #expect(page.text.contains("转发 0"))
      #expect(page.text.contains("评论 1"))
      #expect(page.text.contains("赞 0"))
      #expect(page.text.contains("first &lt;i&gt;"))
      #expect(missing.status == .notFound)
    }
  }

  /// The CSRF token a signed-in page carries.
  @Test func timelineFragmentsPageOlderAndCountNewer() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let token = try await world.token(for: alice)

    try await world.test { client in
      var ids: [String] = []
      for n in 1...23 {
        let posted = try await client.post("/2/statuses/update.json", [("status", "第\(n)条")], token: token)
        ids.append(try #require(posted.object["idstr"] as? String))
      }
      let cookie = try await client.sessionCookie("alice")
      let page = try await client.get("/", headers: cookieHeader(cookie))
      let next = Int64(ids[3])! - 1
      #expect(page.text.contains("data-next=\"/web/timeline?max_id=\(next)\""))

      let older = try await client.get("/web/timeline?max_id=\(next)", headers: cookieHeader(cookie))
      let newer = try await client.get("/web/timeline?since_id=\(ids[20])", headers: cookieHeader(cookie))

      #expect(older.text.contains("第3条") && older.text.contains("第1条") && !older.text.contains("第4条"))
      #expect(older.text.contains("没有更多了"))
      #expect(newer.headers[.init("X-New-Count")!] == "2")
      #expect(newer.text.hasPrefix("<p hidden data-banner>2条新微博</p>"))
      #expect(newer.text.contains("第23条") && !newer.text.contains("第21条"))
    }
  }

  /// An empty timeline refreshes with `since_id=0`: its first statuses come with the banner, or 没有新微博.
  @Test func anEmptyTimelineRefreshesWithTheBanner() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let token = try await world.token(for: alice)

    try await world.test { client in
      let cookie = try await client.sessionCookie("alice")
      let nothing = try await client.get("/web/timeline?since_id=0", headers: cookieHeader(cookie))
      #expect(nothing.text.hasPrefix("<p hidden data-banner>没有新微博</p>"))
      _ = try await client.post("/2/statuses/update.json", [("status", "第一条")], token: token)
      let first = try await client.get("/web/timeline?since_id=0", headers: cookieHeader(cookie))
      #expect(first.text.hasPrefix("<p hidden data-banner>1条新微博</p>") && first.text.contains("第一条"))
      #expect(first.headers[.init("X-New-Count")!] == "1")
    }
  }

  @Test func likeAndFollowAnswerWithTheNewButton() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let bobToken = try await world.token(for: bob)

    try await world.test { client in
      _ = try await client.post("/2/friendships/create.json", [("uid", String(alice.id))], token: bobToken)
      let posted = try await client.post("/2/statuses/update.json", [("status", "bob says")], token: bobToken)
      let id = try #require(posted.object["idstr"] as? String)
      let cookie = try await client.sessionCookie("alice")
      let csrf = try pageCSRF(try await client.get("/u/\(bob.id)", headers: cookieHeader(cookie)))
      var headers = cookieHeader(cookie)
      headers[.init("X-Fragment")!] = "1"

      let like = try await client.post("/web/like", [("id", id), ("liked", "1"), ("csrf", csrf)], headers: headers)
      let follow = try await client.post("/u/\(bob.id)/follow", [("csrf", csrf)], headers: headers)

      #expect(like.status == .ok)
      #expect(like.text.contains("aria-pressed=\"true\""))
      #expect(try await world.store.liked(by: alice.id, among: [Int64(id)!]) == [Int64(id)!])
      #expect(follow.text.contains("相互关注"))
      #expect(follow.text.contains("/u/\(bob.id)/unfollow"))
    }
  }

  @Test func unreadBadgesArePolledAndClearedWhenTheTimelineIsSeen() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let bobToken = try await world.token(for: bob)

    try await world.test { client in
      let aliceToken = try await world.token(for: alice)
      _ = try await client.post("/2/friendships/create.json", [("uid", String(bob.id))], token: aliceToken)
      let own = try await client.post("/2/statuses/update.json", [("status", "alice 的")], token: aliceToken)
      let cookie = try await client.sessionCookie("alice")
      _ = try await client.get("/", headers: cookieHeader(cookie))
      _ = try await client.post("/2/statuses/update.json", [("status", "新的一条")], token: bobToken)
      _ = try await client.post("/2/comments/create.json", [("id", try #require(own.object["idstr"] as? String)), ("comment", "hi")],
                                token: bobToken)

      let before = try await client.get("/web/unread", headers: cookieHeader(cookie))
      _ = try await client.get("/", headers: cookieHeader(cookie))
      let after = try await client.get("/web/unread", headers: cookieHeader(cookie))
      let visitor = try await client.get("/web/unread")

      #expect(before.text.contains("id=\"badge-home\">1</b>"))
      #expect(before.text.contains("id=\"badge-messages\">1</b>"))
      #expect(!after.text.contains("badge-home"))
      #expect(after.text.contains("badge-messages"))
      #expect(visitor.status == .unauthorized)
    }
  }
}
