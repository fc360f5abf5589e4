import Foundation
import SparrowKit
import Testing

@Test func getCarriesTheQueryAndTheOAuth2Header() async throws {
  let transport = StubTransport(page([2, 1]))
  let client = SparrowClient(baseURL: server, accessToken: "tok", transport: transport)

  let list = try await client.send(Statuses.homeTimeline(maxID: 42, count: 20))

  let request = try #require(await transport.last)
  #expect(request.method == "GET")
  #expect(request.url.absoluteString == "https://sparrow.test/2/statuses/home_timeline.json?count=20&max_id=42")
  #expect(request.headers["Authorization"] == "OAuth2 tok")
  #expect(request.body == nil)
  #expect(list.statuses.map(\.id) == [2, 1])
}

@Test func postSendsAFormEncodedBody() async throws {
  let transport = StubTransport(ok(status(5, text: "你 a+b&c=d")))
  let client = SparrowClient(baseURL: server, accessToken: "tok", transport: transport)

  _ = try await client.send(Statuses.update(text: "你 a+b&c=d", pictureIDs: ["p1", "p2"]))

  let request = try #require(await transport.last)
  #expect(request.method == "POST")
  #expect(request.url.absoluteString == "https://sparrow.test/2/statuses/update.json")
  #expect(request.headers["Content-Type"] == "application/x-www-form-urlencoded; charset=utf-8")
  #expect(String(decoding: request.body ?? Data(), as: UTF8.self) == "pic_id=p1%2Cp2&status=%E4%BD%A0%20a%2Bb%26c%3Dd")
  #expect(formFields(request) == ["status": "你 a+b&c=d", "pic_id": "p1,p2"])
}

@Test func uploadSendsMultipartWithThePictureAndTheText() async throws {
  let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46])
  let transport = StubTransport(ok(status(5)))
  let client = SparrowClient(baseURL: server, accessToken: "tok", transport: transport)

  _ = try await client.send(Statuses.upload(text: "看图", picture: .picture(jpeg)))

  let request = try #require(await transport.last)
  let contentType = try #require(request.headers["Content-Type"])
  #expect(contentType.hasPrefix("multipart/form-data; boundary="))
  let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
  let body = try #require(request.body)
  let text = String(decoding: body, as: UTF8.self)
  #expect(text.hasPrefix("--\(boundary)\r\n"))
  #expect(text.hasSuffix("--\(boundary)--\r\n"))
  #expect(text.contains("Content-Disposition: form-data; name=\"status\"\r\n\r\n看图\r\n"))
  #expect(text.contains("Content-Disposition: form-data; name=\"pic\"; filename=\"pic.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"))
  #expect(body.range(of: jpeg) != nil)
  #expect(request.url.path == "/2/statuses/upload.json")
}

