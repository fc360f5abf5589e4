import Foundation
import HummingbirdTesting
import SparrowCore
import SparrowTestSupport
import Testing

/// 微博's texts follow the platform's `TextLimit`: a letter under combining marks (one character to the eye) is
/// refused in the API's envelope and nothing is stored; the web search cuts what it searches for.
@Suite struct WeiboTextLimitTests {
  static let heavy = "a" + String(repeating: "\u{0301}", count: 500)

  @Test func heavyTextIsRefusedAndNothingIsStored() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let token = try await world.token(for: alice)

    try await world.test { client in
      let posted = try await client.post("/2/statuses/update.json", [("status", Self.heavy)], token: token)
      #expect(posted.status == .badRequest && posted.errorCode == 20012)
      let status = try await client.post("/2/statuses/update.json", [("status", "在吗")], token: token)
      let id = try #require(status.object["idstr"] as? String)
      let comment = try await client.post("/2/comments/create.json", [("id", id), ("comment", Self.heavy)], token: token)
      #expect(comment.status == .badRequest && comment.errorCode == 20012)
      let timeline = try await client.get("/2/statuses/user_timeline.json?uid=\(alice.id)", token: token)
      #expect(timeline.object["total_number"] as? Int == 1)
      let comments = try await client.get("/2/comments/show.json?id=\(id)", token: token)
      #expect(comments.object["total_number"] as? Int == 0)

      for path in ["search/statuses", "search/topics", "search/suggestions/users"] {
        let search = try await client.get("/2/\(path).json?q=" + FormEncoding.escape(Self.heavy), token: token)
        #expect(search.status == .badRequest && search.errorCode == 10017, "\(path)")
      }
      let cookie = cookieHeader(try await client.sessionCookie("alice"))
      let page = try await client.get("/discover?q=" + FormEncoding.escape("在吗" + Self.heavy), headers: cookie)
      #expect(page.status == .ok)
    }
  }
}
