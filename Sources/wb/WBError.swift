import ArgumentParser
import Foundation
import SparrowKit

/// Why `wb` stops, other than a server's refusal (which stays an `APIError`).
enum WBError: Error, Equatable {
  /// No saved login.
  case notLoggedIn
  /// The saved token's time is up.
  case loginExpired
  /// Login without an app key and secret.
  /// Login without a server.
  case missingServer
  /// The browser never came back to the loopback listener.
  case loginTimedOut
  /// A bad argument the parser could not catch.
  case usage(String)
  /// A file could not be read or written.
  case file(String)
  /// A system call failed.
  case system(String, Int32)

  /// The message for stderr.
  var message: String {
    switch self {
    case .notLoggedIn: "未登录：请先运行 wb login --server URL"
    case .loginExpired: "登录已过期：请重新运行 wb login"
    case .missingServer: "缺少服务器地址：用 --server URL 提供（或环境变量 WB_SERVER）"
    case .loginTimedOut: "等待浏览器授权超时，请重新运行 wb login"
    case .usage(let text): text
    case .file(let text): text
    case .system(let call, let code): "\(call) 失败：\(String(cString: strerror(code)))"
    }
  }
}

/// Runs a command's body and turns its failure into a message on stderr and exit status 1.
enum Failure {
  /// Runs `body`; parser exits pass through, every other error is reported.
  static func reporting(_ body: () async throws -> Void) async throws {
    do {
      try await body()
    } catch let error as CleanExit {
      throw error
    } catch let error as ExitCode {
      throw error
    } catch let error as ValidationError {
      throw error
    } catch {
      Terminal.error(message(for: error))
      throw ExitCode.failure
    }
  }

  /// The stderr text for `error`: `错误 20012: Text too long…`, plus what to do when the login is gone.
  static func message(for error: any Error) -> String {
    switch error {
    case let error as WBError:
      return error.message
    case let error as APIError:
      switch error {
      case .server(let code, let message, _, _):
        let line = "错误 \(code): \(message)"
        return error.needsLogin ? line + "\n登录已失效：请重新运行 wb login" : line
      case .http(let status, let body):
        let detail = body.trimmingCharacters(in: .whitespacesAndNewlines)
        return "错误: 服务器返回 HTTP \(status)" + (detail.isEmpty ? "" : "：\(detail.prefix(200))")
      case .transport(let detail): return "错误: 连不上服务器：\(detail)"
      case .decoding(let detail): return "错误: 读不懂服务器的回答：\(detail)"
      case .invalidRequest(let detail): return "错误: 请求无效：\(detail)"
      case .authorizationCancelled: return "授权已取消"
      case .stateMismatch: return "错误: 回调的 state 与本次登录不符，已放弃"
      case .invalidCallback(let url): return "错误: 不是授权回调：\(url)"
      }
    case let error as CocoaError:
      return "错误: \(error.localizedDescription)"
    default:
      return "错误: \(error)"
    }
  }
}
