import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SparrowPlatform
import SparrowTestSupport
import Testing

@Suite struct OAuthTests {
  @Test func authorizePageToCodeToTokenToAPICall() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let (app, secret) = try await world.app()
    let query = "client_id=\(app.clientID)&redirect_uri=https%3A%2F%2Fclient.test%2Fcallback&response_type=code&state=xyz"

    try await world.test { client in
      let page = try await client.get("/oauth2/authorize?\(query)")
      #expect(page.status == .ok)
      #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
      #expect(page.text.contains("id=\"userId\""))
      #expect(page.text.contains("id=\"passwd\""))
      #expect(page.text.contains("Test App"))

      let wrong = try await client.postSignedOut("/oauth2/authorize", [
        ("client_id", app.clientID), ("redirect_uri", "https://client.test/callback"), ("response_type", "code"),
        ("state", "xyz"), ("action", "submit"), ("userId", "alice"), ("passwd", "nope"),
      ])
      #expect(wrong.status == .ok)
      #expect(wrong.text.contains("账号或密码错误"))
      #expect(wrong.headers[.location] == nil)

      let granted = try await client.postSignedOut("/oauth2/authorize", [
        ("client_id", app.clientID), ("redirect_uri", "https://client.test/callback"), ("response_type", "code"),
        ("state", "xyz"), ("action", "submit"), ("userId", "alice"), ("passwd", TestWorld.password),
      ])
      #expect(granted.status == .found)
      let location = try #require(granted.headers[.location])
      #expect(location.hasPrefix("https://client.test/callback?code="))
      #expect(location.hasSuffix("&state=xyz"))
      let code = String(location.split(separator: "=")[1].split(separator: "&")[0])

      let token = try await client.post("/oauth2/access_token", [
        ("client_id", app.clientID), ("client_secret", secret), ("grant_type", "authorization_code"), ("code", code),
        ("redirect_uri", "https://client.test/callback"),
      ])
      #expect(token.status == .ok)
      #expect(token.headers[.contentType] == "application/json; charset=utf-8")
      #expect(token.object["uid"] as? String == String(alice.id))
      #expect(token.object["expires_in"] is Int)
      #expect(token.object["remind_in"] is String)
      let accessToken = try #require(token.object["access_token"] as? String)

      let uid = try await client.get("/2/account/get_uid.json", token: accessToken)
      #expect(uid.status == .ok)
      #expect(uid.object["uid"] as? String == String(alice.id))

      let reused = try await client.post("/oauth2/access_token", [
        ("client_id", app.clientID), ("client_secret", secret), ("grant_type", "authorization_code"), ("code", code),
        ("redirect_uri", "https://client.test/callback"),
      ])
      #expect(reused.status == .badRequest)
      #expect(reused.errorCode == 21325)
      #expect(reused.object["error"] as? String == "invalid_grant")
      // The reuse revokes what the code gave (RFC 6749 §4.1.2): the token, and the refresh token with it.
      #expect(try await client.get("/2/account/get_uid.json", token: accessToken).errorCode == 21332)
      let refreshed = try await client.post("/oauth2/access_token", [
        ("client_id", app.clientID), ("client_secret", secret), ("grant_type", "refresh_token"),
        ("refresh_token", try #require(token.object["refresh_token"] as? String)),
      ])
      #expect(refreshed.errorCode == 21325)
    }
  }

