import Foundation
import Hummingbird
import SparrowCore

/// OAuth 2 as the standards write it, for apps of other API families (Mastodon's): `/oauth/authorize` (the same
/// sign-in and consent page), `/oauth/token` (RFC 6749's answer, `client_credentials` too), `/oauth/revoke`
/// (RFC 7009) and the server's metadata (RFC 8414). Errors are RFC 6749's `error` and `error_description`.
extension OAuthController {
  /// The standard token answer: `token_type`, the granted scopes space-separated, and when.
  struct StandardToken: Encodable, Sendable {
    let accessToken: String
    let tokenType = "Bearer"
    let scope: String
    let createdAt: Int64
    let expiresIn: Int
    let refreshToken: String?
  }

  /// RFC 8414's document. `app_registration_endpoint` is Mastodon's name for its dynamic registration.
  struct ServerMetadata: Encodable, Sendable {
    let issuer: String
    let authorizationEndpoint: String
    let tokenEndpoint: String
    let revocationEndpoint: String
    let appRegistrationEndpoint: String
    let scopesSupported: [String]
    let responseTypesSupported = ["code"]
    let responseModesSupported = ["query", "fragment"]
    let grantTypesSupported = ["authorization_code", "client_credentials", "refresh_token"]
    let tokenEndpointAuthMethodsSupported = ["client_secret_basic", "client_secret_post", "none"]
    let codeChallengeMethodsSupported = ["S256"]
    let serviceDocumentation = "https://docs.joinmastodon.org/"
  }

  func registerStandard(on router: Router<SparrowContext>, page: @escaping @Sendable (Request, Int, (Request, Params) async throws -> Response) async throws -> Response) {
    let oauth = self
    router.get("/oauth/authorize") { request, _ in
      try await page(request, Platform.formLimit) { try await oauth.authorizePage($0, params: $1) }
    }
    router.post("/oauth/authorize") { request, context in
      try await page(request, Platform.formLimit) {
        try await oauth.authorizeSubmit($0, params: $1, address: context.clientAddress)
      }
    }
    router.post("/oauth/token") { request, context in
      try await oauth.standardJSON(request) { params in
        let issued = try await oauth.issue(params, address: context.clientAddress, standard: true)
        return try json(StandardToken(
          accessToken: issued.token.accessToken, scope: issued.scopes.joined(separator: " "),
          createdAt: Int64(issued.createdAt.timeIntervalSince1970), expiresIn: issued.token.expiresIn,
          refreshToken: issued.token.refreshToken))
      }
    }
    router.post("/oauth/revoke") { request, _ in
      try await oauth.standardJSON(request) { try await oauth.revokeStandard($0) }
    }
    router.get("/.well-known/oauth-authorization-server") { _, _ in
      let base = oauth.deps.config.publicURL
      var response = try json(ServerMetadata(
        issuer: base + "/", authorizationEndpoint: base + "/oauth/authorize", tokenEndpoint: base + "/oauth/token",
        revocationEndpoint: base + "/oauth/revoke", appRegistrationEndpoint: base + "/api/v1/apps",
        scopesSupported: oauth.scopes.scopes.filter { !$0.byDefault }.map(\.name)))
      response.headers[.accessControlAllowOrigin] = "*"
      return response
    }
  }

  /// A standard endpoint's parameters (form or JSON, and HTTP Basic client credentials, RFC 6749 §2.3.1), and its
  /// failures as RFC 6749 §5.2 JSON.
  func standardJSON(_ request: Request, _ body: (Params) async throws -> Response) async throws -> Response {
    var request = request
    do {
      var params = try await Params.read(&request, limit: Platform.formLimit, json: true)
      if let basic = Self.basicCredentials(request.headers) {
        params = params.adding(["client_id": basic.id, "client_secret": basic.secret])
      }
      var response = try await body(params)
      response.headers[.cacheControl] = "no-store"
      return response
    } catch let error as ParamError {
      return Self.standardError(EnvelopeError(error))
    } catch let error as EnvelopeError {
      return Self.standardError(error)
    }
  }

  static func standardError(_ error: EnvelopeError) -> Response {
    struct Body: Encodable, Sendable {
      let error: String
      let errorDescription: String
    }
    let body = Body(error: error.oauthDescription == nil ? "invalid_request" : error.error,
                    errorDescription: error.oauthDescription ?? error.error)
    var response = jsonResponse((try? JSONWriter().encode(body)) ?? Array("{}".utf8), status: error.status)
    response.headers[.cacheControl] = "no-store"
    return response
  }

  /// `Authorization: Basic base64(id:secret)`, each part form-encoded (RFC 6749 §2.3.1).
  static func basicCredentials(_ headers: HTTPFields) -> (id: String, secret: String)? {
    guard let header = headers[.authorization], header.lowercased().hasPrefix("basic "),
      let data = Data(base64Encoded: String(header.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
      let text = String(data: data, encoding: .utf8), let colon = text.firstIndex(of: ":")
    else { return nil }
    let id = Params.decode(Array(text[..<colon].utf8)) ?? ""
    let secret = Params.decode(Array(text[text.index(after: colon)...].utf8)) ?? ""
    return id.isEmpty ? nil : (id, secret)
  }
}
