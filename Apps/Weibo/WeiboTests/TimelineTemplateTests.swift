import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SparrowStore
import SparrowTestSupport
import Testing

/// Timelines are written from templates kept across requests; these tests fail if one were served stale
/// or carried one viewer's values to another.
@Suite struct TimelineTemplateTests {
  @Test func timelinesShowEveryChangeRightAway() async throws {
    let world = try await TestWorld()
    let (alice, bob, carol) = (try await world.user("alice"), try await world.user("bob"), try await world.user("carol"))
    let (aliceToken, bobToken, carolToken) = (
      try await world.token(for: alice), try await world.token(for: bob), try await world.token(for: carol)
    )

    try await world.test { client in
      for (token, name) in [(aliceToken, "bob"), (carolToken, "bob"), (aliceToken, "carol")] {
        _ = try await client.post("/2/friendships/create.json", [("screen_name", name)], token: token)
      }
      let post = try await client.post("/2/statuses/update.json", [("status", "鲍勃的微博")], token: bobToken)
      let postID = try #require(post.object["id"] as? Int64)
      let original = try await client.post("/2/statuses/update.json", [("status", "卡罗尔的原文")], token: carolToken)
      let originalID = try #require(original.object["id"] as? Int64)
      let repost = try await client.post("/2/statuses/repost.json", [("id", String(originalID))], token: bobToken)
      let repostID = try #require(repost.object["id"] as? Int64)
      func home(_ token: String) async throws -> [Int64: [String: Any]] {
        let page = try await client.get("/2/statuses/home_timeline.json", token: token)
        let statuses = try #require(page.object["statuses"] as? [[String: Any]])
        return Dictionary(statuses.map { ($0["id"] as? Int64 ?? 0, $0) }, uniquingKeysWith: { a, _ in a })
      }
      func user(_ status: [String: Any]?) -> [String: Any]? { status?["user"] as? [String: Any] }
      func retweeted(_ status: [String: Any]?) -> [String: Any]? { status?["retweeted_status"] as? [String: Any] }
      let first = try await home(aliceToken)
      #expect(first[postID]?["attitudes_count"] as? Int == 0)
      #expect(user(first[postID])?["following"] as? Bool == true)

      _ = try await client.post("/2/attitudes/create.json", [("id", String(postID))], token: carolToken)
      _ = try await client.post("/2/favorites/create.json", [("id", String(postID))], token: aliceToken)
      _ = try await client.post("/2/comments/create.json", [("id", String(postID)), ("comment", "好")], token: aliceToken)
      _ = try await client.post("/2/statuses/repost.json", [("id", String(postID))], token: carolToken)
      var profile = try #require(try await world.store.user(id: bob.id))
      profile.description = "新的简介"
      try await world.store.updateUser(profile)
      _ = try await client.post("/2/friendships/destroy.json", [("screen_name", "carol")], token: aliceToken)
      let forAlice = try await home(aliceToken)
      let forCarol = try await home(carolToken)

      #expect(forAlice[postID]?["attitudes_count"] as? Int == 1)
      #expect(forAlice[postID]?["comments_count"] as? Int == 1)
      #expect(forAlice[postID]?["reposts_count"] as? Int == 1)
      #expect(forAlice[postID]?["liked"] as? Bool == false)
      #expect(forCarol[postID]?["liked"] as? Bool == true)
      #expect(forAlice[postID]?["favorited"] as? Bool == true)
      #expect(forCarol[postID]?["favorited"] as? Bool == false)
      #expect(user(forAlice[postID])?["description"] as? String == "新的简介")
      #expect(user(forAlice[postID])?["statuses_count"] as? Int == 2)
      #expect(user(forCarol[postID])?["follow_me"] as? Bool == false)
      #expect(user(retweeted(forAlice[repostID]))?["following"] as? Bool == false)
      #expect(user(retweeted(forCarol[repostID]))?["following"] as? Bool == false)
      #expect(user(forCarol[repostID])?["following"] as? Bool == true)
      #expect(forAlice[originalID] == nil)

      _ = try await client.post("/2/statuses/destroy.json", [("id", String(originalID))], token: carolToken)
      _ = try await client.post("/2/statuses/destroy.json", [("id", String(postID))], token: bobToken)
      let afterDeletes = try await home(aliceToken)

      #expect(afterDeletes[postID] == nil)
      #expect(retweeted(afterDeletes[repostID])?["deleted"] as? String == "1")
      #expect(user(afterDeletes[repostID])?["statuses_count"] as? Int == 1)
    }
  }