  @Test func codesExpireAfterTenMinutes() async throws {
    let world = try await TestWorld()
    try await world.user("alice")
    let (app, secret) = try await world.app()

    try await world.test { client in
      let granted = try await client.postSignedOut("/oauth2/authorize", [
        ("client_id", app.clientID), ("redirect_uri", "https://client.test/callback"), ("userId", "alice"),
        ("passwd", TestWorld.password), ("action", "submit"),
      ])
      let code = String(try #require(granted.headers[.location]).split(separator: "=")[1])
      world.clock.advance(601)

      let late = try await client.post("/oauth2/access_token", [
        ("client_id", app.clientID), ("client_secret", secret), ("grant_type", "authorization_code"), ("code", code),
        ("redirect_uri", "https://client.test/callback"),
      ])

      #expect(late.errorCode == 21325)
    }
  }

  @Test func unknownClientOrForeignRedirectShowsAnErrorPageAndNeverRedirects() async throws {
    let world = try await TestWorld()
    try await world.user("alice")
    let (app, _) = try await world.app()

    try await world.test { client in
      let unknown = try await client.get("/oauth2/authorize?client_id=999&redirect_uri=https%3A%2F%2Fclient.test%2Fcallback")
      #expect(unknown.status == .badRequest)
      #expect(unknown.headers[.location] == nil)
      #expect(unknown.text.contains("21324"))

      let foreign = try await client.get("/oauth2/authorize?client_id=\(app.clientID)&redirect_uri=https%3A%2F%2Fevil.test%2F")
      #expect(foreign.status == .badRequest)
      #expect(foreign.text.contains("21322"))

      let posted = try await client.postSignedOut("/oauth2/authorize", [
        ("client_id", app.clientID), ("redirect_uri", "https://evil.test/"), ("userId", "alice"),
        ("passwd", TestWorld.password),
      ])
      #expect(posted.headers[.location] == nil)
      #expect(posted.status == .badRequest)
    }
  }

  @Test func cancelRedirectsWithAccessDenied() async throws {
    let world = try await TestWorld()
    let (app, _) = try await world.app()

    try await world.test { client in
      let cancelled = try await client.post("/oauth2/authorize", [
        ("client_id", app.clientID), ("redirect_uri", "https://client.test/callback"), ("action", "cancel"),
        ("state", "s1"),
      ])

      #expect(cancelled.status == .found)
      #expect(cancelled.headers[.location] == "https://client.test/callback?error_uri=%2Foauth2%2Fauthorize&error=access_denied&error_description=user%20denied%20your%20request.&error_code=21330&state=s1")
    }
  }

  @Test func signedInUserOnlyPressesAuthorizeWithAFormToken() async throws {
    let world = try await TestWorld()
    try await world.user("alice")
    let (app, _) = try await world.app()

    try await world.test { client in
      let first = try await client.postSignedOut("/oauth2/authorize", [
        ("client_id", app.clientID), ("userId", "alice"), ("passwd", TestWorld.password),
      ])
      let cookie = try #require(first.headers[.setCookie])
      #expect(cookie.contains("HttpOnly"))
      #expect(cookie.contains("SameSite=Lax"))
      let session = String(cookie.split(separator: ";")[0])

      let page = try await client.get("/oauth2/authorize?client_id=\(app.clientID)", headers: [.cookie: session])
      #expect(page.text.contains("alice"))
      #expect(!page.text.contains("id=\"passwd\""))
      let csrf = try #require(page.text.firstMatch(of: /name="csrf" value="([0-9a-f]+)"/)?.1)

      let forged = try await client.post("/oauth2/authorize", [("client_id", app.clientID)], headers: [.cookie: session])
      #expect(forged.headers[.location] == nil)

      let granted = try await client.post(
        "/oauth2/authorize", [("client_id", app.clientID), ("csrf", String(csrf))], headers: [.cookie: session])
      #expect(granted.status == .found)
      #expect(granted.headers[.location]?.hasPrefix("https://client.test/callback?code=") == true)
    }
  }

  @Test func passwordGrantIsForFirstPartyAppsAndRefreshWorks() async throws {
    let world = try await TestWorld()
    try await world.user("alice")
    let (thirdParty, thirdSecret) = try await world.app(name: "Third")
    let (firstParty, firstSecret) = try await world.app(name: "wb", firstParty: true)

    try await world.test { client in
      let refused = try await client.post("/oauth2/access_token", [
        ("client_id", thirdParty.clientID), ("client_secret", thirdSecret), ("grant_type", "password"),
        ("username", "alice"), ("password", TestWorld.password),
      ])
      #expect(refused.errorCode == 21326)

      let badPassword = try await client.post("/oauth2/access_token", [
        ("client_id", firstParty.clientID), ("client_secret", firstSecret), ("grant_type", "password"),
        ("username", "alice"), ("password", "wrong"),
      ])
      #expect(badPassword.errorCode == 21302)

      let badSecret = try await client.post("/oauth2/access_token", [
        ("client_id", firstParty.clientID), ("client_secret", "nope"), ("grant_type", "password"),
        ("username", "alice"), ("password", TestWorld.password),
      ])
      #expect(badSecret.errorCode == 21324)

      let token = try await client.post("/oauth2/access_token", [
        ("client_id", firstParty.clientID), ("client_secret", firstSecret), ("grant_type", "password"),
        ("username", "alice"), ("password", TestWorld.password),
      ])
      let refresh = try #require(token.object["refresh_token"] as? String)

      let renewed = try await client.post("/oauth2/access_token", [
        ("client_id", firstParty.clientID), ("client_secret", firstSecret), ("grant_type", "refresh_token"),
        ("refresh_token", refresh),
      ])
      #expect(renewed.status == .ok)
      let newToken = try #require(renewed.object["access_token"] as? String)
      #expect(try await client.get("/2/account/get_uid.json", token: newToken).status == .ok)

      let unsupported = try await client.post("/oauth2/access_token", [
        ("client_id", firstParty.clientID), ("client_secret", firstSecret), ("grant_type", "magic"),
      ])
      #expect(unsupported.errorCode == 21328)
    }
  }

  @Test func tokenInfoRevokeAndExpiry() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let token = try await world.token(for: alice, lifetime: 100)
    let other = try await world.token(for: alice, lifetime: 100)

    try await world.test { client in
      let info = try await client.post("/oauth2/get_token_info", [("access_token", token)])
      #expect(info.object["uid"] as? Int64 == alice.id)
      #expect(info.object["expire_in"] as? Int == 100)

      let revoked = try await client.post("/oauth2/revokeoauth2", [("access_token", token)])
      #expect(revoked.object["result"] as? String == "true")
      let after = try await client.get("/2/account/get_uid.json", token: token)
      #expect(after.status == .unauthorized)
      #expect(after.errorCode == 21332)

      world.clock.advance(101)
      let expired = try await client.get("/2/account/get_uid.json", token: other)
      #expect(expired.status == .unauthorized)
      #expect(expired.errorCode == 21327)

      let none = try await client.get("/2/account/get_uid.json")
      #expect(none.errorCode == 21301)
    }
  }

