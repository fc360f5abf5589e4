import Foundation
import Hummingbird
import SparrowCore
import SparrowStore

/// How an API says what went wrong: the platform's envelope (`EnvelopeError`) or Dianping's (`DealsError`). The
/// dispatcher turns every failure it knows into one of these; an app maps its own through `APIRoutes.translate`.
package protocol APIErrorFormat: Error, Sendable {
  static func noSuchAPI(_ path: String) -> Self
  static func wrongMethod(_ method: HTTPRequest.Method, allowed: [HTTPRequest.Method]) -> Self
  static func rateLimited(_ exceeded: RateLimiter.Exceeded) -> Self
  static func parameters(_ error: ParamError) -> Self
  /// A token the person did not grant the API's scope.
  static func missingScope(_ scope: Scope) -> Self
  /// A request HTTP could not read (400) or whose headers are too large (431).
  static func unreadable(_ status: HTTPResponse.Status) -> Self
  /// The database is away: worth retrying.
  static var unavailable: Self { get }
  /// Our own fault; the cause goes to the log, not to the caller.
  static var system: Self { get }

  var httpStatus: HTTPResponse.Status { get }
  /// The JSON body for a request to `path`.
  func body(path: String) -> [UInt8]
}

extension APIErrorFormat {
  package func response(path: String) -> Response {
    var response = jsonResponse(body(path: path), status: httpStatus)
    response.headers[.cacheControl] = "no-store"
    return response
  }

  package func unreadableAnswer(path: String) -> UnreadableAnswer {
    UnreadableAnswer(contentType: "application/json; charset=utf-8", body: body(path: path))
  }
}

/// Who must call a route.
package enum APIAuth: Sendable {
  /// An access token is required.
  case token
  /// A token if the call names one (a signed-out read sees what anyone may see); a bad one is still refused.
  case optionalToken
  /// The app checks the caller itself from the parameters (Dianping's signed calls).
  case own
}

/// What the dispatcher read of a call before the app's handler: the app makes its own call type from it.
package struct APIRequest: Sendable {
  package let params: Params
  package let caller: Caller?
  package let path: String
  /// The value standing for `{id}` in the route's pattern, if it has one.
  package let pathID: String?
  package let headers: HTTPFields
  package let now: Date
  /// The client's IP address, when the transport has one.
  package let address: String?
}

/// One API's routes: patterns below its prefix (`statuses/show`, `checkins/{id}`), each with its methods, body
/// limit, who may call it and which costly-call limit it counts against.
package struct APIRoutes<Format: APIErrorFormat, Call: Sendable>: Sendable {
  package typealias Handler = @Sendable (Call) async throws -> Response

  package struct Route: Sendable {
    package var bodyLimit: Int
    package var auth: APIAuth
    /// The costly-call limit it counts against (`update_status`, `update_comment`, `follow`), if any.
    package var limit: String?
    /// Counts against the caller's hourly limit (not `rate_limit_status`, which only reports it).
    package var counted = true
    /// The error for a body past `bodyLimit`, when the API names it (a picture too large); else the format's own.
    package var oversized: Format?
    /// What a token must have been granted for this route, when it is not the API's (`read:statuses`).
    package var scope: Scope?
    package let handler: Handler
  }

  /// Where the API lives (`/2/`) and the suffix a path may carry (`.json`).
  package let prefix: String
  /// Whether bodies may be JSON objects (Mastodon's clients send them), read as parameters (`Params.merge(json:)`).
  package var acceptsJSON = false
  package let suffix: String
  /// Whether a metrics label keeps the suffix (the Weibo API documents its paths with `.json`).
  package let labelsWithSuffix: Bool
  package let bodyLimit: Int
  package let auth: APIAuth
  /// What a token must have been granted to call it; nil for an API whose callers are not people's tokens
  /// (`.own`: Dianping's signed calls).
  package let scope: Scope?
  /// Makes the app's call from what the dispatcher read; may refuse it (Dianping's signature).
  package let makeCall: @Sendable (APIRequest) async throws -> Call
  /// The app's own errors in its format; nil for one the app does not know (logged, answered as `system`).
  package let translate: @Sendable (any Error) -> Format?

  private(set) var exact: [String: [HTTPRequest.Method: Route]] = [:]
  /// Patterns with a `{id}` segment, split into segments.
  private(set) var patterns: [([Substring], String)] = []

  package init(
    prefix: String, suffix: String = "", labelsWithSuffix: Bool = false, bodyLimit: Int, auth: APIAuth, scope: Scope?,
    makeCall: @escaping @Sendable (APIRequest) async throws -> Call,
    translate: @escaping @Sendable (any Error) -> Format? = { _ in nil }
  ) {
    self.prefix = prefix
    self.suffix = suffix
    self.labelsWithSuffix = labelsWithSuffix
    self.bodyLimit = bodyLimit
    self.auth = auth
    self.scope = scope
    self.makeCall = makeCall
    self.translate = translate
  }

  /// Adds a route; unset limits, auth and scope are the API's.
  package mutating func add(
    _ methods: HTTPRequest.Method..., path: String, bodyLimit: Int? = nil, auth: APIAuth? = nil, limit: String? = nil,
    counted: Bool = true, oversized: Format? = nil, scope: Scope? = nil, _ handler: @escaping Handler
  ) {
    let route = Route(bodyLimit: bodyLimit ?? self.bodyLimit, auth: auth ?? self.auth, limit: limit, counted: counted,
                      oversized: oversized, scope: scope, handler: handler)
    if exact[path] == nil, path.contains("{id}") { patterns.append((path.split(separator: "/"), path)) }
    for method in methods { exact[path, default: [:]][method] = route }
  }

  package mutating func get(_ path: String, _ handler: @escaping Handler) { add(.get, path: path, handler) }
  package mutating func post(_ path: String, limit: String? = nil, _ handler: @escaping Handler) {
    add(.post, path: path, limit: limit, handler)
  }

  /// The pattern a request path names and the `{id}` in it; nil for no route of this API.
  package func find(_ path: String) -> (pattern: String, id: String?)? {
    var key = Substring(path)
    guard key.hasPrefix(prefix) else { return nil }
    key = key.dropFirst(prefix.count)
    if !suffix.isEmpty, key.hasSuffix(suffix) { key = key.dropLast(suffix.count) }
    while key.hasSuffix("/") { key = key.dropLast() }
    if exact[String(key)] != nil { return (String(key), nil) }
    let parts = key.split(separator: "/", omittingEmptySubsequences: false)
    for (segments, pattern) in patterns where segments.count == parts.count {
      var id: Substring?
      let matches = zip(segments, parts).allSatisfy { segment, part in
        if segment == "{id}" { id = part; return !part.isEmpty }
        return segment == part
      }
      if matches { return (pattern, id.map(String.init)) }
    }
    return nil
  }

  /// The routes of a pattern, by method.
  package func routes(_ pattern: String) -> [HTTPRequest.Method: Route] { exact[pattern] ?? [:] }
}

