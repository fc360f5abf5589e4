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

/// A stored status.
public struct StatusRecord: Sendable, Equatable {
  public var id: Int64
  public var userID: Int64
  public var text: String
  public var appID: Int64
  public var createdAt: Date
  /// The original this reposts; always an original, never a repost.
  public var retweetedID: Int64?
  /// The status this was reposted from directly: the original, or a repost of it.
  public var parentID: Int64?
  public var pictures: [PictureRef]
  public var latitude: Double?
  public var longitude: Double?
  /// 0 public, 1 only the author.
  public var visible: Int
  public var repostsCount: Int = 0
  public var commentsCount: Int = 0
  public var attitudesCount: Int = 0

  public init(id: Int64, userID: Int64, text: String, appID: Int64, createdAt: Date, retweetedID: Int64? = nil,
              parentID: Int64? = nil, pictures: [PictureRef] = [], latitude: Double? = nil, longitude: Double? = nil, visible: Int = 0) {
    self.id = id
    self.userID = userID
    self.text = text
    self.appID = appID
    self.createdAt = createdAt
    self.retweetedID = retweetedID
    self.parentID = parentID ?? retweetedID
    self.pictures = pictures
    self.latitude = latitude
    self.longitude = longitude
    self.visible = visible
  }
}

/// A stored comment.
public struct CommentRecord: Sendable, Equatable {
  public var id: Int64
  public var statusID: Int64
  public var userID: Int64
  public var text: String
  public var appID: Int64
  public var createdAt: Date
  public var replyCommentID: Int64?

  public init(id: Int64, statusID: Int64, userID: Int64, text: String, appID: Int64, createdAt: Date,
              replyCommentID: Int64? = nil) {
    self.id = id
    self.statusID = statusID
    self.userID = userID
    self.text = text
    self.appID = appID
    self.createdAt = createdAt
    self.replyCommentID = replyCommentID
  }
}

/// A like or a favourite: who, which status, when.
public struct Mark: Sendable, Equatable {
  public var id: Int64
  public var userID: Int64
  public var statusID: Int64
  public var createdAt: Date
  public init(id: Int64, userID: Int64, statusID: Int64, createdAt: Date) {
    self.id = id
    self.userID = userID
    self.statusID = statusID
    self.createdAt = createdAt
  }
}

/// The id window and size of one page, as the Weibo paging parameters give it.
public struct Page: Sendable, Equatable {
  /// Only items with id greater than this (exclusive); 0 for none.
  public var sinceID: Int64
  /// Only items with id at most this (inclusive); 0 for none.
  public var maxID: Int64
  /// Rows to return at most.
  public var count: Int
  /// Rows to skip.
  public var offset: Int

  /// `page` is 1-based and counts in pages of `count`.
  public init(sinceID: Int64 = 0, maxID: Int64 = 0, count: Int = 20, page: Int = 1) {
    self.sinceID = sinceID
    self.maxID = maxID
    self.count = count
    self.offset = (page - 1) * count
  }

  /// The same page with one more row, to learn whether another page follows.
  public var probing: Page {
    var page = self
    page.count += 1
    return page
  }
}

/// Which statuses a timeline lists.
public enum StatusFeed: Sendable, Equatable {
  /// The user's own statuses and those of everyone they follow.
  case home(Int64)
  /// One author's statuses; `viewer` sees their own private ones.
  case user(Int64, viewer: Int64)
  /// Every public status.
  case everyone
  /// Statuses that mention the user.
  case mentions(Int64)
  /// Reposts of a status.
  case reposts(of: Int64)
  /// Statuses carrying a topic.
  case topic(String)
  /// Statuses whose text contains the words.
  case search(String)
  /// Mutual follows' statuses.
  case bilateral(Int64)
  /// Statuses of the people the user follows as 特别关注.
  case special(Int64)
}

/// Restricts a feed to a kind of status.
public enum StatusFeature: Int, Sendable {
  case all = 0, original = 1, picture = 2
}

/// Which comments a list shows.
public enum CommentFeed: Sendable, Equatable {
  case onStatus(Int64)
  case byUser(Int64)
  /// Comments others wrote on the user's statuses or in reply to the user's comments.
  case toUser(Int64)
  /// Sent and received.
  case timeline(Int64)
  case mentions(Int64)
}

/// The counters behind `remind/unread_count`.
public enum UnreadKind: String, Sendable, CaseIterable {
  case status, follower, cmt, mentionStatus = "mention_status", mentionCmt = "mention_cmt", attitude
}

/// A topic and how many statuses carried it.
public struct TopicCount: Sendable, Equatable {
  public var name: String
  public var count: Int
  public init(name: String, count: Int) {
    self.name = name
    self.count = count
  }
}

/// Rows for a bulk load, written as they are.
public struct ImportBatch: Sendable {
  public var users: [UserRecord] = []
  public var apps: [AppRecord] = []
  /// (follower, followee, edge id, time)
  public var follows: [(Int64, Int64, Int64, Date)] = []
  public var statuses: [StatusRecord] = []
  public var statusMentions: [(status: Int64, user: Int64)] = []
  public var statusTopics: [(status: Int64, topic: String)] = []
  public var comments: [CommentRecord] = []
  public var commentMentions: [(comment: Int64, user: Int64)] = []
  public var likes: [Mark] = []
  public var favorites: [Mark] = []
  public init() {}
}

/// The rows around a page of statuses, for one viewer.
public struct StatusContextRows: Sendable {
  public var originals: [Int64: StatusRecord]
  public var users: [Int64: UserRecord]
  public var apps: [Int64: AppRecord]
  public var favorited: Set<Int64>
  public var liked: Set<Int64>
  /// Of the users above, those the viewer follows.
  public var following: Set<Int64>
  /// Of the users above, those who follow the viewer.
  public var followers: Set<Int64>

  public init(originals: [Int64: StatusRecord], users: [Int64: UserRecord], apps: [Int64: AppRecord],
              favorited: Set<Int64>, liked: Set<Int64>, following: Set<Int64>, followers: Set<Int64>) {
    self.originals = originals
    self.users = users
    self.apps = apps
    self.favorited = favorited
    self.liked = liked
    self.following = following
    self.followers = followers
  }
}

/// One page of a list and the size of the whole list.
public struct FeedPage<Item: Sendable>: Sendable {
  public var items: [Item]
  public var total: Int
  public init(items: [Item], total: Int) {
    self.items = items
    self.total = total
  }
}