  @Test func aTokenInUseIsRefusedRightAfterRevokeOrExpiry() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let revoked = try await world.token(for: alice, lifetime: 100)
    let expiring = try await world.token(for: alice, lifetime: 100)

    try await world.test { client in
      // Each token has already served calls (and may be remembered) before it stops working.
      for _ in 0..<2 {
        #expect(try await client.get("/2/account/get_uid.json", token: revoked).status == .ok)
        #expect(try await client.get("/2/account/get_uid.json", token: expiring).status == .ok)
      }

      _ = try await client.post("/oauth2/revokeoauth2", [("access_token", revoked)])
      let afterRevoke = try await client.get("/2/account/get_uid.json", token: revoked)
      let stillValid = try await client.get("/2/account/get_uid.json", token: expiring)
      world.clock.advance(101)
      let afterExpiry = try await client.get("/2/account/get_uid.json", token: expiring)

      #expect(afterRevoke.errorCode == 21332)
      #expect(stillValid.status == .ok)
      #expect(afterExpiry.errorCode == 21327)
    }
  }

  @Test func tokenIsAcceptedInQueryFormAndBothHeaderSchemes() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let token = try await world.token(for: alice)

    try await world.test { client in
      #expect(try await client.get("/2/account/get_uid.json?access_token=\(token)").status == .ok)
      #expect(try await client.get("/2/account/get_uid.json", headers: [.authorization: "Bearer \(token)"]).status == .ok)
      #expect(try await client.get("/2/account/get_uid.json", token: token).status == .ok)
      let posted = try await client.post("/2/statuses/update.json", [("access_token", token), ("status", "hi")])
      #expect(posted.status == .ok)
    }
  }

  @Test func defaultCallbackPageShowsTheCode() async throws {
    let world = try await TestWorld()
    try await world.test { client in
      let page = try await client.get("/oauth2/default.html?code=abc123&state=s")
      #expect(page.status == .ok)
      #expect(page.text.contains("abc123"))
      let cancelled = try await client.get("/oauth2/default.html?error=access_denied&error_code=21330")
      #expect(cancelled.text.contains("access_denied"))
    }
  }

  @Test func signupValidatesAndCreatesAnAccount() async throws {
    let world = try await TestWorld()
    try await world.user("taken")

    try await world.test { client in
      let page = try await client.get("/signup")
      #expect(page.text.contains("id=\"screen_name\""))

      let short = try await client.postSignedOut("/signup", [("screen_name", "abc"), ("password", "123456"), ("password_confirm", "123456")])
      #expect(short.status == .badRequest)
      #expect(short.text.contains("4-30"))
      let weak = try await client.postSignedOut("/signup", [("screen_name", "newbie"), ("password", "123"), ("password_confirm", "123")])
      #expect(weak.text.contains("至少6位"))
      let taken = try await client.postSignedOut("/signup", [("screen_name", "TAKEN"), ("password", "123456"), ("password_confirm", "123456")])
      #expect(taken.text.contains("已被使用"))
      let evil = try await client.postSignedOut("/signup", [("screen_name", "<b>x</b>"), ("password", "123456")])
      #expect(!evil.text.contains("<b>x</b>"))

      let made = try await client.postSignedOut("/signup", [
        ("screen_name", "新用户abc"), ("password", "123456"), ("password_confirm", "123456"),
        ("next", "/oauth2/authorize?client_id=1"),
      ])
      #expect(made.status == .seeOther)
      #expect(made.headers[.location] == "/oauth2/authorize?client_id=1")
      #expect(made.headers[.setCookie]?.contains("sparrow_session=") == true)
      #expect(try await world.store.user(screenName: "新用户abc") != nil)

      let open = try await client.postSignedOut("/signup", [("screen_name", "another1"), ("password", "123456"), ("next", "//evil.test")])
      #expect(open.headers[.location] == nil)
    }
  }

  /// Login CSRF: another site can post the sign-in or sign-up form, but without the form cookie it cannot
  /// read, the post signs no one in and makes no account.
  @Test func signedOutFormsNeedTheirCookieAndToken() async throws {
    let world = try await TestWorld()
    try await world.user("alice")
    let (app, _) = try await world.app()
    let signIn = [
      ("client_id", app.clientID), ("redirect_uri", "https://client.test/callback"), ("response_type", "code"),
      ("action", "submit"), ("userId", "alice"), ("passwd", TestWorld.password),
    ]
    let signUp = [("screen_name", "forged01"), ("password", "123456"), ("password_confirm", "123456")]

    try await world.test { client in
      let page = try await client.get("/signup")
      let cookie = try #require(page.headers[.setCookie]?.split(separator: ";").first.map(String.init))
      let token = try #require(page.text.firstMatch(of: #/name="csrf" value="([0-9a-f]+)"/#)?.output.1)
      let other = try await client.get("/oauth2/authorize?client_id=\(app.clientID)")
      let otherCookie = try #require(other.headers[.setCookie]?.split(separator: ";").first.map(String.init))
      #expect(other.text.contains("name=\"csrf\""))

      let withToken: [(String, String)] = signIn + [("csrf", String(token))]
      let attempts: [([(String, String)], HTTPFields)] = [
        (signIn, HTTPFields()),  // no cookie, no token
        (withToken, HTTPFields()),  // a token without its cookie
        (withToken, HTTPFields([HTTPField(name: .cookie, value: otherCookie)])),  // someone else's cookie
        (signIn, HTTPFields([HTTPField(name: .cookie, value: cookie)])),  // a cookie without a token
      ]
      for (fields, headers) in attempts {
        let refused = try await client.post("/oauth2/authorize", fields, headers: headers)
        #expect(refused.status == .forbidden)
        #expect(refused.text.contains("页面已过期"))
        #expect(refused.headers[.location] == nil)
        #expect(refused.headers[.setCookie]?.contains("sparrow_session") != true)
      }
      let noToken = try await client.post("/signup", signUp)
      #expect(noToken.status == .forbidden && noToken.text.contains("页面已过期"))
      #expect(try await world.store.user(screenName: "forged01") == nil)

      // The page's own cookie and token work for either form.
      let granted = try await client.post("/oauth2/authorize", withToken, headers: [.cookie: cookie])
      #expect(granted.status == .found)
      let made = try await client.post("/signup", signUp + [("csrf", String(token))], headers: [.cookie: cookie])
      #expect(made.status == .ok && made.text.contains("forged01"))
    }
  }

  /// Sign-ups are limited per address (live server: the router tests have no peer address).
  @Test func signupsFromOneAddressAreLimited() async throws {
    var limits = RateLimits()
    limits.signupsPerAddress = 2
    let world = try await TestWorld(rateLimits: limits)

    try await world.test(.live) { client in
      for name in ["first01", "second02"] {
        let made = try await client.postSignedOut("/signup", [("screen_name", name), ("password", "123456")])
        #expect(made.status == .ok)
      }
      let third = try await client.postSignedOut("/signup", [("screen_name", "third003"), ("password", "123456")])
      #expect(third.status == .tooManyRequests)
      #expect(third.text.contains("一小时后再试"))
      #expect(try await world.store.user(screenName: "third003") == nil)
      // A refused name is not counted against the address.
      #expect(try await world.store.user(screenName: "second02") != nil)
    }
  }
}