  /// The templated timeline says what the status objects say (`statuses/show` builds them in full).
  @Test func timelineStatusesMatchTheirFullObjects() async throws {
    let world = try await TestWorld()
    let (alice, bob) = (try await world.user("alice"), try await world.user("bob"))
    let (aliceToken, bobToken) = (try await world.token(for: alice), try await world.token(for: bob))
    let picture = PictureRef(id: "0123456789abcdef", ext: "png", width: 30, height: 100)
    let pictured = StatusRecord(
      id: world.ids.next(at: world.clock.now), userID: bob.id, text: "有图 #话题#", appID: 0, createdAt: world.clock.now,
      pictures: [picture, picture], latitude: 39.9, longitude: 116.4)
    try await world.store.insertStatus(pictured, mentions: [], topics: ["话题"], comments: [])

    try await world.test { client in
      _ = try await client.post("/2/friendships/create.json", [("screen_name", "bob")], token: aliceToken)
      _ = try await client.post("/2/friendships/create.json", [("screen_name", "alice")], token: bobToken)
      let own = try await client.post("/2/statuses/update.json", [("status", "\"引号\"\\ 和\n换行")], token: aliceToken)
      let ownID = try #require(own.object["id"] as? Int64)
      _ = try await client.post("/2/statuses/repost.json", [("id", String(pictured.id)), ("status", "转")], token: aliceToken)
      _ = try await client.post("/2/attitudes/create.json", [("id", String(ownID))], token: aliceToken)
      _ = try await client.post("/2/favorites/create.json", [("id", String(pictured.id))], token: aliceToken)

      for query in ["", "?trim_user=1", "?feature=1", "?count=2&page=2"] {
        for _ in 0..<2 {
          let page = try await client.get("/2/statuses/home_timeline.json\(query)", token: aliceToken)
          let statuses = try #require(page.object["statuses"] as? [[String: Any]])
          #expect(!statuses.isEmpty)
          for status in statuses {
            let id = try #require(status["id"] as? Int64)
            var full = try await client.get("/2/statuses/show.json?id=\(id)", token: aliceToken).object
            if query == "?trim_user=1" {
              full["uid"] = (full["user"] as? [String: Any])?["id"]
              full["user"] = nil
            }
            #expect(NSDictionary(dictionary: status) == NSDictionary(dictionary: full), "\(query) \(id)")
          }
        }
      }
    }
  }

  /// `favorites`, written from the timelines' templates, is `favorites/show`'s full object for each favourite, in
  /// order, for the reader and after changes to the statuses, their authors and the reader's marks.
  @Test func favoritesMatchTheirFullObjects() async throws {
    let world = try await TestWorld()
    let (alice, bob) = (try await world.user("alice"), try await world.user("bob"))
    let (aliceToken, bobToken) = (try await world.token(for: alice), try await world.token(for: bob))
    try await world.test { client in
      _ = try await client.post("/2/friendships/create.json", [("screen_name", "bob")], token: aliceToken)
      var ids: [Int64] = []
      for text in ["一", "\"二\" 和\n换行", "三 #话题#"] {
        let posted = try await client.post("/2/statuses/update.json", [("status", text)], token: bobToken)
        ids.append(try #require(posted.object["id"] as? Int64))
      }
      _ = try await client.post("/2/statuses/repost.json", [("id", String(ids[0])), ("status", "转")], token: bobToken)
      let repost = try #require(try await client.get("/2/statuses/user_timeline.json", token: bobToken)
        .object["statuses"] as? [[String: Any]]).first?["id"] as? Int64
      for id in ids + [try #require(repost)] {
        _ = try await client.post("/2/favorites/create.json", [("id", String(id))], token: aliceToken)
      }
      func check(_ label: String) async throws {
        for _ in 0..<2 {
          let list = try await client.get("/2/favorites.json", token: aliceToken).object
          let favorites = try #require(list["favorites"] as? [[String: Any]])
          #expect(favorites.count == 4, "\(label)")
          #expect(list["total_number"] as? Int == 4, "\(label)")
          for favorite in favorites {
            let id = try #require((favorite["status"] as? [String: Any])?["id"] as? Int64)
            let full = try await client.get("/2/favorites/show.json?id=\(id)", token: aliceToken).object
            #expect(NSDictionary(dictionary: favorite) == NSDictionary(dictionary: full), "\(label) \(id)")
          }
        }
      }
      try await check("as made")
      _ = try await client.post("/2/attitudes/create.json", [("id", String(ids[1]))], token: aliceToken)
      _ = try await client.post("/2/comments/create.json", [("id", String(ids[2])), ("comment", "好")], token: bobToken)
      var edited = try #require(try await world.store.user(id: bob.id))
      edited.description = "新的简介"
      try await world.store.updateUser(edited)
      _ = try await client.post("/2/friendships/destroy.json", [("screen_name", "bob")], token: aliceToken)
      try await check("after changes")
    }
  }

