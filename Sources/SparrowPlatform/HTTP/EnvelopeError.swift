import Foundation
import Hummingbird
import SparrowCore

/// An API failure, sent as the platform's error envelope `{"error","error_code","request"}` with a 4xx/5xx
/// status: the Weibo Open API's format, which the platform's OAuth endpoints, the 微博 API and 打卡 answer in.
/// Each app adds its own service codes as extensions. Named for the envelope, not for one app: 打卡 and OAuth
/// answer in it too.
package struct EnvelopeError: Error, HTTPResponseError {
  package let status: HTTPResponse.Status
  package let code: Int
  package let error: String
  /// OAuth endpoints add `error_description` and `error_uri`.
  package var oauthDescription: String? = nil

  package init(status: HTTPResponse.Status, code: Int, error: String, oauthDescription: String? = nil) {
    self.status = status
    self.code = code
    self.error = error
    self.oauthDescription = oauthDescription
  }

  package func response(from request: Request, context: some RequestContext) throws -> Response {
    response(path: request.uri.path)
  }

  /// The envelope for a request to `path`.
  package func envelope(path: String) -> ErrorBody {
    ErrorBody(error: error, errorCode: code, request: path, errorDescription: oauthDescription,
              errorUri: oauthDescription == nil ? nil : path)
  }

  // MARK: System level

  package static let system = EnvelopeError(status: .internalServerError, code: 10001, error: "System error")
  package static let unavailable = EnvelopeError(status: .serviceUnavailable, code: 10002, error: "Service unavailable")
  package static func badParameter(_ name: String, expected: String, got: String) -> EnvelopeError {
    EnvelopeError(
      status: .badRequest, code: 10017,
      error: "Parameter (\(name))'s value invalid, expect (\(expected)) , but get (\(got)) , see doc for more info")
  }
  package static func missing(_ name: String) -> EnvelopeError {
    EnvelopeError(status: .badRequest, code: 10016, error: "Miss required parameter (\(name)) , see doc for more info")
  }
  package static let paramError = EnvelopeError(status: .badRequest, code: 10008, error: "Param error, see doc for more info")
  /// A request HTTP could not read (400), or whose headers are too large (431).
  package static func unreadable(_ status: HTTPResponse.Status) -> EnvelopeError {
    EnvelopeError(status: status, code: 10008, error: status == .requestHeaderFieldsTooLarge
      ? "Request header fields too large" : "Malformed HTTP request")
  }
  package static let bodyTooLarge = EnvelopeError(status: .contentTooLarge, code: 10018, error: "Request body length over limit")
  package static let apiNotFound = EnvelopeError(status: .notFound, code: 10020, error: "Request api not found!")
  package static let uploadQuota = EnvelopeError(status: .forbidden, code: 20016, error: "Out of limit")
  package static let addressRateLimited = EnvelopeError(status: .forbidden, code: 10022, error: "IP requests out of rate limit!")
  package static let userRateLimited = EnvelopeError(status: .forbidden, code: 10023, error: "User requests out of rate limit!")
  package static func apiRateLimited(_ api: String) -> EnvelopeError {
    EnvelopeError(status: .forbidden, code: 10024, error: "User requests for (\(api)) out of rate limit!")
  }
  package init(_ exceeded: RateLimiter.Exceeded) {
    switch exceeded {
    case .address: self = .addressRateLimited
    case .user: self = .userRateLimited
    case .api(let api): self = .apiRateLimited(api)
    }
  }
  package static let wrongMethod = EnvelopeError(status: .badRequest, code: 10021, error: "HTTP method is not suported for this request!")
  package static func unsupportedMedia(_ type: String) -> EnvelopeError {
    EnvelopeError(status: .unsupportedMediaType, code: 10007, error: "Unsupport mediatype (\(type))")
  }

  // MARK: Auth

  package static let emptyToken = EnvelopeError(status: .unauthorized, code: 21301, error: "auth faild! empty accessToken")
  package static let invalidToken = EnvelopeError(status: .unauthorized, code: 21332, error: "invalid_access_token")
  package static let expiredToken = EnvelopeError(status: .unauthorized, code: 21327, error: "expired_token")
  /// An app's own token (`client_credentials`) where a person's is needed.
  package static let needsAccount = EnvelopeError(
    status: .unprocessableContent, code: 21301, error: "This method requires an authenticated user")
  package static let notCurrentUser = EnvelopeError(
    status: .forbidden, code: 21335, error: "Request uid's value must be the current user uid")

  // MARK: Service level

  package static let idsEmpty = EnvelopeError(status: .badRequest, code: 20001, error: "IDs is null")
  package static let idsTooMany = EnvelopeError(status: .badRequest, code: 20009, error: "IDs is too many")
  package static let unsupportedImage = EnvelopeError(
    status: .badRequest, code: 20005, error: "Unsupported image type, only suport JPG, GIF, PNG, WEBP")
  package static let imageTooLarge = EnvelopeError(status: .badRequest, code: 20006, error: "Image size too large")
  package static let imageMissing = EnvelopeError(status: .badRequest, code: 20007, error: "Does multipart has image?")

  /// The envelope for a parameter that cannot be read.
  package init(_ error: ParamError) {
    switch error {
    case .missing(let name): self = .missing(name)
    case .invalid(let name, let expected, let got): self = .badParameter(name, expected: expected, got: got)
    case .emptyList: self = .idsEmpty
    case .tooMany: self = .idsTooMany
    case .malformed: self = .paramError
    case .bodyTooLarge: self = .bodyTooLarge
    case .unsupportedMedia(let type): self = .unsupportedMedia(type)
    case .notText(let name): self = .badParameter(name, expected: "UTF-8 text without NUL", got: "bytes that are not")
    }
  }

  // MARK: OAuth

  package static func oauth(_ error: String, _ code: Int, _ description: String, status: HTTPResponse.Status = .badRequest)
    -> EnvelopeError
  {
    EnvelopeError(status: status, code: code, error: error, oauthDescription: description)
  }
}

