import Foundation

/// Why a call failed: the server said no (with its Weibo error code), the answer was unreadable, the
/// request never got an answer, or an OAuth callback was refused.
public enum APIError: Error, Sendable, Equatable {
  /// The server answered with the Weibo error envelope, e.g. 20101 `Target weibo does not exist!`.
  case server(code: Int, message: String, httpStatus: Int, request: String)
  /// The server answered with a status other than 200 and no error envelope.
  case http(status: Int, body: String)
  /// A 200 answer that is not the expected JSON.
  case decoding(String)
  /// No answer: the network or the transport failed.
  case transport(String)
  /// The request could not be made (a base URL that does not combine with the path).
  case invalidRequest(String)
  /// The user pressed cancel on the authorize page (error 21330, `access_denied`).
  case authorizationCancelled
  /// The callback's `state` is not the one sent: the redirect was not for this login.
  case stateMismatch
  /// The callback has neither a code nor an error.
  case invalidCallback(String)

  /// The Weibo error code, for server errors.
  public var code: Int? {
    switch self {
    case .server(let code, _, _, _): code
    case .authorizationCancelled: 21330
    default: nil
    }
  }

  /// Whether the token no longer works and the user must log in again (expired, revoked or unknown).
  public var needsLogin: Bool {
    guard let code else { return false }
    return [21301, 21314, 21315, 21316, 21317, 21319, 21327, 21332].contains(code)
  }
}

extension APIError: LocalizedError {
  /// A message for logs and alerts.
  public var errorDescription: String? {
    switch self {
    case .server(let code, let message, let status, let request): "\(message) (\(code), HTTP \(status), \(request))"
    case .http(let status, let body): "HTTP \(status): \(body)"
    case .decoding(let detail): "unreadable answer: \(detail)"
    case .transport(let detail): "no answer: \(detail)"
    case .invalidRequest(let detail): "bad request: \(detail)"
    case .authorizationCancelled: "授权已取消"
    case .stateMismatch: "OAuth state does not match"
    case .invalidCallback(let url): "not an OAuth callback: \(url)"
    }
  }
}