  /// `repost_timeline`, written from templates, lists each repost as `statuses/show` shows it (with `trim_user`, its
  /// author's id alone), in its envelope's keys, paged by its cursor.
  @Test func repostTimelineMatchesItsFullObjects() async throws {
    let world = try await TestWorld()
    let (alice, bob) = (try await world.user("alice"), try await world.user("bob"))
    let (aliceToken, bobToken) = (try await world.token(for: alice), try await world.token(for: bob))
    try await world.test { client in
      let original = try await client.post("/2/statuses/update.json", [("status", "原文")], token: bobToken)
      let id = try #require(original.object["id"] as? Int64)
      for (n, token) in [aliceToken, bobToken, aliceToken].enumerated() {
        _ = try await client.post("/2/statuses/repost.json", [("id", String(id)), ("status", "转\(n) \"引号\"")], token: token)
      }
      _ = try await client.post("/2/favorites/create.json", [("id", String(id))], token: aliceToken)
      for query in ["", "&trim_user=1", "&count=2"] {
        let list = try await client.get("/2/statuses/repost_timeline.json?id=\(id)\(query)", token: aliceToken).object
        #expect(Set(list.keys) == ["reposts", "hasvisible", "previous_cursor", "next_cursor", "total_number"], "\(query)")
        #expect(list["total_number"] as? Int == 3, "\(query)")
        let reposts = try #require(list["reposts"] as? [[String: Any]])
        #expect(reposts.count == (query == "&count=2" ? 2 : 3), "\(query)")
        #expect((list["next_cursor"] as? Int64 ?? 0 != 0) == (query == "&count=2"), "\(query)")
        for repost in reposts {
          let repostID = try #require(repost["id"] as? Int64)
          var full = try await client.get("/2/statuses/show.json?id=\(repostID)", token: aliceToken).object
          if query == "&trim_user=1" {
            full["uid"] = (full["user"] as? [String: Any])?["id"]
            full["user"] = nil
          }
          #expect(NSDictionary(dictionary: repost) == NSDictionary(dictionary: full), "\(query) \(repostID)")
        }
      }
    }
  }

  /// An author's own view of themselves (every status counted, a hidden profile shown) is never the template
  /// another reader gets: in timelines, comment lists and follow lists, whoever reads first.
  @Test func anAuthorsOwnViewIsNotWhatOthersGet() async throws {
    let world = try await TestWorld()
    let (alice, bob) = (try await world.user("alice"), try await world.user("bob"))
    let (aliceToken, bobToken) = (try await world.token(for: alice), try await world.token(for: bob))
    try await world.test { client in
      _ = try await client.post("/2/friendships/create.json", [("screen_name", "alice")], token: bobToken)
      _ = try await client.post("/2/friendships/create.json", [("screen_name", "bob")], token: aliceToken)
      let post = try await client.post("/2/statuses/update.json", [("status", "公开的")], token: aliceToken)
      let postID = try #require(post.object["id"] as? Int64)
      _ = try await client.post("/2/statuses/update.json", [("status", "只给自己看"), ("visible", "1")], token: aliceToken)
      _ = try await client.post("/2/comments/create.json", [("id", String(postID)), ("comment", "自己评")], token: aliceToken)
      var profile = try #require(try await world.store.user(id: alice.id))
      profile.description = "只有我看得到的简介"
      try await world.store.updateUser(profile)
      _ = try await world.store.setProfileHidden(userID: alice.id, hidden: true, rows: [])

      func alices(_ path: String, _ token: String) async throws -> [[String: Any]] {
        let page = try await client.get(path, token: token).object
        let items = (page["statuses"] ?? page["comments"] ?? page["users"]) as? [[String: Any]] ?? []
        let users = items.map { ($0["user"] as? [String: Any]) ?? $0 }
        return users.filter { $0["id"] as? Int64 == alice.id }
      }
      let paths = ["/2/statuses/home_timeline.json", "/2/comments/show.json?id=\(postID)",
                   "/2/friendships/friends.json?uid=\(bob.id)"]
      for path in paths {
        let own = try await alices(path.replacingOccurrences(of: "friends.json?uid=\(bob.id)", with: "followers.json?uid=\(bob.id)"), aliceToken)
        let others = try await alices(path, bobToken)
        #expect(!others.isEmpty, "\(path)")
        for user in others {
          #expect(user["statuses_count"] as? Int == 1, "\(path)")
          #expect(user["description"] as? String == "", "\(path)")
        }
        for user in own {
          #expect(user["statuses_count"] as? Int == 2, "\(path)")
          #expect(user["description"] as? String == "只有我看得到的简介", "\(path)")
        }
      }
    }
  }

