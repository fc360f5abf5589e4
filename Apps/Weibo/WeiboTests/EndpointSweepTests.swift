import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SparrowTestSupport
import Testing

/// The endpoints the other suites do not reach, each with its happy path and an error.
@Suite struct EndpointSweepTests {
  @Test func remainingReadEndpoints() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let (a, b) = (try await world.token(for: alice), try await world.token(for: bob))

    try await world.test { client in
      _ = try await client.post("/2/friendships/create.json", [("uid", String(bob.id))], token: a)
      _ = try await client.post("/2/friendships/create.json", [("uid", String(alice.id))], token: b)
      let status = try await client.post("/2/statuses/update.json", [("status", "@alice 在吗")], token: b)
      let id = String(try #require(status.object["id"] as? Int64))
      let comment = try await client.post("/2/comments/create.json", [("id", id), ("comment", "在")], token: a)
      let cid = String(try #require(comment.object["id"] as? Int64))
      _ = try await client.post("/2/attitudes/create.json", [("id", id)], token: a)
      _ = try await client.post("/2/favorites/create.json", [("id", id)], token: a)

      #expect(try await client.get("/2/statuses/mentions/ids.json", token: a).object["statuses"] as? [String] == [id])
      #expect(try await client.get("/2/statuses/user_timeline/ids.json?uid=\(bob.id)", token: a).object["statuses"] as? [String] == [id])
      #expect(try await client.get("/2/statuses/repost_timeline/ids.json?id=\(id)", token: a).object["total_number"] as? Int == 0)
      let bilateral = try await client.get("/2/statuses/bilateral_timeline.json", token: a)
      #expect((bilateral.object["statuses"] as? [[String: Any]])?.count == 1)
      #expect(try await client.get("/2/comments/timeline.json", token: b).object["total_number"] as? Int == 1)
      let batch = try await client.get("/2/comments/show_batch.json?cids=\(cid),999", token: b)
      #expect(batch.array.map { String($0["id"] as? Int64 ?? 0) } == [cid])
      #expect(try await client.get("/2/favorites/show.json?id=\(id)", token: a).object["status"] != nil)
      #expect(try await client.get("/2/favorites/show.json?id=\(id)", token: b).errorCode == 20705)
      let likes = try await client.get("/2/attitudes/to_me.json", token: b)
      #expect((likes.object["attitudes"] as? [[String: Any]])?.count == 1)
      for period in ["hourly", "weekly"] {
        #expect(try await client.get("/2/trends/\(period).json", token: a).object["as_of"] is Int)
      }
      #expect(try await client.get("/2/friendships/friends/ids.json?screen_name=alice", token: b).object["ids"] as? [Int64] == [bob.id])
      #expect(try await client.get("/2/friendships/followers.json?uid=\(bob.id)", token: b).object["total_number"] as? Int == 1)
      #expect(try await client.get("/2/friendships/friends.json?cursor=-1", token: b).errorCode == 10017)
      #expect(try await client.get("/2/friendships/show.json?target_id=1", token: b).errorCode == 20003)
      #expect(try await client.get("/2/friendships/show.json", token: b).errorCode == 10016)
      #expect(try await client.get("/2/users/counts.json", token: b).errorCode == 20001)
      #expect(try await client.get("/2/search/suggestions/users.json", token: b).errorCode == 10016)
      #expect(try await client.get("/2/search/topics.json?q=%23%23", token: b).errorCode == 10016)
      #expect(try await client.get("/2/statuses/repost_timeline.json?id=1", token: b).errorCode == 20101)
      #expect(try await client.get("/2/statuses/home_timeline.json?feature=9", token: b).errorCode == 10017)
      let originals = try await client.get("/2/statuses/home_timeline.json?feature=1", token: b)
      #expect(originals.object["total_number"] as? Int == 1)
    }
  }

  @Test func batchDeleteIsAllOrNothing() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let (a, b) = (try await world.token(for: alice), try await world.token(for: bob))

    try await world.test { client in
      let status = try await client.post("/2/statuses/update.json", [("status", "评论区")], token: a)
      let id = String(try #require(status.object["id"] as? Int64))
      let mine = try await client.post("/2/comments/create.json", [("id", id), ("comment", "一")], token: b)
      let theirs = try await client.post("/2/comments/create.json", [("id", id), ("comment", "二")], token: b)
      let other = try await world.token(for: try await world.user("carol"))
      let foreign = try await client.post("/2/comments/create.json", [("id", id), ("comment", "三")], token: other)
      let ids = [mine, theirs, foreign].map { String($0.object["id"] as? Int64 ?? 0) }

      let refused = try await client.post("/2/comments/destroy_batch.json", [("cids", ids.joined(separator: ","))], token: b)
      #expect(refused.errorCode == 20203)
      #expect(try await world.store.status(id: Int64(id)!, visibleTo: 0)?.commentsCount == 3)

      // The status's author may delete any comment on it.
      let done = try await client.post("/2/comments/destroy_batch.json", [("cids", ids.joined(separator: ","))], token: a)
      #expect(done.array.count == 3)
      #expect(try await world.store.status(id: Int64(id)!, visibleTo: 0)?.commentsCount == 0)
    }
  }

  @Test func implicitGrantPutsTheTokenInTheFragment() async throws {
    let world = try await TestWorld()
    try await world.user("alice")
    let (app, _) = try await world.app()

    try await world.test { client in
      let granted = try await client.postSignedOut("/oauth2/authorize", [
        ("client_id", app.clientID), ("response_type", "token"), ("userId", "alice"), ("passwd", TestWorld.password),
        ("state", "st"),
      ])
      let location = try #require(granted.headers[.location])
      #expect(location.hasPrefix("https://client.test/callback#access_token="))
      #expect(location.contains("&expires_in="))
      #expect(location.hasSuffix("&state=st"))
    }
  }

  @Test func demoAutofillIsOfferedOnlyWhenConfigured() async throws {
    let plain = try await TestWorld()
    let (app, _) = try await plain.app()
    try await plain.test { client in
      let page = try await client.get("/oauth2/authorize?client_id=\(app.clientID)")
      #expect(!page.text.contains("id=\"fill\""))
    }
    let demo = try await TestWorld(demoLogin: true)
    let (demoApp, _) = try await demo.app()
    try await demo.test { client in
      let page = try await client.get("/oauth2/authorize?client_id=\(demoApp.clientID)")
      #expect(page.text.contains("id=\"fill\""))
      #expect(page.text.contains("demo123"))
    }
  }
}
