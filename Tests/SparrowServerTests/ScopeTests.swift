import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SparrowCore
import SparrowPlatform
import SparrowServer
import SparrowStore
import SparrowTestSupport
import Testing

/// Scopes end to end: what an app registered, what it asked, what the consent page says, what the token carries,
/// what `get_token_info` reports, and 授权管理's 取消授权.
@Suite struct ScopeTests {
  static let weiboLines = ["获得你的个人信息、好友关系", "分享内容到你的微博", "获得你的评论"]
  static let dakaLine = "查看你的打卡记录（包括仅自己可见的）"

  /// The lines of the consent list on an authorize page.
  static func consent(_ page: TestResponse) -> [String] {
    guard let list = page.text.firstMatch(of: /<ul id="consent">([\s\S]*?)<\/ul>/) else { return [] }
    return String(list.output.1).matches(of: /<li>([^<]*)<\/li>/).map { String($0.output.1) }
  }

  static func authorize(_ app: AppRecord, scope: String?) -> String {
    var pairs = [("client_id", app.clientID), ("redirect_uri", app.redirectURI), ("response_type", "code")]
    if let scope { pairs.append(("scope", scope)) }
    return "/oauth2/authorize?" + FormEncoding.encode(pairs: pairs)
  }

  @Test func theConsentPageListsExactlyWhatIsAsked() async throws {
    let world = try await TestWorld()
    let (journal, _) = try await world.app(name: "旅行相册", scopes: ["daka"])
    let (plain, _) = try await world.app(name: "只读微博")

    try await world.test { client in
      let none = try await client.get(Self.authorize(journal, scope: nil))
      #expect(Self.consent(none) == Self.weiboLines)
      // The Weibo SDKs' own scope names ask for nothing more, and are not refused.
      let sdk = try await client.get(Self.authorize(plain, scope: "email,direct_messages_read,all"))
      #expect(sdk.status == .ok && Self.consent(sdk) == Self.weiboLines)
      let asked = try await client.get(Self.authorize(journal, scope: "daka"))
      #expect(Self.consent(asked) == Self.weiboLines + ["查看你的打卡记录（包括仅自己可见的）", "发布、修改和删除你的打卡"])
      #expect(asked.text.contains(#"name="scope" value="daka""#))
      // Asking for a scope the app was not registered for shows an error page, and never redirects.
      let unregistered = try await client.get(Self.authorize(plain, scope: "daka"))
      #expect(unregistered.status == .badRequest && unregistered.headers[.location] == nil)
      #expect(unregistered.text.contains("daka") && unregistered.text.contains("21323"))
    }
  }

  @Test func aTokenCarriesWhatWasAgreedThroughCodeAndRefresh() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let (app, secret) = try await world.app(name: "旅行相册", scopes: ["daka"])

    try await world.test { client in
      func tokens(scope: String?) async throws -> (access: String, refresh: String) {
        var fields = [("client_id", app.clientID), ("redirect_uri", app.redirectURI), ("response_type", "code"),
                      ("action", "submit"), ("userId", "alice"), ("passwd", TestWorld.password)]
        if let scope { fields.append(("scope", scope)) }
        let granted = try await client.postSignedOut("/oauth2/authorize", fields)
        let location = try #require(granted.headers[.location])
        let code = try #require(URLComponents(string: location)?.queryItems?.first { $0.name == "code" }?.value)
        let token = try await client.post("/oauth2/access_token", [
          ("client_id", app.clientID), ("client_secret", secret), ("grant_type", "authorization_code"), ("code", code),
          ("redirect_uri", app.redirectURI),
        ])
        return (try #require(token.object["access_token"] as? String), try #require(token.object["refresh_token"] as? String))
      }
      func info(_ token: String) async throws -> String? {
        try await client.post("/oauth2/get_token_info", [("access_token", token)]).object["scope"] as? String
      }

      let weibo = try await tokens(scope: nil)
      #expect(try await info(weibo.access) == "weibo")
      #expect(try await client.get("/daka/api/me", token: weibo.access).errorCode == 10014)

      let journal = try await tokens(scope: "daka")
      #expect(try await info(journal.access) == "weibo,daka")
      let me = try await client.get("/daka/api/me", token: journal.access)
      #expect(me.status == .ok && (me.object["user"] as? [String: Any])?["id"] as? Int64 == alice.id)

      let renewed = try await client.post("/oauth2/access_token", [
        ("client_id", app.clientID), ("client_secret", secret), ("grant_type", "refresh_token"),
        ("refresh_token", journal.refresh),
      ])
      let access = try #require(renewed.object["access_token"] as? String)
      #expect(try await info(access) == "weibo,daka")
      let weiboRenewed = try await client.post("/oauth2/access_token", [
        ("client_id", app.clientID), ("client_secret", secret), ("grant_type", "refresh_token"),
        ("refresh_token", weibo.refresh),
      ])
      #expect(try await info(try #require(weiboRenewed.object["access_token"] as? String)) == "weibo")
    }
  }