/// Public (native) clients: PKCE required, no secret, any loopback port; confidential ones: exact redirects.
@Suite struct PublicClientTests {
  @Test func confidentialAppsGetExactRedirectsAndPublicOnesNeedPKCE() async throws {
    let world = try await TestWorld()
    try await world.user("alice")
    let (web, _) = try await world.app(name: "本地网页应用", redirect: "http://127.0.0.1:3000/cb")
    try await world.test { client in
      // A web app registered on a loopback address gets its redirect exactly, port included.
      let otherPort = try await client.get(
        "/oauth2/authorize?client_id=\(web.clientID)&redirect_uri=http%3A%2F%2F127.0.0.1%3A4000%2Fcb&response_type=code")
      #expect(otherPort.status == .badRequest && otherPort.text.contains("redirect_uri"))
      let exact = try await client.get(
        "/oauth2/authorize?client_id=\(web.clientID)&redirect_uri=http%3A%2F%2F127.0.0.1%3A3000%2Fcb&response_type=code")
      #expect(exact.status == .ok)

      // wb's public client: any loopback port, but only with an S256 challenge, and only the code flow.
      let base = "/oauth2/authorize?client_id=sparrow-wb&redirect_uri=http%3A%2F%2F127.0.0.1%3A4711%2Fcallback"
      #expect(try await client.get(base + "&response_type=code").status == .badRequest)
      #expect(try await client.get(base + "&response_type=token&code_challenge=\(String(repeating: "a", count: 43))&code_challenge_method=S256").status == .badRequest)
      #expect(try await client.get(base + "&response_type=code&code_challenge=\(String(repeating: "a", count: 43))&code_challenge_method=plain").status == .badRequest)
      let page = try await client.get(base + "&response_type=code&code_challenge=\(String(repeating: "a", count: 43))&code_challenge_method=S256")
      #expect(page.status == .ok && page.text.contains("name=\"code_challenge\""))

      // No secret is asked of it; a confidential app still needs its own.
      let password = try await client.post("/oauth2/access_token", [
        ("client_id", "sparrow-wb"), ("grant_type", "password"), ("username", "alice"), ("passwd", ""),
        ("password", TestWorld.password),
      ])
      #expect(password.status == .ok && password.object["access_token"] is String)
      let noSecret = try await client.post("/oauth2/access_token", [
        ("client_id", web.clientID), ("grant_type", "authorization_code"), ("code", "x"),
      ])
      #expect(noSecret.errorCode == 21323)
    }
  }
}

