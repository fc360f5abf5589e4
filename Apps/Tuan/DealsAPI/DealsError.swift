import Foundation
import Hummingbird
import SparrowCore
import SparrowPlatform

/// A deals API failure: the spec's `{"status":"ERROR","error":{"errorCode","errorMessage"}}`, sent with HTTP 200
/// (10020 with 500 for our own faults, with 503 while the database is away). Messages name the parameter at fault.
package struct DealsError: APIErrorFormat, Equatable {
  package let code: Int
  package let message: String
  package let httpStatus: HTTPResponse.Status

  init(_ code: Int, _ message: String, status: HTTPResponse.Status = .ok) {
    self.code = code
    self.message = message
    httpStatus = status
  }

  static func missing(_ name: String) -> DealsError { DealsError(10001, "missing required parameter: \(name)") }
  static func invalid(_ name: String, _ why: String) -> DealsError {
    DealsError(10002, "invalid parameter \(name): \(why)")
  }
  static func unknownName(_ name: String, _ value: String) -> DealsError {
    DealsError(10003, "unknown \(name): \(DealsError.shown(value))")
  }
  static func badKey(_ why: String) -> DealsError { DealsError(10004, why) }
  static func badSign(_ why: String) -> DealsError { DealsError(10005, why) }
  static let rateLimited = DealsError(10006, "rate limit exceeded")
  static func notFound(_ why: String) -> DealsError { DealsError(10007, why) }
  static let unsupportedFormat = DealsError(10008, "unsupported format: only json is supported")
  /// Our own fault (500), or the database away (503): not the caller's, and worth retrying.
  package static let system = DealsError(10020, "internal error", status: .internalServerError)
  package static let unavailable = DealsError(10020, "service temporarily unavailable, try again later",
                                              status: .serviceUnavailable)

  package static func noSuchAPI(_ path: String) -> DealsError { .notFound("no such API: \(shown(path))") }
  package static func wrongMethod(_ method: HTTPRequest.Method, allowed: [HTTPRequest.Method]) -> DealsError {
    .invalid("method", "\(method.rawValue) is not allowed, use \(allowed.map(\.rawValue).joined(separator: " or "))")
  }
  package static func rateLimited(_ exceeded: RateLimiter.Exceeded) -> DealsError { .rateLimited }
  package static func parameters(_ error: ParamError) -> DealsError { DealsError(error) }
  package static func missingScope(_ scope: Scope) -> DealsError { .badKey("this app was not granted scope \(scope.name)") }
  package static func unreadable(_ status: HTTPResponse.Status) -> DealsError {
    .invalid("request", status == .requestHeaderFieldsTooLarge ? "header fields too large" : "malformed HTTP")
  }

  /// A value sent by the client, cut short for the message.
  static func shown(_ value: String) -> String {
    value.count > 40 ? String(value.prefix(40)) + "…" : value
  }

  init(_ error: ParamError) {
    switch error {
    case .missing(let name), .emptyList(let name): self = .missing(name)
    case .invalid(let name, let expected, let got): self = .invalid(name, "expected \(expected), got \(Self.shown(got))")
    case .tooMany(let name, let max): self = .invalid(name, "at most \(max) values")
    case .malformed: self = .invalid("body", "cannot be parsed")
    case .bodyTooLarge: self = .invalid("body", "too large")
    case .unsupportedMedia(let type): self = .invalid("body", "unsupported media type \(Self.shown(type))")
    case .notText(let name): self = .invalid(Self.shown(name), "not UTF-8 text")
    }
  }

  /// The error envelope.
  package func body(path: String) -> [UInt8] { body }

  var body: [UInt8] {
    let message = (try? JSONWriter().encode(message)) ?? Array("\"error\"".utf8)
    return Array(#"{"status":"ERROR","error":{"errorCode":\#(code),"errorMessage":"#.utf8) + message + Array("}}".utf8)
  }
}
