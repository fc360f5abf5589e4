import Foundation
import HTTPTypes
import Hummingbird

/// HTML responses with the page headers (content policy, no framing, no caching). `SecurityHeadersMiddleware`
/// adds what every response carries.
package enum HTML {
  /// What a page may load and run: scripts and styles from this site only (inline style is allowed, inline
  /// script never), never framed, and forms only sent here, or to `formTargets` (the authorize page's form
  /// ends in a redirect to its app, which browsers check against `form-action` too).
  package struct Policy: Sendable, Equatable {
    /// CSP source expressions besides `'self'`.
    package let formTargets: [String]

    package static let strict = Policy(formTargets: [])

    /// Strict, and a form may end at `uri`'s origin (on any port with `anyPort`, as a native app's loopback
    /// callback may). A URI that cannot be written as a plain source expression leaves `form-action` out instead.
    package static func redirecting(to uri: String, anyPort: Bool) -> Policy {
      guard let url = URLComponents(string: uri), let scheme = url.scheme?.lowercased() else { return Policy(formTargets: ["*"]) }
      var source: String
      if scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty {
        source = "\(scheme)://\(host)"
        if anyPort { source += ":*" }
        else if let port = url.port { source += ":\(port)" }
      } else {
        source = scheme + ":"  // an app's own scheme (`wb123://…`): the whole scheme
      }
      let safe = source.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || ".-+:/[]*".unicodeScalars.contains($0)) }
      return Policy(formTargets: [safe ? source : "*"])
    }

    var contentSecurity: String {
      let forms = formTargets.contains("*") ? "" : "; form-action " + (["'self'"] + formTargets).joined(separator: " ")
      return "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; "
        + "frame-ancestors 'none'; base-uri 'none'; object-src 'none'" + forms
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

  /// Escapes text placed in markup: every page's values go through here (the templates' `{{ }}`, see
  /// `TemplateLibrary`). By UTF-8 byte, and text with nothing to escape (most of it) is returned as it is: escaping
  /// by `Character`, as the template library does, was a seventh of a page of cards.
  package static func escape(_ text: String) -> String {
    var out = ""
    escape(text, into: &out)
    return out
  }

  /// `text` escaped and appended to `out`: the runs between the characters that need it go in whole, and text
  /// with none goes in as it is, with no string made for it (the templates' way: `CompiledTemplates`).
  package static func escape(_ text: String, into out: inout String) {
    var text = text
    let clean = text.withUTF8 { bytes in
      var start = 0
      for index in bytes.indices {
        let entity: StaticString
        switch bytes[index] {
        case 0x26: entity = "&amp;"
        case 0x3C: entity = "&lt;"
        case 0x3E: entity = "&gt;"
        case 0x22: entity = "&quot;"
        case 0x27: entity = "&#39;"
        default: continue
        }
        if start < index { out += String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self) }
        out += entity.description
        start = index + 1
      }
      guard start > 0 else { return true }
      if start < bytes.count { out += String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self) }
      return false
    }
    if clean { out += text }
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
