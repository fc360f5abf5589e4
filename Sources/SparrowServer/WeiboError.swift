import Foundation
import Hummingbird
import SparrowCore

/// An API failure, sent as the Weibo error envelope with a 4xx/5xx status.
struct WeiboError: Error, HTTPResponseError {
  let status: HTTPResponse.Status
  let code: Int
  let error: String
  /// OAuth endpoints add `error_description` and `error_uri`.
  var oauthDescription: String? = nil

  func response(from request: Request, context: some RequestContext) throws -> Response {
    let path = request.uri.path
    let body = ErrorBody(
      error: error, errorCode: code, request: path, errorDescription: oauthDescription,
      errorUri: oauthDescription == nil ? nil : path)
    return try JSONBody(body).response(status: status)
  }

  // MARK: System level

  static let system = WeiboError(status: .internalServerError, code: 10001, error: "System error")
  static func badParameter(_ name: String, expected: String, got: String) -> WeiboError {
    WeiboError(
      status: .badRequest, code: 10017,
      error: "Parameter (\(name))'s value invalid, expect (\(expected)) , but get (\(got)) , see doc for more info")
  }
  static func missing(_ name: String) -> WeiboError {
    WeiboError(status: .badRequest, code: 10016, error: "Miss required parameter (\(name)) , see doc for more info")
  }
  static let paramError = WeiboError(status: .badRequest, code: 10008, error: "Param error, see doc for more info")
  static let bodyTooLarge = WeiboError(status: .contentTooLarge, code: 10018, error: "Request body length over limit")
  static let apiNotFound = WeiboError(status: .notFound, code: 10020, error: "Request api not found!")
  static let wrongMethod = WeiboError(status: .badRequest, code: 10021, error: "HTTP method is not suported for this request!")
  static func unsupportedMedia(_ type: String) -> WeiboError {
    WeiboError(status: .unsupportedMediaType, code: 10007, error: "Unsupport mediatype (\(type))")
  }

  // MARK: Auth

  static let emptyToken = WeiboError(status: .unauthorized, code: 21301, error: "auth faild! empty accessToken")
  static let invalidToken = WeiboError(status: .unauthorized, code: 21332, error: "invalid_access_token")
  static let expiredToken = WeiboError(status: .unauthorized, code: 21327, error: "expired_token")
  static let notCurrentUser = WeiboError(
    status: .forbidden, code: 21335, error: "Request uid's value must be the current user uid")

  // MARK: Service level

  static let idsEmpty = WeiboError(status: .badRequest, code: 20001, error: "IDs is null")
  static let userNotFound = WeiboError(status: .badRequest, code: 20003, error: "User does not exists")
  static let contentEmpty = WeiboError(status: .badRequest, code: 20008, error: "Content is null")
  static let unsupportedImage = WeiboError(
    status: .badRequest, code: 20005, error: "Unsupported image type, only suport JPG, GIF, PNG, WEBP")
  static let imageTooLarge = WeiboError(status: .badRequest, code: 20006, error: "Image size too large")
  static let imageMissing = WeiboError(status: .badRequest, code: 20007, error: "Does multipart has image?")
  static let idsTooMany = WeiboError(status: .badRequest, code: 20009, error: "IDs is too many")
  static let textTooLong = WeiboError(
    status: .badRequest, code: 20012, error: "Text too long, please input text less than 140 characters")
  static let repeated = WeiboError(status: .badRequest, code: 20019, error: "Repeat conetnt")
  static let statusNotFound = WeiboError(status: .badRequest, code: 20101, error: "Target weibo does not exist")
  static let notYourStatus = WeiboError(status: .forbidden, code: 20102, error: "Not your own weibo")
  static let statusIDMissing = WeiboError(status: .badRequest, code: 20109, error: "Weibo id is null")
  static let commentNotFound = WeiboError(status: .badRequest, code: 20201, error: "Target weibo comment does not exist")
  static let notYourComment = WeiboError(status: .forbidden, code: 20203, error: "Not your own comment")
  static let commentIDMissing = WeiboError(status: .badRequest, code: 20204, error: "Comment id is null")
  static let friendshipUserMissing = WeiboError(
    status: .badRequest, code: 20501, error: "Source_user or target_user does not exists")
  static let targetMissing = WeiboError(
    status: .badRequest, code: 20502, error: "Please input right target user id or screen_name")
  static let followSelf = WeiboError(status: .forbidden, code: 20504, error: "Can not follow yourself")
  static let alreadyFollowed = WeiboError(status: .forbidden, code: 20506, error: "Already followed")
  static let notFollowed = WeiboError(status: .badRequest, code: 20522, error: "Not followed")
  static let alreadyFavorited = WeiboError(status: .forbidden, code: 20704, error: "Already favorited")
  static let notFavorited = WeiboError(status: .badRequest, code: 20705, error: "Not favorited")
  static let alreadyLiked = WeiboError(status: .forbidden, code: 20706, error: "Already liked")
  static let notLiked = WeiboError(status: .badRequest, code: 20707, error: "Not liked")

  // MARK: OAuth

  static func oauth(_ error: String, _ code: Int, _ description: String, status: HTTPResponse.Status = .badRequest)
    -> WeiboError
  {
    WeiboError(status: status, code: code, error: error, oauthDescription: description)
  }
}

/// A JSON body written with the shared Weibo encoder.
struct JSONBody<Value: Encodable & Sendable>: ResponseGenerator {
  let value: Value
  init(_ value: Value) { self.value = value }

  func response(from request: Request, context: some RequestContext) throws -> Response {
    try response(status: .ok)
  }

  func response(status: HTTPResponse.Status) throws -> Response {
    jsonResponse(try JSONWriter().encode(value), status: status)
  }
}

/// A response whose JSON is already written.
func jsonResponse(_ bytes: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
  var headers = HTTPFields()
  headers[.contentType] = "application/json; charset=utf-8"
  headers[.contentLength] = String(bytes.count)
  return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
}
