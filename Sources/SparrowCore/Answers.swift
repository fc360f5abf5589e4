import Foundation

// The answers of single calls, declared once: the server writes them, the SDK reads them.

/// `pic_id` and sizes from `statuses/upload_pic`, to post later with `Statuses.update(pictureIDs:)`.
public struct UploadedPicture: Codable, Sendable, Equatable {
  /// The id to pass as `pic_id`.
  public var picID: String
  /// The small image.
  public var thumbnailPic: String
  /// The medium image.
  public var bmiddlePic: String
  /// The full image.
  public var originalPic: String
  /// The real size in pixels, when the server says (Sparrow does).
  public var width: Int?
  /// The real height in pixels, when the server says.
  public var height: Int?
  /// The picture's format (`jpg`, `png`, `gif`, `webp`), when the server says.
  public var type: String?

  public init(picID: String, thumbnailPic: String, bmiddlePic: String, originalPic: String, width: Int? = nil, height: Int? = nil) {
    self.picID = picID
    self.thumbnailPic = thumbnailPic
    self.bmiddlePic = bmiddlePic
    self.originalPic = originalPic
    self.width = width
    self.height = height
  }

  public init(from decoder: any Decoder) throws {
    let f = try WireFields(decoder)
    guard let id = f.string("pic_id"), !id.isEmpty else {
      throw DecodingError.keyNotFound(WireKey("pic_id"), .init(codingPath: decoder.codingPath, debugDescription: "no pic_id"))
    }
    let thumbnail = f.string("thumbnail_pic") ?? ""
    self.init(
      picID: id, thumbnailPic: thumbnail,
      bmiddlePic: f.string("bmiddle_pic") ?? Picture.swapping(thumbnail, to: "bmiddle"),
      originalPic: f.string("original_pic") ?? Picture.swapping(thumbnail, to: "large"), width: f.int("width"),
      height: f.int("height"))
    type = f.string("type")
  }
}

/// `{"uid":"…"}` from `account/get_uid`.
public struct AccountUID: Codable, Sendable, Equatable {
  /// The caller's user id.
  public var uid: Int64

  public init(uid: Int64) { self.uid = uid }

  public init(from decoder: any Decoder) throws {
    let f = try WireFields(decoder)
    guard let uid = f.int64("uid") else {
      throw DecodingError.keyNotFound(WireKey("uid"), .init(codingPath: decoder.codingPath, debugDescription: "no uid"))
    }
    self.uid = uid
  }
}

/// `friendships/show`: how two users follow each other.
public struct Relationship: Codable, Sendable, Equatable {
  /// One side of the relationship.
  public struct Side: Codable, Sendable, Equatable {
    /// The user's id.
    public var id: Int64
    /// The user's screen name.
    public var screenName: String
    /// Whether the other side follows this user.
    public var followedBy: Bool
    /// Whether this user follows the other side.
    public var following: Bool
    /// Whether notifications are on.
    public var notificationsEnabled: Bool

    public init(id: Int64, screenName: String, followedBy: Bool, following: Bool, notificationsEnabled: Bool = false) {
      self.id = id
      self.screenName = screenName
      self.followedBy = followedBy
      self.following = following
      self.notificationsEnabled = notificationsEnabled
    }

    public init(from decoder: any Decoder) throws {
      let f = try WireFields(decoder)
      self.init(
        id: try f.id(), screenName: f.string("screen_name") ?? "", followedBy: f.bool("followed_by") ?? false,
        following: f.bool("following") ?? false, notificationsEnabled: f.bool("notifications_enabled") ?? false)
    }
  }

  /// The user asked about.
  public var target: Side
  /// The user asking (the caller by default).
  public var source: Side

  public init(target: Side, source: Side) {
    self.target = target
    self.source = source
  }
}

/// One row of `search/suggestions/users`.
public struct UserSuggestion: Codable, Sendable, Equatable {
  /// The user's id.
  public var uid: Int64
  /// The user's screen name.
  public var screenName: String
  /// How many follow the user.
  public var followersCount: Int

  public init(uid: Int64, screenName: String, followersCount: Int) {
    self.uid = uid
    self.screenName = screenName
    self.followersCount = followersCount
  }

  public init(from decoder: any Decoder) throws {
    let f = try WireFields(decoder)
    guard let uid = f.int64("uid") ?? f.int64("id") else {
      throw DecodingError.keyNotFound(WireKey("uid"), .init(codingPath: decoder.codingPath, debugDescription: "no uid"))
    }
    self.init(uid: uid, screenName: f.string("screen_name") ?? "", followersCount: f.int("followers_count") ?? 0)
  }
}

/// One topic of `trends/hourly|daily|weekly`.
public struct Trend: Codable, Sendable, Equatable {
  /// The topic.
  public var name: String
  /// What to search for it (`#topic#`).
  public var query: String
  /// How often it was used, when the server says.
  public var amount: Int?

  public init(name: String, query: String, amount: Int? = nil) {
    self.name = name
    self.query = query
    self.amount = amount
  }

