import ArgumentParser
import Foundation
import SparrowKit
import SparrowKitAHC

/// `wb login`: the browser flow on a loopback redirect, or the password grant with `--username`.
struct Login: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Log in: in a browser (authorization code on a loopback redirect), or with --username/--password.",
    discussion: """
      Without --username, wb listens on a free port of 127.0.0.1, prints the
      authorize page's URL (and opens it when a browser is at hand), and waits
      for the redirect to http://127.0.0.1:<port>/callback. The code is bound
      to this login with PKCE.

      With --username (and --password, or typed at the prompt) wb uses the
      password grant, which the server allows first-party apps only.

      By default wb is the server's own terminal client (sparrow-wb), which
      every Sparrow registers by itself: no app key to copy. Another app's key
      (and its secret, if it has one) can be given with --client-id and
      --client-secret, or WB_CLIENT_ID and WB_CLIENT_SECRET.
      """)

  @Option(help: "The server, e.g. http://127.0.0.1:8080 (default: $WB_SERVER, else the saved one).")
  var server: String?
  @Option(help: "Log in with this screen name and the password grant.")
  var username: String?
  @Option(help: "The password for --username (asked for when left out).")
  var password: String?
  @Option(help: "The app key (default: $WB_CLIENT_ID).")
  var clientId: String?
  @Option(help: "The app secret (default: $WB_CLIENT_SECRET).")
  var clientSecret: String?
  @Flag(help: "Only print the authorize URL; do not try to open a browser.")
  var noBrowser = false
  @Option(help: "Seconds to wait for the browser.")
  var timeout = 300
  @OptionGroup var config: ConfigOptions

  func run() async throws {
    try await Failure.reporting { try await login() }
  }

  private func login() async throws {
    let environment = ProcessInfo.processInfo.environment
    let session = config.session
    guard let serverText = server ?? environment["WB_SERVER"].flatMap({ $0.isEmpty ? nil : $0 }) ?? session.settings()?.server
    else { throw WBError.missingServer }
    let serverURL = try Self.serverURL(serverText)
    let given = clientId ?? environment["WB_CLIENT_ID"]
    let clientID = given.flatMap { $0.isEmpty ? nil : $0 } ?? OAuthApp.terminal(redirectURI: "").clientID
    // The terminal client keeps no secret; another app's comes with its key.
    let secret = given == nil ? "" : (clientSecret ?? environment["WB_CLIENT_SECRET"] ?? "")
    let client = SparrowClient(baseURL: serverURL, transport: AsyncHTTPClientTransport())

    let token: AccessToken
    if let username {
      guard let password = password ?? Prompt.line("密码: ", secret: true), !password.isEmpty else {
        throw WBError.usage("缺少密码：用 --password 提供")
      }
      let app = OAuthApp(clientID: clientID, clientSecret: secret, redirectURI: "")
      token = try await client.send(OAuth.accessToken(username: username, password: password, app: app))
    } else {
      token = try await browserLogin(server: serverURL, client: client, clientID: clientID, secret: secret)
    }

    var account = try Account(token: token, now: Date())
    await client.setAccessToken(account.accessToken)
    // The name is a nicety: a login that cannot fetch it is still a login.
    if let user = try? await client.send(Users.show(.id(account.uid))) { account = account.with(user: user) }
    try session.accounts.save(account)
    try session.save(Settings(server: serverURL.absoluteString, clientID: clientID))
    Terminal.print("已登录：\(account.screenName ?? String(account.uid))（uid \(account.uid)）@ \(serverURL.absoluteString)")
  }

  private func browserLogin(server: URL, client: SparrowClient, clientID: String, secret: String) async throws -> AccessToken {
    let listener = try LoopbackListener()
    defer { listener.stop() }
    let app = OAuthApp(clientID: clientID, clientSecret: secret, redirectURI: listener.redirectURI())
    let state = Self.randomState()
    let pkce = PKCE()
    guard let url = OAuth.authorizeURL(server: server, app: app, state: state, pkce: pkce) else {
      throw APIError.invalidRequest(server.absoluteString)
    }
    Terminal.printNow("在浏览器中打开以下地址登录：\n\(url.absoluteString)")
    if !noBrowser { Browser.open(url) }
    Terminal.printNow("等待授权…")
    let callback = try await listener.callback(state: state, timeout: .seconds(max(timeout, 1)))
    let code = try OAuth.code(fromCallback: callback, expectedState: state)
    return try await client.send(OAuth.accessToken(code: code, app: app, pkce: pkce))
  }

  /// The server root from what was typed: `http://` is added when no scheme is given; no trailing slash.
  static func serverURL(_ text: String) throws -> URL {
    var text = text.trimmingCharacters(in: .whitespaces)
    if !text.contains("://") { text = "http://" + text }
    while text.hasSuffix("/") { text.removeLast() }
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil
    else { throw WBError.usage("服务器地址无效：\(text)") }
    return url
  }

  /// 128 random bits, hex: ties the callback to this login.
  static func randomState() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
  }
}
