import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting

// Request bodies and pictures the router tests of several suites send.

/// A multipart body with text fields and one file.
package func multipart(_ fields: [(String, String)], file: (name: String, filename: String, type: String, data: Data)?,
                       boundary: String = "SparrowBoundary") -> ByteBuffer {
  multipart(fields, files: file.map { [$0] } ?? [], boundary: boundary)
}

/// A multipart body with text fields and any number of files.
package func multipart(_ fields: [(String, String)], files: [(name: String, filename: String, type: String, data: Data)],
                       boundary: String = "SparrowBoundary") -> ByteBuffer {
  var body = Data()
  for (name, value) in fields {
    body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
  }
  for file in files {
    body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.name)\"; filename=\"\(file.filename)\"\r\nContent-Type: \(file.type)\r\n\r\n".utf8)
    body += file.data + Data("\r\n".utf8)
  }
  body += Data("--\(boundary)--\r\n".utf8)
  return ByteBuffer(bytes: body)
}

/// An SVG of one colour with a black corner, to render as a test picture.
package func drawing(_ width: Int, _ height: Int, colour: String = "#3aa757") -> String {
  """
  <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)"><rect width="\(width)" height="\(height)" fill="\(colour)"/>\
  <rect width="\(width / 4)" height="\(height / 4)" fill="#000"/></svg>
  """
}

/// JPEGs carrying what a camera writes, for the tests that check it never leaves the server.
package enum TestJPEG {
  /// 30°15'12.34" as EXIF rationals, as a camera writes a latitude: bytes no served picture may carry.
  package static let gpsRationals = Data([30, 0, 0, 0, 1, 0, 0, 0, 15, 0, 0, 0, 1, 0, 0, 0, 0xD2, 0x04, 0, 0, 100, 0, 0, 0])

  /// `jpeg` with an EXIF segment holding a GPS latitude, after its SOI marker.
  package static func withGPS(_ jpeg: Data) -> Data {
    func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
    // TIFF (little-endian): IFD0 with one entry, GPSInfo → the GPS IFD at 26; it holds GPSLatitudeRef "N" and
    // GPSLatitude (three rationals at 56).
    var tiff: [UInt8] = Array("II".utf8) + u16(42) + u32(8)
    tiff += u16(1) + u16(0x8825) + u16(4) + u32(1) + u32(26) + u32(0)
    tiff += u16(2) + u16(1) + u16(2) + u32(2) + [UInt8(ascii: "N"), 0, 0, 0] + u16(2) + u16(5) + u32(3) + u32(56) + u32(0)
    tiff += Array(gpsRationals)
    let payload = Array("Exif".utf8) + [0, 0] + tiff
    let segment: [UInt8] = [0xFF, 0xE1] + [UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
    return jpeg.prefix(2) + Data(segment) + jpeg.dropFirst(2)
  }
}

/// A step of the web sign-in that did not answer as it should.
package struct WebSignInFailed: Error {
  package let step: String
}

extension TestClientProtocol {
  /// Signs `name` in as a browser does: `/web/login`, the authorize form, `/web/callback`. Returns the callback's
  /// response and the session's `Set-Cookie` line.
  package func webSignIn(_ name: String, publicURL: String = "http://sparrow.test") async throws
    -> (done: TestResponse, setCookie: String)
  {
    let login = try await get("/web/login")
    guard let location = login.headers[.location],
      let state = URLComponents(string: location)?.queryItems?.first(where: { $0.name == "state" })?.value,
      let stateCookie = login.headers[.setCookie]?.split(separator: ";").first.map(String.init)
    else { throw WebSignInFailed(step: "/web/login") }
    let granted = try await postSignedOut("/oauth2/authorize", [
      ("client_id", "sparrow-web"), ("redirect_uri", publicURL + "/web/callback"), ("response_type", "code"),
      ("state", state), ("action", "submit"), ("userId", name), ("passwd", TestWorld.password),
    ])
    guard let callback = granted.headers[.location]?.replacingOccurrences(of: publicURL, with: "") else {
      throw WebSignInFailed(step: "/oauth2/authorize")
    }
    var headers = HTTPFields()
    headers[.cookie] = stateCookie
    let done = try await get(callback, headers: headers)
    guard let cookie = done.headers[values: .setCookie].first(where: { $0.hasPrefix("sparrow_web=") }) else {
      throw WebSignInFailed(step: "/web/callback")
    }
    return (done, cookie)
  }
}

extension TestClientProtocol {
  /// Signs `name` in (`webSignIn`) and answers the session's `Cookie` header value; a sign-in that does not land on
  /// the welcome page with an HttpOnly, SameSite=Lax cookie fails.
  package func sessionCookie(_ name: String) async throws -> String {
    let (done, cookie) = try await webSignIn(name)
    guard done.status == .seeOther, done.headers[.location] == "/welcome", cookie.contains("HttpOnly"),
      cookie.contains("SameSite=Lax")
    else { throw WebSignInFailed(step: "the session cookie") }
    return String(cookie.split(separator: ";")[0])
  }
}

/// Headers carrying `value` as the `Cookie`.
package func cookieHeader(_ value: String) -> HTTPFields {
  var headers = HTTPFields()
  headers[.cookie] = value
  return headers
}

/// The session's form token a web page carries in `data-csrf`.
package func pageCSRF(_ page: TestResponse) throws -> String {
  guard let token = page.text.firstMatch(of: /data-csrf="([^"]+)"/).map({ String($0.output.1) }) else {
    throw WebSignInFailed(step: "the page's form token")
  }
  return token
}

extension TestClientProtocol {
  /// A multipart POST with a token, as the API's upload endpoints take it.
  package func upload(_ path: String, _ fields: [(String, String)], file: (String, String, String, Data)?, token: String)
    async throws -> TestResponse
  {
    try await execute(
      uri: path, method: .post,
      headers: [.authorization: "OAuth2 \(token)", .contentType: "multipart/form-data; boundary=SparrowBoundary"],
      body: multipart(fields, file: file.map { (name: $0.0, filename: $0.1, type: $0.2, data: $0.3) }))
  }
}
