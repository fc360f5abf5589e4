import Foundation

/// The cursor-paged list envelope of the Weibo API, one type for all of them:
/// `{<items>, [marks], [hasvisible], previous_cursor, next_cursor, total_number, [interval]}`.
/// `Field` says what the items are called and which optional fields the list carries.
public struct CursorList<Field: CursorListField>: Codable, Sendable, Equatable {
  public var items: [Field.Item]
  public var hasvisible = false
  public var previousCursor: Int64
  public var nextCursor: Int64
  public var totalNumber: Int
  /// Only in `StatusList`.
  public var interval = 0
  /// Only in `CommentList`.
  public var marks: [String] = []

  public init(items: [Field.Item], previousCursor: Int64 = 0, nextCursor: Int64 = 0, totalNumber: Int) {
    self.items = items
    self.previousCursor = previousCursor
    self.nextCursor = nextCursor
    self.totalNumber = totalNumber
  }
}

/// The name and shape of one list's items.
public protocol CursorListField: Sendable {
  associatedtype Item: Codable & Sendable & Equatable
  /// The key of the items array.
  static var key: String { get }
  /// Whether the list carries `hasvisible` (timelines do, user and id lists do not).
  static var hasVisible: Bool { get }
  /// Whether it carries `interval` (status timelines) and `marks` (comment timelines).
  static var hasInterval: Bool { get }
  static var hasMarks: Bool { get }
  /// The items as read from the wire (ids may come as numbers or strings).
  static func items(from decoder: any Decoder) throws -> [Item]
  /// The items as written.
  static func wire(_ items: [Item]) -> any Encodable
}

extension CursorListField {
  public static var hasVisible: Bool { true }
  public static var hasInterval: Bool { false }
  public static var hasMarks: Bool { false }
  public static func items(from decoder: any Decoder) throws -> [Item] { try WireFields(decoder).list(Item.self, key) }
  public static func wire(_ items: [Item]) -> any Encodable { items }
}

/// `{statuses, …}`: the status timelines.
public enum StatusesField: CursorListField {
  public typealias Item = Status
  public static let key = "statuses"
  public static var hasInterval: Bool { true }
}
/// `{reposts, …}` from `statuses/repost_timeline`.
public enum RepostsField: CursorListField {
  public typealias Item = Status
  public static let key = "reposts"
}
/// `{comments, marks, …}` from the comment timelines.
public enum CommentsField: CursorListField {
  public typealias Item = Comment
  public static let key = "comments"
  public static var hasMarks: Bool { true }
}
/// `{users, …}` from the friendship lists.
public enum UsersField: CursorListField {
  public typealias Item = User
  public static let key = "users"
  public static var hasVisible: Bool { false }
}
/// `{ids, …}` from `friendships/friends/ids` and `followers/ids`: numbers.
public enum IDsField: CursorListField {
  public typealias Item = Int64
  public static let key = "ids"
  public static var hasVisible: Bool { false }
  public static func items(from decoder: any Decoder) throws -> [Int64] {
    try WireFields(decoder).list(WireID.self, key).map(\.value)
  }
}
/// `{statuses: ["id", …], …}` from the `…/ids` timelines: ids written as strings.
public enum StatusIDsField: CursorListField {
  public typealias Item = Int64
  public static let key = "statuses"
  public static func items(from decoder: any Decoder) throws -> [Int64] {
    try WireFields(decoder).list(WireID.self, key).map(\.value)
  }
  public static func wire(_ items: [Int64]) -> any Encodable { items.map(String.init) }
}
/// `{attitudes, …}` from `attitudes/show`.
public enum AttitudesField: CursorListField {
  public typealias Item = Attitude
  public static let key = "attitudes"
}

public typealias StatusList = CursorList<StatusesField>
public typealias RepostList = CursorList<RepostsField>
public typealias CommentList = CursorList<CommentsField>
public typealias UserList = CursorList<UsersField>
public typealias IDList = CursorList<IDsField>
public typealias StatusIDList = CursorList<StatusIDsField>
public typealias AttitudeList = CursorList<AttitudesField>

// The names each list's items go by.
extension CursorList where Field == StatusesField {
  public var statuses: [Status] { get { items } set { items = newValue } }
  public init(statuses: [Status], previousCursor: Int64 = 0, nextCursor: Int64 = 0, totalNumber: Int) {
    self.init(items: statuses, previousCursor: previousCursor, nextCursor: nextCursor, totalNumber: totalNumber)
  }
}
extension CursorList where Field == RepostsField {
  public var reposts: [Status] { get { items } set { items = newValue } }
  public init(reposts: [Status], previousCursor: Int64 = 0, nextCursor: Int64 = 0, totalNumber: Int) {
    self.init(items: reposts, previousCursor: previousCursor, nextCursor: nextCursor, totalNumber: totalNumber)
  }
}
extension CursorList where Field == CommentsField {
  public var comments: [Comment] { get { items } set { items = newValue } }
  public init(comments: [Comment], previousCursor: Int64 = 0, nextCursor: Int64 = 0, totalNumber: Int) {
    self.init(items: comments, previousCursor: previousCursor, nextCursor: nextCursor, totalNumber: totalNumber)
  }
}
extension CursorList where Field == UsersField {
  public var users: [User] { get { items } set { items = newValue } }
  public init(users: [User], previousCursor: Int64 = 0, nextCursor: Int64 = 0, totalNumber: Int) {
    self.init(items: users, previousCursor: previousCursor, nextCursor: nextCursor, totalNumber: totalNumber)
  }
}
extension CursorList where Field == IDsField {
  public var ids: [Int64] { get { items } set { items = newValue } }
  public init(ids: [Int64], previousCursor: Int64 = 0, nextCursor: Int64 = 0, totalNumber: Int) {
    self.init(items: ids, previousCursor: previousCursor, nextCursor: nextCursor, totalNumber: totalNumber)
  }
}
extension CursorList where Field == StatusIDsField {
  public var ids: [Int64] { get { items } set { items = newValue } }
  public init(ids: [Int64], nextCursor: Int64 = 0, previousCursor: Int64 = 0, totalNumber: Int = 0) {
    self.init(items: ids, previousCursor: previousCursor, nextCursor: nextCursor, totalNumber: totalNumber)
  }
}
extension CursorList where Field == AttitudesField {
  public var attitudes: [Attitude] { get { items } set { items = newValue } }
  public init(attitudes: [Attitude], previousCursor: Int64 = 0, nextCursor: Int64 = 0, totalNumber: Int) {
    self.init(items: attitudes, previousCursor: previousCursor, nextCursor: nextCursor, totalNumber: totalNumber)
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
