import Foundation

// Wire models: the JSON objects of the Weibo API v2, field for field. Encoded with snake_case keys
// (see `WeiboCoding`), so property names avoid acronyms (`picUrls`, not `picURLs`).

/// A picture of a status, in the sizes clients swap between by path segment.
public struct PicURL: Codable, Sendable, Equatable {
  public var thumbnailPic: String
  public var bmiddlePic: String?
  public var originalPic: String?
  public var width: Int?
  public var height: Int?
  public var type: String?
  public var isLong: Bool?

  public init(
    thumbnailPic: String, bmiddlePic: String? = nil, originalPic: String? = nil, width: Int? = nil,
    height: Int? = nil, type: String? = nil, isLong: Bool? = nil
  ) {
    self.thumbnailPic = thumbnailPic
    self.bmiddlePic = bmiddlePic
    self.originalPic = originalPic
    self.width = width
    self.height = height
    self.type = type
    self.isLong = isLong
  }
}

/// `geo`: JSON `null` when unset (clients expect the key), a GeoJSON point otherwise.
public struct Geo: Codable, Sendable, Equatable {
  public var coordinates: [Double]?

  public init(latitude: Double? = nil, longitude: Double? = nil) {
    coordinates = latitude.flatMap { lat in longitude.map { [lat, $0] } }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() { coordinates = nil; return }
    struct Point: Decodable { var coordinates: [Double]? }
    coordinates = try container.decode(Point.self).coordinates
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let coordinates {
      try container.encode(["type": AnyCodable.string("Point"), "coordinates": .doubles(coordinates)])
    } else {
      try container.encodeNil()
    }
  }

  enum AnyCodable: Encodable {
    case string(String)
    case doubles([Double])
    func encode(to encoder: any Encoder) throws {
      var c = encoder.singleValueContainer()
      switch self {
      case .string(let s): try c.encode(s)
      case .doubles(let d): try c.encode(d)
      }
    }
  }
}

/// `visible`: who may see a status.
public struct Visibility: Codable, Sendable, Equatable {
  /// Sparrow's `type` for a status staff hid: only its author sees it, as a private one.
  public static let hiddenByStaff = 9

  public var type: Int
  public var listId: Int64
  public init(type: Int = 0, listId: Int64 = 0) {
    self.type = type
    self.listId = listId
  }
}

/// A user (用户) as the API returns it.
public struct User: Codable, Sendable, Equatable {
  public var id: Int64
  public var idstr: String
  public var screenName: String
  public var name: String
  public var province: String
  public var city: String
  public var location: String
  public var description: String
  public var url: String
  public var profileImageUrl: String
  public var avatarLarge: String
  public var avatarHd: String
  public var profileUrl: String
  public var domain: String
  public var weihao: String
  public var gender: String
  public var followersCount: Int
  public var friendsCount: Int
  public var statusesCount: Int
  public var favouritesCount: Int
  public var biFollowersCount: Int
  public var createdAt: String
  public var following: Bool
  public var followMe: Bool
  public var allowAllActMsg: Bool
  public var allowAllComment: Bool
  public var geoEnabled: Bool
  public var verified: Bool
  public var verifiedType: Int
  public var verifiedReason: String
  public var remark: String
  public var onlineStatus: Int
  public var lang: String
  public var mbtype: Int
  public var mbrank: Int
  public var urank: Int
  public var star: Int
  /// The user's latest status, where the endpoint includes it.
  public var status: Box<Status>?

  public init(
    id: Int64, screenName: String, location: String = "", description: String = "", url: String = "",
    profileImageUrl: String = "", avatarLarge: String = "", avatarHd: String = "", gender: String = "n",
    followersCount: Int = 0, friendsCount: Int = 0, statusesCount: Int = 0, favouritesCount: Int = 0,
    biFollowersCount: Int = 0, createdAt: String = "", following: Bool = false, followMe: Bool = false,
    verifiedType: Int = -1, verifiedReason: String = "", mbtype: Int = 0, mbrank: Int = 0, urank: Int = 0
  ) {
    self.id = id
    self.idstr = String(id)
    self.screenName = screenName
    self.name = screenName
    self.province = "100"
    self.city = "1000"
    self.location = location
    self.description = description
    self.url = url
    self.profileImageUrl = profileImageUrl
    self.avatarLarge = avatarLarge
    self.avatarHd = avatarHd
    self.profileUrl = "u/\(id)"
    self.domain = ""
    self.weihao = ""
    self.gender = gender
    self.followersCount = followersCount
    self.friendsCount = friendsCount
    self.statusesCount = statusesCount
    self.favouritesCount = favouritesCount
    self.biFollowersCount = biFollowersCount
    self.createdAt = createdAt
    self.following = following
    self.followMe = followMe
    self.allowAllActMsg = true
    self.allowAllComment = true
    self.geoEnabled = true
    self.verified = verifiedType >= 0
    self.verifiedType = verifiedType
    self.verifiedReason = verifiedReason
    self.remark = ""
    self.onlineStatus = 0
    self.lang = "zh-cn"
    self.mbtype = mbtype
    self.mbrank = mbrank
    self.urank = urank
    self.star = 0
  }
}

