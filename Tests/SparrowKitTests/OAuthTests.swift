import Foundation
import SparrowKit
import Testing

let app = OAuthApp(clientID: "123456", clientSecret: "s3cret", redirectURI: "https://app.example/callback")

@Test(arguments: [
  (nil, false, ["client_id": "123456", "redirect_uri": "https://app.example/callback", "response_type": "code"]),
  ("xyz", false, ["client_id": "123456", "redirect_uri": "https://app.example/callback", "response_type": "code", "state": "xyz"]),
  ("xyz", true,
   ["client_id": "123456", "redirect_uri": "https://app.example/callback", "response_type": "code", "state": "xyz", "forcelogin": "true"]),
] as [(String?, Bool, [String: String])])
func authorizeURLCarriesClientRedirectCodeStateAndForceLogin(_ state: String?, _ forceLogin: Bool, _ expected: [String: String]) throws {
  let url = try #require(OAuth.authorizeURL(server: server, app: app, state: state, forceLogin: forceLogin))

  let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
  #expect(url.absoluteString.hasPrefix("https://sparrow.test/oauth2/authorize?"))
  #expect(url.absoluteString.contains("redirect_uri=https%3A%2F%2Fapp.example%2Fcallback"))
  #expect(Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 }) == expected)
}

@Test(arguments: [
  ("https://app.example/callback?code=abc123&state=s1", "s1", "abc123"),
  ("https://app.example/callback?code=abc123", nil, "abc123"),
  ("https://app.example/callback?code=abc%2B123&state=s%201", "s 1", "abc+123"),
] as [(String, String?, String)])
func callbackGivesTheCodeWhenTheStateMatches(_ url: String, _ state: String?, _ code: String) throws {
  let result = try OAuth.code(fromCallback: URL(string: url)!, expectedState: state)

  #expect(result == code)
}

@Test(arguments: [
  ("https://app.example/callback?error_uri=%2Foauth2%2Fauthorize&error=access_denied&error_description=user%20denied%20your%20request.&error_code=21330",
   APIError.authorizationCancelled),
  ("https://app.example/callback?error=access_denied", .authorizationCancelled),
  ("https://app.example/callback?error=invalid_client&error_code=21324&error_description=bad+client",
   .server(code: 21324, message: "bad client", httpStatus: 302, request: "/oauth2/authorize")),
  ("https://app.example/callback?code=abc&state=other", .stateMismatch),
  ("https://app.example/callback?code=abc", .stateMismatch),
  ("https://app.example/callback", .invalidCallback("https://app.example/callback")),
  ("https://app.example/callback?code=", .invalidCallback("https://app.example/callback?code=")),
])
func callbackErrorsAreTyped(_ url: String, _ expected: APIError) {
  #expect(throws: expected) { try OAuth.code(fromCallback: URL(string: url)!, expectedState: "s1") }
}

@Test(arguments: [
  ("https://app.example/callback?code=1", true), ("https://APP.example/callback/?code=1", true),
  ("https://app.example/callback", true), ("http://app.example/callback?code=1", false),
  ("https://app.example/other?code=1", false), ("https://evil.example/callback?code=1", false),
  ("https://app.example:8443/callback?code=1", false),
])
func onlyTheRegisteredRedirectIsACallback(_ url: String, _ isCallback: Bool) {
  #expect(OAuth.isCallback(URL(string: url)!, app: app) == isCallback)
}

@Test(arguments: [
  (Shape(OAuth.accessToken(code: "c0de", app: app)),
   ["client_id": "123456", "client_secret": "s3cret", "grant_type": "authorization_code", "code": "c0de", "redirect_uri": "https://app.example/callback"]),
  (Shape(OAuth.accessToken(username: "小明", password: "pw", app: app)),
   ["client_id": "123456", "client_secret": "s3cret", "grant_type": "password", "username": "小明", "password": "pw"]),
  (Shape(OAuth.refresh("r1", app: app)),
   ["client_id": "123456", "client_secret": "s3cret", "grant_type": "refresh_token", "refresh_token": "r1"]),
] as [(Shape, [String: String])])
func tokenGrantsPostTheClientCredentials(_ shape: Shape, _ form: [String: String]) {
  #expect(shape.method == "POST")
  #expect(shape.path == "oauth2/access_token")
  #expect(shape.parameters == form)
}

