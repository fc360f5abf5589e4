import HTTPTypes
import Hummingbird
import NIOCore
import SparrowPlatform
import Testing

/// `Request.cookie`, which finds one cookie without parsing the others, against Hummingbird's `cookies`, which
/// parses them all: the same value for every name, over headers made at random.
@Suite struct CookieTests {
  func request(_ headers: [String]) -> Request {
    var fields = HTTPFields()
    for header in headers { fields.append(HTTPField(name: .cookie, value: header)) }
    let head = HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/", headerFields: fields)
    return Request(head: head, body: RequestBody(buffer: ByteBuffer()))
  }

  @Test func aCookieIsWhatHummingbirdsCookiesSay() {
    let names = ["sparrow_session", "sparrow_sessio", "sparrow_session2", "tuan_city", "tuan_cities", "a", "=", ""]
    let values = ["", "abc", "a=b", "110100.430100", "  x", "\"q\"", "中文"]
    var random = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      var headers: [String] = []
      for _ in 0..<Int.random(in: 1...2, using: &random) {
        var parts: [String] = []
        for _ in 0..<Int.random(in: 0...4, using: &random) {
          let name = names.randomElement(using: &random)!, value = values.randomElement(using: &random)!
          let space = ["", " ", "  ", "\t"].randomElement(using: &random)!
          parts.append(Bool.random(using: &random) ? space + name + "=" + value : space + name)
        }
        headers.append(parts.joined(separator: ";"))
      }
      let request = request(headers)
      for name in names where !name.isEmpty && name != "=" {
        #expect(request.cookie(name) == request.cookies[name]?.value, "\(headers), \(name)")
      }
    }
  }

  @Test func theSessionAmongOthers() {
    let both = request(["tuan_city=110100; sparrow_session=s3cret; sparrow_session=later", "sparrow_session=third"])
    #expect(both.cookie("sparrow_session") == "s3cret")
    #expect(both.cookie("tuan_city") == "110100")
    #expect(both.cookie("tuan") == nil)
    #expect(request(["sparrow_session"]).cookie("sparrow_session") == nil)
    #expect(request([]).cookie("sparrow_session") == nil)
  }
}

/// The form token is HMAC-SHA256 of the session under the form key, in hex: RFC 4231's first case, and the common
/// example, so that a faster way of computing it cannot change what forms carry.
@Suite struct FormTokenTests {
  @Test func theFormTokenIsHMACSHA256() {
    #expect(Secrets.formToken(session: "The quick brown fox jumps over the lazy dog", key: "key")
      == "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8")
    let key = String(decoding: [UInt8](repeating: 0x0b, count: 20), as: UTF8.self)
    #expect(Secrets.formToken(session: "Hi There", key: key)
      == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
  }
}
