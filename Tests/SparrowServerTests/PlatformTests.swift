import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SparrowStore
import SparrowTestSupport
import Testing

/// The platform's shell: what every app gets whatever it is.
@Suite struct PlatformTests {
  @Test func theFaviconIsAnIconHoldingAPNG() async throws {
    let world = try TestWorld()

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
    let world = try TestWorld()

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

  @Test func aWebFormWithAForeignTokenGetsAPageNotJSON() async throws {
    let world = try TestWorld()
    try await world.user("alice")

    try await world.test { client in
      let cookie = try await WebTests.signIn(client, "alice")
      var headers = WebTests.cookie(cookie)

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
    let world = try TestWorld()

    try await world.test { client in
      let big = String(repeating: "字", count: 40_000)

      let response = try await client.post("/web/like", [("id", "1"), ("text", big)])

      #expect(response.status == .contentTooLarge)
      #expect(response.headers[.contentType] == "text/html; charset=utf-8")
      #expect(response.text.contains("内容太大了"))
    }
  }

  @Test func aWebSignInReturnsWhereItWasAskedTo() async throws {
    let world = try TestWorld()
    try await world.user("alice")

    try await world.test { client in
      let login = try await client.get("/web/login?next=/me/favorites")
      let foreign = try await client.get("/web/login?next=//evil.example/")

      #expect(login.headers[values: .setCookie].contains { $0.hasPrefix("sparrow_web_next=%2Fme%2Ffavorites;") })
      #expect(!foreign.headers[values: .setCookie].contains { $0.hasPrefix("sparrow_web_next=") })
    }
  }
}
