import Foundation
import Hummingbird
import SparrowCore
import SparrowStore

/// `/oauth2/*` as the open platform does it, plus the platform's sign-in session and `/signup`.
package struct OAuthController: Sendable {
  let deps: PlatformDependencies
  let pages: TemplateLibrary
  let assets: StaticAssets
  let rates: RateLimiter
  let scopes: ScopeCatalog

  static let sessionCookie = "sparrow_session"
  /// The signed-out forms' cookie (sign-in, sign-up): see `signedOutForm(_:)`.
  static let formCookie = "sparrow_form"
  static let codeLifetime: TimeInterval = 600
  static let sessionLifetime: TimeInterval = 30 * 24 * 3600

  var store: any PlatformStore { deps.store }
  var throttle: SignInThrottle { SignInThrottle(store: deps.store, now: deps.now) }

  // MARK: Authorize

  /// What an authorize request names: the app, its redirect URI and the scopes asked beyond the default ones.
  struct Client {
    let app: AppRecord
    let redirect: String
    let asked: [Scope]
  }

  /// The callback an app registered. The web pages' is wherever this server is now (`--public-url`, or its host
  /// and port), so the same data served at another address still signs in.
  func registeredRedirect(_ app: AppRecord) -> String {
    app.clientID == WebSession.clientID && app.firstParty ? WebSession.redirectURI(deps.config.publicURL) : app.redirectURI
  }

  /// The app, redirect URI and scopes of an authorize request, or the error page to show instead.
  private func client(_ params: Params) async throws -> Result<Client, ErrorPage> {
    guard let clientID = params["client_id"] else {
      return .failure(ErrorPage(title: "授权失败", message: "缺少 client_id 参数", code: 21323))
    }
    guard let app = try await store.app(clientID: clientID) else {
      return .failure(ErrorPage(title: "授权失败", message: "应用不存在（client_id 无效）", code: 21324))
    }
    // An app registered through `POST /api/v1/apps` may name several callbacks, one per line.
    let registered = registeredRedirect(app).split(whereSeparator: \.isNewline).map(String.init)
    let redirect = params["redirect_uri"] ?? registered.first ?? ""
    guard registered.contains(where: { Self.redirectMatches(redirect, registered: $0, anyLoopbackPort: app.isPublic) }) else {
      return .failure(ErrorPage(title: "授权失败", message: "redirect_uri 与应用登记的回调地址不一致", code: 21322))
    }
    // PKCE (RFC 7636): S256 only; a public client, which has no secret, must use it and the code flow.
    if let challenge = params["code_challenge"] {
      guard params["code_challenge_method"] == "S256" else {
        return .failure(ErrorPage(title: "授权失败", message: "code_challenge_method 只支持 S256", code: 21323))
      }
      guard (43...128).contains(challenge.count), challenge.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_".contains($0)) })
      else { return .failure(ErrorPage(title: "授权失败", message: "code_challenge 格式不对", code: 21323)) }
    } else if app.isPublic {
      return .failure(ErrorPage(title: "授权失败", message: "这个应用必须使用 PKCE（code_challenge）", code: 21323))
    }
    if app.isPublic, params["response_type"] == "token" {
      return .failure(ErrorPage(title: "授权失败", message: "这个应用只能用授权码方式登录", code: 21329))
    }
    let asked = scopes.asked(params["scope"])
    let unregistered = app.firstParty ? [] : scopes.unregistered(asked, registered: app.scopes)
    guard unregistered.isEmpty else {
      let names = unregistered.map(\.name).joined(separator: ", ")
      return .failure(ErrorPage(title: "授权失败", message: "应用没有登记这些权限：\(names)", code: 21323))
    }
    return .success(Client(app: app, redirect: redirect, asked: asked))
  }

  /// Hosts a native app's loopback callback may name (RFC 8252 §7.3).
  static let loopbackHosts: Set<String> = ["127.0.0.1", "localhost", "[::1]", "::1"]

  /// Exact match; for a public (native) client, a loopback HTTP callback may use any port (RFC 8252 §7.3), as
  /// terminal clients must. A web app's redirect is always exact.
  static func redirectMatches(_ given: String, registered: String, anyLoopbackPort: Bool) -> Bool {
    if given == registered { return true }
    guard anyLoopbackPort else { return false }
    guard let a = URLComponents(string: given), let b = URLComponents(string: registered),
      a.scheme == "http", b.scheme == "http", let hostA = a.host, let hostB = b.host,
      loopbackHosts.contains(hostA), hostA == hostB
    else { return false }
    return a.path == b.path && a.query == b.query && a.fragment == nil
  }

  func authorizePage(_ request: Request, params: Params, error: String? = nil, status: HTTPResponse.Status = .ok)
    async throws -> Response
  {
    let asking: Client
    switch try await client(params) {
    case .failure(let page): return pages.error(page)
    case .success(let found): asking = found
    }
    let responseType = params["response_type"] ?? "code"
    guard responseType == "code" || responseType == "token" else {
      return pages.error(ErrorPage(title: "授权失败", message: "不支持的 response_type", code: 21329))
    }
    var account: String?
    let csrf: String
    var headers = HTTPFields()
    if params["forcelogin"] != "true", let (user, session) = try await signedIn(request) {
      account = user.screenName
      csrf = Secrets.formToken(session: session, key: deps.config.formKey)
    } else {
      let form = signedOutForm(request)
      csrf = form.token
      if let cookie = form.setCookie { headers[.setCookie] = cookie }
    }
    let page = AuthorizePage(
      app: asking.app, params: params, redirectURI: asking.redirect,
      consent: scopes.consent(granting: asking.asked.map(\.name)), responseType: responseType,
      path: request.uri.path, query: request.uri.query, error: error, account: account, csrf: csrf,
      demo: deps.config.demoLogin, demoScript: assets.url("demo-fill.js"))
    let anyPort = asking.app.isPublic && URLComponents(string: asking.redirect)?.host.map(Self.loopbackHosts.contains) == true
    let policy: HTML.Policy = asking.redirect == Self.outOfBand ? .strict : .redirecting(to: asking.redirect, anyPort: anyPort)
    return pages.render("authorize", page, status: status, headers: headers, policy: policy)
  }

  func authorizeSubmit(_ request: Request, params: Params, address: String?) async throws -> Response {
    let app: AppRecord
    let redirect: String
    let granted: [String]
    switch try await client(params) {
    case .failure(let page): return pages.error(page)
    case .success(let found): (app, redirect, granted) = (found.app, found.redirect, found.asked.map(\.name))
    }
    let state = params["state"]
    // Out of band (RFC 8252's old `oob`): the code is shown on this site's page, to be copied into the app.
    let landing = redirect == Self.outOfBand ? "/oauth2/default.html" : redirect
    if params["action"] == "cancel" {
      var query = [
        ("error_uri", "/oauth2/authorize"), ("error", "access_denied"),
        ("error_description", "user denied your request."), ("error_code", "21330"),
      ]
      if let state { query.append(("state", state)) }
      return Self.redirect(to: landing, query: query)
    }
    var userID: Int64
    var newSession: String?
    if let account = params["userId"] {
      guard signedOutFormAccepted(request, params) else {
        return try await authorizePage(request, params: params, error: Self.staleForm, status: .forbidden)
      }
      do {
        try await throttle.check(account: account, address: address)
      } catch let wait as SignInThrottle.Wait {
        return try await authorizePage(request, params: params, error: wait.message, status: .tooManyRequests)
      }
      guard let user = try await store.user(screenName: account),
        Secrets.verifyPassword(params["passwd"] ?? "", hash: user.passwordHash)
      else {
        try await throttle.failed(account: account, address: address)
        return try await authorizePage(request, params: params, error: "账号或密码错误", status: .ok)
      }
      try await throttle.succeeded(account: account)
      // Told only to whoever knows the password, so a suspension is not revealed to a guesser.
      if let suspension = try await store.suspension(userID: user.id) {
        return try await authorizePage(request, params: params, error: Self.suspended(suspension), status: .forbidden)
      }
      userID = user.id
      newSession = try await startSession(userID: user.id)
    } else if let (user, session) = try await signedIn(request),
      let token = params["csrf"], Secrets.equal(token, Secrets.formToken(session: session, key: deps.config.formKey))
    {
      userID = user.id
    } else {
      return try await authorizePage(request, params: params, error: "请输入账号和密码")
    }
    var headers = HTTPFields()
    if let newSession { headers[.setCookie] = Self.cookie(newSession, maxAge: Int(Self.sessionLifetime)) }
    if params["response_type"] == "token" {
      let token = try await issueTokens(userID: userID, app: app, scopes: granted, withRefresh: false)
      var fragment = [
        ("access_token", token.accessToken), ("expires_in", String(token.expiresIn)), ("remind_in", token.remindIn),
        ("uid", token.uid),
      ]
      if let state { fragment.append(("state", state)) }
      var response = Self.redirect(to: redirect, fragment: fragment)
      response.headers.append(contentsOf: headers)
      return response
    }
    let code = Secrets.random(bytes: 16)
    try await store.saveGrant(GrantRecord(
      hash: Secrets.hash(code), kind: .code, userID: userID, appID: app.id, redirectURI: redirect,
      createdAt: deps.now(), expiresAt: deps.now().addingTimeInterval(Self.codeLifetime),
      challenge: params["code_challenge"], scopes: granted))
    var query = [("code", code)]
    if let state { query.append(("state", state)) }
    var response = Self.redirect(to: landing, query: query)
    response.headers.append(contentsOf: headers)
    return response
  }

  // MARK: Tokens

  /// The tokens a token request earns, with the scopes they carry beyond the default ones.
  struct Issued {
    let token: AccessToken
    let scopes: [String]
    let createdAt: Date
  }

  /// `/oauth2/access_token`: the open platform's answer.
  func accessToken(_ params: Params, address: String?) async throws -> Response {
    try json(try await issue(params, address: address).token)
  }

  /// The grant types both token endpoints take; `client_credentials` is the standard endpoint's alone.
  func issue(_ params: Params, address: String?, standard: Bool = false) async throws -> Issued {
    let app = try await authenticatedClient(params)
    let now = deps.now()
    func issued(_ token: AccessToken, _ scopes: [String]) -> Issued { Issued(token: token, scopes: scopes, createdAt: now) }
    switch params["grant_type"] {
    case "authorization_code":
      guard let code = params["code"] else {
        throw EnvelopeError.oauth("invalid_request", 21323, "miss required parameter (code)")
      }
      guard let grant = try await store.takeGrant(hash: Secrets.hash(code), kind: .code), grant.appID == app.id else {
        // A code used twice was intercepted or replayed: what it already gave is revoked (RFC 6749 §4.1.2).
        _ = try await store.revokeGrants(origin: Secrets.hash(code))
        throw EnvelopeError.oauth("invalid_grant", 21325, "invalid authorization code:\(code)")
      }
      guard grant.expiresAt > deps.now() else {
        throw EnvelopeError.oauth("invalid_grant", 21325, "authorization code expired:\(code)")
      }
      guard let redirect = params["redirect_uri"], redirect == grant.redirectURI else {
        throw EnvelopeError.oauth("redirect_uri_mismatch", 21322, "redirect_uri does not match the authorize request")
      }
      if let challenge = grant.challenge {
        guard let verifier = params["code_verifier"], Secrets.equal(Secrets.pkceChallenge(verifier), challenge) else {
          throw EnvelopeError.oauth("invalid_grant", 21325, "code_verifier does not match the code_challenge")
        }
      } else if app.isPublic {
        throw EnvelopeError.oauth("invalid_grant", 21325, "a public client's code needs PKCE")
      }
      return issued(try await issueTokens(
        userID: grant.userID, app: app, scopes: grant.scopes, withRefresh: true, origin: grant.hash), grant.scopes)
    case "client_credentials" where standard:
      // The app itself, no person: it may read what anyone may (user 0 is no account; see `APIDispatcher`).
      guard !app.isPublic else {
        throw EnvelopeError.oauth("unauthorized_client", 21326, "a public client has no credentials of its own")
      }
      let granted = scopes.asked(params["scope"]).filter { app.firstParty || scopes.unregistered([$0], registered: app.scopes).isEmpty }
        .map(\.name)
      return issued(try await issueTokens(userID: 0, app: app, scopes: granted, withRefresh: false), granted)
    case "password":
      guard app.firstParty else {
        throw EnvelopeError.oauth("unauthorized_client", 21326, "client is not allowed the password grant")
      }
      guard let username = params["username"], let password = params["password"] else {
        throw EnvelopeError.oauth("invalid_request", 21323, "miss required parameter (username, password)")
      }
      do {
        try await throttle.check(account: username, address: address)
      } catch let wait as SignInThrottle.Wait {
        throw EnvelopeError.oauth(
          "invalid_grant", 21303, "username and pwd auth out of rate limit, retry in \(wait.seconds) seconds",
          status: .forbidden)
      }
      guard let user = try await store.user(screenName: username),
        Secrets.verifyPassword(password, hash: user.passwordHash)
      else {
        try await throttle.failed(account: username, address: address)
        throw EnvelopeError.oauth("invalid_grant", 21302, "username or password error")
      }
      try await throttle.succeeded(account: username)
      if let suspension = try await store.suspension(userID: user.id) {
        throw EnvelopeError.oauth("invalid_grant", 21302, Self.suspended(suspension), status: .forbidden)
      }
      return issued(try await issueTokens(userID: user.id, app: app, scopes: [], withRefresh: true), [])
    case "refresh_token":
      guard let refresh = params["refresh_token"] else {
        throw EnvelopeError.oauth("invalid_request", 21323, "miss required parameter (refresh_token)")
      }
      guard let grant = try await store.takeGrant(hash: Secrets.hash(refresh), kind: .refresh),
        grant.appID == app.id, grant.expiresAt > deps.now()
      else { throw EnvelopeError.oauth("invalid_grant", 21325, "invalid refresh token") }
      return issued(try await issueTokens(
        userID: grant.userID, app: app, scopes: grant.scopes, withRefresh: true, origin: grant.origin), grant.scopes)
    case nil:
      throw EnvelopeError.oauth("invalid_request", 21323, "miss required parameter (grant_type)")
    case let other?:
      throw EnvelopeError.oauth("unsupported_grant_type", 21328, "unsupported grant_type: \(other)")
    }
  }

  /// The client of a token request: a confidential one proves itself with its secret; a public one has none
  /// (PKCE binds its codes instead).
  private func authenticatedClient(_ params: Params) async throws -> AppRecord {
    guard let clientID = params["client_id"] else {
      throw EnvelopeError.oauth("invalid_request", 21323, "miss required parameter (client_id, client_secret)")
    }
    let app = try await store.app(clientID: clientID)
    if let app, app.isPublic { return app }
    guard let secret = params["client_secret"] else {
      throw EnvelopeError.oauth("invalid_request", 21323, "miss required parameter (client_id, client_secret)")
    }
    guard let app, Secrets.equal(Secrets.hash(secret), app.secretHash) else {
      throw EnvelopeError.oauth("invalid_client", 21324, "invalid client_id or client_secret", status: .unauthorized)
    }
    return app
  }

  /// New tokens granting `scopes` beyond the default ones; `origin` is the hash of the authorization code the chain
  /// began with, if any.
  func issueTokens(userID: Int64, app: AppRecord, scopes: [String], withRefresh: Bool, origin: String? = nil)
    async throws -> AccessToken
  {
    let now = deps.now()
    let token = Secrets.random()
    try await store.saveGrant(GrantRecord(
      hash: Secrets.hash(token), kind: .access, userID: userID, appID: app.id, createdAt: now,
      expiresAt: now.addingTimeInterval(deps.config.tokenLifetime), origin: origin, scopes: scopes))
    var refresh: String?
    if withRefresh {
      let secret = Secrets.random()
      try await store.saveGrant(GrantRecord(
        hash: Secrets.hash(secret), kind: .refresh, userID: userID, appID: app.id, createdAt: now,
        expiresAt: now.addingTimeInterval(deps.config.tokenLifetime * 4), origin: origin, scopes: scopes))
      refresh = secret
    }
    return AccessToken(
      accessToken: token, expiresIn: Int(deps.config.tokenLifetime), uid: String(userID), refreshToken: refresh)
  }

  func tokenInfo(_ params: Params, headers: HTTPFields) async throws -> Response {
    let grant = try await liveGrant(params, headers: headers)
    let app = try await store.apps(ids: [grant.appID])[grant.appID]
    let remaining = Int(grant.expiresAt.timeIntervalSince(deps.now()).rounded())
    let caller = Caller(userID: grant.userID, app: app, scopes: grant.scopes)
    let scope = scopes.granted(to: caller).map(\.name).joined(separator: ",")
    return try json(TokenInfo(
      uid: grant.userID, appKey: app?.clientID ?? "", scope: scope, createdAt: Int64(grant.createdAt.timeIntervalSince1970),
      expiresIn: remaining))
  }

  func revoke(_ params: Params, headers: HTTPFields) async throws -> Response {
    let grant = try await liveGrant(params, headers: headers)
    try await store.revokeGrants(userID: grant.userID, appID: grant.appID)
    return try json(ResultFlag(result: true, spelledAsString: true))
  }

  private func liveGrant(_ params: Params, headers: HTTPFields) async throws -> GrantRecord {
    guard let token = Authenticator.token(params, headers) else {
      throw EnvelopeError.oauth("invalid_request", 21323, "miss required parameter (access_token)")
    }
    guard let grant = try await store.grant(hash: Secrets.hash(token), kind: .access) else {
      throw EnvelopeError.oauth("invalid_access_token", 21332, "invalid access token", status: .unauthorized)
    }
    guard grant.expiresAt > deps.now() else {
      throw EnvelopeError.oauth("expired_token", 21327, "expired access token", status: .unauthorized)
    }
    return grant
  }

  /// RFC 7009 revocation: the client proves itself and names one of its tokens (access or refresh); what that token
  /// belongs to, the person's grants to the app, ends. An unknown token is no error (§2.2).
  func revokeStandard(_ params: Params) async throws -> Response {
    let app = try await authenticatedClient(params)
    guard let token = params["token"] else { throw EnvelopeError.oauth("invalid_request", 21323, "miss required parameter (token)") }
    for kind in [GrantRecord.Kind.access, .refresh] {
      if let grant = try await store.grant(hash: Secrets.hash(token), kind: kind), grant.appID == app.id {
        try await store.revokeGrants(userID: grant.userID, appID: grant.appID)
        break
      }
    }
    return jsonResponse(Array("{}".utf8))
  }

  // MARK: Sessions and sign-up

  /// The signed-in user and their session secret, from the cookie.
  func signedIn(_ request: Request) async throws -> (UserRecord, String)? {
    guard let session = request.cookie(Self.sessionCookie), !session.isEmpty,
      let grant = try await store.grant(hash: Secrets.hash(session), kind: .session), grant.appID == 0,
      grant.expiresAt > deps.now(),
      let user = try await store.user(id: grant.userID)
    else { return nil }
    return (user, session)
  }

  func startSession(userID: Int64) async throws -> String {
    let session = Secrets.random()
    try await store.saveGrant(GrantRecord(
      hash: Secrets.hash(session), kind: .session, userID: userID, appID: 0, createdAt: deps.now(),
      expiresAt: deps.now().addingTimeInterval(Self.sessionLifetime)))
    return session
  }

  static func cookie(_ value: String, maxAge: Int) -> String {
    "\(sessionCookie)=\(value); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Lax"
  }

  /// The form token of a signed-out form, and the cookie to set when the browser has none yet. The browser
  /// keeps a random value in a cookie and the form carries its keyed hash: another site can post the form but
  /// can neither read nor set the cookie, so it cannot sign a visitor in to an account of its own (login CSRF).
  func signedOutForm(_ request: Request) -> (token: String, setCookie: String?) {
    if let value = request.cookie(Self.formCookie), value.count == 64 { return (formToken(value), nil) }
    let value = Secrets.random()
    return (formToken(value), "\(Self.formCookie)=\(value); Path=/; HttpOnly; SameSite=Lax")
  }

  func signedOutFormAccepted(_ request: Request, _ params: Params) -> Bool {
    guard let value = request.cookie(Self.formCookie), value.count == 64, let token = params["csrf"] else {
      return false
    }
    return Secrets.equal(token, formToken(value))
  }

  /// The token of a signed-out form whose cookie holds `value` (prefixed, so it is never a session's token).
  private func formToken(_ value: String) -> String {
    Secrets.formToken(session: "form:" + value, key: deps.config.formKey)
  }

  /// What a suspended account is told when it signs in.
  static func suspended(_ suspension: Suspension) -> String { "该账号已被停用：\(suspension.reason)" }

  /// What a signed-out form posted without its token (from another site, or after its cookie was cleared) is told.
  static let staleForm = "页面已过期，请重新提交"

  func signupPage(_ request: Request, params: Params, error: String? = nil, status: HTTPResponse.Status = .ok)
    -> Response
  {
    let form = signedOutForm(request)
    var headers = HTTPFields()
    if let cookie = form.setCookie { headers[.setCookie] = cookie }
    return pages.render("signup", SignupPage(params: params, error: error, csrf: form.token), status: status, headers: headers)
  }

  func signupSubmit(_ request: Request, params: Params, address: String?) async throws -> Response {
    guard signedOutFormAccepted(request, params) else {
      return signupPage(request, params: params, error: Self.staleForm, status: .forbidden)
    }
    let name = (params["screen_name"] ?? "").trimmingCharacters(in: .whitespaces)
    let password = params.all("password").last ?? ""
    if let problem = Accounts.problem(name: name, password: password) {
      return signupPage(request, params: params, error: problem, status: .badRequest)
    }
    guard password == (params.all("password_confirm").last ?? password) else {
      return signupPage(request, params: params, error: "两次输入的密码不一致", status: .badRequest)
    }
    do {
      try rates.admit(signupFrom: address)
    } catch is RateLimiter.Exceeded {
      return signupPage(request, params: params, error: "这个网络注册的账号太多了，请一小时后再试", status: .tooManyRequests)
    }
    let user: UserRecord
    do {
      user = try await Accounts(store: store, ids: deps.ids).create(name: name, password: password, at: deps.now())
    } catch StoreError.conflict {
      return signupPage(request, params: params, error: "该昵称已被使用", status: .badRequest)
    }
    let session = try await startSession(userID: user.id)
    var headers = HTTPFields()
    headers[.setCookie] = Self.cookie(session, maxAge: Int(Self.sessionLifetime))
    if let next = Self.safeNext(params["next"]) {
      headers[.location] = next
      return Response(status: .seeOther, headers: headers)
    }
    return pages.render("signed_up", SignedUpPage(user: user), headers: headers)
  }

  /// Only same-site paths: `/signup?next=` must not become an open redirect.
  package static func safeNext(_ next: String?) -> String? {
    guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.contains("\\"),
      !next.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
    else { return nil }
    return next
  }

  // MARK: Helpers

  /// The redirect URI of an app with no callback: the code is shown on `/oauth2/default.html`.
  package static let outOfBand = "urn:ietf:wg:oauth:2.0:oob"

  static func queryFromParams(_ params: Params) -> [(String, String)] {
    ["client_id", "redirect_uri", "response_type", "state", "scope", "display", "code_challenge", "code_challenge_method"]
      .compactMap { key in params[key].map { (key, $0) } }
  }

  /// A 302 to `base` with `query` appended (code first), as clients parse it.
  static func redirect(to base: String, query: [(String, String)]) -> Response {
    let pairs = FormEncoding.encode(pairs: query)
    let location = base + (base.contains("?") ? "&" : "?") + pairs
    var headers = HTTPFields()
    headers[.location] = location
    headers[.cacheControl] = "no-store"
    return Response(status: .found, headers: headers)
  }

  static func redirect(to base: String, fragment: [(String, String)]) -> Response {
    let pairs = FormEncoding.encode(pairs: fragment)
    var headers = HTTPFields()
    headers[.location] = base + "#" + pairs
    headers[.cacheControl] = "no-store"
    return Response(status: .found, headers: headers)
  }
}
