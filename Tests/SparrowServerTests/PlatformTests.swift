import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SparrowPlatform
import SparrowStore
import SparrowTestSupport
import Testing

/// The platform's shell: what every app gets whatever it is.
@Suite struct PlatformTests {
  @Test func theFaviconIsAnIconHoldingAPNG() async throws {
    let world = try await TestWorld()

    try await world.test { client in
      let icon = try await client.get("/favicon.ico")

      #expect(icon.status == .ok)
      #expect(icon.headers[.contentType] == "image/x-icon")
      let bytes = [UInt8](icon.body.readableBytesView)
      #expect(Array(bytes.prefix(6)) == [0, 0, 1, 0, 1, 0])
      #expect(Array(bytes[22..<26]) == [0x89, 0x50, 0x4E, 0x47])
    }
  }

  @Test func everyResponseForbidsSniffingAndForeignReferrers() async throws {
    let world = try await TestWorld()

    try await world.test { client in
      for path in [
        "/healthz", "/2/statuses/public_timeline.json", "/oauth2/authorize", "/", "/nowhere", "/favicon.ico",
        "/static/web.css", "/pics/large/missing.jpg",
      ] {
        let response = try await client.get(path)

        #expect(response.headers[.init("X-Content-Type-Options")!] == "nosniff", "\(path)")
        #expect(response.headers[.init("Referrer-Policy")!] == "same-origin", "\(path)")
      }
    }
  }

  /// The platform's pages run no inline script and carry the web client's strict policy; the authorize form
  /// may end only at its app's own origin.
  @Test func platformPagesHaveTheStrictPolicy() async throws {
    let world = try await TestWorld(demoLogin: true)
    let (app, _) = try await world.app()

    try await world.test { client in
      for path in [
        "/signup", "/oauth2/default.html?code=1", "/oauth2/authorize?client_id=\(app.clientID)", "/oauth2/authorize",
        "/oauth2/authorize?client_id=sparrow-wb&redirect_uri=http%3A%2F%2F127.0.0.1%3A4711%2Fcallback&code_challenge=\(String(repeating: "a", count: 43))&code_challenge_method=S256",
      ] {
        let page = try await client.get(path)
        let policy = try #require(page.headers[.init("Content-Security-Policy")!], "\(path)")
        #expect(policy.contains("script-src 'self';"), "\(path)")
        #expect(!policy.contains("script-src 'unsafe-inline'") && !policy.contains("default-src 'none'"), "\(path)")
        #expect(!page.text.contains("<script>"), "\(path)")
        #expect(page.headers[.init("Referrer-Policy")!] == "same-origin", "\(path)")
        #expect(page.headers[.init("X-Frame-Options")!] == "DENY", "\(path)")
      }
      let authorize = try await client.get("/oauth2/authorize?client_id=\(app.clientID)")
      #expect(authorize.headers[.init("Content-Security-Policy")!]?.hasSuffix("form-action 'self' https://client.test") == true)
      let script = try #require(authorize.text.firstMatch(of: #/<script type="module" src="([^"]+)">/#)?.output.1)
      #expect(try await client.get(String(script)).text.contains("getElementById(\"fill\")"))
      let native = try await client.get(
        "/oauth2/authorize?client_id=sparrow-wb&redirect_uri=http%3A%2F%2F127.0.0.1%3A4711%2Fcallback&code_challenge=\(String(repeating: "a", count: 43))&code_challenge_method=S256")
      #expect(native.headers[.init("Content-Security-Policy")!]?.hasSuffix("form-action 'self' http://127.0.0.1:*") == true)
    }
    #expect(HTML.Policy.redirecting(to: "wb123://auth?x=1", anyPort: false).formTargets == ["wb123:"])
    #expect(HTML.Policy.redirecting(to: "https://a.test;script-src *", anyPort: false).formTargets == ["*"])
  }

  @Test func aWebFormWithAForeignTokenGetsAPageNotJSON() async throws {
    let world = try await TestWorld()
    try await world.user("alice")

    try await world.test { client in
      let cookie = try await client.sessionCookie("alice")
      var headers = cookieHeader(cookie)

      let page = try await client.post("/u/1/follow", [("csrf", "forged")], headers: headers)
      headers[.init("X-Fragment")!] = "1"
      let fragment = try await client.post("/u/1/follow", [("csrf", "forged")], headers: headers)

      #expect(page.status == .forbidden)
      #expect(page.headers[.contentType] == "text/html; charset=utf-8")
      #expect(page.text.contains("页面已过期"))
      #expect(page.text.contains("nav-back"))
      #expect(fragment.status == .forbidden)
      #expect(fragment.text == "页面已过期，请刷新后重试")
    }
  }

