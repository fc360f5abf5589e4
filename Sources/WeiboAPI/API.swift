import Foundation
import Hummingbird
import SparrowCore
import SparrowMedia
import SparrowPlatform
import SparrowStore

/// One API call, parsed: what a handler needs.
package struct APICall: Sendable {
  let params: Params
  let caller: Caller
  let path: String
  let headers: HTTPFields
  let now: Date
  /// The client's IP address, when the transport has one.
  let address: String?

  package init(params: Params, caller: Caller, path: String, headers: HTTPFields, now: Date, address: String? = nil) {
    self.params = params
    self.caller = caller
    self.path = path
    self.headers = headers
    self.now = now
    self.address = address
  }
}

/// The `/2/…` endpoints, keyed by path without `.json`. The table, not the Host header, routes a call,
/// so `api.`, `upload.api.` and `rm.api.` all reach the same handlers.
package struct APITable: Sendable {
  package typealias Handler = @Sendable (APICall) async throws -> Response

  package struct Route: Sendable {
    let method: HTTPRequest.Method
    /// Takes a picture: a larger body, and an oversized one is the picture's fault (20006).
    var upload = false
    /// The costly-call limit it counts against (`update_status`, `update_comment`, `follow`), if any.
    var limit: String?
    package let handler: Handler
  }

  private(set) var routes: [String: Route] = [:]

  mutating func get(_ path: String, _ handler: @escaping Handler) { routes[path] = Route(method: .get, handler: handler) }
  mutating func post(_ path: String, limit: String? = nil, _ handler: @escaping Handler) {
    routes[path] = Route(method: .post, limit: limit, handler: handler)
  }
  mutating func upload(_ path: String, limit: String? = nil, _ handler: @escaping Handler) {
    routes[path] = Route(method: .post, upload: true, limit: limit, handler: handler)
  }

  /// Finds the route for a request path such as `/2/statuses/show.json`.
  package func route(for path: String) -> Route? {
    var key = Substring(path)
    guard key.hasPrefix("/2/") else { return nil }
    key = key.dropFirst(3)
    if key.hasSuffix(".json") { key = key.dropLast(5) }
    while key.hasSuffix("/") { key = key.dropLast() }
    return routes[String(key)]
  }
}

extension StoreError {
  /// The API error for a store outcome, where the endpoint gives none of its own.
  package var weibo: EnvelopeError {
    switch self {
    case .notFound: .statusNotFound
    case .conflict: .paramError
    case .duplicateText: .repeated
    case .unavailable: .unavailable
    }
  }
}

