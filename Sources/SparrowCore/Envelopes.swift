import Foundation

/// `{statuses, hasvisible, previous_cursor, next_cursor, total_number}` and its siblings.
public struct StatusList: Codable, Sendable, Equatable {
  public var statuses: [Status]
  public var hasvisible: Bool = false
  public var previousCursor: Int64
  public var nextCursor: Int64
  public var totalNumber: Int
  public var interval: Int = 0
  public init(statuses: [Status], previousCursor: Int64, nextCursor: Int64, totalNumber: Int) {
    self.statuses = statuses
    self.previousCursor = previousCursor
    self.nextCursor = nextCursor
    self.totalNumber = totalNumber
  }
}

/// `{reposts, …}` from `statuses/repost_timeline`.
public struct RepostList: Codable, Sendable, Equatable {
  public var reposts: [Status]
  public var hasvisible: Bool = false
  public var previousCursor: Int64
  public var nextCursor: Int64
  public var totalNumber: Int
  public init(reposts: [Status], previousCursor: Int64, nextCursor: Int64, totalNumber: Int) {
    self.reposts = reposts
    self.previousCursor = previousCursor
    self.nextCursor = nextCursor
    self.totalNumber = totalNumber
  }
}

/// `{comments, marks, …}` from the comment timelines.
public struct CommentList: Codable, Sendable, Equatable {
  public var comments: [Comment]
  public var marks: [String] = []
  public var hasvisible: Bool = false
  public var previousCursor: Int64
  public var nextCursor: Int64
  public var totalNumber: Int
  public init(comments: [Comment], previousCursor: Int64, nextCursor: Int64, totalNumber: Int) {
    self.comments = comments
    self.previousCursor = previousCursor
    self.nextCursor = nextCursor
    self.totalNumber = totalNumber
  }
}

/// `{users, next_cursor, previous_cursor, total_number}` from the friendship lists.
public struct UserList: Codable, Sendable, Equatable {
  public var users: [User]
  public var previousCursor: Int64
  public var nextCursor: Int64
  public var totalNumber: Int
  public init(users: [User], previousCursor: Int64, nextCursor: Int64, totalNumber: Int) {
    self.users = users
    self.previousCursor = previousCursor
    self.nextCursor = nextCursor
    self.totalNumber = totalNumber
  }
}

/// `{ids, …}` from `friendships/friends/ids` and `followers/ids`.
public struct IDList: Codable, Sendable, Equatable {
  public var ids: [Int64]
  public var previousCursor: Int64
  public var nextCursor: Int64
  public var totalNumber: Int
  public init(ids: [Int64], previousCursor: Int64, nextCursor: Int64, totalNumber: Int) {
    self.ids = ids
    self.previousCursor = previousCursor
    self.nextCursor = nextCursor
    self.totalNumber = totalNumber
  }
}

/// A favourite: the status and when it was saved.
public struct Favorite: Codable, Sendable, Equatable {
  public struct Tag: Codable, Sendable, Equatable {
    public var id: Int64
    public var tag: String
    public var count: Int
  }
  public var status: Status
  public var tags: [Tag] = []
  public var favoritedTime: String
  public init(status: Status, favoritedTime: String) {
    self.status = status
    self.favoritedTime = favoritedTime
  }
}

/// `{favorites, total_number}`.
public struct FavoriteList: Codable, Sendable, Equatable {
  public var favorites: [Favorite]
  public var totalNumber: Int
  public var previousCursor: Int64 = 0
  public var nextCursor: Int64 = 0
  public init(favorites: [Favorite], totalNumber: Int) {
    self.favorites = favorites
    self.totalNumber = totalNumber
  }
}

/// A like (表态).
public struct Attitude: Codable, Sendable, Equatable {
  public var id: Int64
  public var createdAt: String
  public var attitude: String
  public var lastAttitude: String = ""
  public var source: String
  public var user: User?
  public var status: Status?
  public init(id: Int64, createdAt: String, attitude: String, source: String, user: User?, status: Status?) {
    self.id = id
    self.createdAt = createdAt
    self.attitude = attitude
    self.source = source
    self.user = user
    self.status = status
  }
}

/// `{attitudes, …}` from `attitudes/show`.
public struct AttitudeList: Codable, Sendable, Equatable {
  public var attitudes: [Attitude]
  public var hasvisible: Bool = false
  public var previousCursor: Int64
  public var nextCursor: Int64
  public var totalNumber: Int
  public init(attitudes: [Attitude], previousCursor: Int64, nextCursor: Int64, totalNumber: Int) {
    self.attitudes = attitudes
    self.previousCursor = previousCursor
    self.nextCursor = nextCursor
    self.totalNumber = totalNumber
  }
}

/// One row of `statuses/count`.
public struct StatusCount: Codable, Sendable, Equatable {
  public var id: Int64
  public var comments: Int
  public var reposts: Int
  public var attitudes: Int
  public init(id: Int64, comments: Int, reposts: Int, attitudes: Int) {
    self.id = id
    self.comments = comments
    self.reposts = reposts
    self.attitudes = attitudes
  }
}

/// One row of `users/counts`.
public struct UserCounts: Codable, Sendable, Equatable {
  public var id: Int64
  public var followersCount: Int
  public var friendsCount: Int
  public var statusesCount: Int
  public var privateFriendsCount: Int = 0
  public init(id: Int64, followersCount: Int, friendsCount: Int, statusesCount: Int) {
    self.id = id
    self.followersCount = followersCount
    self.friendsCount = friendsCount
    self.statusesCount = statusesCount
  }
}

/// `remind/unread_count`.
public struct UnreadCount: Codable, Sendable, Equatable {
  public var status: Int
  public var follower: Int
  public var cmt: Int
  public var dm: Int = 0
  public var mentionStatus: Int
  public var mentionCmt: Int
  public var group: Int = 0
  public var privateGroup: Int = 0
  public var notice: Int = 0
  public var invite: Int = 0
  public var badge: Int = 0
  public var photo: Int = 0
  public var msgbox: Int = 0
  /// Sparrow addition: new likes on the caller's statuses (the 赞 tab).
  public var attitude: Int
  public init(status: Int, follower: Int, cmt: Int, mentionStatus: Int, mentionCmt: Int, attitude: Int) {
    self.status = status
    self.follower = follower
    self.cmt = cmt
    self.mentionStatus = mentionStatus
    self.mentionCmt = mentionCmt
    self.attitude = attitude
  }
}

/// The body of `/oauth2/access_token`.
public struct AccessToken: Codable, Sendable, Equatable {
  public var accessToken: String
  public var expiresIn: Int
  public var remindIn: String
  public var uid: String
  public var refreshToken: String?
  public var isRealName: String = "true"
  public init(accessToken: String, expiresIn: Int, uid: String, refreshToken: String?) {
    self.accessToken = accessToken
    self.expiresIn = expiresIn
    self.remindIn = String(expiresIn)
    self.uid = uid
    self.refreshToken = refreshToken
  }
}

/// The error envelope every failure carries.
public struct ErrorBody: Codable, Sendable, Equatable {
  public var error: String
  public var errorCode: Int
  public var request: String
  public var errorDescription: String?
  public var errorUri: String?
  public init(error: String, errorCode: Int, request: String, errorDescription: String? = nil, errorUri: String? = nil) {
    self.error = error
    self.errorCode = errorCode
    self.request = request
    self.errorDescription = errorDescription
    self.errorUri = errorUri
  }
}

/// The shared decoder for Weibo JSON: snake_case keys. (Encoding goes through `JSONWriter`.)
public enum WeiboCoding {
  public static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
  }
}
