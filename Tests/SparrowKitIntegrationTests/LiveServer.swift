import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import SparrowKit
import SparrowKitAHC
import SparrowServer
import SparrowTestSupport
import SparrowMedia
import Testing

/// A `TestWorld` served over real HTTP, on a free port, for clients that talk HTTP themselves.
struct LiveServer: Sendable {
  /// The world behind the server: its store, users, apps and clock.
  let world: TestWorld
  /// The server root, e.g. `http://localhost:54321`.
  let url: URL

  /// An API client for `url` on the AsyncHTTPClient transport.
  func client(token: String? = nil) -> SparrowClient {
    SparrowClient(baseURL: url, accessToken: token, transport: AsyncHTTPClientTransport())
  }

  /// A picture URL from the API (which names the configured public URL) pointed at this server instead.
  func local(_ pictureURL: String) throws -> URL {
    let path = try #require(URL(string: pictureURL)).path
    return url.appendingPathComponent(String(path.dropFirst()))
  }
}

/// Runs `body` against `world` served live (Hummingbird's `.live` testing), then removes the world's folder.
func withLiveServer<T: Sendable>(_ world: TestWorld, _ body: @Sendable (LiveServer) async throws -> T) async throws -> T {
  var logger = Logger(label: "sparrow-live-test")
  logger.logLevel = .warning
  do {
    let app = Application(
      responder: try await world.responder(), configuration: .init(address: .hostname("127.0.0.1", port: 0)),
      logger: logger)
    let result = try await app.test(.live) { client in
      let port = try #require(client.port)
      // The live test framework binds `localhost`; the client resolves it the same way.
      return try await body(LiveServer(world: world, url: URL(string: "http://localhost:\(port)")!))
    }
    await world.finish()
    return result
  } catch {
    await world.finish()
    throw error
  }
}

/// A user, a registered loopback app as `wb` uses, and the server, ready for a client.
struct Fixture: Sendable {
  let server: LiveServer
  let app: OAuthApp
  let alice: Int64

  /// The loopback redirect the terminal client registers.
  static let loopback = "http://127.0.0.1/callback"
}

/// A world with `alice` (and any `others`) and a first-party loopback app, served live.
func withFixture<T: Sendable>(others: [String] = [], firstParty: Bool = true, _ body: @Sendable (Fixture) async throws -> T)
  async throws -> T
{
  let world = try await TestWorld()
  let alice = try await world.user("alice")
  for name in others { try await world.user(name) }
  let (record, secret) = try await world.app(name: "Sparrow 终端", redirect: Fixture.loopback, firstParty: firstParty)
  let app = OAuthApp(clientID: record.clientID, clientSecret: secret, redirectURI: Fixture.loopback)
  return try await withLiveServer(world) { server in
    try await body(Fixture(server: server, app: app, alice: alice.id))
  }
}

/// What a browser does on the authorize page: load it, fill in `#userId` and `#passwd`, submit the form with
/// its hidden fields, and stop at the 302 instead of following it. Returns the redirect's `Location`.
func authorizeLikeABrowser(_ authorizeURL: URL, server: URL, username: String, password: String) async throws -> URL {
  try await AsyncHTTPClientTransport.withOwnedClient(configuration: .init(redirectConfiguration: .disallow)) { transport in
    let page = try await transport.send(TransportRequest(url: authorizeURL, method: "GET"))
    #expect(page.status == 200)
    let html = String(decoding: page.body, as: UTF8.self)
    #expect(html.contains("id=\"userId\""))
    #expect(html.contains("id=\"passwd\""))

    var fields = HTMLForm.hiddenFields(html)
    fields["userId"] = username
    fields["passwd"] = password
    fields["action"] = "submit"
    // The form's token goes with the cookie the page set.
    let cookie = try #require(page.header("Set-Cookie")?.split(separator: ";").first.map(String.init))
    let submitted = try await transport.send(TransportRequest(
      url: server.appendingPathComponent("oauth2/authorize"), method: "POST",
      headers: ["Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie],
      body: Data(FormEncoding.encode(fields).utf8)))

    #expect(submitted.status == 302)
    let location = try #require(submitted.header("Location"))
    return try #require(URL(string: location))
  }
}

/// Reads a page's form as a browser would, enough for the authorize page.
enum HTMLForm {
  /// `name` → `value` of every `<input type="hidden">`, entities decoded.
  static func hiddenFields(_ html: String) -> [String: String] {
    var fields: [String: String] = [:]
    for match in html.matches(of: #/<input\s+type="hidden"\s+name="([^"]*)"\s+value="([^"]*)"\s*/?>/#) {
      fields[decode(String(match.output.1))] = decode(String(match.output.2))
    }
    return fields
  }

  /// The entities a template engine writes into attributes.
  static func decode(_ text: String) -> String {
    var text = text
    for (entity, character) in [
      ("&quot;", "\""), ("&#39;", "'"), ("&#x27;", "'"), ("&#x2F;", "/"), ("&#x3D;", "="), ("&#x60;", "`"),
      ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&"),
    ] {
      text = text.replacingOccurrences(of: entity, with: character)
    }
    return text
  }
}

extension TransportResponse {
  /// A header by name, whatever its case.
  func header(_ name: String) -> String? {
    headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
  }
}

/// Small PNGs drawn with libvips, as a phone's photo would arrive.
enum TestPicture {
  /// A `size` × `size` PNG of one colour.
  static func png(colour: String = "#ff8200", size: Int = 64) throws -> Data {
    try ImageProcessor().render(
      svg: "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(size)\" height=\"\(size)\"><rect width=\"\(size)\" height=\"\(size)\" fill=\"\(colour)\"/></svg>",
      as: .png)
  }
}
