import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import SparrowPlatform
import SparrowTestSupport
import Testing

@Suite struct BadInputTests {
  @Test func routingIgnoresTheHostAndAcceptsPathsWithoutJSON() async throws {
    let world = try await TestWorld()
    let token = try await world.token(for: try await world.user("alice"))

    try await world.test { client in
      for host in ["api.sparrow.test", "upload.api.sparrow.test", "rm.api.sparrow.test"] {
        let response = try await client.get("/2/remind/unread_count.json", token: token, headers: [HTTPField.Name("Host")!: host])
        #expect(response.status == .ok)
      }
      #expect(try await client.get("/2/account/get_uid", token: token).status == .ok)
    }
  }

  @Test func unknownEndpointsWrongMethodsAndBadIDsGetTheEnvelope() async throws {
    let world = try await TestWorld()
    let token = try await world.token(for: try await world.user("alice"))

    try await world.test { client in
      let missing = try await client.get("/2/statuses/nothing.json", token: token)
      #expect(missing.status == .notFound)
      #expect(missing.errorCode == 10020)
      #expect(missing.object["request"] as? String == "/2/statuses/nothing.json")
      #expect(missing.headers[.contentType] == "application/json; charset=utf-8")

      let method = try await client.get("/2/statuses/update.json?status=hi", token: token)
      #expect(method.status == .badRequest)
      #expect(method.errorCode == 10021)

      for path in ["/2/statuses/show.json?id=abc", "/2/statuses/show.json?id=-4", "/2/comments/show.json?id=1e5",
                   "/2/statuses/home_timeline.json?max_id=xyz", "/2/statuses/home_timeline.json?count=ten"] {
        let response = try await client.get(path, token: token)
        #expect(response.status == .badRequest, "\(path)")
        #expect(response.errorCode == 10017, "\(path)")
      }
      #expect(try await client.get("/2/statuses/show.json", token: token).errorCode == 20109)
      #expect(try await client.get("/2/statuses/show.json?id=42", token: token).errorCode == 20101)
      #expect(try await client.get("/2/statuses/count.json?ids=", token: token).errorCode == 20001)
      let tooMany = (1...101).map(String.init).joined(separator: ",")
      #expect(try await client.get("/2/statuses/count.json?ids=\(tooMany)", token: token).errorCode == 20009)
    }
  }

  @Test func oversizedAndMalformedBodiesChangeNothing() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let token = try await world.token(for: alice)

    try await world.test { client in
      let huge = ByteBuffer(string: "status=" + String(repeating: "a", count: 2 << 20))
      let tooLarge = try await client.execute(
        uri: "/2/statuses/update.json", method: .post,
        headers: [.authorization: "OAuth2 \(token)", .contentType: "application/x-www-form-urlencoded"], body: huge)
      #expect(tooLarge.status == .contentTooLarge)
      #expect(tooLarge.errorCode == 10018)

      let broken = try await client.execute(
        uri: "/2/statuses/update.json", method: .post,
        headers: [.authorization: "OAuth2 \(token)", .contentType: "multipart/form-data; boundary=XYZ"],
        body: ByteBuffer(string: "--XYZ\r\ncontent-disposition: form-data; name=\"status\"\r\n\r\nhel"))
      #expect(broken.status == .badRequest)

      // MultipartKit traps on a byte past 0x7F in a part's header name: refused, and the server lives on.
      let binaryHeaderName = try await client.execute(
        uri: "/2/statuses/update.json", method: .post,
        headers: [.authorization: "OAuth2 \(token)", .contentType: "multipart/form-data; boundary=XYZ"],
        body: ByteBuffer(bytes: Array("--XYZ\r\nConte".utf8) + [0xFF] + Array("nt-Disposition: form-data; name=\"status\"\r\n\r\nhi\r\n--XYZ--\r\n".utf8)))
      #expect(binaryHeaderName.status == .badRequest)

      let noBoundary = try await client.execute(
        uri: "/2/statuses/update.json", method: .post,
        headers: [.authorization: "OAuth2 \(token)", .contentType: "multipart/form-data"], body: ByteBuffer(string: "x"))
      #expect(noBoundary.errorCode == 10008)

      let jsonBody = try await client.execute(
        uri: "/2/statuses/update.json", method: .post,
        headers: [.authorization: "OAuth2 \(token)", .contentType: "application/json"], body: ByteBuffer(string: "{}"))
      #expect(jsonBody.errorCode == 10007)

      #expect(try await world.store.user(id: alice.id)?.allStatusesCount == 0)
    }
  }

  @Test func lenientMultipartAsOldSDKsSendIt() async throws {
    let world = try await TestWorld()
    let token = try await world.token(for: try await world.user("alice"))

    try await world.test { client in
      let body = "--B\r\ncontent-disposition: form-data; name=\"access_token\"\r\n\r\n\(token)\r\n"
        + "--B\r\nContent-Disposition: form-data; name=\"status\"\r\nContent-Length: 6\r\n\r\n你好\r\n--B--\r\n"
      let response = try await client.execute(
        uri: "/2/statuses/update.json", method: .post, headers: [.contentType: "multipart/form-data; boundary=B"],
        body: ByteBuffer(string: body))
      #expect(response.status == .ok)
      #expect(response.object["text"] as? String == "你好")
    }
  }

  @Test func plusAndPercentEncodingBothDecode() async throws {
    let world = try await TestWorld()
    let token = try await world.token(for: try await world.user("alice"))

    try await world.test { client in
      let response = try await client.execute(
        uri: "/2/statuses/update.json", method: .post,
        headers: [.authorization: "OAuth2 \(token)", .contentType: "application/x-www-form-urlencoded"],
        body: ByteBuffer(string: "status=a+b%20c%2Bd"))
      #expect(response.object["text"] as? String == "a b c+d")
    }
  }
}

