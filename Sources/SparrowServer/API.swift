import Foundation
import Hummingbird
import SparrowCore
import SparrowStore

/// Who is calling: the token's user and the app the token was issued to.
struct Caller: Sendable {
  let userID: Int64
  let app: AppRecord?
}

/// One API call, parsed: what a handler needs.
struct APICall: Sendable {
  let params: Params
  let caller: Caller
  let path: String
  let headers: HTTPFields
  let now: Date
}

/// The `/2/…` endpoints, keyed by path without `.json`. The table, not the Host header, routes a call,
/// so `api.`, `upload.api.` and `rm.api.` all reach the same handlers.
struct APITable: Sendable {
  typealias Handler = @Sendable (APICall) async throws -> Response

  struct Route: Sendable {
    let method: HTTPRequest.Method
    /// Takes a picture: a larger body, and an oversized one is the picture's fault (20006).
    var upload = false
    let handler: Handler
  }

  private(set) var routes: [String: Route] = [:]

  mutating func get(_ path: String, _ handler: @escaping Handler) { routes[path] = Route(method: .get, handler: handler) }
  mutating func post(_ path: String, _ handler: @escaping Handler) { routes[path] = Route(method: .post, handler: handler) }
  mutating func upload(_ path: String, _ handler: @escaping Handler) {
    routes[path] = Route(method: .post, upload: true, handler: handler)
  }

  /// Finds the route for a request path such as `/2/statuses/show.json`.
  func route(for path: String) -> Route? {
    var key = Substring(path)
    guard key.hasPrefix("/2/") else { return nil }
    key = key.dropFirst(3)
    if key.hasSuffix(".json") { key = key.dropLast(5) }
    while key.hasSuffix("/") { key = key.dropLast() }
    return routes[String(key)]
  }
}

/// Renders a value as the JSON body of a 200 response.
func json(_ value: some Encodable & Sendable) throws -> Response {
  try JSONBody(value).response(status: .ok)
}

/// Resolves access tokens.
struct Authenticator: Sendable {
  let store: any Store

  /// The token from `access_token` or the `Authorization: OAuth2|Bearer <token>` header.
  static func token(_ params: Params, _ headers: HTTPFields) -> String? {
    if let token = params["access_token"] { return token }
    guard let header = headers[.authorization] else { return nil }
    let parts = header.split(separator: " ", maxSplits: 1)
    guard parts.count == 2 else { return nil }
    let scheme = parts[0].lowercased()
    guard scheme == "oauth2" || scheme == "bearer" else { return nil }
    // Foundation's trimming is slow on Linux and this runs on every call: skip it when there is nothing to trim.
    let rest = parts[1]
    let token = rest.first?.isWhitespace == false && rest.last?.isWhitespace == false
      ? String(rest) : rest.trimmingCharacters(in: .whitespaces)
    return token.isEmpty ? nil : token
  }

  func caller(token: String?, now: Date) async throws -> Caller {
    guard let token else { throw WeiboError.emptyToken }
    guard let grant = try await store.grant(hash: Secrets.hash(token), kind: .access) else {
      throw WeiboError.invalidToken
    }
    guard grant.expiresAt > now else { throw WeiboError.expiredToken }
    let app = try await store.apps(ids: [grant.appID])[grant.appID]
    return Caller(userID: grant.userID, app: app)
  }
}

extension StoreError {
  /// The API error for a store outcome, where the endpoint gives none of its own.
  var weibo: WeiboError {
    switch self {
    case .notFound: .statusNotFound
    case .conflict: .paramError
    case .duplicateText: .repeated
    }
  }
}
