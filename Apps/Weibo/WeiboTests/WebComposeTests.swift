import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import SparrowCore
import SparrowMedia
import SparrowStore
import SparrowTestSupport
import Testing
import WeiboAPI

/// The composer and 我 pages, through the real router and store.
@Suite struct WebComposeTests {
  let processor = ImageProcessor()

  /// A signed-in client's cookie and CSRF token, and headers for script's requests.
  struct Session {
    let cookie: String
    let csrf: String

    var page: HTTPFields { cookieHeader(cookie) }
    var fragment: HTTPFields {
      var headers = cookieHeader(cookie)
      headers[.init("X-Fragment")!] = "1"
      return headers
    }

    func multipart(_ extra: HTTPFields = [:]) -> HTTPFields {
      var headers = extra.isEmpty ? page : extra
      headers[.contentType] = "multipart/form-data; boundary=SparrowBoundary"
      return headers
    }
  }

  static func session(_ client: any TestClientProtocol, _ name: String) async throws -> Session {
    let cookie = try await client.sessionCookie(name)
    let page = try await client.get("/compose", headers: cookieHeader(cookie))
    return Session(cookie: cookie, csrf: try pageCSRF(page))
  }

  func png(_ colour: String) throws -> Data {
    try processor.render(svg: drawing(300, 200, colour: colour), as: .png)
  }

  /// The emoticon keyboard is rendered once and shown by every kind of sheet (`EmoticonKeyboard.Board`): each pack's
  /// tab and every key of it, a delete key on each of its pages.
  @Test func everySheetCarriesTheWholeKeyboard() async throws {
    let world = try await TestWorld()
    let token = try await world.token(for: try await world.user("alice"))

    try await world.test { client in
      let posted = try await client.post("/2/statuses/update.json", [("status", "有表情吗")], token: token)
      let id = try #require(posted.object["idstr"] as? String)
      let cookie = try await client.sessionCookie("alice")
      let keys = Emoticons.packs.reduce(0) { $0 + $1.items.count }
      let pages = Emoticons.packs.reduce(0) { $0 + ($1.items.count + EmoticonPack.perPage - 1) / EmoticonPack.perPage }
      for path in ["/compose", "/compose?repost=\(id)", "/compose?comment=\(id)"] {
        let sheet = try await client.get(path, headers: cookieHeader(cookie)).text
        #expect(sheet.components(separatedBy: "id=\"emoticons\"").count == 2, "\(path)")
        #expect(sheet.components(separatedBy: "class=\"emoticon-key\"").count - 1 == keys, "\(path)")
        #expect(sheet.components(separatedBy: "data-delete").count - 1 == pages, "\(path)")
        for pack in Emoticons.packs { #expect(sheet.contains("data-tab=\"\(pack.id)\">\(pack.name)<"), "\(path)") }
      }
    }
  }

  @Test func picturesUploadedOneByOneAreSentInTheOrderGiven() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")

    try await world.test { client in
      let session = try await Self.session(client, "alice")
      var ids: [String] = []
      for colour in ["#ff0000", "#00ff00", "#0000ff"] {
        let tile = try await client.execute(
          uri: "/web/upload", method: .post, headers: session.multipart(session.fragment),
          body: multipart([("csrf", session.csrf)], file: (name: "pic", filename: "a.png", type: "image/png", data: try png(colour))))
        #expect(tile.status == .ok)
        #expect(tile.text.contains("class=\"compose-pic\""))
        let marker = "data-pic=\""
        let start = try #require(tile.text.range(of: marker)).upperBound
        ids.append(String(tile.text[start...].prefix { $0 != "\"" }))
      }

      let sent = try await client.post(
        "/compose", [("csrf", session.csrf), ("status", "三张图"), ("pic_id", ids[2]), ("pic_id", ids[0]), ("pic_id", ids[1])],
        headers: session.fragment)

      #expect(sent.status == .ok)
      #expect(sent.headers[.init("X-Location")!] == "/")
      let statuses = try await world.store.statuses(in: .user(alice.id, viewer: alice.id), feature: .all, page: Page(), seenBy: 0).items
      #expect(statuses.first?.text == "三张图")
      #expect(statuses.first?.pictures.map(\.id) == [ids[2], ids[0], ids[1]])
    }
  }