/// Form values are text or refused: broken escapes, bytes that are not UTF-8, and NUL never reach a handler.
@Test(arguments: [
  ("a+b%20c", "a b c"), ("%E4%BD%A0%E5%A5%BD", "你好"), ("100%25", "100%"), ("", ""),
  ("a%00b", nil), ("%ED%A0%80", nil), ("%zz", nil), ("%E4%BD", nil), ("50%", nil),
] as [(String, String?)])
func formValuesAreTextOrRefused(_ encoded: String, _ decoded: String?) throws {
  var params = Params()
  if let decoded {
    try params.merge(formEncoded: "status=" + encoded)
    #expect(params.all("status") == [decoded])
  } else {
    #expect(throws: ParamError.notText("status")) { try params.merge(formEncoded: "status=" + encoded) }
  }
}

/// Pairs split at the `&` and `=` bytes, even before a combining mark (as characters, `&́` is one).
@Test func formPairsSplitAtTheirBytesEvenBeforeACombiningMark() throws {
  var params = Params()

  try params.merge(formEncoded: "a=1&\u{301}b=2&c=\u{301}3")

  #expect(params.all("a") == ["1"])
  #expect(params.all("\u{301}b") == ["2"])
  #expect(params.all("c") == ["\u{301}3"])
}

/// A byte past 0x7F in a part's header name (MultipartKit would trap on it) or in the boundary is refused; in a
/// header value (a UTF-8 file name) it is read.
@Test func multipartBytesPastASCII() throws {
  let trap = Array("--B\r\nConte".utf8) + [0xFF] + Array("nt-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n--B--\r\n".utf8)
  let body = "--B\r\nContent-Disposition: form-data; name=\"a\"; filename=\"照片.png\"\r\n\r\nx\r\n--B--\r\n"
  var params = Params()

  #expect(throws: ParamError.malformed) { try params.merge(multipart: ByteBuffer(bytes: trap), boundary: "B") }
  #expect(throws: ParamError.malformed) {
    try params.merge(multipart: ByteBuffer(string: body.replacingOccurrences(of: "--B", with: "--é")), boundary: "é")
  }
  try params.merge(multipart: ByteBuffer(string: body), boundary: "B")

  #expect(params.file("a")?.filename == "照片.png")
}

/// Quotes come off a name or file name even when a combining mark follows the first (as characters, they are one).
@Test func multipartQuotesComeOffBeforeACombiningMark() throws {
  let body = "--B\r\nContent-Disposition: form-data; name=\"\u{301}a\"; filename=\"\u{651}.png\"\r\n\r\nx\r\n--B--\r\n"
  var params = Params()

  try params.merge(multipart: ByteBuffer(string: body), boundary: "B")

  #expect(params.file("\u{301}a")?.filename == "\u{651}.png")
  #expect(Params.boundary(in: "multipart/form-data; boundary=\"\u{301}B\"") == "\u{301}B")
}

/// An app's url becomes every status's source link: only web addresses.
@Test(arguments: ["javascript:alert(1)", "data:text/html,hi", "ftp://example.org", "http://"])
func appURLsMustBeWebAddresses(_ url: String) async throws {
  let world = try await TestWorld()
  let accounts = Accounts(store: world.store, ids: world.ids)
  await #expect(throws: AccountError.self) {
    _ = try await accounts.createApp(name: "bad", redirectURI: "https://client.test/cb", url: url)
  }
  _ = try await accounts.createApp(name: "good", redirectURI: "https://client.test/cb", url: "https://client.test")
}

/// Hostile parameters get a 4xx in the envelope (or are clamped), never a 5xx.
@Test func hostileParametersAreClientErrors() async throws {
  let world = try await TestWorld()
  let token = try await world.token(for: try await world.user("alice"))
  let many = (0..<3000).map { "p\($0)=\($0)" }.joined(separator: "&")
  let cases: [(String, Set<Int>)] = [
    ("/2/statuses/home_timeline.json?count=-5", [200, 400]),
    ("/2/statuses/home_timeline.json?count=99999999999999999999", [400]),
    ("/2/statuses/home_timeline.json?page=-1", [200, 400]),
    ("/2/statuses/home_timeline.json?page=9223372036854775807", [200, 400]),
    ("/2/statuses/home_timeline.json?since_id=9223372036854775808", [400]),
    ("/2/statuses/home_timeline.json?max_id=-9223372036854775808", [200, 400]),
    ("/2/statuses/show.json?id=9223372036854775808", [400]),
    ("/2/statuses/show.json?id=-1", [400]),
    ("/2/statuses/show.json?id=0", [400]),
    ("/2/statuses/show.json?id=1e5", [400]),
    ("/2/users/show.json?uid=%00", [400]),
    ("/2/users/counts.json?uids=" + (1...500).map(String.init).joined(separator: ","), [400]),
    ("/2/statuses/home_timeline.json?" + many, [200]),
    ("/2/search/statuses.json?q=" + String(repeating: "%E4%BD%A0", count: 3000), [200, 400]),
    ("/2/search/statuses.json?q=%22%22%22*%20OR%20NEAR(", [200]),
  ]
  try await world.test { client in
    for (uri, allowed) in cases {
      let response = try await client.get(uri, token: token)
      #expect(allowed.contains(Int(response.status.code)), "\(uri.prefix(80)): \(response.status.code)")
      if response.status.code >= 400 { #expect(response.errorCode != nil, "\(uri.prefix(80))") }
    }
  }
}
