import HTTPTypes
import Hummingbird

/// HTML responses with the page headers (content policy, no framing, no caching). `SecurityHeadersMiddleware`
/// adds what every response carries.
package enum HTML {
  /// How much a page may run. Every page of the apps is `.strict`; the platform's own OAuth pages still
  /// carry inline script and style.
  package enum Policy: Sendable {
    case strict, inline

    var contentSecurity: String {
      switch self {
      case .strict:
        "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; frame-ancestors 'none'; form-action 'self'"
      case .inline:
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; script-src 'unsafe-inline'; frame-ancestors 'none'"
      }
    }
  }

  /// A page or fragment, never cached, never framed.
  package static func response(_ html: String, status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:],
                               policy: Policy = .strict) -> Response
  {
    var headers = extra
    headers[.contentType] = "text/html; charset=utf-8"
    headers[.cacheControl] = "no-store"
    headers[.xFrameOptions] = "DENY"
    headers[.contentSecurityPolicy] = policy.contentSecurity
    let buffer = ByteBuffer(string: html)
    headers[.contentLength] = String(buffer.readableBytes)
    return Response(status: status, headers: headers, body: .init(byteBuffer: buffer))
  }

  /// Escapes text placed in markup.
  package static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for c in text.unicodeScalars {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.unicodeScalars.append(c)
      }
    }
    return out
  }

  /// A 303 to `location`, setting `cookies`.
  package static func redirect(_ location: String, cookies: [String] = []) -> Response {
    var headers = HTTPFields()
    headers[.location] = location
    headers[.cacheControl] = "no-store"
    if !cookies.isEmpty { headers[values: .setCookie] = cookies }
    return Response(status: .seeOther, headers: headers)
  }

  /// A short message for script to show as a toast (fragment requests get these instead of pages).
  package static func toast(_ message: String, status: HTTPResponse.Status) -> Response {
    var headers = HTTPFields()
    headers[.contentType] = "text/plain; charset=utf-8"
    headers[.cacheControl] = "no-store"
    return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: message)))
  }

  /// Whether script asked for a fragment (`X-Fragment: 1`) instead of a whole page.
  package static func wantsFragment(_ request: Request) -> Bool { request.headers[.xFragment] == "1" }
}

extension HTTPField.Name {
  static let xFrameOptions = Self("X-Frame-Options")!
  static let xContentTypeOptions = Self("X-Content-Type-Options")!
  static let contentSecurityPolicy = Self("Content-Security-Policy")!
  static let referrerPolicy = Self("Referrer-Policy")!
  package static let xFragment = Self("X-Fragment")!
}