@Test(arguments: [(Shape(OAuth.revoke("t")), "oauth2/revokeoauth2"), (Shape(OAuth.tokenInfo("t")), "oauth2/get_token_info")])
func revokeAndTokenInfoPostTheToken(_ shape: Shape, _ path: String) {
  #expect(shape.method == "POST")
  #expect(shape.path == path)
  #expect(shape.parameters == ["access_token": "t"])
}

@Test func codeExchangeGivesAnAccountThatExpiresWhenTheTokenDoes() async throws {
  let transport = StubTransport(json(#"{"access_token":"2.00VNNvrCjJTHgB789f62d93d0Q8vbn","remind_in":"157679999","expires_in":157679999,"uid":"2629046977"}"#))
  let client = SparrowClient(baseURL: server, transport: transport)
  let now = Date(timeIntervalSince1970: 1_700_000_000)

  let token = try await client.send(OAuth.accessToken(code: "c0de", app: app))
  let account = try Account(token: token, now: now)

  #expect(account.accessToken == "2.00VNNvrCjJTHgB789f62d93d0Q8vbn")
  #expect(account.uid == 2_629_046_977)
  #expect(account.expiresAt == now.addingTimeInterval(157_679_999))
  #expect(await transport.last?.headers["Authorization"] == nil)
  #expect(await transport.last?.url.absoluteString == "https://sparrow.test/oauth2/access_token")
}

@Test func tokenInfoAndRevokeReadTheSpecAnswers() async throws {
  let transport = StubTransport(
    json(#"{"uid":1073880650,"appkey":1352222456,"scope":null,"create_at":1352267591,"expire_in":157679471}"#),
    json(#"{"result":"true"}"#))
  let client = SparrowClient(baseURL: server, transport: transport)

  let info = try await client.send(OAuth.tokenInfo("t"))
  let revoked = try await client.send(OAuth.revoke("t"))

  #expect(info == TokenInfo(uid: 1_073_880_650, appKey: "1352222456", scope: nil, createdAt: 1_352_267_591, expiresIn: 157_679_471))
  #expect(revoked.result)
}

@Test func aWrongCodeIsTheOAuthError() async {
  let body = #"{"error":"invalid_grant","error_code":21325,"request":"/oauth2/access_token","error_uri":"/oauth2/access_token","error_description":"invalid authorization code:0dd6"}"#
  let client = SparrowClient(baseURL: server, transport: StubTransport(json(body, status: 400)))

  await #expect(throws: APIError.server(code: 21325, message: "invalid authorization code:0dd6", httpStatus: 400, request: "/oauth2/access_token")) {
    try await client.send(OAuth.accessToken(code: "bad", app: app))
  }
}

/// RFC 7636 Appendix B's example: the SDK's S256 challenge is the standard one.
@Test func pkceChallengeIsS256OfTheVerifier() throws {
  let pkce = PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
  #expect(pkce.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
  #expect(PKCE().verifier.count == 43)
  #expect(PKCE() != PKCE())
  let url = try #require(OAuth.authorizeURL(server: server, app: .terminal(redirectURI: "http://127.0.0.1:9/callback"), pkce: pkce))
  let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
  #expect(query.first { $0.name == "code_challenge" }?.value == pkce.challenge)
  #expect(query.first { $0.name == "code_challenge_method" }?.value == "S256")
  #expect(query.first { $0.name == "client_id" }?.value == "sparrow-wb")
}