extension EnvelopeError: APIErrorFormat {
  package static func noSuchAPI(_ path: String) -> EnvelopeError { .apiNotFound }
  package static func wrongMethod(_ method: HTTPRequest.Method, allowed: [HTTPRequest.Method]) -> EnvelopeError {
    .wrongMethod
  }
  package static func rateLimited(_ exceeded: RateLimiter.Exceeded) -> EnvelopeError { EnvelopeError(exceeded) }
  package static func parameters(_ error: ParamError) -> EnvelopeError { EnvelopeError(error) }
  /// Weibo's "insufficient app permissions", naming the scope to ask for.
  package static func missingScope(_ scope: Scope) -> EnvelopeError {
    EnvelopeError(status: .forbidden, code: 10014, error: "Insufficient app permissions: the token lacks scope (\(scope.name))")
  }
  package var httpStatus: HTTPResponse.Status { status }
  package func body(path: String) -> [UInt8] {
    (try? JSONWriter().encode(envelope(path: path))) ?? Array("{}".utf8)
  }
}

/// A JSON body written with the platform's encoder.
package struct JSONBody<Value: Encodable & Sendable>: ResponseGenerator {
  package let value: Value
  package init(_ value: Value) { self.value = value }

  package func response(from request: Request, context: some RequestContext) throws -> Response {
    try response(status: .ok)
  }

  package func response(status: HTTPResponse.Status) throws -> Response {
    jsonResponse(try JSONWriter().encode(value), status: status)
  }
}

/// Renders a value as the JSON body of a 200 response.
package func json(_ value: some Encodable & Sendable) throws -> Response {
  try JSONBody(value).response(status: .ok)
}

/// A response whose JSON is already written.
package func jsonResponse(_ bytes: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
  var headers = HTTPFields()
  headers[.contentType] = "application/json; charset=utf-8"
  headers[.contentLength] = String(bytes.count)
  return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
}