  /// The follow lists, written from templates, say what `users/show` says of each user (less their latest
  /// status), for each viewer, and follow every change.
  @Test func followListsMatchTheirFullObjects() async throws {
    let world = try await TestWorld()
    let (alice, bob, carol) = (try await world.user("alice"), try await world.user("bob"), try await world.user("carol"))
    let tokens = [try await world.token(for: alice), try await world.token(for: bob), try await world.token(for: carol)]
    try await world.test { client in
      _ = try await client.post("/2/friendships/create.json", [("screen_name", "bob")], token: tokens[0])
      _ = try await client.post("/2/friendships/create.json", [("screen_name", "bob")], token: tokens[2])
      _ = try await client.post("/2/friendships/create.json", [("screen_name", "carol")], token: tokens[1])
      for round in 0..<2 {
        for token in tokens {
          for list in ["followers.json?uid=\(bob.id)", "friends.json?uid=\(bob.id)", "followers.json?uid=\(carol.id)&count=1"] {
            let page = try await client.get("/2/friendships/\(list)", token: token).object
            #expect(Set(page.keys) == ["users", "previous_cursor", "next_cursor", "total_number"])
            let users = try #require(page["users"] as? [[String: Any]])
            #expect(!users.isEmpty, "\(list)")
            for written in users {
              let id = try #require(written["id"] as? Int64)
              var full = try await client.get("/2/users/show.json?uid=\(id)", token: token).object
              full["status"] = nil
              #expect(NSDictionary(dictionary: written) == NSDictionary(dictionary: full), "round \(round) \(list) \(id)")
            }
          }
        }
        // Relations, counts and profiles change: the next round must show them.
        _ = try await client.post("/2/friendships/create.json", [("screen_name", "alice")], token: tokens[1])
        _ = try await client.post("/2/statuses/update.json", [("status", "新的")], token: tokens[2])
        var profile = try #require(try await world.store.user(id: carol.id))
        profile.description = "新的简介"
        try await world.store.updateUser(profile)
      }
    }
  }