/// A status (微博) as the API returns it.
public struct Status: Codable, Sendable, Equatable {
  public var createdAt: String
  public var id: Int64
  public var idstr: String
  public var mid: String
  public var text: String
  public var textLength: Int
  public var source: String
  public var favorited: Bool
  public var truncated: Bool
  public var inReplyToStatusId: String
  public var inReplyToUserId: String
  public var inReplyToScreenName: String
  public var thumbnailPic: String?
  public var bmiddlePic: String?
  public var originalPic: String?
  public var picUrls: [PicURL]
  public var picIds: [String]
  public var geo: Geo
  /// The author; absent with `trim_user=1`, which sends `uid` instead.
  public var user: User?
  public var uid: Int64?
  public var retweetedStatus: Box<Status>?
  public var repostsCount: Int
  public var commentsCount: Int
  public var attitudesCount: Int
  /// Whether the caller likes this status (Sparrow addition; the liked state every client needs).
  public var liked: Bool
  public var mlevel: Int
  public var visible: Visibility
  public var annotations: [String]?
  /// `"1"` on a deleted original shown inside `retweeted_status`.
  public var deleted: String?

  public init(
    id: Int64, createdAt: String, text: String, source: String, user: User?, picUrls: [PicURL] = [],
    picIds: [String] = [], geo: Geo = Geo(), retweetedStatus: Status? = nil, repostsCount: Int = 0,
    commentsCount: Int = 0, attitudesCount: Int = 0, favorited: Bool = false, liked: Bool = false,
    visible: Visibility = Visibility()
  ) {
    self.createdAt = createdAt
    self.id = id
    self.idstr = String(id)
    self.mid = String(id)
    self.text = text
    self.textLength = TextLength.count(text)
    self.source = source
    self.favorited = favorited
    self.truncated = false
    self.inReplyToStatusId = ""
    self.inReplyToUserId = ""
    self.inReplyToScreenName = ""
    self.thumbnailPic = picUrls.first?.thumbnailPic
    self.bmiddlePic = picUrls.first?.bmiddlePic
    self.originalPic = picUrls.first?.originalPic
    self.picUrls = picUrls
    self.picIds = picIds
    self.geo = geo
    self.user = user
    self.retweetedStatus = retweetedStatus.map(Box.init)
    self.repostsCount = repostsCount
    self.commentsCount = commentsCount
    self.attitudesCount = attitudesCount
    self.liked = liked
    self.mlevel = 0
    self.visible = visible
    self.annotations = nil
    self.deleted = nil
  }

  /// What a repost shows in place of an original that no longer exists.
  public static func deletedOriginal(id: Int64) -> Status {
    var status = Status(id: id, createdAt: "", text: "此微博已被原作者删除。", source: "", user: nil)
    status.deleted = "1"
    status.textLength = 0
    return status
  }
}

/// A comment (评论) as the API returns it.
public struct Comment: Codable, Sendable, Equatable {
  public var createdAt: String
  public var id: Int64
  public var idstr: String
  public var mid: String
  public var text: String
  public var source: String
  public var user: User?
  public var status: Status?
  public var replyComment: Box<Comment>?
  /// Sparrow's: true when staff hid this comment, which only its author still reads (`hidden_by_staff`; absent
  /// otherwise, so the Weibo API's comments stay as they were).
  public var hiddenByStaff: Bool?

  public init(id: Int64, createdAt: String, text: String, source: String, user: User?, status: Status?,
              replyComment: Comment? = nil) {
    self.createdAt = createdAt
    self.id = id
    self.idstr = String(id)
    self.mid = String(id)
    self.text = text
    self.source = source
    self.user = user
    self.status = status
    self.replyComment = replyComment.map(Box.init)
  }
}

/// Indirection for recursive value types (a status's `retweeted_status`, a comment's `reply_comment`).
public final class Box<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
  public let value: Value
  public init(_ value: Value) { self.value = value }
  public init(from decoder: any Decoder) throws { value = try Value(from: decoder) }
  public func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
  public static func == (a: Box, b: Box) -> Bool { a.value == b.value }
}
