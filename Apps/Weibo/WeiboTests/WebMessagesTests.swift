import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SparrowStore
import SparrowTestSupport
import Testing

/// The web client's 消息 and 发现 tabs and topic pages.
@Suite struct WebMessagesTests {
  @Test func messageTabsListMentionsCommentsAndLikesAndClearTheBadge() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let aliceToken = try await world.token(for: alice)
    let bobToken = try await world.token(for: bob)

    try await world.test { client in
      let mine = try await client.post("/2/statuses/update.json", [("status", "alice's own")], token: aliceToken)
      let id = try #require(mine.object["idstr"] as? String)
      _ = try await client.post("/2/statuses/update.json", [("status", "hi @alice <b>bold</b>")], token: bobToken)
      _ = try await client.post("/2/comments/create.json", [("id", id), ("comment", "nice one")], token: bobToken)
      _ = try await client.post("/2/attitudes/create.json", [("id", id)], token: bobToken)
      let cookie = try await client.sessionCookie("alice")

      let before = try await client.get("/u/\(alice.id)", headers: cookieHeader(cookie))
      let mentions = try await client.get("/messages", headers: cookieHeader(cookie))
      let comments = try await client.get("/messages?tab=comments", headers: cookieHeader(cookie))
      let likes = try await client.get("/messages?tab=likes", headers: cookieHeader(cookie))
      let fragment = try await client.get("/web/messages/comments", headers: cookieHeader(cookie))
      let visitor = try await client.get("/web/messages/comments")

      #expect(before.text.contains("id=\"badge-messages\">3<"))
      #expect(mentions.status == .ok)
      #expect(mentions.text.contains("hi <a class=\"mention\" href=\"/n/alice\">@alice</a> &lt;b&gt;bold&lt;/b&gt;"))
      #expect(mentions.text.contains("id=\"badge-messages\">2<"), "the mention is seen; the comment and like are not")
      #expect(comments.text.contains("nice one") && comments.text.contains("<span class=\"mention\">@alice</span>: alice&#39;s own"))
      #expect(likes.text.contains("赞了这条微博") && likes.text.contains("href=\"/status/\(id)\""))
      #expect(!likes.text.contains("badge-messages"), "every tab has been visited")
      #expect(fragment.text.contains("nice one") && !fragment.text.contains("<html"))
      #expect(visitor.status == .unauthorized)
      #expect(try await world.store.unreadCounts(userID: alice.id).values.reduce(0, +) == 0)
    }
  }

  @Test func messageListsPageWithCursors() async throws {
    let world = try await TestWorld()
    _ = try await world.user("alice")
    let bob = try await world.user("bob")
    let bobToken = try await world.token(for: bob)

    try await world.test { client in
      for n in 1...23 {
        _ = try await client.post("/2/statuses/update.json", [("status", "第\(n)条 @alice")], token: bobToken)
      }
      let cookie = try await client.sessionCookie("alice")
      let page = try await client.get("/messages", headers: cookieHeader(cookie))
      let next = try #require(page.text.range(of: "data-next=\"").map { page.text[$0.upperBound...].prefix { $0 != "\"" } })
      let older = try await client.get(String(next).replacingOccurrences(of: "&amp;", with: "&"),
                                       headers: cookieHeader(cookie))

      #expect(page.text.contains("第23条") && !page.text.contains("第3条 "))
      #expect(next.hasPrefix("/web/messages/mentions?max_id="))
      #expect(older.text.contains("第3条") && older.text.contains("第1条") && !older.text.contains("第4条"))
      #expect(older.text.contains("没有更多了"))
    }
  }

  @Test func discoverSearchesUsersAndStatusesAndListsHotTopics() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let bobToken = try await world.token(for: bob)

    try await world.test { client in
      _ = try await client.post("/2/statuses/update.json", [("status", "去吃火锅 #美食<x>#")], token: bobToken)
      let cookie = try await client.sessionCookie("alice")

      let discover = try await client.get("/discover", headers: cookieHeader(cookie))
      let users = try await client.get("/discover?q=bo", headers: cookieHeader(cookie))
      let statuses = try await client.get("/discover?q=%E7%81%AB%E9%94%85", headers: cookieHeader(cookie))
      let escaped = try await client.get("/discover?q=%3Cscript%3E", headers: cookieHeader(cookie))
      let topic = try await client.get("/topic/%E7%BE%8E%E9%A3%9F%3Cx%3E")

      #expect(discover.text.contains("热门话题"))
      #expect(discover.text.contains("href=\"/topic/%E7%BE%8E%E9%A3%9F%3Cx%3E\""))
      #expect(discover.text.contains("#美食&lt;x&gt;#") && discover.text.contains("1条"))
      #expect(users.text.contains("href=\"/u/\(bob.id)\"") && !users.text.contains("href=\"/u/\(alice.id)\" class"))
      #expect(statuses.text.contains("去吃火锅"))
      #expect(escaped.text.contains("value=\"&lt;script&gt;\"") && !escaped.text.contains("<script>"))
      #expect(topic.status == .ok)
      #expect(topic.text.contains("去吃火锅"))
      #expect(topic.text.contains("<a class=\"topic\" href=\"/topic/%E7%BE%8E%E9%A3%9F%3Cx%3E\">#美食&lt;x&gt;#</a>"))
    }
  }
}