  @Test func withoutScriptTheFormSendsItsFilesAndEmptyInputsAreIgnored() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")

    try await world.test { client in
      let session = try await Self.session(client, "alice")
      let body = multipart([("csrf", session.csrf), ("status", "表单带图")], files: [
        (name: "pic", filename: "one.png", type: "image/png", data: try png("#123456")),
        (name: "pic", filename: "two.png", type: "image/png", data: try png("#654321")),
        (name: "pic", filename: "", type: "application/octet-stream", data: Data()),
      ])

      let sent = try await client.execute(uri: "/compose", method: .post, headers: session.multipart(), body: body)

      #expect(sent.status == .seeOther)
      #expect(sent.headers[.location] == "/")
      let statuses = try await world.store.statuses(in: .user(alice.id, viewer: alice.id), feature: .all, page: Page(), seenBy: 0).items
      #expect(statuses.first?.pictures.count == 2)
    }
  }

  @Test func hostileOrMissingPicturesAreRefusedWithAMessageAndNothingIsPosted() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")

    try await world.test { client in
      let session = try await Self.session(client, "alice")
      let script = Data("<script>alert(1)</script>".utf8)
      let notAPicture = try await client.execute(
        uri: "/web/upload", method: .post, headers: session.multipart(session.fragment),
        body: multipart([("csrf", session.csrf)], file: (name: "pic", filename: "x.png", type: "image/png", data: script)))
      let forged = try await client.execute(
        uri: "/web/upload", method: .post, headers: session.multipart(session.fragment),
        body: multipart([("csrf", "wrong")], file: (name: "pic", filename: "a.png", type: "image/png", data: try png("#fff000"))))
      let tooMany = try await client.post(
        "/compose", [("csrf", session.csrf), ("status", "十张")] + (0..<10).map { _ in ("pic_id", "abc") },
        headers: session.fragment)
      let unknown = try await client.post(
        "/compose", [("csrf", session.csrf), ("status", "不存在的图"), ("pic_id", "0123456789abcdef")], headers: session.fragment)

      #expect(notAPicture.status == .badRequest)
      #expect(notAPicture.text == "只能上传 JPEG、PNG、GIF 或 WebP 图片")
      #expect(forged.status == .forbidden)
      #expect(tooMany.status == .badRequest)
      #expect(tooMany.text == "最多只能选9张图片")
      #expect(unknown.status == .badRequest)
      let statuses = try await world.store.statuses(in: .user(alice.id, viewer: alice.id), feature: .all, page: Page(), seenBy: 0).items
      #expect(statuses.isEmpty)
    }
  }

  @Test func aFailedSendWithoutScriptShowsTheSheetAgainWithTheTextAndPictures() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let token = try await world.token(for: alice)

    try await world.test { client in
      _ = try await client.post("/2/statuses/update.json", [("status", "重复的 <话>")], token: token)
      let session = try await Self.session(client, "alice")
      let uploaded = try await client.upload("/2/statuses/upload_pic.json", [], file: ("pic", "a.png", "image/png", try png("#abcdef")),
                                             token: token)
      let picID = try #require(uploaded.object["pic_id"] as? String)

      let again = try await client.post(
        "/compose", [("csrf", session.csrf), ("status", "重复的 <话>"), ("pic_id", picID)], headers: session.page)
      let tooLong = try await client.post(
        "/compose", [("csrf", session.csrf), ("status", String(repeating: "长", count: 141))], headers: session.fragment)

      #expect(again.status == .badRequest)
      #expect(again.text.contains("不能重复发布相同的内容"))
      #expect(again.text.contains(">重复的 &lt;话&gt;</textarea>"))
      #expect(again.text.contains("name=\"pic_id\" value=\"\(picID)\""))
      #expect(tooLong.text == "内容超过140字")
    }
  }

  @Test func anotherAppsShareOpensTheSheetWithItsTextAndPictureAndSignedOutComesBackToIt() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let token = try await world.token(for: alice)

    try await world.test { client in
      let uploaded = try await client.upload("/2/statuses/upload_pic.json", [], file: ("pic", "a.png", "image/png", try png("#123456")),
                                             token: token)
      let picID = try #require(uploaded.object["pic_id"] as? String)
      let query = FormEncoding.encode(pairs: [("text", "【团购】<好吃> http://x.test/tuan/deal/1-2"), ("pic_id", "\(picID),nope")])
      let cookie = try await client.sessionCookie("alice")

      let sheet = try await client.get("/compose?\(query)", headers: cookieHeader(cookie))
      let signedOut = try await client.get("/compose?\(query)")
      let comment = try await client.get("/compose?comment=999999&text=x", headers: cookieHeader(cookie))

      #expect(sheet.status == .ok)
      // Its draft is kept apart, so a saved draft neither replaces the shared text nor is overwritten by it.
      #expect(sheet.text.contains("data-draft=\"share\" data-shared"))
      #expect(sheet.text.contains(">【团购】&lt;好吃&gt; http://x.test/tuan/deal/1-2</textarea>"))
      #expect(sheet.text.contains("name=\"pic_id\" value=\"\(picID)\""))
      #expect(!sheet.text.contains("nope"))
      #expect(signedOut.status == .seeOther)
      let cookies = signedOut.headers[values: .setCookie].joined(separator: "\n")
      #expect(cookies.contains(FormEncoding.escape("/compose?\(query)")))
      #expect(comment.status == .notFound)
    }
  }

  @Test func theSheetTakesOnlyPicturesItsSenderUploaded() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let aliceToken = try await world.token(for: alice)

    try await world.test { client in
      let uploaded = try await client.upload("/2/statuses/upload_pic.json", [], file: ("pic", "a.png", "image/png", try png("#a0a0a0")),
                                             token: aliceToken)
      let alices = try #require(uploaded.object["pic_id"] as? String)
      let invented = String(repeating: "0", count: alices.count)
      let session = try await Self.session(client, "bob")

      // With script (a toast) and without (the sheet again): her picture is refused as an id no picture has.
      var answers: [(TestResponse, TestResponse)] = []
      for headers in [session.fragment, session.page] {
        let theirs = try await client.post("/compose", [("csrf", session.csrf), ("status", "借图"), ("pic_id", alices)], headers: headers)
        let none = try await client.post("/compose", [("csrf", session.csrf), ("status", "借图"), ("pic_id", invented)], headers: headers)
        answers.append((theirs, none))
      }
      let shared = try await client.get("/compose?" + FormEncoding.encode(pairs: [("text", "分享"), ("pic_id", alices)]), headers: session.page)
      let bobs = try await client.execute(
        uri: "/web/upload", method: .post, headers: session.multipart(session.fragment),
        body: multipart([("csrf", session.csrf)], file: (name: "pic", filename: "b.png", type: "image/png", data: try png("#b0b0b0"))))
      let own = try #require(bobs.text.firstMatch(of: /data-pic="([0-9a-f]+)"/).map { String($0.output.1) })
      let sent = try await client.post("/compose", [("csrf", session.csrf), ("status", "自己的图"), ("pic_id", own)], headers: session.fragment)

      for (theirs, none) in answers {
        #expect(theirs.status == .badRequest)
        #expect(none.status == theirs.status && none.text == theirs.text)
        #expect(!theirs.text.contains(alices))
      }
      #expect(answers[0].0.text == "只能发自己上传的图片")
      #expect(answers[1].0.text.contains("只能发自己上传的图片") && answers[1].0.text.contains(">借图</textarea>"))
      #expect(shared.status == .ok && shared.text.contains(">分享</textarea>") && !shared.text.contains(alices))
      #expect(sent.headers[.init("X-Location")!] == "/")
      let statuses = try await world.store.statuses(in: .user(bob.id, viewer: bob.id), feature: .all, page: Page(), seenBy: 0).items
      #expect(statuses.map(\.text) == ["自己的图"] && statuses.first?.pictures.map(\.id) == [own])
    }
  }

  @Test func commentsRepliesAndRepostsGoThroughTheSameSheet() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let bobToken = try await world.token(for: bob)

    try await world.test { client in
      let posted = try await client.post("/2/statuses/update.json", [("status", "bob 的微博")], token: bobToken)
      let id = try #require(posted.object["idstr"] as? String)
      let commented = try await client.post("/2/comments/create.json", [("id", id), ("comment", "沙发")], token: bobToken)
      let cid = try #require(commented.object["idstr"] as? String)
      let session = try await Self.session(client, "alice")

      let sheet = try await client.get("/compose?comment=\(id)&reply=\(cid)", headers: session.page)
      let reply = try await client.post(
        "/compose", [("csrf", session.csrf), ("comment", id), ("reply", cid), ("status", "同意"), ("next", "/status/\(id)")],
        headers: session.fragment)
      let repost = try await client.post(
        "/compose", [("csrf", session.csrf), ("repost", id), ("status", ""), ("is_comment", "1"), ("next", "/")],
        headers: session.fragment)
      let wrongReply = try await client.get("/compose?comment=\(id)&reply=999", headers: session.page)

      #expect(sheet.text.contains("placeholder=\"回复@bob:\""))
      #expect(sheet.text.contains("bob 的微博"))
      #expect(reply.headers[.init("X-Location")!] == "/status/\(id)?tab=comments")
      #expect(repost.headers[.init("X-Location")!] == "/")
      let comments = try await world.store.comments(in: .onStatus(Int64(id)!), page: Page(), seenBy: 0).items
      #expect(comments.map(\.text).contains("回复@bob:同意"))
      #expect(comments.map(\.text).contains("转发微博"), "is_comment also comments on the original")
      let reposts = try await world.store.statuses(in: .user(alice.id, viewer: alice.id), feature: .all, page: Page(), seenBy: 0).items
      #expect(reposts.first?.retweetedID == Int64(id))
      #expect(wrongReply.status == .notFound)
    }
  }

  @Test func repostingARepostKeepsTheChainInTheText() async throws {
    let world = try await TestWorld()
    let bob = try await world.user("bob")
    let carol = try await world.user("carol")
    try await world.user("alice")

    try await world.test { client in
      let original = try await client.post("/2/statuses/update.json", [("status", "原文")],
                                           token: try await world.token(for: bob))
      let id = try #require(original.object["idstr"] as? String)
      let middle = try await client.post("/2/statuses/repost.json", [("id", id), ("status", "好文<>")],
                                         token: try await world.token(for: carol))
      let middleID = try #require(middle.object["idstr"] as? String)
      let session = try await Self.session(client, "alice")

      let sheet = try await client.get("/compose?repost=\(middleID)", headers: session.page)

      #expect(sheet.text.contains(">//@carol:好文&lt;&gt;</textarea>"))
      #expect(sheet.text.contains("原文"), "the quote is the original")
    }
  }

  @Test func pickersOfferFollowedPeopleAndTopicsEscaped() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob<x>")
    try await world.user("bobby")
    let aliceToken = try await world.token(for: alice)

    try await world.test { client in
      _ = try await client.post("/2/friendships/create.json", [("uid", String(bob.id))], token: aliceToken)
      _ = try await client.post("/2/statuses/update.json", [("status", "#热门<b>话题# 来了")], token: aliceToken)
      let session = try await Self.session(client, "alice")

      let people = try await client.get("/web/pick/users?q=BOB", headers: session.page)
      let topics = try await client.get("/web/pick/topics", headers: session.page)
      let newTopic = try await client.get("/web/pick/topics?q=%23%E6%96%B0%E8%AF%9D%E9%A2%98%23", headers: session.page)
      let visitor = try await client.get("/web/pick/users")

      #expect(people.text.contains("data-insert=\"@bob&lt;x&gt; \""))
      #expect(!people.text.contains("bobby"), "only people alice follows")
      #expect(topics.text.contains("#热门&lt;b&gt;话题#"))
      #expect(newTopic.text.contains("data-insert=\"#新话题#\""))
      #expect(newTopic.text.contains("新话题</span>"))
      #expect(visitor.status == .unauthorized)
    }
  }

  @Test func favouritesSettingsAndPeopleLists() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let bobToken = try await world.token(for: bob)

    try await world.test { client in
      _ = try await client.post("/2/friendships/create.json", [("uid", String(alice.id))], token: bobToken)
      let posted = try await client.post("/2/statuses/update.json", [("status", "值得收藏")], token: bobToken)
      let id = try #require(posted.object["idstr"] as? String)
      let session = try await Self.session(client, "alice")

      let favorite = try await client.post("/web/favorite", [("csrf", session.csrf), ("id", id), ("favorited", "1")],
                                           headers: session.fragment)
      let favorites = try await client.get("/me/favorites", headers: session.page)
      let settings = try await client.get("/settings", headers: session.page)
      let me = try await client.get("/me", headers: session.page)
      let followers = try await client.get("/u/\(alice.id)/followers", headers: session.page)
      let friends = try await client.get("/u/\(alice.id)/friends", headers: session.page)
      let nobody = try await client.get("/u/1/followers", headers: session.page)

      #expect(favorite.text.contains("已收藏"))
      #expect(try await world.store.favorite(userID: alice.id, statusID: Int64(id)!) != nil)
      #expect(favorites.text.contains("值得收藏"))
      #expect(settings.text.contains("退出登录"))
      #expect(settings.text.contains("action=\"/web/logout\""))
      #expect(me.text.contains("href=\"/me/favorites\"") && me.text.contains("href=\"/settings\""))
      #expect(followers.text.contains(">bob</span>") && followers.text.contains("+ 关注"))
      #expect(friends.text.contains("这里还什么都没有"))
      #expect(nobody.status == .notFound)
    }
  }

  @Test func myStatusesGroupShowsOnlyTheViewersOwn() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")

    try await world.test { client in
      _ = try await client.post("/2/friendships/create.json", [("uid", String(bob.id))], token: try await world.token(for: alice))
      _ = try await client.post("/2/statuses/update.json", [("status", "bob 说")], token: try await world.token(for: bob))
      _ = try await client.post("/2/statuses/update.json", [("status", "alice 说")], token: try await world.token(for: alice))
      let session = try await Self.session(client, "alice")

      let all = try await client.get("/", headers: session.page)
      let mine = try await client.get("/?feed=mine", headers: session.page)

      #expect(all.text.contains("bob 说") && all.text.contains("alice 说"))
      #expect(mine.text.contains("alice 说") && !mine.text.contains("bob 说"))
    }
  }

  @Test func specialFollowsAreMarkedOnTheUserPageAndHaveTheirOwnGroup() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let carol = try await world.user("carol")
    let aliceToken = try await world.token(for: alice)

    try await world.test { client in
      for user in [bob, carol] {
        _ = try await client.post("/2/friendships/create.json", [("uid", String(user.id))], token: aliceToken)
        _ = try await client.post("/2/statuses/update.json", [("status", "\(user.screenName) 的微博")],
                                  token: try await world.token(for: user))
      }
      let session = try await Self.session(client, "alice")

      let page = try await client.get("/u/\(bob.id)", headers: session.page)
      let marked = try await client.post("/u/\(bob.id)/special", [("csrf", session.csrf), ("special", "1")],
                                         headers: session.fragment)
      let stranger = try await world.user("dave")
      let notFollowed = try await client.post("/u/\(stranger.id)/special", [("csrf", session.csrf), ("special", "1")],
                                              headers: session.fragment)
      let group = try await client.get("/?feed=special", headers: session.page)

      #expect(page.text.contains("☆ 特别关注"))
      #expect(marked.text.contains("★ 特别关注"))
      #expect(notFollowed.status == .badRequest)
      #expect(group.text.contains("bob 的微博") && !group.text.contains("carol 的微博"))
      #expect(group.text.contains(">特别关注</a>"))
    }
  }
}
