import Foundation
import Hummingbird
import SparrowCore
import SparrowMedia
import SparrowPlatform
import SparrowStore

/// A failure as Mastodon answers it: `{"error": "…"}` with its HTTP status (401, 403, 404, 422, 429, …).
package struct MastodonError: APIErrorFormat, Equatable {
  package let status: HTTPResponse.Status
  package let message: String

  package init(_ status: HTTPResponse.Status, _ message: String) {
    self.status = status
    self.message = message
  }

  package static let notFound = MastodonError(.notFound, "Record not found")
  package static let unauthorized = MastodonError(.unauthorized, "The access token is invalid")
  package static let needsAccount = MastodonError(.unprocessableContent, "This method requires an authenticated user")
  package static func invalid(_ message: String) -> MastodonError { MastodonError(.unprocessableContent, "Validation failed: \(message)") }

  package static func noSuchAPI(_ path: String) -> MastodonError { .notFound }
  package static func wrongMethod(_ method: HTTPRequest.Method, allowed: [HTTPRequest.Method]) -> MastodonError {
    MastodonError(.notFound, "Record not found")  // Mastodon routes by method too: another method is no route
  }
  package static func rateLimited(_ exceeded: RateLimiter.Exceeded) -> MastodonError {
    MastodonError(.tooManyRequests, "Too many requests")
  }
  package static func parameters(_ error: ParamError) -> MastodonError {
    switch error {
    case .missing(let name): MastodonError(.badRequest, "Missing parameter: \(name)")
    case .invalid(let name, let expected, let got): .invalid("\(name) must be \(expected), got \(got)")
    case .emptyList(let name): MastodonError(.badRequest, "Missing parameter: \(name)")
    case .tooMany(let name, let max): .invalid("\(name) names more than \(max)")
    case .malformed: MastodonError(.badRequest, "The request body could not be read")
    case .bodyTooLarge: MastodonError(.contentTooLarge, "The request body is too large")
    case .unsupportedMedia(let type): MastodonError(.unsupportedMediaType, "Unsupported media type \(type)")
    case .notText(let name): .invalid("\(name) is not text")
    }
  }
  package static func missingScope(_ scope: Scope) -> MastodonError {
    MastodonError(.forbidden, "This action is outside the authorized scopes")
  }
  package static func unreadable(_ status: HTTPResponse.Status) -> MastodonError {
    MastodonError(status, status == .badRequest ? "Bad request" : "Request headers too large")
  }
  package static var unavailable: MastodonError { MastodonError(.serviceUnavailable, "The database is unavailable; try again") }
  package static var system: MastodonError { MastodonError(.internalServerError, "Something went wrong on our end") }

  package var httpStatus: HTTPResponse.Status { status }
  package func body(path: String) -> [UInt8] {
    struct Body: Encodable { let error: String }
    return (try? JSONWriter().encode(Body(error: message))) ?? Array("{}".utf8)
  }

  /// The platform's and the store's failures in Mastodon's words; nil for one nobody names (logged as `system`).
  static func translate(_ error: any Error) -> MastodonError? {
    switch error {
    case let error as EnvelopeError:
      switch error.code {
      case 21301 where error.status == .unprocessableContent: return .needsAccount
      case 21301, 21332: return .unauthorized
      case 21327: return MastodonError(.unauthorized, "The access token expired")
      default: return MastodonError(error.status, error.error)
      }
    case let error as StoreError:
      switch error {
      case .notFound: return .notFound
      case .conflict: return .invalid("already done")
      case .duplicateText: return .invalid("你已经发过相同的内容了")
      case .blocked: return MastodonError(.forbidden, "This action is not allowed")
      case .unavailable: return .unavailable
      }
    case let error as MediaError:
      switch error {
      case .unsupported: return MastodonError(.unprocessableContent, "File type not supported: JPEG, PNG, GIF or WebP")
      case .tooLarge: return MastodonError(.contentTooLarge, "File is too large (at most 5 MB)")
      case .tooManyPixels: return .invalid("the picture has too many pixels")
      case .tooManyFrames: return .invalid("the animation has too many frames")
      case .broken: return .invalid("the picture cannot be read")
      }
    case is PictureLibrary.NotAttachable: return .invalid("media_ids names media that is not yours or is gone")
    default: return nil
    }
  }
}
