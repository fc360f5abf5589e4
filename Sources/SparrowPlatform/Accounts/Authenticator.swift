import Foundation
import Hummingbird
import SparrowStore

/// Who is calling: the token's user, the app the token was issued to and the scopes the person granted it.
package struct Caller: Sendable {
  package let userID: Int64
  package let app: AppRecord?
  /// Beyond the scopes every app has (see `allows(_:)`).
  package let scopes: [String]

  package init(userID: Int64, app: AppRecord?, scopes: [String] = []) {
    self.userID = userID
    self.app = app
    self.scopes = scopes
  }
}

/// Resolves access tokens, for every app's API.
package struct Authenticator: Sendable {
  package let store: any PlatformStore

  package init(store: any PlatformStore) {
    self.store = store
  }

  /// The token from `access_token` or the `Authorization: OAuth2|Bearer <token>` header.
  package static func token(_ params: Params, _ headers: HTTPFields) -> String? {
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

  /// The caller behind a token; 21301, 21332 or 21327 in the platform's envelope when there is none.
  package func caller(token: String?, now: Date) async throws -> Caller {
    guard let token else { throw EnvelopeError.emptyToken }
    guard let grant = try await store.grant(hash: Secrets.hash(token), kind: .access) else {
      throw EnvelopeError.invalidToken
    }
    guard grant.expiresAt > now else { throw EnvelopeError.expiredToken }
    let app = try await store.apps(ids: [grant.appID])[grant.appID]
    return Caller(userID: grant.userID, app: app, scopes: grant.scopes)
  }
}

extension Authenticator {
  /// Reads a call's parameters (up to `limit` bytes of body) and finds its caller, without reading a large body
  /// for nobody: a token in the header or the query is checked before any of the body is read; one in the body
  /// must come within its first `openLimit` bytes (the Weibo SDKs send `access_token` before the picture).
  /// With `optional`, a call that names no token at all has no caller; one that names a bad token is refused.
  package func read(_ request: inout Request, limit: Int, openLimit: Int, now: Date, optional: Bool = false,
                    json: Bool = false) async throws -> (Params, Caller?)
  {
    let query = try Params.query(of: request)
    let outside = Self.token(query, request.headers)
    var early: Caller?
    if let outside { early = try await caller(token: outside, now: now) }
    let contentType = request.headers[.contentType] ?? ""
    let params = try await Params.read(
      &request, query: query, limit: limit, openLimit: outside == nil ? openLimit : nil, json: json
    ) {
      prefix in
      let token = Params.field("access_token", inPrefix: prefix, contentType: contentType)
      _ = try await caller(token: token, now: now)
    }
    // The body may name another token than the header; otherwise the caller is the one already found.
    let token = Self.token(params, request.headers)
    if token == nil && optional { return (params, nil) }
    let found = if let early, token == outside { early } else { try await caller(token: token, now: now) }
    // An app's own token (`client_credentials`) acts for no account: it reads what anyone may, and no more.
    guard found.userID != 0 else {
      if optional { return (params, nil) }
      throw EnvelopeError.needsAccount
    }
    return (params, found)
  }
}
