import AsyncHTTPClient
import Foundation
import SparrowKit
import SparrowKitAHC
import SparrowTestSupport
import Testing

/// SparrowKit's client on the AsyncHTTPClient transport against a Sparrow server over real HTTP.
@Suite struct SparrowClientLiveTests {
  @Test func authorizationCodeFlowLogsInThroughTheAuthorizePage() async throws {
    try await withFixture { fixture in
      // wb's client (public, registered by the server itself) on a loopback port of the client's choosing, with PKCE.
      let app = OAuthApp.terminal(redirectURI: "http://127.0.0.1:43917/callback")
      let pkce = PKCE()
      let authorize = try #require(OAuth.authorizeURL(server: fixture.server.url, app: app, state: "s-42", pkce: pkce))

      let callback = try await authorizeLikeABrowser(
        authorize, server: fixture.server.url, username: "alice", password: TestWorld.password)
      let client = fixture.server.client()
      let code = try OAuth.code(fromCallback: callback, expectedState: "s-42")
      // Without the verifier, or with another one, the code is worth nothing (and is spent).
      let stolen = await #expect(throws: APIError.self) {
        try await client.send(OAuth.accessToken(code: code, app: app, pkce: PKCE()))
      }
      #expect(stolen?.code == 21325)
      let again = try await authorizeLikeABrowser(
        authorize, server: fixture.server.url, username: "alice", password: TestWorld.password)
      let token = try await client.send(
        OAuth.accessToken(code: try OAuth.code(fromCallback: again, expectedState: "s-42"), app: app, pkce: pkce))
      await client.setAccessToken(token.accessToken)

      #expect(OAuth.isCallback(callback, app: app))
      #expect(throws: APIError.stateMismatch) { try OAuth.code(fromCallback: callback, expectedState: "other") }
      #expect(try Account(token: token, now: fixture.server.world.clock.now).uid == fixture.alice)
      #expect(try await client.send(Accounts.getUID()).uid == fixture.alice)
      #expect(token.refreshToken != nil)
    }
  }

  @Test func codeIsSingleUse() async throws {
    try await withFixture { fixture in
      let authorize = try #require(OAuth.authorizeURL(server: fixture.server.url, app: fixture.app, state: "x"))
      let callback = try await authorizeLikeABrowser(
        authorize, server: fixture.server.url, username: "alice", password: TestWorld.password)
      let code = try OAuth.code(fromCallback: callback, expectedState: "x")
      let client = fixture.server.client()

      _ = try await client.send(OAuth.accessToken(code: code, app: fixture.app))
      let error = await #expect(throws: APIError.self) { try await client.send(OAuth.accessToken(code: code, app: fixture.app)) }

      #expect(error?.code == 21325)
    }
  }

  @Test func passwordGrantWorksForFirstPartyAppsOnly() async throws {
    try await withFixture { fixture in
      let client = fixture.server.client()
      let (thirdParty, secret) = try await fixture.server.world.app(name: "别人的应用", redirect: Fixture.loopback)
      let other = OAuthApp(clientID: thirdParty.clientID, clientSecret: secret, redirectURI: Fixture.loopback)

      let token = try await client.send(OAuth.accessToken(username: "alice", password: TestWorld.password, app: fixture.app))
      let refused = await #expect(throws: APIError.self) {
        try await client.send(OAuth.accessToken(username: "alice", password: TestWorld.password, app: other))
      }
      let wrong = await #expect(throws: APIError.self) {
        try await client.send(OAuth.accessToken(username: "alice", password: "nope-nope", app: fixture.app))
      }

      #expect(token.uid == String(fixture.alice))
      #expect(refused?.code == 21326)
      #expect(wrong?.code == 21302)
    }
  }

  @Test func refreshTokenGivesANewWorkingToken() async throws {
    try await withFixture { fixture in
      let client = fixture.server.client()
      let first = try await client.send(OAuth.accessToken(username: "alice", password: TestWorld.password, app: fixture.app))

      let second = try await client.send(OAuth.refresh(try #require(first.refreshToken), app: fixture.app))
      await client.setAccessToken(second.accessToken)

      #expect(second.accessToken != first.accessToken)
      #expect(try await client.send(Accounts.getUID()).uid == fixture.alice)
    }
  }

  @Test func postsWithOnePictureAndWithSeveralUploadedFirst() async throws {
    try await withFixture { fixture in
      let client = try await loggedIn(fixture)
      let orange = FormFile.picture(try TestPicture.png(colour: "#ff8200"))
      let blue = FormFile.picture(try TestPicture.png(colour: "#2060ff"))
      let green = FormFile.picture(try TestPicture.png(colour: "#20a040"))

      let single = try await client.send(Statuses.upload(text: "一张图 #晚霞#", picture: orange))
      let first = try await client.send(Statuses.uploadPicture(blue))
      let second = try await client.send(Statuses.uploadPicture(green))
      let double = try await client.send(Statuses.update(text: "两张图", pictureIDs: [first.picID, second.picID]))
      let thumbnail = try await AsyncHTTPClientTransport().send(
        TransportRequest(url: try fixture.server.local(try #require(single.picUrls.first).thumbnailPic), method: "GET"))

      #expect(single.text == "一张图 #晚霞#")
      #expect(single.picUrls.count == 1)
      #expect(StatusViewModel(status: single).pictures.count == 1)
      #expect(double.picIds == [first.picID, second.picID])
      #expect(double.picUrls.count == 2)
      #expect(first.width == 64)
      #expect(thumbnail.status == 200)
      #expect(thumbnail.header("Content-Type")?.hasPrefix("image/") == true)
      #expect(FormFile.imageType(of: thumbnail.body).mime.hasPrefix("image/"))
    }
  }

  @Test func pagerPutsRefreshesOnTopAndAppendsOlderPagesWithoutDuplicates() async throws {
    try await withFixture(others: ["bob"]) { fixture in
      let alice = try await loggedIn(fixture)
      let bob = try await loggedIn(fixture, as: "bob")
      _ = try await alice.send(Friendships.create(.screenName("bob")))
      var posted: [Int64] = []
      for (index, client) in [bob, alice, bob, alice, bob].enumerated() {
        posted.append(try await client.send(Statuses.update(text: "第\(index + 1)条")).id)
      }
      let pager = TimelinePager(client: alice, pageSize: 2)

      let firstLoad = try await pager.refresh()
      let firstBanner = await pager.banner
      try await pager.loadMore()
      try await pager.loadMore()
      let atEnd = try await pager.loadMore()
      let reachedEnd = await pager.reachedEnd
      let everything = await pager.items.map(\.id)
      posted.append(try await bob.send(Statuses.update(text: "第6条")).id)
      posted.append(try await alice.send(Statuses.update(text: "第7条")).id)
      try await pager.refresh()
      let secondBanner = await pager.banner
      let afterRefresh = await pager.items.map(\.id)
      try await pager.refresh()
      let quietBanner = await pager.banner

      #expect(firstLoad == .loaded(2))
      #expect(firstBanner == "2条新微博")
      #expect(atEnd == .loaded(0))
      #expect(reachedEnd)
      #expect(everything == Array(posted[0..<5].reversed()))
      #expect(secondBanner == "2条新微博")
      #expect(afterRefresh == Array(posted.reversed()))
      #expect(Set(afterRefresh).count == afterRefresh.count)
      #expect(quietBanner == "没有新微博")
      #expect(await pager.items.map(\.authorName).prefix(2) == ["alice", "bob"])
    }
  }

  @Test func commentRepostAndLikeShowInTheCounts() async throws {
    try await withFixture(others: ["bob"]) { fixture in
      let alice = try await loggedIn(fixture)
      let bob = try await loggedIn(fixture, as: "bob")
      let original = try await bob.send(Statuses.update(text: "周末去爬山 #周末#"))

      let comment = try await alice.send(Comments.create(id: original.id, text: "带上我 @bob"))
      let repost = try await alice.send(Statuses.repost(id: original.id, text: "一起去"))
      let like = try await alice.send(Attitudes.create(id: original.id))
      let again = await #expect(throws: APIError.self) { try await alice.send(Attitudes.create(id: original.id)) }
      let shown = try await alice.send(Statuses.show(id: original.id))
      let comments = try await bob.send(Comments.show(id: original.id))

      #expect(comment.text == "带上我 @bob")
      #expect(comments.comments.map(\.id) == [comment.id])
      #expect(repost.retweetedStatus?.value.id == original.id)
      #expect(StatusViewModel(status: repost).retweetText == "@bob: 周末去爬山 #周末#")
      #expect(like.status?.id == original.id)
      #expect(again?.code == 20706)
      #expect((shown.repostsCount, shown.commentsCount, shown.attitudesCount) == (1, 1, 1))
      #expect(shown.liked)
      let model = StatusViewModel(status: shown)
      #expect((model.repostsText, model.commentsText, model.attitudesText) == ("1", "1", "1"))
    }
  }

  @Test func revokedTokenNeedsANewLogin() async throws {
    try await withFixture { fixture in
      let client = try await loggedIn(fixture)
      let token = try #require(await client.accessToken)

      let revoked = try await client.send(OAuth.revoke(token))
      let error = await #expect(throws: APIError.self) { try await client.send(Accounts.getUID()) }

      #expect(revoked.result)
      #expect(error?.code == 21332)
      #expect(error?.needsLogin == true)
    }
  }

  @Test func expiredTokenFailsWithTyped21327() async throws {
    try await withFixture { fixture in
      let client = try await loggedIn(fixture)
      let lifetime = fixture.server.world.deps.config.tokenLifetime

      fixture.server.world.clock.advance(lifetime + 60)
      let error = await #expect(throws: APIError.self) { try await client.send(Statuses.homeTimeline()) }

      guard case .server(let code, _, let status, let request)? = error else {
        Issue.record("expected a server error, got \(String(describing: error))")
        return
      }
      #expect(code == 21327)
      #expect(status == 401)
      #expect(request == "/2/statuses/home_timeline.json")
      #expect(error?.needsLogin == true)
    }
  }

  @Test func serverErrorsArriveAsTypedAPIErrors() async throws {
    try await withFixture { fixture in
      let client = try await loggedIn(fixture)

      let tooLong = await #expect(throws: APIError.self) {
        try await client.send(Statuses.update(text: String(repeating: "好", count: 141)))
      }
      let missing = await #expect(throws: APIError.self) { try await client.send(Statuses.show(id: 42)) }

      #expect(tooLong?.code == 20012)
      #expect(missing?.code == 20101)
    }
  }

  @Test func transportRefusesBodiesOverItsCap() async throws {
    try await withFixture { fixture in
      let token = try await loggedIn(fixture).accessToken
      let tight = SparrowClient(
        baseURL: fixture.server.url, accessToken: token, transport: AsyncHTTPClientTransport(maxResponseBytes: 16))

      let error = await #expect(throws: APIError.self) { try await tight.send(Accounts.getUID()) }

      guard case .transport(let detail)? = error else {
        Issue.record("expected a transport error, got \(String(describing: error))")
        return
      }
      #expect(detail.contains("larger than 16 bytes"))
    }
  }

  /// A client logged in as `name` with the password grant.
  private func loggedIn(_ fixture: Fixture, as name: String = "alice") async throws -> SparrowClient {
    let client = fixture.server.client()
    let token = try await client.send(OAuth.accessToken(username: name, password: TestWorld.password, app: fixture.app))
    await client.setAccessToken(token.accessToken)
    return client
  }
}
