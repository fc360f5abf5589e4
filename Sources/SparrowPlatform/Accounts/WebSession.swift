import Foundation
import Hummingbird
import SparrowCore
import SparrowStore

/// The platform's web sign-in, shared by every app's web pages. The web pages are one first-party OAuth
/// client ("Sparrow 网页版", client id `sparrow-web`): `/web/login` goes through `/oauth2/authorize`, the code
/// is redeemed server-side for a session (a `.session` grant of the web app), and the cookie holds the
/// session's secret. It is not an API token: it works only on the web pages, and logging out deletes it.
package struct WebSession: Sendable {
  /// The fixed client id of the web pages' app, registered on first use.
  package static let clientID = "sparrow-web"
  static let appName = "Sparrow 网页版"
  /// Separate from the platform's `sparrow_session` (the authorize page's sign-in).
  package static let cookie = "sparrow_web"
  /// The OAuth `state` of a sign-in under way, and where to go after it.
  static let stateCookie = "sparrow_web_state"
  static let nextCookie = "sparrow_web_next"

  let deps: PlatformDependencies
  let oauth: OAuthController
  /// Where a sign-in lands when it did not say (the first app's welcome page).
  let landing: String

  package init(deps: PlatformDependencies, oauth: OAuthController, landing: String) {
    self.deps = deps
    self.oauth = oauth
    self.landing = landing
  }

  /// Where the web pages' sign-in comes back to on a server at `publicURL`.
  static func redirectURI(_ publicURL: String) -> String { publicURL + "/web/callback" }
  var redirectURI: String { Self.redirectURI(deps.config.publicURL) }

  /// The web pages' app, created the first time it is needed.
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

  /// The signed-in viewer of a request, or nil.
  package func viewer(_ request: Request) async throws -> Viewer? {
    guard let session = request.cookie(Self.cookie), !session.isEmpty,
      let grant = try await deps.store.grant(hash: Secrets.hash(session), kind: .session), grant.appID != 0,
      grant.expiresAt > deps.now(),
      let app = try await deps.store.apps(ids: [grant.appID])[grant.appID], app.clientID == Self.clientID,
      let user = try await deps.store.user(id: grant.userID)
    else { return nil }
    return Viewer(user: user, caller: Caller(userID: user.id, app: app), session: session,
                  csrf: Secrets.formToken(session: session, key: deps.config.formKey))
  }

  /// Redeems an authorization code issued to the web pages; returns the new session's secret.
  func redeem(code: String) async throws -> String? {
    let app = try await app()
    guard let grant = try await deps.store.takeGrant(hash: Secrets.hash(code), kind: .code), grant.appID == app.id,
      grant.expiresAt > deps.now(), grant.redirectURI == redirectURI
    else { return nil }
    let session = Secrets.random()
    let now = deps.now()
    try await deps.store.saveGrant(GrantRecord(
      hash: Secrets.hash(session), kind: .session, userID: grant.userID, appID: app.id, createdAt: now,
      expiresAt: now.addingTimeInterval(OAuthController.sessionLifetime)))
    return session
  }

  /// A `Set-Cookie` value: HttpOnly and SameSite=Lax, like every cookie of the web pages.
  package static func setCookie(_ name: String, _ value: String, maxAge: Int, path: String = "/") -> String {
    "\(name)=\(value); Path=\(path); Max-Age=\(maxAge); HttpOnly; SameSite=Lax"
  }

  // MARK: Routes

  /// `/web/login[?next=PATH]`, `/web/callback`, `/web/logout`.
  func register(on router: Router<SparrowContext>) {
    let session = self
    router.get("/web/login") { request, _ in
      try await session.login(next: OAuthController.safeNext(request.uri.queryParameters["next"].map(String.init)))
    }
    router.get("/web/callback") { request, _ in try await session.callback(request) }
    router.post("/web/logout") { request, context in try await session.logout(request, context) }
  }

  /// The page a sign-in starts from: to the authorize page, remembering `state` and where to return.
  package func login(next: String? = nil) async throws -> Response {
    let app = try await app()
    let state = Secrets.random(bytes: 16)
    let query = FormEncoding.encode(pairs: [
      ("client_id", app.clientID), ("redirect_uri", redirectURI), ("response_type", "code"), ("state", state),
    ])
    var cookies = [Self.setCookie(Self.stateCookie, state, maxAge: 600, path: "/web")]
    if let next { cookies.append(Self.setCookie(Self.nextCookie, FormEncoding.escape(next), maxAge: 600, path: "/web")) }
    return HTML.redirect("/oauth2/authorize?\(query)", cookies: cookies)
  }

  func callback(_ request: Request) async throws -> Response {
    var request = request
    let params = try await Params.read(&request, limit: 0)
    let clearState = Self.setCookie(Self.stateCookie, "", maxAge: 0, path: "/web")
    let clearNext = Self.setCookie(Self.nextCookie, "", maxAge: 0, path: "/web")
    guard let code = params["code"], let state = params["state"],
      let expected = request.cookie(Self.stateCookie), Secrets.equal(state, expected),
      let token = try await redeem(code: code)
    else { return HTML.redirect("/", cookies: [clearState, clearNext]) }
    let cookie = Self.setCookie(Self.cookie, token, maxAge: Int(OAuthController.sessionLifetime))
    let next = request.cookie(Self.nextCookie).flatMap(FormEncoding.unescape).flatMap(OAuthController.safeNext)
    return HTML.redirect(next ?? landing, cookies: [clearState, clearNext, cookie])
  }

  func logout(_ request: Request, _ context: SparrowContext) async throws -> Response {
    var request = request
    let params = try await Params.read(&request, limit: 64 * 1024)
    guard let viewer = try await viewer(request), viewer.accepts(params["csrf"]) else {
      return HTML.redirect(OAuthController.safeNext(params["next"]) ?? "/", cookies: [Self.setCookie(Self.cookie, "", maxAge: 0)])
    }
    // Ends both sign-ins of this browser: the web pages' session and the platform's (the authorize page's), so on
    // a shared computer the next person is not one click from the account.
    _ = try await deps.store.takeGrant(hash: Secrets.hash(viewer.session), kind: .session)
    if let platform = request.cookie(OAuthController.sessionCookie), !platform.isEmpty {
      _ = try await deps.store.takeGrant(hash: Secrets.hash(platform), kind: .session)
    }
    return HTML.redirect(OAuthController.safeNext(params["next"]) ?? "/",
                         cookies: [Self.setCookie(Self.cookie, "", maxAge: 0), OAuthController.cookie("", maxAge: 0)])
  }
}

/// Who is looking at a web page.
package struct Viewer: Sendable {
  package let user: UserRecord
  package let caller: Caller
  /// The secret of the web session (the cookie's value).
  package let session: String
  /// The token every form and state-changing fetch carries.
  package let csrf: String

  package func accepts(_ token: String?) -> Bool {
    guard let token else { return false }
    return Secrets.equal(token, csrf)
  }
}
