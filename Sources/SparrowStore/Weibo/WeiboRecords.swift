import Foundation

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

