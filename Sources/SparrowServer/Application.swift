import Foundation
import Hummingbird
import Logging
import SparrowCore
import SparrowMedia
import SparrowStore

/// Builds the whole HTTP application: API, OAuth, platform pages.
public func buildApplication(_ deps: Dependencies, host: String = "127.0.0.1", port: Int = 8080)
  async throws -> some ApplicationProtocol
{
  let router = try await buildRouter(deps)
  var logger = Logger(label: "sparrow")
  logger.logLevel = .info
  return Application(router: router, configuration: .init(address: .hostname(host, port: port), serverName: "sparrow"),
                     logger: logger)
}

/// The router alone, for tests.
public func buildRouter(_ deps: Dependencies) async throws -> Router<BasicRequestContext> {
  let pages = try await Pages.load()
  let router = Router(context: BasicRequestContext.self)
  let pictures = PictureLibrary(dataFolder: deps.config.dataFolder, store: deps.store)
  let api = APIDispatcher(deps: deps, pictures: pictures)
  let oauth = OAuthController(deps: deps, pages: pages)

  router.get("/healthz") { _, _ -> Response in
    _ = try await deps.store.user(id: 0)
    return Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8", .contentLength: "2"],
                    body: .init(byteBuffer: ByteBuffer(string: "ok")))
  }
  for method in [HTTPRequest.Method.get, .post] {
    router.on("/2/**", method: method) { request, context in try await api.handle(request, context) }
  }

  // OAuth: JSON endpoints answer in the OAuth error format; pages answer in HTML.
  router.get("/oauth2/authorize") { request, _ in
    var request = request
    return try await oauth.authorizePage(request, params: try await Params.read(&request, limit: 64 * 1024))
  }
  router.post("/oauth2/authorize") { request, _ in
    var request = request
    return try await oauth.authorizeSubmit(request, params: try await Params.read(&request, limit: 64 * 1024))
  }
  for path in ["/oauth2/access_token", "/oauth2/get_token_info", "/oauth2/revokeoauth2"] {
    for method in [HTTPRequest.Method.get, .post] {
      router.on(RouterPath(path), method: method) { request, _ in
        var request = request
        let params = try await Params.read(&request, limit: 64 * 1024)
        switch path {
        case "/oauth2/access_token":
          guard request.method == .post else { throw WeiboError.wrongMethod }
          return try await oauth.accessToken(params)
        case "/oauth2/get_token_info":
          guard request.method == .post else { throw WeiboError.wrongMethod }
          return try await oauth.tokenInfo(params, headers: request.headers)
        default:
          return try await oauth.revoke(params, headers: request.headers)
        }
      }
    }
  }
  router.get("/oauth2/default.html") { request, _ in
    var request = request
    let params = try await Params.read(&request, limit: 0)
    var context: [String: Any] = [:]
    if let code = params["code"] { context["code"] = code }
    if let error = params["error"] {
      context["error"] = error
      context["error_description"] = params["error_description"] ?? ""
    }
    return pages.render("oauth_default", context)
  }
  let media = MediaController(deps: deps, pictures: pictures)
  router.get("/pics/:size/:file") { request, context in try await media.picture(request, context) }
  router.get("/avatars/:user/:file") { request, context in try await media.avatar(request, context) }
  router.get("/emotions/:pack/:file") { request, context in try await media.emoticon(request, context) }
  router.get("/signup") { request, _ in
    var request = request
    return oauth.signupPage(params: try await Params.read(&request, limit: 0))
  }
  WebController.register(router, deps: deps, pages: pages, api: api, pictures: pictures)
  router.post("/signup") { request, _ in
    var request = request
    return try await oauth.signupSubmit(params: try await Params.read(&request, limit: 64 * 1024))
  }
  return router
}

/// Runs `/2/…` calls: finds the route, checks the method, reads parameters, authenticates, and turns
/// every failure into the Weibo error envelope.
struct APIDispatcher: Sendable {
  let deps: Dependencies
  let table: APITable
  let auth: Authenticator

  init(deps: Dependencies, pictures: PictureLibrary) {
    self.deps = deps
    self.auth = Authenticator(store: deps.store)
    var table = APITable()
    let statuses = StatusesController(deps: deps, pictures: pictures)
    statuses.register(&table)
    CommentsController(deps: deps, statuses: statuses).register(&table)
    UsersController(deps: deps, pictures: pictures).register(&table)
    MarksController(deps: deps, statuses: statuses).register(&table)
    DiscoveryController(deps: deps, statuses: statuses).register(&table)
    EmotionsController(deps: deps).register(&table)
    self.table = table
  }

  /// Form bodies are small; uploads carry a picture of up to 5 MB plus fields. Up to `uploadLimit` an
  /// oversized picture is read and refused as such (20006); past it the body is refused unread.
  static let formLimit = 1 << 20
  static let uploadLimit = 16 << 20

  func handle(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    guard let route = table.route(for: request.uri.path) else { throw WeiboError.apiNotFound }
    guard route.method == request.method else { throw WeiboError.wrongMethod }
    var request = request
    do {
      let params: Params
      do {
        params = try await Params.read(&request, limit: route.upload ? Self.uploadLimit : Self.formLimit)
      } catch let error as WeiboError where error.code == WeiboError.bodyTooLarge.code && route.upload {
        throw WeiboError.imageTooLarge
      }
      let now = deps.now()
      let caller = try await auth.caller(token: Authenticator.token(params, request.headers), now: now)
      let call = APICall(params: params, caller: caller, path: request.uri.path, headers: request.headers, now: now)
      return try await route.handler(call)
    } catch let error as WeiboError {
      throw error
    } catch let error as StoreError {
      throw error.weibo
    } catch let error as MediaError {
      throw error.weibo
    } catch {
      context.logger.error("\(request.uri.path) failed: \(error)")
      throw WeiboError.system
    }
  }
}