  /// `sparrow app scopes`: narrowing what an app may ask for ends, at once, the grants that hold more (tokens
  /// already used, so cached, included); the Weibo-only grant of the same app stays; widening revives nothing.
  @Test func narrowingAnAppsScopesEndsTheGrantsThatHoldMore() async throws {
    let world = try await TestWorld()
    _ = try await world.user("alice")
    let (app, secret) = try await world.app(name: "旅行相册", scopes: ["daka"])
    let accounts = Accounts(store: world.store, ids: world.ids)

    try await world.test { client in
      func access(scope: String?) async throws -> String {
        var fields = [("client_id", app.clientID), ("redirect_uri", app.redirectURI), ("response_type", "code"),
                      ("action", "submit"), ("userId", "alice"), ("passwd", TestWorld.password)]
        if let scope { fields.append(("scope", scope)) }
        let granted = try await client.postSignedOut("/oauth2/authorize", fields)
        let location = try #require(granted.headers[.location])
        let code = try #require(URLComponents(string: location)?.queryItems?.first { $0.name == "code" }?.value)
        let token = try await client.post("/oauth2/access_token", [
          ("client_id", app.clientID), ("client_secret", secret), ("grant_type", "authorization_code"), ("code", code),
          ("redirect_uri", app.redirectURI),
        ])
        return try #require(token.object["access_token"] as? String)
      }
      let journal = try await access(scope: "daka")
      let weibo = try await access(scope: nil)
      #expect(try await client.get("/daka/api/me", token: journal).status == .ok)
      #expect(try await client.get("/2/account/get_uid.json", token: weibo).status == .ok)

      await #expect(throws: AccountError.self) {
        try await accounts.setScopes(clientID: app.clientID, scopes: ["nonsense"], catalog: world.modules.scopes)
      }
      await #expect(throws: AccountError.self) {
        try await accounts.setScopes(clientID: "404", scopes: [], catalog: world.modules.scopes)
      }
      #expect(try await client.get("/daka/api/me", token: journal).status == .ok)

      let narrowed = try await accounts.setScopes(clientID: app.clientID, scopes: [], catalog: world.modules.scopes)
      #expect(narrowed.ended == 2 && narrowed.app.scopes.isEmpty)  // the daka token and its refresh token
      #expect(try await client.get("/daka/api/me", token: journal).errorCode == 21332)
      #expect(try await client.get("/2/account/get_uid.json", token: weibo).status == .ok)
      #expect(try await world.store.app(clientID: app.clientID)?.scopes == [])
      let refused = try await client.get(Self.authorize(app, scope: "daka"))
      #expect(refused.status == .badRequest && refused.text.contains("21323"))

      let widened = try await accounts.setScopes(clientID: app.clientID, scopes: ["daka"], catalog: world.modules.scopes)
      #expect(widened.ended == 0)
      #expect(try await client.get("/daka/api/me", token: journal).errorCode == 21332)
      #expect(Self.consent(try await client.get(Self.authorize(app, scope: "daka"))).contains(Self.dakaLine))
    }
  }

  @Test func revokingOnTheAuthorizationsPageEndsTheAppsTokensAtOnce() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let token = try await world.token(for: alice, scopes: ["daka"])
    let bobs = try await world.token(for: bob, scopes: ["daka"])

    try await world.test { client in
      let signedOut = try await client.get("/account/apps")
      #expect(signedOut.status == .seeOther && signedOut.headers[.location]?.hasPrefix("/oauth2/authorize") == true)

      let cookie = cookieHeader(try await client.sessionCookie("alice"))
      let page = try await client.get("/account/apps?next=/settings", headers: cookie)
      #expect(page.status == .ok)
      #expect(page.text.contains("App of alice") && !page.text.contains("App of bob"))
      #expect(page.text.contains(Self.dakaLine) && page.text.contains(Self.weiboLines[0]))
      #expect(page.text.contains(#"href="/settings""#))
      let appID = try #require(page.text.firstMatch(of: /name="app_id" value="(\d+)"/).map { String($0.output.1) })
      let csrf = try #require(page.text.firstMatch(of: /name="csrf" value="([^"]+)"/).map { String($0.output.1) })

      // Another site's form (no token, or a wrong one) changes nothing.
      var headers = cookie
      headers[.contentType] = "application/x-www-form-urlencoded"
      for forged in [[("app_id", appID)], [("app_id", appID), ("csrf", "forged")]] {
        let refused = try await client.execute(
          uri: "/account/apps/revoke", method: .post, headers: headers, body: formBody(forged))
        #expect(refused.status == .forbidden)
      }
      #expect(try await client.get("/2/account/get_uid.json", token: token).status == .ok)

      let revoked = try await client.execute(
        uri: "/account/apps/revoke", method: .post, headers: headers,
        body: formBody([("app_id", appID), ("csrf", csrf), ("next", "/settings")]))
      #expect(revoked.status == .seeOther)
      #expect(try await client.get("/2/account/get_uid.json", token: token).errorCode == 21332)
      #expect(try await client.get("/daka/api/me", token: token).errorCode == 21332)
      // Bob's grant to his own app is untouched; Alice's list is empty.
      #expect(try await client.get("/daka/api/me", token: bobs).status == .ok)
      let after = try await client.get("/account/apps", headers: cookie)
      #expect(after.text.contains("没有应用在使用你的账号") && !after.text.contains("App of alice"))
    }
  }

  /// The web pages' callback follows the address the server runs at, so the same data served elsewhere signs in.
  @Test func webSignInWorksAfterARestartAtAnotherAddress() async throws {
    let world = try await TestWorld()
    try await world.user("alice")
    func served(at publicURL: String) async throws -> Application<SparrowResponder> {
      var config = world.deps.config
      config.publicURL = publicURL
      let deps = ServerDependencies(store: world.deps.store, ids: world.ids, config: config, now: world.deps.now)
      return Application(responder: try await buildResponder(deps, engine: world.engine, modules: world.modules))
    }
    do {
      for address in ["http://sparrow.test", "http://127.0.0.1:8081", "https://weibo.example.org"] {
        try await served(at: address).test(.router) { client in
          let (done, cookie) = try await client.webSignIn("alice", publicURL: address)
          #expect(done.status == .seeOther && done.headers[.location] == "/welcome", "\(address)")
          #expect(cookie.hasPrefix("sparrow_web="))
        }
      }
      await world.finish()
    } catch {
      await world.finish()
      throw error
    }
  }
}
