import Foundation

/// An app registered with the server: what OAuth needs to know about the client.
public struct OAuthApp: Sendable, Equatable {
  /// The AppKey.
  public var clientID: String
  /// The AppSecret.
  public var clientSecret: String
  /// The callback registered for the app, e.g. `https://example.org/callback` or `…/oauth2/default.html`.
  public var redirectURI: String

  public init(clientID: String, clientSecret: String, redirectURI: String) {
    self.clientID = clientID
    self.clientSecret = clientSecret
    self.redirectURI = redirectURI
  }
}

/// The OAuth 2 flow of `/oauth2/*`: the authorize page URL, its callback, and the token calls.
public enum OAuth {
  /// The authorize page to open in a web view: `oauth2/authorize?client_id=…&redirect_uri=…&response_type=code`.
  public static func authorizeURL(
    server: URL, app: OAuthApp, state: String? = nil, forceLogin: Bool = false, scope: [String] = [],
    display: String? = nil
  ) -> URL? {
    let parameters = Parameters.make(
      [
        "state": state, "forcelogin": forceLogin ? "true" : nil, "scope": scope.isEmpty ? nil : scope.joined(separator: ","),
        "display": display,
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

  /// Exchanges an authorization code for a token.
  public static func accessToken(code: String, app: OAuthApp) -> Endpoint<AccessToken> {
    token(app, grant: "authorization_code", ["code": code, "redirect_uri": app.redirectURI])
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
    Endpoint(
      method: .post, path: "oauth2/access_token",
      form: fields.merging(["client_id": app.clientID, "client_secret": app.clientSecret, "grant_type": grant]) { $1 },
      sendsToken: false)
  }

  private static func normalised(_ path: String) -> String {
    path.hasSuffix("/") ? String(path.dropLast()) : path
  }
}
