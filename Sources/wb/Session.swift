import Foundation
import SparrowKit
import SparrowKitAHC

/// What `wb` keeps beside the account: the server it belongs to, the app it was issued to, and where the
/// last `wb home` page started and ended (for the `N条新微博` banner and `--more`).
struct Settings: Codable, Sendable, Equatable {
  /// The server root, e.g. `http://127.0.0.1:8080`.
  var server: String
  /// The app key the token was issued to.
  var clientID: String?
  /// The newest status id `wb home` showed.
  var newestID: Int64?
  /// The oldest status id `wb home` showed; `--more` continues below it.
  var oldestID: Int64?
}

/// The login in one folder: SparrowKit's `account.json` and `wb.json` with the settings.
struct Session: Sendable {
  /// The folder both files live in.
  let folder: URL
  /// SparrowKit's store of the account.
  let accounts: AccountStore

  /// The settings file's name.
  static let settingsFileName = "wb.json"

  init(folder: URL) {
    self.folder = folder
    accounts = AccountStore(folder: folder)
  }

  var settingsURL: URL { folder.appendingPathComponent(Self.settingsFileName) }

  /// The saved settings, or nil.
  func settings() -> Settings? {
    guard let data = try? Data(contentsOf: settingsURL) else { return nil }
    return try? JSONDecoder().decode(Settings.self, from: data)
  }

  /// Saves `settings`, private to the user like the account.
  func save(_ settings: Settings) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    let temporary = folder.appendingPathComponent(".\(Self.settingsFileName).\(UUID().uuidString)")
    guard FileManager.default.createFile(atPath: temporary.path, contents: try encoder.encode(settings), attributes: [.posixPermissions: 0o600])
    else { throw WBError.file("cannot write \(temporary.path)") }
    // rename(2) swaps the file in whole, as AccountStore does.
    guard rename(temporary.path, settingsURL.path) == 0 else {
      try? FileManager.default.removeItem(at: temporary)
      throw WBError.file("cannot write \(settingsURL.path)")
    }
  }

  /// The logged-in client: the saved account's token on the saved server. Throws `WBError.notLoggedIn`
  /// without a login, and `.loginExpired` when the token's time is up.
  func loggedIn(now: Date = Date()) throws -> LoggedIn {
    guard let account = accounts.load(), let settings = settings(), let server = URL(string: settings.server) else {
      throw WBError.notLoggedIn
    }
    guard !account.isExpired(at: now) else { throw WBError.loginExpired }
    let client = SparrowClient(baseURL: server, accessToken: account.accessToken, transport: AsyncHTTPClientTransport())
    return LoggedIn(client: client, account: account, settings: settings)
  }

  /// Forgets the login: the account and the settings.
  func forget() throws {
    try accounts.delete()
    if FileManager.default.fileExists(atPath: settingsURL.path) { try FileManager.default.removeItem(at: settingsURL) }
  }
}

/// A client with the login it was made from.
struct LoggedIn: Sendable {
  /// The client, token set.
  let client: SparrowClient
  /// The saved account.
  let account: Account
  /// The saved settings.
  let settings: Settings
}
