import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SparrowTestSupport
import Testing

/// A status only its author may see (`visible` 1) never reaches anyone else, by any read: checked from a
/// follower's, a friend's (mutual follow) and a stranger's side, and the author still sees everything.
@Suite struct PrivacyTests {
  struct Scene {
    let world: TestWorld
    let alice: Int64
    let publicID: String
    let privateID: String
    let commentID: String
    /// follower, friend, stranger
    let others: [(name: String, token: String)]
    let aliceToken: String
  }

  func scene(_ client: any TestClientProtocol, _ world: TestWorld) async throws -> Scene {
    let alice = try await world.user("alice")
    let a = try await world.token(for: alice)
    var others: [(String, String)] = []
    for name in ["bobby", "carol", "dave"] { others.append((name, try await world.token(for: try await world.user(name)))) }
    let (bob, carol) = (others[0].1, others[1].1)
    _ = try await client.post("/2/friendships/create.json", [("screen_name", "alice")], token: bob)
    _ = try await client.post("/2/friendships/create.json", [("screen_name", "alice")], token: carol)
    _ = try await client.post("/2/friendships/create.json", [("screen_name", "carol")], token: a)

    let shared = try await client.post("/2/statuses/update.json", [("status", "公开的 #旅行#")], token: a)
    let secret = try await client.post(
      "/2/statuses/update.json", [("status", "只有我看 @bobby @carol @dave #秘密话题#"), ("visible", "1")], token: a)
    let privateID = try #require(secret.object["idstr"] as? String)
    let comment = try await client.post(
      "/2/comments/create.json", [("id", privateID), ("comment", "自言自语 @bobby @carol @dave")], token: a)
    #expect(comment.status == .ok)
    return Scene(
      world: world, alice: alice.id, publicID: try #require(shared.object["idstr"] as? String), privateID: privateID,
      commentID: try #require(comment.object["idstr"] as? String), others: others, aliceToken: a)
  }

  func ids(_ list: Any?) -> [String] { ((list as? [[String: Any]]) ?? []).compactMap { $0["idstr"] as? String } }

  @Test func noReadShowsAPrivateStatusToAnyoneElse() async throws {
    let world = try await TestWorld()
    try await world.test { client in
      let s = try await scene(client, world)
      for (name, token) in s.others {
        let who = Comment(rawValue: name)
        #expect(try await client.get("/2/statuses/show.json?id=\(s.privateID)", token: token).errorCode == 20101, who)
        let timeline = try await client.get("/2/statuses/user_timeline.json?uid=\(s.alice)", token: token)
        #expect(ids(timeline.object["statuses"]) == [s.publicID], who)
        #expect(timeline.object["total_number"] as? Int == 1, who)
        let home = try await client.get("/2/statuses/home_timeline.json", token: token)
        #expect(!ids(home.object["statuses"]).contains(s.privateID), who)
        #expect(home.object["total_number"] as? Int == ids(home.object["statuses"]).count, who)
        #expect(!ids(try await client.get("/2/statuses/public_timeline.json", token: token).object["statuses"]).contains(s.privateID), who)
        #expect(ids(try await client.get("/2/statuses/mentions.json", token: token).object["statuses"]).isEmpty, who)
        let topic = try await client.get("/2/search/topics.json?q=%E7%A7%98%E5%AF%86%E8%AF%9D%E9%A2%98", token: token)
        #expect(ids(topic.object["statuses"]).isEmpty, who)
        let search = try await client.get("/2/search/statuses.json?q=%E5%8F%AA%E6%9C%89%E6%88%91", token: token)
        #expect(ids(search.object["statuses"]).isEmpty, who)
        #expect(try await client.get("/2/statuses/count.json?ids=\(s.privateID)", token: token).array.isEmpty, who)
        #expect(try await client.get("/2/statuses/repost_timeline.json?id=\(s.privateID)", token: token).errorCode == 20101, who)

        #expect(try await client.get("/2/comments/show.json?id=\(s.privateID)", token: token).errorCode == 20101, who)
        #expect(try await client.get("/2/comments/show_batch.json?cids=\(s.commentID)", token: token).array.isEmpty, who)
        #expect(ids(try await client.get("/2/comments/mentions.json", token: token).object["comments"]).isEmpty, who)
        #expect(ids(try await client.get("/2/comments/to_me.json", token: token).object["comments"]).isEmpty, who)
        #expect(try await client.get("/2/attitudes/show.json?id=\(s.privateID)", token: token).errorCode == 20101, who)

        let unread = try await client.get("/2/remind/unread_count.json", token: token)
        #expect(unread.object["mention_status"] as? Int == 0, who)
        #expect(unread.object["mention_cmt"] as? Int == 0, who)
        let trends = try await client.get("/2/trends/hourly.json", token: token)
        let words = ((trends.object["trends"] as? [String: [[String: Any]]]) ?? [:]).values.flatMap { $0 }
          .compactMap { $0["name"] as? String }
        #expect(words.contains("旅行") && !words.contains("秘密话题"), who)
        let hot = try await client.get("/2/trends.json", token: token).array.compactMap { $0["hotword"] as? String }
        #expect(!hot.contains("秘密话题"), who)

        let shown = try await client.get("/2/users/show.json?uid=\(s.alice)", token: token)
        #expect(shown.object["statuses_count"] as? Int == 1, who)
        let counts = try await client.get("/2/users/counts.json?uids=\(s.alice)", token: token)
        #expect(counts.array.first?["statuses_count"] as? Int == 1, who)

        // Nothing can be done to it either: each answers as for a status that does not exist.
        for (path, fields) in [
          ("/2/statuses/repost.json", [("id", s.privateID)]), ("/2/comments/create.json", [("id", s.privateID), ("comment", "hi")]),
          ("/2/favorites/create.json", [("id", s.privateID)]), ("/2/attitudes/create.json", [("id", s.privateID)]),
        ] {
          #expect(try await client.post(path, fields, token: token).errorCode == 20101, "\(name) \(path)")
        }
      }
    }
  }

  /// Whatever is asked of a private status or of a comment on it, the answer is the one for an id nothing has,
  /// byte for byte: an answer that differed would tell that the status exists.
  @Test func aPrivateStatusAndItsCommentAnswerAsIdsThatDoNotExist() async throws {
    let world = try await TestWorld()
    try await world.test { client in
      let s = try await scene(client, world)
      let (missingStatus, missingComment) = ("9000000000000000001", "9000000000000000002")
      func calls(_ id: String, _ cid: String) -> [(method: String, path: String, fields: [(String, String)])] {
        [
          ("GET", "/2/statuses/show.json?id=\(id)", []), ("GET", "/2/comments/show.json?id=\(id)", []),
          ("GET", "/2/statuses/repost_timeline.json?id=\(id)", []), ("GET", "/2/statuses/repost_timeline/ids.json?id=\(id)", []),
          ("GET", "/2/attitudes/show.json?id=\(id)", []), ("GET", "/2/favorites/show.json?id=\(id)", []),
          ("GET", "/2/statuses/count.json?ids=\(id)", []), ("GET", "/2/comments/show_batch.json?cids=\(cid)", []),
          ("POST", "/2/statuses/repost.json", [("id", id)]), ("POST", "/2/statuses/destroy.json", [("id", id)]),
          ("POST", "/2/comments/create.json", [("id", id), ("comment", "hi")]),
          ("POST", "/2/comments/reply.json", [("id", id), ("cid", cid), ("comment", "hi")]),
          ("POST", "/2/comments/destroy.json", [("cid", cid)]), ("POST", "/2/comments/destroy_batch.json", [("cids", cid)]),
          ("POST", "/2/favorites/create.json", [("id", id)]), ("POST", "/2/favorites/destroy.json", [("id", id)]),
          ("POST", "/2/attitudes/create.json", [("id", id)]), ("POST", "/2/attitudes/destroy.json", [("id", id)]),
        ]
      }
      for (name, token) in s.others {
        for (hidden, missing) in zip(calls(s.privateID, s.commentID), calls(missingStatus, missingComment)) {
          let asked = try await hidden.method == "GET" ? client.get(hidden.path, token: token)
            : client.post(hidden.path, hidden.fields, token: token)
          let none = try await missing.method == "GET" ? client.get(missing.path, token: token)
            : client.post(missing.path, missing.fields, token: token)

          #expect(asked.status == none.status, "\(name) \(hidden.path)")
          #expect(asked.text == none.text, "\(name) \(hidden.path)")
        }
      }

      let cookie = try await client.sessionCookie("dave")
      let csrf = try pageCSRF(try await client.get("/compose", headers: cookieHeader(cookie)))
      var fragment = cookieHeader(cookie)
      fragment[.init("X-Fragment")!] = "1"
      func page(_ id: String, _ cid: String) async throws -> [TestResponse] {
        [
          try await client.get("/status/\(id)", headers: cookieHeader(cookie)),
          try await client.get("/web/status/\(id)/comments", headers: cookieHeader(cookie)),
          try await client.get("/compose?repost=\(id)", headers: cookieHeader(cookie)),
          try await client.get("/compose?comment=\(id)&reply=\(cid)", headers: cookieHeader(cookie)),
          try await client.post("/web/like", [("csrf", csrf), ("id", id), ("liked", "1")], headers: fragment),
          try await client.post("/web/favorite", [("csrf", csrf), ("id", id), ("favorited", "1")], headers: fragment),
          try await client.post("/compose", [("csrf", csrf), ("comment", id), ("status", "hi")], headers: fragment),
        ]
      }
      let hidden = try await page(s.privateID, s.commentID)
      let missing = try await page(missingStatus, missingComment)
      for (asked, none) in zip(hidden, missing) {
        #expect(asked.status == none.status)
        // Modulo the path, which names the id.
        #expect(asked.text.replacingOccurrences(of: s.privateID, with: "ID").replacingOccurrences(of: s.commentID, with: "CID")
          == none.text.replacingOccurrences(of: missingStatus, with: "ID").replacingOccurrences(of: missingComment, with: "CID"))
      }
    }
  }