  public init(from decoder: any Decoder) throws {
    let f = try WireFields(decoder)
    let name = f.string("name") ?? ""
    self.init(name: name, query: f.string("query") ?? name, amount: f.int("amount"))
  }
}

/// `{"trends":{"2011-09-19":[…]},"as_of":…}`.
public struct TrendList: Codable, Sendable, Equatable {
  /// Topics by period.
  public var trends: [String: [Trend]]
  /// When the list was made, Unix seconds.
  public var asOf: Int64

  public init(trends: [String: [Trend]], asOf: Int64) {
    self.trends = trends
    self.asOf = asOf
  }

  public init(from decoder: any Decoder) throws {
    let f = try WireFields(decoder)
    self.init(trends: f.value([String: [Lossy<Trend>]].self, "trends")?.mapValues { $0.compactMap(\.value) } ?? [:], asOf: f.int64("as_of") ?? 0)
  }

  /// The topics of the latest period.
  public var latest: [Trend] { trends.keys.max().flatMap { trends[$0] } ?? [] }
}

/// One row of `GET trends`: a hot word and how often it was used.
public struct HotTrend: Codable, Sendable, Equatable {
  /// The trend's id.
  public var trendID: Int64
  /// The word.
  public var hotword: String
  /// How often it was used.
  public var num: Int

  public init(trendID: Int64, hotword: String, num: Int) {
    self.trendID = trendID
    self.hotword = hotword
    self.num = num
  }

  public init(from decoder: any Decoder) throws {
    let f = try WireFields(decoder)
    self.init(trendID: f.int64("trend_id") ?? 0, hotword: f.string("hotword") ?? "", num: f.int("num") ?? 0)
  }
}

/// `{"result":true}` (or the string `"true"`), the answer of calls that only succeed or fail.
public struct ResultFlag: Codable, Sendable, Equatable {
  /// Whether the server reports success.
  public let result: Bool
  /// Whether it is written as the string `"true"`, as `oauth2/revokeoauth2` does.
  public var spelledAsString = false

  public init(result: Bool, spelledAsString: Bool = false) {
    self.result = result
    self.spelledAsString = spelledAsString
  }

  public init(from decoder: any Decoder) throws {
    result = try WireFields(decoder).bool("result") ?? false
  }
}

/// `oauth2/get_token_info`: whose token it is and how long it has left.
public struct TokenInfo: Codable, Sendable, Equatable {
  /// The user the token acts for.
  public var uid: Int64
  /// The app it was issued to.
  public var appKey: String
  /// The granted scope, if any.
  public var scope: String?
  /// When it was issued, Unix seconds.
  public var createdAt: Int64
  /// Seconds left; negative once expired.
  public var expiresIn: Int

  public init(uid: Int64, appKey: String, scope: String?, createdAt: Int64, expiresIn: Int) {
    self.uid = uid
    self.appKey = appKey
    self.scope = scope
    self.createdAt = createdAt
    self.expiresIn = expiresIn
  }

  public init(from decoder: any Decoder) throws {
    let f = try WireFields(decoder)
    guard let uid = f.int64("uid") else {
      throw DecodingError.keyNotFound(WireKey("uid"), .init(codingPath: decoder.codingPath, debugDescription: "no uid"))
    }
    self.init(
      uid: uid, appKey: f.string("appkey") ?? "", scope: f.string("scope"), createdAt: f.int64("create_at") ?? 0,
      expiresIn: f.int("expire_in") ?? f.int("expires_in") ?? 0)
  }
}

/// `account/rate_limit_status`: this hour's limits and what is left of them.
public struct RateLimitStatus: Codable, Sendable, Equatable {
  /// One costly call's own limit.
  public struct APILimit: Codable, Sendable, Equatable {
    public var api: String
    public var limit: Int
    public var limitTimeUnit: String
    public var remainingHits: Int
    public init(api: String, limit: Int, limitTimeUnit: String, remainingHits: Int) {
      self.api = api
      self.limit = limit
      self.limitTimeUnit = limitTimeUnit
      self.remainingHits = remainingHits
    }
  }
  public var ipLimit: Int
  public var limitTimeUnit: String
  public var remainingIpHits: Int
  public var remainingUserHits: Int
  /// `yyyy-MM-dd HH:mm:ss`, Beijing time.
  public var resetTime: String
  public var resetTimeInSeconds: Int
  public var userLimit: Int
  public var apiRateLimits: [APILimit]
  public init(ipLimit: Int, limitTimeUnit: String, remainingIpHits: Int, remainingUserHits: Int, resetTime: String,
              resetTimeInSeconds: Int, userLimit: Int, apiRateLimits: [APILimit]) {
    self.ipLimit = ipLimit
    self.limitTimeUnit = limitTimeUnit
    self.remainingIpHits = remainingIpHits
    self.remainingUserHits = remainingUserHits
    self.resetTime = resetTime
    self.resetTimeInSeconds = resetTimeInSeconds
    self.userLimit = userLimit
    self.apiRateLimits = apiRateLimits
  }
}
