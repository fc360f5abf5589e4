import Foundation
import Hummingbird
import SparrowStore

/// The web client's sign-in: it is a first-party OAuth client ("Sparrow 网页版", client id `sparrow-web`),
/// and its session cookie holds the access token the authorization code was exchanged for.
struct WebSession: Sendable {
  /// The fixed client id of the web client's app, registered on first use.
  static let clientID = "sparrow-web"
  static let appName = "Sparrow 网页版"
  /// Separate from the platform's `sparrow_session` (the authorize page's sign-in).
  static let cookie = "sparrow_web"
  /// The OAuth `state` of a sign-in under way.
  static let stateCookie = "sparrow_web_state"

  let deps: Dependencies

  var redirectURI: String { deps.config.publicURL + "/web/callback" }

  /// The web client's app, created the first time it is needed.
  func app() async throws -> AppRecord {
    if let app = try await deps.store.app(clientID: Self.clientID) { return app }
    let now = deps.now()
    // The code is redeemed in-process, so the secret is never used; it is random and forgotten.
    let app = AppRecord(
      id: deps.ids.next(at: now), clientID: Self.clientID, secretHash: Secrets.hash(Secrets.random()),
      name: Self.appName, url: deps.config.publicURL, redirectURI: redirectURI, firstParty: true, createdAt: now)
    do {
      try await deps.store.createApp(app)
    } catch StoreError.conflict {
      // Another request registered it first.
      if let app = try await deps.store.app(clientID: Self.clientID) { return app }
      throw StoreError.conflict
    }
    return app
  }

  /// The signed-in viewer and the session token, or nil.
  func viewer(_ request: Request) async throws -> WebViewer? {
    guard let token = request.cookies[Self.cookie]?.value, !token.isEmpty else { return nil }
    let caller: Caller
    do {
      caller = try await Authenticator(store: deps.store).caller(token: token, now: deps.now())
    } catch is WeiboError {
      return nil
    }
    guard caller.app?.clientID == Self.clientID, let user = try await deps.store.user(id: caller.userID) else {
      return nil
    }
    return WebViewer(user: user, caller: caller, token: token,
                     csrf: Secrets.formToken(session: token, key: deps.config.formKey))
  }

  /// Redeems an authorization code issued to the web client; returns the new access token.
  func redeem(code: String, oauth: OAuthController) async throws -> String? {
    let app = try await app()
    guard let grant = try await deps.store.takeGrant(hash: Secrets.hash(code), kind: .code), grant.appID == app.id,
      grant.expiresAt > deps.now(), OAuthController.redirectMatches(grant.redirectURI, registered: app.redirectURI)
    else { return nil }
    return try await oauth.issueTokens(userID: grant.userID, app: app, withRefresh: false).accessToken
  }

  /// A `Set-Cookie` value: HttpOnly and SameSite=Lax, like every cookie of the web client.
  static func setCookie(_ name: String, _ value: String, maxAge: Int, path: String = "/") -> String {
    "\(name)=\(value); Path=\(path); Max-Age=\(maxAge); HttpOnly; SameSite=Lax"
  }
}

/// Who is looking at a web page.
struct WebViewer: Sendable {
  let user: UserRecord
  let caller: Caller
  let token: String
  /// The token every form and state-changing fetch carries.
  let csrf: String

  func accepts(_ token: String?) -> Bool {
    guard let token else { return false }
    return Secrets.equal(token, csrf)
  }
}