  @Test func theAuthorStillSeesEverything() async throws {
    let world = try await TestWorld()
    try await world.test { client in
      let s = try await scene(client, world)
      let a = s.aliceToken
      #expect(try await client.get("/2/statuses/show.json?id=\(s.privateID)", token: a).status == .ok)
      let timeline = try await client.get("/2/statuses/user_timeline.json", token: a)
      #expect(ids(timeline.object["statuses"]) == [s.privateID, s.publicID])
      let home = try await client.get("/2/statuses/home_timeline.json", token: a)
      #expect(ids(home.object["statuses"]).contains(s.privateID))
      #expect(try await client.get("/2/users/show.json?uid=\(s.alice)", token: a).object["statuses_count"] as? Int == 2)
      #expect(try await client.get("/2/comments/show_batch.json?cids=\(s.commentID)", token: a).array.count == 1)
      #expect(try await client.get("/2/statuses/count.json?ids=\(s.privateID)", token: a).array.count == 1)
    }
  }

  /// The web client reads through the same store: the status page and the like fragment of a private status
  /// answer as for a missing one.
  @Test func theWebClientShowsNothingOfIt() async throws {
    let world = try await TestWorld()
    try await world.test { client in
      let s = try await scene(client, world)
      let cookie = try await client.sessionCookie("dave")
      let page = try await client.get("/status/\(s.privateID)", headers: cookieHeader(cookie))
      #expect(page.status == .notFound)
      #expect(!page.text.contains("只有我看"))
      let profile = try await client.get("/u/\(s.alice)", headers: cookieHeader(cookie))
      #expect(!profile.text.contains("只有我看"))
    }
  }
}
