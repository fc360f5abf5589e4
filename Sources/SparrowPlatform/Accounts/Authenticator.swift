import Foundation
import Hummingbird
import SparrowStore

/// Who is calling: the token's user and the app the token was issued to.
package struct Caller: Sendable {
  package let userID: Int64
  package let app: AppRecord?

  package init(userID: Int64, app: AppRecord?) {
    self.userID = userID
    self.app = app
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
    guard let token else { throw WeiboError.emptyToken }
    guard let grant = try await store.grant(hash: Secrets.hash(token), kind: .access) else {
      throw WeiboError.invalidToken
    }
    guard grant.expiresAt > now else { throw WeiboError.expiredToken }
    let app = try await store.apps(ids: [grant.appID])[grant.appID]
    return Caller(userID: grant.userID, app: app)
  }
}
