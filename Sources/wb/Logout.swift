import ArgumentParser
import Foundation
import SparrowKit
import SparrowKitAHC

/// `wb logout`: revokes the token on the server, then forgets the login.
struct Logout: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Log out: revoke the token on the server and delete the saved login.")

  @OptionGroup var config: ConfigOptions

  func run() async throws {
    try await Failure.reporting {
      let session = config.session
      guard let account = session.accounts.load() else {
        try session.forget()
        return Terminal.print("没有已登录的账号")
      }
      if let server = session.settings().flatMap({ URL(string: $0.server) }) {
        let client = SparrowClient(baseURL: server, transport: AsyncHTTPClientTransport())
        do {
          _ = try await client.send(OAuth.revoke(account.accessToken))
        } catch let error as APIError where error.needsLogin {
          // Already dead on the server: nothing to revoke.
        } catch {
          // The saved login goes regardless: logging out must always work on this machine.
          Terminal.error("服务器上的令牌没能吊销：" + Failure.message(for: error))
        }
      }
      try session.forget()
      Terminal.print("已退出登录")
    }
  }
}