/// The 微博 API at `/2/…`: finds the route, checks the method, reads parameters, authenticates, and turns
/// every failure into the platform's error envelope.
package struct WeiboAPI: SparrowApp {
  let deps: WeiboDependencies
  package let table: APITable
  let auth: Authenticator
  let rates: RateLimiter

  package init(deps: WeiboDependencies, platform: Platform) {
    self.deps = deps
    self.auth = Authenticator(store: deps.store)
    self.rates = platform.rates
    var table = APITable()
    let statuses = StatusesController(deps: deps, pictures: platform.pictures)
    statuses.register(&table)
    CommentsController(deps: deps, statuses: statuses).register(&table)
    UsersController(deps: deps, pictures: platform.pictures).register(&table)
    MarksController(deps: deps, statuses: statuses).register(&table)
    DiscoveryController(deps: deps, statuses: statuses).register(&table)
    EmotionsController(deps: deps).register(&table)
    RateLimitController(rates: platform.rates).register(&table)
    self.table = table
  }

  package func unreadable(path: String, status: HTTPResponse.Status) -> UnreadableAnswer? {
    path.hasPrefix("/2/") ? .envelope(.unreadable(status), path: path) : nil
  }

  package func register(on router: Router<SparrowContext>) {
    let api = self
    // Every method reaches the dispatcher, so one a route does not take gets the envelope with 10021.
    for method in [HTTPRequest.Method.get, .post, .put, .delete, .patch, .trace, .options, .head] {
      router.on("/2/**", method: method) { request, context in try await api.handle(request, context) }
    }
    router.get("/emotions/:pack/:file") { request, context in try await api.emoticon(request, context) }
  }

  /// Form bodies are small; uploads carry a picture of up to 5 MB plus fields. Up to `uploadLimit` an
  /// oversized picture is read and refused as such (20006); past it the body is refused unread.
  static let formLimit = 1 << 20
  static let uploadLimit = 16 << 20
  /// What is read of a body before its sender is known.
  static let openLimit = 64 << 10

  func handle(_ request: Request, _ context: SparrowContext) async throws -> Response {
    guard let route = table.route(for: request.uri.path) else { throw EnvelopeError.apiNotFound }
    context.route.route = request.uri.path  // one of the table's paths: a bounded set

    guard route.method == request.method else { throw EnvelopeError.wrongMethod }
    do {
      try rates.admit(address: context.clientAddress)
    } catch let exceeded as RateLimiter.Exceeded {
      throw EnvelopeError(exceeded)
    }
    var request = request
    do {
      let now = deps.now()
      let params: Params
      let found: Caller?
      do {
        (params, found) = try await auth.read(
          &request, limit: route.upload ? Self.uploadLimit : Self.formLimit, openLimit: Self.openLimit, now: now)
      } catch ParamError.bodyTooLarge where route.upload {
        throw EnvelopeError.imageTooLarge
      }
      guard let caller = found else { throw EnvelopeError.emptyToken }  // not optional: `read` found one or threw
      let app = caller.app?.id ?? 0
      if request.uri.path.hasPrefix("/2/account/rate_limit_status") == false {
        do {
          try rates.admit(user: caller.userID, app: app, api: route.limit)
        } catch let exceeded as RateLimiter.Exceeded {
          throw EnvelopeError(exceeded)
        }
      }
      let call = APICall(
        params: params, caller: caller, path: request.uri.path, headers: request.headers, now: now,
        address: context.clientAddress)
      var response = try await route.handler(call)
      if let standing = rates.standing(user: caller.userID, app: app) {
        // Where the caller stands, as rate-limited APIs tell clients.
        response.headers[.init("X-RateLimit-Limit")!] = String(standing.limit)
        response.headers[.init("X-RateLimit-Remaining")!] = String(standing.remaining)
        response.headers[.init("X-RateLimit-Reset")!] = String(standing.reset)
      }
      return response
    } catch let error as EnvelopeError {
      throw error
    } catch let error as ParamError {
      throw EnvelopeError(error)
    } catch let error as StoreError {
      throw error.weibo
    } catch let error as MediaError {
      throw error.weibo
    } catch {
      context.logger.error("\(request.uri.path) failed: \(error)")
      throw EnvelopeError.system
    }
  }

  /// `/emotions/<pack>/<file>.png`: the emoticon images, drawn at first start.
  func emoticon(_ request: Request, _ context: SparrowContext) async throws -> Response {
    guard let pack = context.parameters.get("pack"), let name = context.parameters.get("file"),
      MediaController.kind(ofSafeName: name) == .png, MediaController.isSafe(pack)
    else { throw HTTPError(.notFound) }
    let url = Emoticons.folder(deps.config.dataFolder).appendingPathComponent(pack).appendingPathComponent(name)
    if !FileManager.default.fileExists(atPath: url.path) {
      // Drawn on first use and kept: the drawings are code, the PNGs a cache.
      guard let found = Emoticons.packs.first(where: { $0.id == pack }),
        let index = found.items.indices.first(where: { found.file($0) == name }), let art = found.items[index].art
      else { throw HTTPError(.notFound) }
      let png = try await PictureLibrary.offload { try ImageProcessor().render(svg: art.svg, as: .png) }
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try png.write(to: url, options: .atomic)
    }
    return try MediaController.serve(url, kind: .png, etag: "\"emoticon-\(pack)-\(name)\"", immutable: false, request: request)
  }

}