/// Password guessing slows down: past five misses for an account each try waits twice as long; the right
/// password works once the wait is over, and old misses are forgotten.
@Suite struct SignInThrottleTests {
  @Test func wrongPasswordsMakeTheNextTryWait() async throws {
    let world = try await TestWorld()
    try await world.user("alice")
    let (app, secret) = try await world.app(firstParty: true)
    try await world.test { client in
      func grant(_ password: String) async throws -> TestResponse {
        try await client.post("/oauth2/access_token", [
          ("client_id", app.clientID), ("client_secret", secret), ("grant_type", "password"), ("username", "alice"),
          ("password", password),
        ])
      }
      for _ in 0..<5 { #expect(try await grant("wrong-guess").errorCode == 21302) }
      // The sixth try must wait a second, even with the right password.
      let waiting = try await grant(TestWorld.password)
      #expect(waiting.errorCode == 21303 && waiting.status == .forbidden)
      world.clock.advance(1.5)
      #expect(try await grant("wrong-again").errorCode == 21302)
      #expect(try await grant(TestWorld.password).errorCode == 21303)  // now two seconds
      world.clock.advance(2.5)
      #expect(try await grant(TestWorld.password).status == .ok)
      // Success forgets the account's misses: the next wrong password is an ordinary one.
      #expect(try await grant("wrong-guess").errorCode == 21302)
      #expect(try await grant("wrong-guess").errorCode == 21302)
    }
  }

  @Test func theAuthorizeFormSaysHowLongToWait() async throws {
    let world = try await TestWorld()
    try await world.user("alice")
    let (app, _) = try await world.app()
    try await world.test { client in
      func submit(_ password: String) async throws -> TestResponse {
        try await client.postSignedOut("/oauth2/authorize", [
          ("client_id", app.clientID), ("redirect_uri", "https://client.test/callback"), ("response_type", "code"),
          ("action", "submit"), ("userId", "alice"), ("passwd", password),
        ])
      }
      for _ in 0..<5 { #expect(try await submit("nope-nope").text.contains("账号或密码错误")) }
      let waiting = try await submit(TestWorld.password)
      #expect(waiting.status == .tooManyRequests && waiting.text.contains("尝试次数太多，请 1 秒后再试"))
      // Once the window passes, every miss is forgotten.
      world.clock.advance(16 * 60)
      #expect(try await submit(TestWorld.password).status == .found)
    }
  }
}
