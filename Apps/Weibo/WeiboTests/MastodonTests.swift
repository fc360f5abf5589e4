import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SparrowMedia
import SparrowStore
import SparrowTestSupport
import Testing

/// The Mastodon client API's mapping of 微博 (docs/mastodon.md) and its privacy, through the router, on the engine
/// under test. Mastodon.py drives a whole session in Tests/browser/test_mastodon.py.
@Suite struct MastodonTests {
  static let everything = ["read", "write", "follow"]

  @Test func contentIsEscapedHTMLWithMentionsTopicsAndLinks() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let weibo = try await world.token(for: alice, scopes: [])
    let token = try await world.token(for: alice, scopes: Self.everything)
    try await world.test { client in
      let text = "<b>hi</b> & @bob #话题# http://x.test/a?b=1&c=2\n第二行\n\n段落"
      let posted = try await client.post("/2/statuses/update.json", [("status", text)], token: weibo)
      let id = try #require(posted.object["idstr"] as? String)
      let shown = try await client.get("/api/v1/statuses/\(id)", token: token)
      #expect(shown.status == .ok)
      let status = shown.object
      #expect(status["id"] as? String == id)  // the Weibo id, as a string
      let base = world.deps.config.publicURL
      #expect(status["content"] as? String == "<p>&lt;b&gt;hi&lt;/b&gt; &amp; "
        + "<span class=\"h-card\" translate=\"no\"><a href=\"\(base)/u/\(bob.id)\" class=\"u-url mention\">@<span>bob</span></a></span> "
        + "<a href=\"\(base)/topic/%E8%AF%9D%E9%A2%98\" class=\"mention hashtag\" rel=\"tag\">#<span>话题</span>#</a> "
        + "<a href=\"http://x.test/a?b=1&amp;c=2\" target=\"_blank\" rel=\"nofollow noopener noreferrer\">http://x.test/a?b=1&amp;c=2</a>"
        + "<br />第二行</p><p>段落</p>")
      let mentions = try #require(status["mentions"] as? [[String: Any]])
      #expect(mentions.first?["id"] as? String == String(bob.id) && mentions.first?["acct"] as? String == "bob")
      #expect((status["tags"] as? [[String: Any]])?.first?["name"] as? String == "话题")
      let account = try #require(status["account"] as? [String: Any])
      #expect(account["id"] as? String == String(alice.id) && account["acct"] as? String == "alice")
      #expect(status["in_reply_to_id"] is NSNull && status["reblog"] is NSNull)  // present, null
      #expect((status["created_at"] as? String)?.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil)
    }
  }

  /// Lists of accounts (search, followers, following, who liked or reblogged) are written from the accounts'
  /// templates: each entry is what `accounts/:id` says of it, the caller's own included, also after a profile change.
  @Test func accountListsMatchEachAccount() async throws {
    let world = try await TestWorld()
    let (alice, bob, carol) = (try await world.user("alice"), try await world.user("bob"), try await world.user("carol"))
    let token = try await world.token(for: alice, scopes: Self.everything)
    let bobs = try await world.token(for: bob, scopes: Self.everything)
    let carols = try await world.token(for: carol, scopes: Self.everything)
    try await world.test { client in
      _ = try await client.post("/api/v1/accounts/\(alice.id)/follow", token: bobs)
      _ = try await client.post("/api/v1/accounts/\(alice.id)/follow", token: carols)
      _ = try await client.post("/api/v1/accounts/\(bob.id)/follow", token: token)
      let posted = try await client.post("/api/v1/statuses", [("status", "列表")], token: token)
      let id = try #require(posted.object["id"] as? String)
      _ = try await client.post("/api/v1/statuses/\(id)/favourite", token: bobs)
      _ = try await client.post("/api/v1/statuses/\(id)/reblog", token: carols)
      for round in 0..<2 {
        for path in ["accounts/search?q=a", "accounts/\(alice.id)/followers", "accounts/\(bob.id)/followers",
                     "accounts/\(alice.id)/following", "statuses/\(id)/favourited_by", "statuses/\(id)/reblogged_by"] {
          let listed = try await client.get("/api/v1/\(path)", token: token).array
          #expect(!listed.isEmpty, "\(path)")
          for account in listed {
            let full = try await client.get("/api/v1/accounts/\(account["id"] as? String ?? "")", token: token).object
            #expect(NSDictionary(dictionary: account) == NSDictionary(dictionary: full), "round \(round) \(path)")
          }
        }
        var profile = try #require(try await world.store.user(id: bob.id))
        profile.description = "新的简介"
        try await world.store.updateUser(profile)
      }
    }
  }

  @Test func emoticonsAreCustomEmojiBothWays() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let weibo = try await world.token(for: alice, scopes: [])
    let token = try await world.token(for: alice, scopes: Self.everything)
    try await world.test { client in
      let base = world.deps.config.publicURL
      let listed = try await client.get("/api/v1/custom_emojis").array
      let haha = try #require(listed.first { $0["shortcode"] as? String == "haha" })
      #expect(haha["url"] as? String == "\(base)/emotions/default/default_03.png" && listed.count == 90)
      let picture = try await client.get("/emotions/default/default_03.png")
      #expect(picture.status == .ok && picture.headers[.contentType] == "image/png")

      let fromWeibo = try #require(try await client.post("/2/statuses/update.json", [("status", "[哈哈]好[小花酷][不存在]")],
                                                         token: weibo).object["idstr"] as? String)
      let shown = try await client.get("/api/v1/statuses/\(fromWeibo)", token: token).object
      #expect(shown["content"] as? String == "<p>:haha:好:xiaohua_ku4:[不存在]</p>")
      #expect((shown["emojis"] as? [[String: Any]])?.map { $0["shortcode"] as? String } == ["haha", "xiaohua_ku4"])

      let fromMastodon = try await client.post("/api/v1/statuses", [("status", ":haha: 一起 :weixiao::nope:")], token: token)
      let id = try #require(fromMastodon.object["id"] as? String)
      let stored = try await client.get("/2/statuses/show.json?id=\(id)", token: weibo).object
      #expect(stored["text"] as? String == "[哈哈] 一起 [微笑]:nope:")
    }
  }

  @Test func notificationsAreDismissedAndClearedAndMarkersKept() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let aliceToken = try await world.token(for: alice, scopes: Self.everything)
    let bobToken = try await world.token(for: bob, scopes: Self.everything)
    try await world.test { client in
      let post = try #require(try await client.post("/api/v1/statuses", [("status", "早")], token: aliceToken).object["id"] as? String)
      _ = try await client.post("/api/v1/accounts/\(alice.id)/follow", token: bobToken)
      _ = try await client.post("/api/v1/statuses/\(post)/favourite", token: bobToken)
      _ = try await client.post("/api/v1/statuses", [("status", "@alice 在吗")], token: bobToken)
      var notes = try await client.get("/api/v1/notifications", token: aliceToken).array
      #expect(notes.compactMap { $0["type"] as? String } == ["mention", "favourite", "follow"])
      let favourite = try #require(notes[1]["id"] as? String)
      #expect((notes[1]["status"] as? [String: Any])?["id"] as? String == post)
      #expect(try await client.post("/api/v1/notifications/\(favourite)/dismiss", token: aliceToken).status == .ok)
      notes = try await client.get("/api/v1/notifications", token: aliceToken).array
      #expect(notes.compactMap { $0["type"] as? String } == ["mention", "follow"])
      #expect(try await client.get("/api/v1/notifications", token: bobToken).array.isEmpty)
      #expect(try await client.post("/api/v1/notifications/clear", token: aliceToken).status == .ok)
      #expect(try await client.get("/api/v1/notifications", token: aliceToken).array.isEmpty)
      _ = try await client.post("/api/v1/statuses/\(post)/bookmark", token: bobToken)  // no notification
      world.clock.advance(1)
      _ = try await client.post("/api/v1/statuses", [("status", "@alice 又来了")], token: bobToken)
      #expect(try await client.get("/api/v1/notifications", token: aliceToken).array.count == 1)

      // Markers: kept per person, their version rising.
      let set = try await client.post("/api/v1/markers", [("home[last_read_id]", post)], token: aliceToken)
      #expect((set.object["home"] as? [String: Any])?["version"] as? Int == 1)
      _ = try await client.post("/api/v1/markers", [("home[last_read_id]", post), ("notifications[last_read_id]", favourite)],
                                token: aliceToken)
      let markers = try await client.get("/api/v1/markers?timeline[]=home&timeline[]=notifications", token: aliceToken).object
      #expect((markers["home"] as? [String: Any])?["version"] as? Int == 2)
      #expect((markers["home"] as? [String: Any])?["last_read_id"] as? String == post)
      #expect((markers["notifications"] as? [String: Any])?["last_read_id"] as? String == favourite)
      #expect(try await client.get("/api/v1/markers?timeline[]=home", token: bobToken).object.isEmpty)
      let bad = try await client.post("/api/v1/markers", [("home[last_read_id]", "x")], token: aliceToken)
      #expect(bad.status == .unprocessableContent)
    }
  }

  @Test func picturesCarryEachUploadersOwnDescription() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let aliceToken = try await world.token(for: alice, scopes: Self.everything)
    let bobToken = try await world.token(for: bob, scopes: Self.everything)
    let png = try ImageProcessor().render(svg: drawing(40, 30), as: .png)
    try await world.test { client in
      func upload(_ token: String, _ description: String) async throws -> TestResponse {
        try await client.execute(
          uri: "/api/v2/media", method: .post,
          headers: [.authorization: "Bearer \(token)", .contentType: "multipart/form-data; boundary=SparrowBoundary"],
          body: multipart([("description", description)], file: (name: "file", filename: "a.png", type: "image/png", data: png)))
      }
      // The same bytes, one picture, each uploader's own words.
      let mine = try await upload(aliceToken, "绿色的方块")
      let theirs = try await upload(bobToken, "一块绿")
      let id = try #require(mine.object["id"] as? String)
      #expect(theirs.object["id"] as? String == id)
      #expect(mine.object["description"] as? String == "绿色的方块" && theirs.object["description"] as? String == "一块绿")
      #expect(try await client.get("/api/v1/media/\(id)", token: aliceToken).object["description"] as? String == "绿色的方块")
      let long = try await client.execute(
        uri: "/api/v1/media/\(id)", method: .put, headers: [.authorization: "Bearer \(aliceToken)", .contentType: "application/json"],
        body: ByteBuffer(string: "{\"description\": \"\(String(repeating: "长", count: 1501))\"}"))
      #expect(long.status == .unprocessableContent)
      let changed = try await client.execute(
        uri: "/api/v1/media/\(id)", method: .put, headers: [.authorization: "Bearer \(aliceToken)", .contentType: "application/json"],
        body: ByteBuffer(string: #"{"description": "  绿色的小方块 "}"#))
      #expect(changed.object["description"] as? String == "绿色的小方块")
      let posted = try await client.post("/api/v1/statuses", [("status", "图"), ("media_ids[]", id)], token: aliceToken)
      #expect((posted.object["media_attachments"] as? [[String: Any]])?.first?["description"] as? String == "绿色的小方块")
      let seen = try await client.get("/api/v1/statuses/\(posted.object["id"] as? String ?? "")", token: bobToken)
      #expect((seen.object["media_attachments"] as? [[String: Any]])?.first?["description"] as? String == "绿色的小方块")
    }
  }

  @Test func appsRegisterThemselvesWithCallbacksThatAreSafe() async throws {
    let world = try await TestWorld()
    try await world.test { client in
      let app = try await client.postSignedOut("/api/v1/apps", [
        ("client_name", "两个回调"), ("redirect_uris", "urn:ietf:wg:oauth:2.0:oob\nhttps://app.test/cb"), ("scopes", "read write"),
      ])
      #expect(app.status == .ok)
      #expect(app.object["redirect_uris"] as? [String] == ["urn:ietf:wg:oauth:2.0:oob", "https://app.test/cb"])
      #expect(app.object["scopes"] as? [String] == ["read", "write"] && (app.object["client_secret"] as? String)?.count == 32)
      for bad in ["javascript:alert(1)", "data:text/html,x", "not a uri", ""] {
        let refused = try await client.postSignedOut("/api/v1/apps", [("client_name", "坏"), ("redirect_uris", bad)])
        #expect(refused.status == .unprocessableContent, "\(bad)")
      }
      let unknownScope = try await client.postSignedOut("/api/v1/apps", [
        ("client_name", "x"), ("redirect_uris", "https://app.test/cb"), ("scopes", "read weibo"),
      ])
      #expect(unknownScope.status == .unprocessableContent)
    }
  }

  @Test func visibilityIsPublicOrTheAuthorsAloneBothWays() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let weibo = try await world.token(for: alice, scopes: [])
    let token = try await world.token(for: alice, scopes: Self.everything)
    try await world.test { client in
      for (asked, stored, shown) in [("public", 0, "public"), ("unlisted", 1, "direct"), ("private", 1, "direct"),
                                     ("direct", 1, "direct")] {
        let posted = try await client.post("/api/v1/statuses", [("status", "可见性 \(asked)"), ("visibility", asked)], token: token)
        #expect(posted.status == .ok)
        #expect(posted.object["visibility"] as? String == shown)
        let id = try #require(posted.object["id"] as? String)
        let seen = try await client.get("/2/statuses/show.json?id=\(id)", token: weibo)
        #expect((seen.object["visible"] as? [String: Any])?["type"] as? Int == stored)
      }
      let odd = try await client.post("/api/v1/statuses", [("status", "x"), ("visibility", "friends")], token: token)
      #expect(odd.status == .unprocessableContent && odd.object["error"] is String)
    }
  }

  @Test func repostsAreReblogsOrQuotesAndCommentsAreRepliesBothWays() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let aliceWeibo = try await world.token(for: alice, scopes: [])
    let bobWeibo = try await world.token(for: bob, scopes: [])
    let bobToken = try await world.token(for: bob, scopes: Self.everything)
    try await world.test { client in
      let original = try #require(try await client.post("/2/statuses/update.json", [("status", "原文")], token: aliceWeibo)
        .object["idstr"] as? String)
      let plain = try #require(try await client.post("/2/statuses/repost.json", [("id", original)], token: bobWeibo)
        .object["idstr"] as? String)
      let quoted = try #require(try await client.post("/2/statuses/repost.json", [("id", original), ("status", "说得好")],
                                                      token: bobWeibo).object["idstr"] as? String)
      let reblog = try await client.get("/api/v1/statuses/\(plain)", token: bobToken).object
      #expect((reblog["reblog"] as? [String: Any])?["id"] as? String == original && reblog["content"] as? String == "")
      let quote = try await client.get("/api/v1/statuses/\(quoted)", token: bobToken).object
      #expect(quote["reblog"] is NSNull)
      #expect((quote["content"] as? String)?.hasSuffix("RE: <a href=\"\(world.deps.config.publicURL)/status/\(original)\">"
        + "\(world.deps.config.publicURL)/status/\(original)</a></p>") == true)

      // A Weibo comment is a reply in the context; a Mastodon reply is a Weibo comment, answering one is a reply to it.
      let comment = try #require(try await client.post("/2/comments/create.json", [("id", original), ("comment", "评论一")],
                                                       token: aliceWeibo).object["idstr"] as? String)
      let reply = try await client.post("/api/v1/statuses", [("status", "回一句"), ("in_reply_to_id", comment)], token: bobToken)
      #expect(reply.status == .ok && reply.object["in_reply_to_id"] as? String == comment)
      #expect(reply.object["in_reply_to_account_id"] as? String == String(alice.id))
      let context = try await client.get("/api/v1/statuses/\(original)/context", token: bobToken).object
      let descendants = try #require(context["descendants"] as? [[String: Any]])
      #expect(descendants.map { $0["id"] as? String } == [comment, reply.object["id"] as? String])
      let weiboComments = try await client.get("/2/comments/show.json?id=\(original)", token: aliceWeibo).object
      let texts = (weiboComments["comments"] as? [[String: Any]])?.compactMap { $0["text"] as? String }
      #expect(texts == ["回一句", "评论一"])
      let replyContext = try await client.get("/api/v1/statuses/\(reply.object["id"] as? String ?? "")/context", token: bobToken)
      #expect((replyContext.object["ancestors"] as? [[String: Any]])?.map { $0["id"] as? String } == [original, comment])

      // 赞 is favourite, 收藏 bookmark: the Weibo counters move.
      _ = try await client.post("/api/v1/statuses/\(original)/favourite", token: bobToken)
      let bookmarked = try await client.post("/api/v1/statuses/\(original)/bookmark", token: bobToken)
      #expect(bookmarked.object["favourited"] as? Bool == true && bookmarked.object["bookmarked"] as? Bool == true)
      let counted = try await client.get("/2/statuses/show.json?id=\(original)", token: bobWeibo).object
      #expect(counted["attitudes_count"] as? Int == 1 && counted["favorited"] as? Bool == true)
      #expect(counted["reposts_count"] as? Int == 2 && counted["comments_count"] as? Int == 2)
      let onComment = try await client.post("/api/v1/statuses/\(comment)/favourite", token: bobToken)
      #expect(onComment.status == .unprocessableContent)
    }
  }

  @Test func aPrivateStatusReachesNoOtherAccountThroughAnyEndpoint() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let aliceToken = try await world.token(for: alice, scopes: Self.everything)
    let bobToken = try await world.token(for: bob, scopes: Self.everything)
    try await world.test { client in
      _ = try await client.post("/api/v1/accounts/\(alice.id)/follow", token: bobToken)
      let secret = try await client.post(
        "/api/v1/statuses", [("status", "秘密 #私密话题# @bob"), ("visibility", "private")], token: aliceToken)
      let id = try #require(secret.object["id"] as? String)
      let comment = try await client.post("/api/v1/statuses", [("status", "自言自语"), ("in_reply_to_id", id)], token: aliceToken)
      let commentID = try #require(comment.object["id"] as? String)
      #expect(try await client.get("/api/v1/statuses/\(id)", token: aliceToken).status == .ok)
      for token in [bobToken, nil] as [String?] {
        for path in ["statuses/\(id)", "statuses/\(id)/context", "statuses/\(commentID)", "statuses/\(commentID)/context",
                     "statuses/\(id)/favourited_by", "statuses/\(id)/reblogged_by"] {
          let answer = try await client.get("/api/v1/\(path)", token: token)
          #expect(answer.status == .notFound, "\(path)")
          #expect(answer.object["error"] as? String == "Record not found")
        }
        for path in ["timelines/public", "timelines/tag/%E7%A7%81%E5%AF%86%E8%AF%9D%E9%A2%98", "accounts/\(alice.id)/statuses",
                     "timelines/home", "v2search"] where token != nil || !path.hasPrefix("timelines/home") {
          let uri = path == "v2search" ? "/api/v2/search?q=%E7%A7%98%E5%AF%86" : "/api/v1/\(path)"
          let answer = try await client.get(uri, token: token)
          #expect(!answer.text.contains(id) && !answer.text.contains("秘密"), "\(uri)")
        }
      }
      for action in ["favourite", "bookmark", "reblog"] {
        #expect(try await client.post("/api/v1/statuses/\(id)/\(action)", token: bobToken).status == .notFound)
      }
      let reply = try await client.post("/api/v1/statuses", [("status", "偷看"), ("in_reply_to_id", id)], token: bobToken)
      #expect(reply.status == .notFound)
      #expect(try await client.execute(uri: "/api/v1/statuses/\(id)", method: .delete,
                                       headers: [.authorization: "Bearer \(bobToken)"]).status == .notFound)
    }
  }

  @Test func scopesAreCheckedPerRouteAndAMastodonGrantIsStandalone() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let reader = try await world.token(for: alice, scopes: ["read"])
    let poster = try await world.token(for: alice, scopes: ["write:statuses"])
    try await world.test { client in
      #expect(try await client.get("/api/v1/timelines/home", token: reader).status == .ok)
      let refused = try await client.post("/api/v1/statuses", [("status", "不行")], token: reader)
      #expect(refused.status == .forbidden && refused.object["error"] as? String == "This action is outside the authorized scopes")
      #expect(try await client.post("/api/v1/statuses", [("status", "可以")], token: poster).status == .ok)
      #expect(try await client.get("/api/v1/timelines/home", token: poster).status == .forbidden)
      // Nor through the Weibo API, which an app with no Mastodon scopes may use without asking.
      let weibo = try await client.post("/2/statuses/update.json", [("status", "也不行")], token: reader)
      #expect(weibo.status == .forbidden && weibo.errorCode == 10014)
      #expect(try await world.store.user(id: alice.id)?.allStatusesCount == 1)
    }
  }

  @Test func errorsAreMastodonsAndBadInputChangesNothing() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let token = try await world.token(for: alice, scopes: Self.everything)
    try await world.test { client in
      let anonymous = try await client.get("/api/v1/timelines/home")
      #expect(anonymous.status == .unauthorized && anonymous.object["error"] as? String == "The access token is invalid")
      let bad = try await client.get("/api/v1/timelines/home", token: "nope")
      #expect(bad.status == .unauthorized)
      #expect(try await client.get("/api/v1/no/such/thing", token: token).status == .notFound)
      #expect(try await client.get("/api/v1/statuses/abc", token: token).status == .notFound)
      let blank = try await client.post("/api/v1/statuses", [("status", "  ")], token: token)
      #expect(blank.status == .unprocessableContent && (blank.object["error"] as? String)?.contains("blank") == true)
      let long = try await client.post("/api/v1/statuses", [("status", String(repeating: "长", count: 141))], token: token)
      #expect(long.status == .unprocessableContent)
      let stranger = try await client.post("/api/v1/statuses", [("status", "x"), ("media_ids[]", "nope")], token: token)
      #expect(stranger.status == .unprocessableContent)
      let json = try await client.execute(
        uri: "/api/v1/statuses", method: .post,
        headers: [.authorization: "Bearer \(token)", .contentType: "application/json"],
        body: ByteBuffer(string: #"{"status": "JSON 发的", "visibility": "public", "media_ids": []}"#))
      #expect(json.status == .ok && json.object["content"] as? String == "<p>JSON 发的</p>")
      let broken = try await client.execute(
        uri: "/api/v1/statuses", method: .post,
        headers: [.authorization: "Bearer \(token)", .contentType: "application/json"], body: ByteBuffer(string: "{\"status\": "))
      #expect(broken.status == .badRequest && broken.object["error"] is String)
      #expect(try await world.store.user(id: alice.id)?.allStatusesCount == 1)
      // The streaming API: its health for anyone; a stream for a token that may read statuses.
      #expect(try await client.get("/api/v1/streaming/health").text == "OK")
      #expect(try await client.get("/api/v1/streaming/user").status == .unauthorized)
      #expect(try await client.get("/api/v1/streaming/nonsense", token: token).status == .notFound)
      // Rate-limit headers from the platform's limits.
      #expect(json.headers[.init("X-RateLimit-Remaining")!] != nil)
    }
  }

  @Test func timelinesPageWithMaxSinceAndMinIdAndLinkHeaders() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let token = try await world.token(for: alice, scopes: Self.everything)
    try await world.test { client in
      var ids: [String] = []
      for n in 1...5 {
        ids.append(try #require(try await client.post("/api/v1/statuses", [("status", "第\(n)条")], token: token).object["id"] as? String))
        world.clock.advance(1)
      }
      let first = try await client.get("/api/v1/timelines/home?limit=2&access_token=\(token)")
      #expect(first.array.map { $0["id"] as? String } == [ids[4], ids[3]])
      let link = try #require(first.headers[.init("Link")!])
      #expect(link.contains("max_id=\(ids[3])>; rel=\"next\"") && link.contains("min_id=\(ids[4])>; rel=\"prev\""))
      #expect(!link.contains("access_token") && link.contains("limit=2"))
      let older = try await client.get("/api/v1/timelines/home?limit=2&max_id=\(ids[3])", token: token)
      #expect(older.array.map { $0["id"] as? String } == [ids[2], ids[1]])
      let since = try await client.get("/api/v1/timelines/home?since_id=\(ids[1])&limit=2", token: token)
      #expect(since.array.map { $0["id"] as? String } == [ids[4], ids[3]])  // the newest above since_id
      let min = try await client.get("/api/v1/timelines/home?min_id=\(ids[1])&limit=2", token: token)
      #expect(min.array.map { $0["id"] as? String } == [ids[3], ids[2]])  // the page just above min_id
    }
  }
}
