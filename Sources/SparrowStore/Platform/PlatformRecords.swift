import Foundation

/// A stored user account.
package struct UserRecord: Sendable, Hashable {
  package var id: Int64
  package var screenName: String
  package var passwordHash: String
  package var description: String
  package var location: String
  package var gender: String
  package var url: String
  /// Picture id of an uploaded avatar; nil means the generated one.
  package var avatar: String?
  package var verifiedType: Int
  package var verifiedReason: String
  package var mbtype: Int
  package var mbrank: Int
  package var createdAt: Date
  package var followersCount: Int = 0
  package var friendsCount: Int = 0
  /// All the user's statuses, private ones included: only `statusesCount(seenBy:)` tells anyone a count.
  package var allStatusesCount: Int = 0
  /// Of those, the ones only the user may see.
  package var privateStatusesCount: Int = 0
  package var favouritesCount: Int = 0
  package var biFollowersCount: Int = 0
  /// Staff hid the profile (`user:ID`): its words, link and picture reach only its owner (`shown(to:)`).
  package var profileHidden = false

  package init(
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

extension UserRecord {
  /// The profile as `viewer` may see it: one whose profile staff hid keeps only its name and numbers for others
  /// (the generated avatar, no description, place or link). Every user object of every API is made from this.
  package func shown(to viewer: Int64?) -> UserRecord {
    guard profileHidden, viewer != id else { return self }
    var shown = self
    shown.description = ""
    shown.location = ""
    shown.url = ""
    shown.avatar = nil
    shown.verifiedReason = ""
    return shown
  }

  /// How many of the user's statuses `viewer` can see: all of them for the user, the public ones for anyone else.
  package func statusesCount(seenBy viewer: Int64) -> Int {
    viewer == id ? allStatusesCount : allStatusesCount - privateStatusesCount
  }
}

/// A registered OAuth client (an app key on the open platform).
package struct AppRecord: Sendable, Equatable {
  package var id: Int64
  package var clientID: String
  /// SHA-256 of the secret, hex.
  package var secretHash: String
  package var name: String
  package var url: String
  package var redirectURI: String
  /// First-party apps may use the password grant.
  package var firstParty: Bool
  /// A public (native) client keeps no secret: it must use PKCE, and its loopback redirect may use any port.
  package var isPublic: Bool
  /// The scopes beyond those every app has that it was registered for (`sparrow app create --scope`): the most it
  /// may ask for.
  package var scopes: [String]
  package var createdAt: Date

  package init(id: Int64, clientID: String, secretHash: String, name: String, url: String, redirectURI: String,
              firstParty: Bool, isPublic: Bool = false, scopes: [String] = [], createdAt: Date) {
    self.id = id
    self.clientID = clientID
    self.secretHash = secretHash
    self.name = name
    self.url = url
    self.redirectURI = redirectURI
    self.firstParty = firstParty
    self.isPublic = isPublic
    self.scopes = scopes
    self.createdAt = createdAt
  }
}

/// What a credential stands for. Codes, access tokens, refresh tokens and sign-in sessions all take
/// this shape; only a hash of the secret is ever stored.
package struct GrantRecord: Sendable, Equatable {
  /// The kinds of credential.
  package enum Kind: String, Sendable {
    case code, access, refresh, session
  }
  package var hash: String
  package var kind: Kind
  package var userID: Int64
  /// The app's database id; 0 for platform sessions.
  package var appID: Int64
  /// For codes: the redirect URI they were issued for.
  package var redirectURI: String
  package var createdAt: Date
  package var expiresAt: Date
  /// For tokens: the hash of the authorization code their chain began with (refreshes keep it), so a reused
  /// code can revoke everything issued from it.
  package var origin: String?
  /// For codes: the PKCE challenge (S256) the token request must answer.
  package var challenge: String?
  /// For codes and tokens: the scopes the person agreed to beyond those every app has (see `Scope`); a code's
  /// pass to the tokens it is redeemed for, and a refresh keeps them.
  package var scopes: [String]

  package init(hash: String, kind: Kind, userID: Int64, appID: Int64, redirectURI: String = "",
              createdAt: Date, expiresAt: Date, origin: String? = nil, challenge: String? = nil, scopes: [String] = []) {
    self.hash = hash
    self.kind = kind
    self.userID = userID
    self.appID = appID
    self.redirectURI = redirectURI
    self.createdAt = createdAt
    self.expiresAt = expiresAt
    self.origin = origin
    self.challenge = challenge
    self.scopes = scopes
  }
}

/// A stored picture: its content-derived id, format and upright pixel size.
package struct PictureRef: Sendable, Hashable, Codable {
  package var id: String
  /// `jpg`, `png`, `gif` or `webp`.
  package var ext: String
  package var width: Int
  package var height: Int
  /// More than one for an animation.
  package var frames: Int
  /// Bytes of the original upload.
  package var bytes: Int
  /// What the picture shows, in the uploader's words (alt text), once attached; nil for none.
  package var description: String?
  /// Its colours as a BlurHash, for a placeholder while it loads; nil for pictures stored before Sparrow made them.
  package var blurhash: String?

  package init(id: String, ext: String, width: Int, height: Int, frames: Int = 1, bytes: Int = 0, description: String? = nil,
               blurhash: String? = nil) {
    self.id = id
    self.ext = ext
    self.width = width
    self.height = height
    self.frames = frames
    self.bytes = bytes
    self.description = description
    self.blurhash = blurhash
  }

  package init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(String.self, forKey: .id)
    ext = try c.decode(String.self, forKey: .ext)
    width = try c.decode(Int.self, forKey: .width)
    height = try c.decode(Int.self, forKey: .height)
    frames = try c.decodeIfPresent(Int.self, forKey: .frames) ?? 1
    bytes = try c.decodeIfPresent(Int.self, forKey: .bytes) ?? 0
    description = try c.decodeIfPresent(String.self, forKey: .description)
    blurhash = try c.decodeIfPresent(String.self, forKey: .blurhash)
  }

  /// `id.ext`, the file name in picture URLs.
  package var fileName: String { "\(id).\(ext)" }
}


/// A list of scope names as a column holds it: space-separated, as OAuth writes them.
package enum ScopeList {
  package static func column(_ names: [String]) -> String { names.joined(separator: " ") }
  package static func names(_ column: String) -> [String] { column.split(separator: " ").map(String.init) }
}

/// An app a person has let in, for their 授权管理: the scopes of its live tokens and when it was first let in.
package struct Authorization: Sendable, Equatable {
  package var app: AppRecord
  package var scopes: [String]
  package var since: Date

  package init(app: AppRecord, scopes: [String], since: Date) {
    self.app = app
    self.scopes = scopes
    self.since = since
  }
}
