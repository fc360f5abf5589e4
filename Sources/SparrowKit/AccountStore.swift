import Foundation

/// The logged-in account (the notes' `UserAccount`): token, whose it is, until when, and who they are.
public struct Account: Codable, Sendable, Equatable {
  /// The access token.
  public var accessToken: String
  /// The user's id.
  public var uid: Int64
  /// When the token stops working.
  public var expiresAt: Date
  /// The user's screen name, once fetched.
  public var screenName: String?
  /// The user's avatar, once fetched.
  public var avatarURL: String?
  /// The token to get a new one with, when the grant gave one.
  public var refreshToken: String?

  public init(
    accessToken: String, uid: Int64, expiresAt: Date, screenName: String? = nil, avatarURL: String? = nil,
    refreshToken: String? = nil
  ) {
    self.accessToken = accessToken
    self.uid = uid
    self.expiresAt = expiresAt
    self.screenName = screenName
    self.avatarURL = avatarURL
    self.refreshToken = refreshToken
  }

  /// The account a token response describes, received at `now`; throws when the `uid` is not a number.
  public init(token: AccessToken, now: Date) throws {
    guard let uid = Int64(token.uid.trimmingCharacters(in: .whitespaces)) else {
      throw APIError.decoding("access token uid \"\(token.uid)\" is not a number")
    }
    self.init(
      accessToken: token.accessToken, uid: uid, expiresAt: now.addingTimeInterval(TimeInterval(token.expiresIn)),
      refreshToken: token.refreshToken)
  }

  /// The account with the user's name and avatar filled in (after `users/show`).
  public func with(user: User) -> Account {
    var account = self
    account.screenName = user.screenName
    account.avatarURL = user.avatarLarge.isEmpty ? user.profileImageUrl : user.avatarLarge
    return account
  }

  /// Whether the token has expired at `now`.
  public func isExpired(at now: Date) -> Bool { expiresAt <= now }
}

/// Keeps the account in a JSON file readable only by its owner, in the app's data folder.
public struct AccountStore: Sendable {
  /// The folder the file lives in.
  public let folder: URL
  /// The clock `isLoggedIn` reads.
  public let now: @Sendable () -> Date

  /// The file's name inside `folder`.
  public static let fileName = "account.json"

  /// A store in `folder` (by default the platform's app data folder for Sparrow).
  public init(folder: URL = AccountStore.defaultFolder(), now: @escaping @Sendable () -> Date = { Date() }) {
    self.folder = folder
    self.now = now
  }

  /// The account file.
  public var fileURL: URL { folder.appendingPathComponent(Self.fileName) }

  /// The saved account, or nil when there is none or the file is unreadable.
  public func load() -> Account? {
    guard let data = try? Data(contentsOf: fileURL) else { return nil }
    return try? Self.decoder.decode(Account.self, from: data)
  }

  /// Saves `account`, replacing any other; the file is created with permissions 0600.
  public func save(_ account: Account) throws {
    let manager = FileManager.default
    try manager.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let data = try Self.encoder.encode(account)
    // Written to a private temporary file and moved into place, so the token is never world-readable
    // and a crash never leaves half a file.
    let temporary = folder.appendingPathComponent(".\(Self.fileName).\(UUID().uuidString)")
    guard manager.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
    }
    // rename(2) replaces the old file atomically; FileManager.replaceItemAt on Linux deletes the old
    // file and then fails (swift-corelibs-foundation), losing the account.
    guard rename(temporary.path, fileURL.path) == 0 else {
      let code = POSIXErrorCode(rawValue: errno) ?? .EIO
      try? manager.removeItem(at: temporary)
      throw POSIXError(code)
    }
  }

  /// Logs out: deletes the saved account. Deleting when there is none is fine.
  public func delete() throws {
    guard FileManager.default.fileExists(atPath: fileURL.path) else { return }
    try FileManager.default.removeItem(at: fileURL)
  }

  /// Whether someone is logged in: an account is saved and its token has not expired.
  public var isLoggedIn: Bool {
    guard let account = load() else { return false }
    return !account.isExpired(at: now())
  }

  /// The default folder: Application Support/Sparrow on Apple platforms; elsewhere `$XDG_DATA_HOME/sparrow`,
  /// or `~/.local/share/sparrow` when that is unset.
  public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    #if canImport(Darwin)
      if let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first {
        return support.appendingPathComponent("Sparrow", isDirectory: true)
      }
    #endif
    return linuxFolder(environment: environment)
  }

  /// The XDG rule, separate so it can be checked on any platform.
  public static func linuxFolder(environment: [String: String]) -> URL {
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return URL(fileURLWithPath: data, isDirectory: true).appendingPathComponent("sparrow", isDirectory: true)
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share/sparrow", isDirectory: true)
  }

  private static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .secondsSince1970
    encoder.outputFormatting = [.sortedKeys]
    return encoder
  }

  private static var decoder: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    return decoder
  }
}