@Test func uploadPicAnswersThePictureID() async throws {
  let transport = StubTransport(json(#"{"pic_id":"abc123","thumbnail_pic":"http://i/thumbnail/abc123.jpg","bmiddle_pic":"http://i/bmiddle/abc123.jpg","original_pic":"http://i/large/abc123.jpg"}"#))
  let client = SparrowClient(baseURL: server, accessToken: "tok", transport: transport)

  let picture = try await client.send(Statuses.uploadPicture(.picture(Data("GIF89a".utf8))))

  #expect(picture == UploadedPicture(picID: "abc123", thumbnailPic: "http://i/thumbnail/abc123.jpg", bmiddlePic: "http://i/bmiddle/abc123.jpg", originalPic: "http://i/large/abc123.jpg"))
  let body = String(decoding: await transport.last?.body ?? Data(), as: UTF8.self)
  #expect(body.contains("filename=\"pic.gif\"\r\nContent-Type: image/gif"))
}

@Test(arguments: [
  (json(#"{"error":"Target weibo does not exist!","error_code":20101,"request":"/2/statuses/show.json"}"#, status: 400),
   APIError.server(code: 20101, message: "Target weibo does not exist!", httpStatus: 400, request: "/2/statuses/show.json")),
  (json(#"{"error":"Target weibo does not exist!","error_code":"20101","request":"/2/statuses/show.json"}"#, status: 200),
   .server(code: 20101, message: "Target weibo does not exist!", httpStatus: 200, request: "/2/statuses/show.json")),
  (json(#"{"error":"expired_token","error_code":21327,"request":"/2/statuses/show.json"}"#, status: 401),
   .server(code: 21327, message: "expired_token", httpStatus: 401, request: "/2/statuses/show.json")),
  (json(#"{"error":"invalid_grant","error_code":21325,"request":"/oauth2/access_token","error_description":"invalid authorization code"}"#, status: 400),
   .server(code: 21325, message: "invalid authorization code", httpStatus: 400, request: "/oauth2/access_token")),
  (json("<html>Bad Gateway</html>", status: 502), .http(status: 502, body: "<html>Bad Gateway</html>")),
  (json("", status: 204), .http(status: 204, body: "")),
])
func failuresSurfaceAsTypedErrorsWithCodeAndStatus(_ response: TransportResponse, _ expected: APIError) async {
  let client = SparrowClient(baseURL: server, accessToken: "tok", transport: StubTransport(response))

  await #expect(throws: expected) { try await client.send(Statuses.show(id: 1)) }
}

@Test(arguments: ["not json", "[]", #"{"statuses":"oops"}"#])
func anUnreadable200IsADecodingError(_ body: String) async {
  let client = SparrowClient(baseURL: server, accessToken: "tok", transport: StubTransport(json(body)))

  await #expect {
    try await client.send(Statuses.show(id: 1))
  } throws: { error in
    if case .decoding = error as? APIError { true } else { false }
  }
}

@Test func transportFailuresAreSeparateFromServerErrors() async {
  let client = SparrowClient(baseURL: server, accessToken: "tok", transport: StubTransport(failing: URLError(.notConnectedToInternet)))

  await #expect {
    try await client.send(Statuses.show(id: 1))
  } throws: { error in
    if case .transport = error as? APIError { true } else { false }
  }
}

@Test func cancellationIsNotATransportError() async {
  let client = SparrowClient(baseURL: server, accessToken: "tok", transport: StubTransport(failing: CancellationError()))

  await #expect(throws: CancellationError.self) { try await client.send(Statuses.show(id: 1)) }
}

@Test(arguments: [(nil, true), (nil, false), ("tok", true), ("tok", false)] as [(String?, Bool)])
func theTokenHeaderIsSentOnlyWhenThereIsATokenAndTheCallWantsIt(_ token: String?, _ oauthCall: Bool) async throws {
  let transport = StubTransport(json(#"{"uid":"5"}"#))
  let client = SparrowClient(baseURL: server, accessToken: token, transport: transport)

  if oauthCall { _ = try? await client.send(OAuth.tokenInfo("t")) } else { _ = try await client.send(Accounts.getUID()) }

  let request = try #require(await transport.last)
  #expect((request.headers["Authorization"] != nil) == (token != nil && !oauthCall))
}

@Test func aNewTokenReplacesTheOldOne() async throws {
  let transport = StubTransport(json(#"{"uid":"5"}"#), json(#"{"uid":"5"}"#))
  let client = SparrowClient(baseURL: server, accessToken: "old", transport: transport)

  await client.setAccessToken("new")
  let uid = try await client.send(Accounts.getUID())

  #expect(uid.uid == 5)
  #expect(await transport.last?.headers["Authorization"] == "OAuth2 new")
}

@Test(arguments: ["https://host/sparrow", "https://host/sparrow/"])
func pathsGoUnderTheBaseURLsPath(_ base: String) async throws {
  let transport = StubTransport(json(#"{"uid":5}"#))
  let client = SparrowClient(baseURL: URL(string: base)!, transport: transport)

  _ = try await client.send(Accounts.getUID())

  #expect(await transport.last?.url.absoluteString == "https://host/sparrow/2/account/get_uid.json")
}

@Test(arguments: [
  (APIError.server(code: 21327, message: "", httpStatus: 401, request: ""), true),
  (.server(code: 21332, message: "", httpStatus: 401, request: ""), true),
  (.server(code: 21301, message: "", httpStatus: 401, request: ""), true),
  (.server(code: 20101, message: "", httpStatus: 400, request: ""), false),
  (.transport("offline"), false),
  (.authorizationCancelled, false),
])
func tokenErrorsAskForANewLogin(_ error: APIError, _ needsLogin: Bool) {
  #expect(error.needsLogin == needsLogin)
}

@Test(arguments: [
  (Data([0xFF, 0xD8, 0xFF, 0xDB]), "image/jpeg", "pic.jpg"),
  (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "image/png", "pic.png"),
  // One sniffing rule for the SDK and the server: a cut-short PNG signature is not a picture.
  (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A]), "application/octet-stream", "pic.bin"),
  (Data("GIF87a".utf8), "image/gif", "pic.gif"),
  (Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8".utf8), "image/webp", "pic.webp"),
  (Data(), "application/octet-stream", "pic.bin"),
])
func pictureTypeIsSniffedFromTheMagicBytes(_ data: Data, _ type: String, _ name: String) {
  let file = FormFile.picture(data)

  #expect(file.contentType == type)
  #expect(file.fileName == name)
  #expect(file.name == "pic")
}