/// One API's front door, the same for every app: finds the route, checks the method, counts the address, reads
/// the parameters within the route's body limit, finds the caller by the route's auth mode, counts the caller,
/// runs the handler, adds where the caller stands (`X-RateLimit-*`), and answers every failure in the API's format.
package struct APIDispatcher<Format: APIErrorFormat, Call: Sendable>: Sendable {
  package let routes: APIRoutes<Format, Call>
  let auth: Authenticator
  let rates: RateLimiter
  let scopes: ScopeCatalog
  let now: @Sendable () -> Date

  /// What is read of a body before its sender is known.
  static var openLimit: Int { 64 << 10 }

  package init(_ routes: APIRoutes<Format, Call>, platform: Platform, now: @escaping @Sendable () -> Date) {
    self.routes = routes
    auth = Authenticator(store: platform.deps.store)
    rates = platform.rates
    scopes = platform.scopes
    self.now = now
  }

  /// Every method reaches the dispatcher, so one a route does not take gets the API's own error.
  package func register(on router: Router<SparrowContext>) {
    let api = self
    for method in [HTTPRequest.Method.get, .post, .put, .delete, .patch, .trace, .options, .head] {
      router.on(RouterPath(routes.prefix + "**"), method: method) { request, context in await api.handle(request, context) }
    }
  }

  /// The answer to a request HTTP could not read, when it named this API's path.
  package func unreadable(path: String, status: HTTPResponse.Status) -> UnreadableAnswer? {
    path.hasPrefix(routes.prefix) ? Format.unreadable(status).unreadableAnswer(path: path) : nil
  }

  package func handle(_ request: Request, _ context: SparrowContext) async -> Response {
    let path = request.uri.path
    do {
      return try await answer(request, context)
    } catch let error as Format {
      return error.response(path: path)
    } catch {
      let format: Format
      switch error {
      case let exceeded as RateLimiter.Exceeded: format = .rateLimited(exceeded)
      case let error as ParamError: format = .parameters(error)
      default:
        if let known = routes.translate(error) {
          format = known
        } else if case StoreError.unavailable = error {
          format = .unavailable
        } else {
          context.logger.error("\(path) failed: \(error)")
          format = .system
        }
      }
      return format.response(path: path)
    }
  }

  private func answer(_ request: Request, _ context: SparrowContext) async throws -> Response {
    guard let (pattern, id) = routes.find(request.uri.path) else { throw Format.noSuchAPI(request.uri.path) }
    context.route.route = routes.prefix + pattern + (routes.labelsWithSuffix ? routes.suffix : "")  // a bounded set
    let methods = routes.routes(pattern)
    guard let route = methods[request.method] else {
      throw Format.wrongMethod(request.method, allowed: methods.keys.sorted { $0.rawValue < $1.rawValue })
    }
    try rates.admit(address: context.clientAddress)
    let now = now()
    var request = request
    let params: Params
    let caller: Caller?
    do {
      switch route.auth {
      case .own:
        params = try await Params.read(&request, limit: route.bodyLimit, json: routes.acceptsJSON)
        caller = nil
      case .token, .optionalToken:
        (params, caller) = try await auth.read(
          &request, limit: route.bodyLimit, openLimit: Self.openLimit, now: now, optional: route.auth == .optionalToken,
          json: routes.acceptsJSON)
      }
    } catch ParamError.bodyTooLarge where route.oversized != nil {
      throw route.oversized!
    }
    if let caller, let scope = route.scope ?? routes.scope, !scopes.allows(caller, scope) {
      throw Format.missingScope(scope)
    }
    let app = caller?.app?.id ?? 0
    if let caller, route.counted { try rates.admit(user: caller.userID, app: app, api: route.limit) }
    let call = try await routes.makeCall(APIRequest(
      params: params, caller: caller, path: request.uri.path, pathID: id, headers: request.headers, now: now,
      address: context.clientAddress))
    var response = try await route.handler(call)
    // Where the caller stands, as rate-limited APIs tell clients: the user's limit, or the address's without one.
    let standing = caller.map { rates.standing(user: $0.userID, app: app) } ?? rates.standing(address: context.clientAddress)
    if let standing {
      response.headers[.init("X-RateLimit-Limit")!] = String(standing.limit)
      response.headers[.init("X-RateLimit-Remaining")!] = String(standing.remaining)
      response.headers[.init("X-RateLimit-Reset")!] = String(standing.reset)
    }
    if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
    return response
  }
}
