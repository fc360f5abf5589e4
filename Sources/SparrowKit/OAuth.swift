import Crypto
import Foundation

/// An app registered with the server: what OAuth needs to know about the client.
public struct OAuthApp: Sendable, Equatable {
  /// The AppKey.
  public var clientID: String
  /// The AppSecret; empty for a public (native) client, which keeps none and uses `PKCE` instead.
  public var clientSecret: String
  /// The callback registered for the app, e.g. `https://example.org/callback` or `…/oauth2/default.html`.
  public var redirectURI: String

  public init(clientID: String, clientSecret: String, redirectURI: String) {
    self.clientID = clientID
    self.clientSecret = clientSecret
    self.redirectURI = redirectURI
  }

  /// `wb`, the public client every Sparrow server registers by itself: no key to copy, PKCE on a loopback redirect.
  public static func terminal(redirectURI: String) -> OAuthApp {
    OAuthApp(clientID: "sparrow-wb", clientSecret: "", redirectURI: redirectURI)
  }
}

/// Proof Key for Code Exchange (RFC 7636, S256): the authorize request carries `challenge`, the token request
/// `verifier`, so a code intercepted on the way back is useless to anyone else.
public struct PKCE: Sendable, Equatable {
  /// 32 random bytes, base64url: 43 characters.
  public let verifier: String

  /// A fresh verifier.
  public init() {
    var generator = SystemRandomNumberGenerator()
    self.init(verifier: Self.base64URL(Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })))
  }

  public init(verifier: String) { self.verifier = verifier }

  /// BASE64URL(SHA256(verifier)).
  public var challenge: String { Self.base64URL(Data(SHA256.hash(data: Data(verifier.utf8)))) }

  static func base64URL(_ data: Data) -> String {
    data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }
}

/// The OAuth 2 flow of `/oauth2/*`: the authorize page URL, its callback, and the token calls.
public enum OAuth {
  /// The authorize page to open in a web view: `oauth2/authorize?client_id=…&redirect_uri=…&response_type=code`.
  public static func authorizeURL(
    server: URL, app: OAuthApp, state: String? = nil, forceLogin: Bool = false, scope: [String] = [],
    display: String? = nil, pkce: PKCE? = nil
  ) -> URL? {
    let parameters = Parameters.make(
      [
        "state": state, "forcelogin": forceLogin ? "true" : nil, "scope": scope.isEmpty ? nil : scope.joined(separator: ","),
        "display": display, "code_challenge": pkce?.challenge, "code_challenge_method": pkce.map { _ in "S256" },
      ], ["client_id": app.clientID, "redirect_uri": app.redirectURI, "response_type": "code"])
    var base = server.absoluteString
    if !base.hasSuffix("/") { base += "/" }
    return URL(string: base + "oauth2/authorize?" + FormEncoding.encode(parameters))
  }

  /// Whether a URL the web view is about to load is the app's callback (scheme, host, port and path match).
  public static func isCallback(_ url: URL, app: OAuthApp) -> Bool {
    guard let redirect = URLComponents(string: app.redirectURI), let candidate = URLComponents(url: url, resolvingAgainstBaseURL: true)
    else { return false }
    return candidate.scheme?.lowercased() == redirect.scheme?.lowercased()
      && candidate.host?.lowercased() == redirect.host?.lowercased() && candidate.port == redirect.port
      && normalised(candidate.path) == normalised(redirect.path)
  }

  /// The code from the callback `redirect_uri?code=…&state=…`. Throws `.authorizationCancelled` for the
  /// cancel redirect (21330), `.server` for other OAuth errors, `.stateMismatch` when `state` differs from
  /// `expectedState`, and `.invalidCallback` when there is no code.
  public static func code(fromCallback url: URL, expectedState: String?) throws -> String {
    let items = URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems ?? []
    func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
    if let error = value("error") ?? value("error_code") {
      let code = value("error_code").flatMap { Int($0) }
      if code == 21330 || error == "access_denied" { throw APIError.authorizationCancelled }
      throw APIError.server(
        code: code ?? 21323,
        message: value("error_description").map { $0.replacingOccurrences(of: "+", with: " ") } ?? error, httpStatus: 302,
        request: value("error_uri") ?? "/oauth2/authorize")
    }
    guard let code = value("code"), !code.isEmpty else { throw APIError.invalidCallback(url.absoluteString) }
    if let expectedState, value("state") != expectedState { throw APIError.stateMismatch }
    return code
  }

  /// Exchanges an authorization code for a token; `pkce` is the one the authorize URL carried.
  public static func accessToken(code: String, app: OAuthApp, pkce: PKCE? = nil) -> Endpoint<AccessToken> {
    var fields = ["code": code, "redirect_uri": app.redirectURI]
    if let pkce { fields["code_verifier"] = pkce.verifier }
    return token(app, grant: "authorization_code", fields)
  }

  /// Logs in with a screen name and password (the password grant).
  public static func accessToken(username: String, password: String, app: OAuthApp) -> Endpoint<AccessToken> {
    token(app, grant: "password", ["username": username, "password": password])
  }

  /// A new token for a refresh token.
  public static func refresh(_ refreshToken: String, app: OAuthApp) -> Endpoint<AccessToken> {
    token(app, grant: "refresh_token", ["refresh_token": refreshToken])
  }

  /// Revokes a token (logout on the server).
  public static func revoke(_ accessToken: String) -> Endpoint<ResultFlag> {
    Endpoint(method: .post, path: "oauth2/revokeoauth2", form: ["access_token": accessToken], sendsToken: false)
  }

  /// Who a token belongs to and how long it has left.
  public static func tokenInfo(_ accessToken: String) -> Endpoint<TokenInfo> {
    Endpoint(method: .post, path: "oauth2/get_token_info", form: ["access_token": accessToken], sendsToken: false)
  }

  private static func token(_ app: OAuthApp, grant: String, _ fields: [String: String]) -> Endpoint<AccessToken> {
    var form = fields.merging(["client_id": app.clientID, "grant_type": grant]) { $1 }
    if !app.clientSecret.isEmpty { form["client_secret"] = app.clientSecret }
    return Endpoint(method: .post, path: "oauth2/access_token", form: form, sendsToken: false)
  }

  private static func normalised(_ path: String) -> String {
    path.hasSuffix("/") ? String(path.dropLast()) : path
  }
}