  @Test func anOversizedWebFormIsRefusedWithAPage() async throws {
    let world = try await TestWorld()

    try await world.test { client in
      let big = String(repeating: "字", count: 40_000)

      let response = try await client.post("/web/like", [("id", "1"), ("text", big)])

      #expect(response.status == .contentTooLarge)
      #expect(response.headers[.contentType] == "text/html; charset=utf-8")
      #expect(response.text.contains("内容太大了"))
    }
  }

  @Test func aWebSignInReturnsWhereItWasAskedTo() async throws {
    let world = try await TestWorld()
    try await world.user("alice")

    try await world.test { client in
      let login = try await client.get("/web/login?next=/me/favorites")
      let foreign = try await client.get("/web/login?next=//evil.example/")

      #expect(login.headers[values: .setCookie].contains { $0.hasPrefix("sparrow_web_next=%2Fme%2Ffavorites;") })
      #expect(!foreign.headers[values: .setCookie].contains { $0.hasPrefix("sparrow_web_next=") })
    }
  }
}

/// 退出登录 ends this browser's sign-ins, the web pages' and the authorize page's; the web cookie was never an API
/// token.
@Test func loggingOutEndsBothSignInsAndTheWebCookieIsNoToken() async throws {
  let world = try await TestWorld()
  try await world.user("alice")
  try await world.test { client in
    // Sign in through the authorize form: it leaves both cookies.
    let login = try await client.get("/web/login")
    let location = try #require(login.headers[.location])
    let state = try #require(URLComponents(string: location)?.queryItems?.first { $0.name == "state" }?.value)
    let stateCookie = try #require(login.headers[.setCookie]?.split(separator: ";").first.map(String.init))
    let granted = try await client.postSignedOut("/oauth2/authorize", [
      ("client_id", "sparrow-web"), ("redirect_uri", "http://sparrow.test/web/callback"), ("response_type", "code"),
      ("state", state), ("action", "submit"), ("userId", "alice"), ("passwd", TestWorld.password),
    ])
    let platform = try #require(granted.headers[values: .setCookie].first { $0.hasPrefix("sparrow_session=") })
      .split(separator: ";")[0]
    let callback = try #require(granted.headers[.location]).replacingOccurrences(of: "http://sparrow.test", with: "")
    let done = try await client.get(callback, headers: cookieHeader(stateCookie))
    let web = try #require(done.headers[values: .setCookie].first { $0.hasPrefix("sparrow_web=") }).split(separator: ";")[0]
    let both = cookieHeader("\(web); \(platform)")

    // The web cookie opens the web pages only.
    let secret = String(web.dropFirst("sparrow_web=".count))
    #expect(try await client.get("/2/statuses/home_timeline.json", token: secret).errorCode != nil)
    let home = try await client.get("/", headers: both)
    let csrf = try pageCSRF(home)
    let authorize = "/oauth2/authorize?client_id=sparrow-web&redirect_uri=http%3A%2F%2Fsparrow.test%2Fweb%2Fcallback&response_type=code"
    #expect(try await client.get(authorize, headers: both).text.contains("alice"))

    let out = try await client.post("/web/logout", [("csrf", csrf)], headers: both)
    #expect(out.status == .seeOther)
    #expect(out.headers[values: .setCookie].contains { $0.hasPrefix("sparrow_web=;") && $0.contains("Max-Age=0") })
    #expect(out.headers[values: .setCookie].contains { $0.hasPrefix("sparrow_session=;") && $0.contains("Max-Age=0") })

    // Even a browser that kept the old cookies is signed out of both.
    #expect(try await client.get("/", headers: both).text.contains("data-csrf") == false)
    #expect(try await client.get(authorize, headers: both).text.contains("alice") == false)
  }
}

/// Behind an https public URL every cookie is Secure and HSTS is on; over plain http neither (it would break).
@Test(arguments: ["https://sparrow.test", "http://sparrow.test"])
func cookiesAreSecureBehindHTTPS(_ publicURL: String) async throws {
  let world = try await TestWorld(publicURL: publicURL)
  try await world.test { client in
    let login = try await client.get("/web/login")
    let cookies = login.headers[values: .setCookie]
    #expect(!cookies.isEmpty)
    let https = publicURL.hasPrefix("https")
    #expect(cookies.allSatisfy { $0.hasSuffix("; Secure") == https })
    #expect((login.headers[.strictTransportSecurity] != nil) == https)
    // The authorize page cannot be framed either way.
    let authorize = try await client.get("/oauth2/authorize?client_id=sparrow-wb")
    #expect(authorize.headers[.init("X-Frame-Options")!] == "DENY")
    #expect(authorize.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true)
  }
}