  /// The comment lists, written from templates, say what the comment objects say (`comments/show_batch` builds
  /// them in full), for each viewer, and follow every change.
  @Test func commentListsMatchTheirFullObjects() async throws {
    let world = try await TestWorld()
    let (alice, bob, carol) = (try await world.user("alice"), try await world.user("bob"), try await world.user("carol"))
    let (aliceToken, bobToken, carolToken) = (
      try await world.token(for: alice), try await world.token(for: bob), try await world.token(for: carol)
    )
    try await world.test { client in
      _ = try await client.post("/2/friendships/create.json", [("screen_name", "bob")], token: aliceToken)
      let original = try await client.post("/2/statuses/update.json", [("status", "原文 \"引号\"")], token: carolToken)
      let originalID = try #require(original.object["id"] as? Int64)
      let repost = try await client.post("/2/statuses/repost.json", [("id", String(originalID)), ("status", "转")],
                                         token: bobToken)
      let repostID = try #require(repost.object["id"] as? Int64)
      let first = try await client.post("/2/comments/create.json", [("id", String(repostID)), ("comment", "第一\n条")],
                                        token: aliceToken)
      let firstID = try #require(first.object["id"] as? Int64)
      _ = try await client.post("/2/comments/reply.json", [("id", String(repostID)), ("cid", String(firstID)),
                                                           ("comment", "回复 @alice")], token: carolToken)
      _ = try await client.post("/2/comments/create.json", [("id", String(originalID)), ("comment", "好")], token: bobToken)
      for round in 0..<2 {
        for (token, list) in [(bobToken, "to_me"), (aliceToken, "by_me"), (carolToken, "timeline"), (aliceToken, "timeline"),
                              (aliceToken, "show?id=\(repostID)")] {
          let page = try await client.get("/2/comments/\(list)\(list.contains("?") ? "&" : "?")count=5", token: token).object
          #expect(Set(page.keys) == ["comments", "marks", "hasvisible", "previous_cursor", "next_cursor", "total_number"])
          let comments = try #require(page["comments"] as? [[String: Any]])
          #expect(!comments.isEmpty, "\(list)")
          let ids = comments.compactMap { $0["id"] as? Int64 }.map(String.init).joined(separator: ",")
          let batch = try await client.get("/2/comments/show_batch.json?cids=\(ids)", token: token).array
          #expect(batch.count == comments.count)
          for (written, full) in zip(comments, batch) {
            #expect(NSDictionary(dictionary: written) == NSDictionary(dictionary: full),
                    "round \(round) \(list) \(written["id"] ?? "")")
          }
        }
        // Counters, relations and profiles change: the next round must show them.
        _ = try await client.post("/2/attitudes/create.json", [("id", String(repostID))], token: aliceToken)
        _ = try await client.post("/2/friendships/create.json", [("screen_name", "carol")], token: aliceToken)
        var profile = try #require(try await world.store.user(id: carol.id))
        profile.description = "新的简介"
        try await world.store.updateUser(profile)
      }
    }
  }

  /// Likes are written from the same templates (`Presenter.writeAttitudes`): each one's status and liker are what
  /// `statuses/show` and `users/show` say to the same viewer, also after counters, relations and profiles change.
  @Test func attitudeListsMatchTheirFullObjects() async throws {
    let world = try await TestWorld()
    let (alice, bob, carol) = (try await world.user("alice"), try await world.user("bob"), try await world.user("carol"))
    let (aliceToken, bobToken, carolToken) = (
      try await world.token(for: alice), try await world.token(for: bob), try await world.token(for: carol)
    )
    try await world.test { client in
      let posted = try await client.post("/2/statuses/update.json", [("status", "喜欢吗 \"引号\"")], token: carolToken)
      let id = try #require(posted.object["id"] as? Int64)
      for token in [aliceToken, bobToken] {
        _ = try await client.post("/2/attitudes/create.json", [("id", String(id))], token: token)
      }
      for round in 0..<2 {
        let status = try await client.get("/2/statuses/show.json?id=\(id)", token: carolToken).object
        for list in ["to_me", "show?id=\(id)"] {
          let page = try await client.get("/2/attitudes/\(list)", token: carolToken).object
          #expect(Set(page.keys) == ["attitudes", "hasvisible", "previous_cursor", "next_cursor", "total_number"])
          let likes = try #require(page["attitudes"] as? [[String: Any]])
          #expect(likes.count == 2, "\(list)")
          for like in likes {
            let liker = try #require(like["user"] as? [String: Any])
            var full = try await client.get("/2/users/show.json?uid=\(liker["id"] as? Int64 ?? 0)", token: carolToken).object
            full["status"] = nil
            #expect(NSDictionary(dictionary: liker) == NSDictionary(dictionary: full), "round \(round) \(list)")
            #expect(like["attitude"] as? String == "heart" && like["last_attitude"] as? String == "")
            if list == "to_me" {
              let shown = try #require(like["status"] as? [String: Any])
              #expect(NSDictionary(dictionary: shown) == NSDictionary(dictionary: status), "round \(round)")
            } else {
              #expect(like["status"] == nil)
            }
          }
        }
        // Counters, relations and profiles change: the next round must show them.
        _ = try await client.post("/2/comments/create.json", [("id", String(id)), ("comment", "喜欢")], token: bobToken)
        _ = try await client.post("/2/friendships/create.json", [("screen_name", "alice")], token: carolToken)
        var profile = try #require(try await world.store.user(id: alice.id))
        profile.description = "新的简介"
        try await world.store.updateUser(profile)
      }
    }
  }
}
