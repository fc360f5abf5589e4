import Foundation

/// A stored user account.
public struct UserRecord: Sendable, Equatable {
  public var id: Int64
  public var screenName: String
  public var passwordHash: String
  public var description: String
  public var location: String
  public var gender: String
  public var url: String
  /// Picture id of an uploaded avatar; nil means the generated one.
  public var avatar: String?
  public var verifiedType: Int
  public var verifiedReason: String
  public var mbtype: Int
  public var mbrank: Int
  public var createdAt: Date
  public var followersCount: Int = 0
  public var friendsCount: Int = 0
  public var statusesCount: Int = 0
  public var favouritesCount: Int = 0
  public var biFollowersCount: Int = 0

  public init(
    id: Int64, screenName: String, passwordHash: String, description: String = "", location: String = "",
    gender: String = "n", url: String = "", avatar: String? = nil, verifiedType: Int = -1,
    verifiedReason: String = "", mbtype: Int = 0, mbrank: Int = 0, createdAt: Date
  ) {
    self.id = id
    self.screenName = screenName
    self.passwordHash = passwordHash
    self.description = description
    self.location = location
    self.gender = gender
    self.url = url
    self.avatar = avatar
    self.verifiedType = verifiedType
    self.verifiedReason = verifiedReason
    self.mbtype = mbtype
    self.mbrank = mbrank
    self.createdAt = createdAt
  }
}

/// A registered OAuth client (an app key on the open platform).
public struct AppRecord: Sendable, Equatable {
  public var id: Int64
  public var clientID: String
  /// SHA-256 of the secret, hex.
  public var secretHash: String
  public var name: String
  public var url: String
  public var redirectURI: String
  /// First-party apps may use the password grant.
  public var firstParty: Bool
  public var createdAt: Date

  public init(id: Int64, clientID: String, secretHash: String, name: String, url: String, redirectURI: String,
              firstParty: Bool, createdAt: Date) {
    self.id = id
    self.clientID = clientID
    self.secretHash = secretHash
    self.name = name
    self.url = url
    self.redirectURI = redirectURI
    self.firstParty = firstParty
    self.createdAt = createdAt
  }
}

/// What a credential stands for. Codes, access tokens, refresh tokens and sign-in sessions all take
/// this shape; only a hash of the secret is ever stored.
public struct GrantRecord: Sendable, Equatable {
  /// The kinds of credential.
  public enum Kind: String, Sendable {
    case code, access, refresh, session
  }
  public var hash: String
  public var kind: Kind
  public var userID: Int64
  /// The app's database id; 0 for platform sessions.
  public var appID: Int64
  /// For codes: the redirect URI they were issued for.
  public var redirectURI: String
  public var createdAt: Date
  public var expiresAt: Date

  public init(hash: String, kind: Kind, userID: Int64, appID: Int64, redirectURI: String = "",
              createdAt: Date, expiresAt: Date) {
    self.hash = hash
    self.kind = kind
    self.userID = userID
    self.appID = appID
    self.redirectURI = redirectURI
    self.createdAt = createdAt
    self.expiresAt = expiresAt
  }
}

/// A stored picture: its content-derived id, format and upright pixel size.
public struct PictureRef: Sendable, Equatable, Codable {
  public var id: String
  /// `jpg`, `png`, `gif` or `webp`.
  public var ext: String
  public var width: Int
  public var height: Int
  /// More than one for an animation.
  public var frames: Int
  /// Bytes of the original upload.
  public var bytes: Int

  public init(id: String, ext: String, width: Int, height: Int, frames: Int = 1, bytes: Int = 0) {
    self.id = id
    self.ext = ext
    self.width = width
    self.height = height
    self.frames = frames
    self.bytes = bytes
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(String.self, forKey: .id)
    ext = try c.decode(String.self, forKey: .ext)
    width = try c.decode(Int.self, forKey: .width)
    height = try c.decode(Int.self, forKey: .height)
    frames = try c.decodeIfPresent(Int.self, forKey: .frames) ?? 1
    bytes = try c.decodeIfPresent(Int.self, forKey: .bytes) ?? 0
  }

  /// `id.ext`, the file name in picture URLs.
  public var fileName: String { "\(id).\(ext)" }
}

