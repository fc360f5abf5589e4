import Foundation

/// A stored status.
package struct StatusRecord: Sendable, Equatable {
  package var id: Int64
  package var userID: Int64
  package var text: String
  package var appID: Int64
  package var createdAt: Date
  /// The original this reposts; always an original, never a repost.
  package var retweetedID: Int64?
  /// The status this was reposted from directly: the original, or a repost of it.
  package var parentID: Int64?
  package var pictures: [PictureRef]
  package var latitude: Double?
  package var longitude: Double?
  /// 0 public, 1 only the author.
  package var visible: Int
  package var repostsCount: Int = 0
  package var commentsCount: Int = 0
  package var attitudesCount: Int = 0

  package init(id: Int64, userID: Int64, text: String, appID: Int64, createdAt: Date, retweetedID: Int64? = nil,
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

extension StatusRecord {
  /// The one visibility rule: a public status (`visible` 0) is for everyone, any other only for its author.
  package func isVisible(to viewer: Int64) -> Bool { visible == 0 || userID == viewer }
}

/// A stored comment.
package struct CommentRecord: Sendable, Equatable {
  package var id: Int64
  package var statusID: Int64
  package var userID: Int64
  package var text: String
  package var appID: Int64
  package var createdAt: Date
  package var replyCommentID: Int64?
  /// Staff hid it: only its author still reads it, with a notice saying so.
  package var hiddenByStaff: Bool

  package init(id: Int64, statusID: Int64, userID: Int64, text: String, appID: Int64, createdAt: Date,
              replyCommentID: Int64? = nil, hiddenByStaff: Bool = false) {
    self.id = id
    self.statusID = statusID
    self.userID = userID
    self.text = text
    self.appID = appID
    self.createdAt = createdAt
    self.replyCommentID = replyCommentID
    self.hiddenByStaff = hiddenByStaff
  }
}

extension CommentRecord {
  /// Staff's rule (`WeiboSQL.commentShown` less the blocks): a comment staff hid shows to its author alone.
  package func isShown(to viewer: Int64) -> Bool { userID == viewer || !hiddenByStaff }
}

/// A like or a favourite: who, which status, when.
package struct Mark: Sendable, Equatable {
  package var id: Int64
  package var userID: Int64
  package var statusID: Int64
  package var createdAt: Date
  package init(id: Int64, userID: Int64, statusID: Int64, createdAt: Date) {
    self.id = id
    self.userID = userID
    self.statusID = statusID
    self.createdAt = createdAt
  }
}

/// Which statuses a timeline lists.
package enum StatusFeed: Sendable, Hashable {
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
  /// Others' reposts of the user's statuses (their notifications).
  case repostsOfAuthor(Int64)
  /// Statuses carrying a topic.
  case topic(String)
  /// Statuses whose text contains the words.
  case search(String)
  /// Mutual follows' statuses.
  case bilateral(Int64)
  /// Statuses of the people the user follows as 特别关注.
  case special(Int64)

  /// The feed's name among the reads kept of what reaches `viewer` (`ReachedReads`), when it holds only what
  /// reaches them (the public statuses naming them, read by them, all kinds); nil for the others.
  package func reached(by viewer: Int64, _ feature: StatusFeature) -> String? {
    guard case .mentions(viewer) = self, feature == .all else { return nil }
    return "statuses naming"
  }
}

/// Restricts a feed to a kind of status.
package enum StatusFeature: Int, Sendable {
  case all = 0, original = 1, picture = 2
}

/// Which comments a list shows.
package enum CommentFeed: Sendable, Equatable {
  case onStatus(Int64)
  case byUser(Int64)
  /// Comments others wrote on the user's statuses or in reply to the user's comments.
  case toUser(Int64)
  /// Sent and received.
  case timeline(Int64)
  case mentions(Int64)

  /// The feed's name among the reads kept of what reaches `viewer` (`ReachedReads`), when it holds only what
  /// reaches them (the comments to them and naming them, read by them); nil for the others.
  package func reached(by viewer: Int64) -> String? {
    switch self {
    case .toUser(viewer): "comments to"
    case .mentions(viewer): "comments naming"
    default: nil
    }
  }
}

/// The counters behind `remind/unread_count`.
package enum UnreadKind: String, Sendable, CaseIterable {
  case status, follower, cmt, mentionStatus = "mention_status", mentionCmt = "mention_cmt", attitude

  /// The kinds 消息's badge counts: what others did to one's statuses and comments.
  package static let messages: [UnreadKind] = [.cmt, .mentionStatus, .mentionCmt, .attitude]
}

/// The tab bar's figures (`UnreadStore.unreadBadges`).
package struct UnreadBadges: Sendable, Equatable {
  /// New statuses in the home feed.
  package var statuses: Int
  /// New comments, mentions and likes.
  package var messages: Int
  package init(statuses: Int, messages: Int) {
    self.statuses = statuses
    self.messages = messages
  }
}

/// A topic and how many statuses carried it.
package struct TopicCount: Sendable, Equatable {
  package var name: String
  package var count: Int
  package init(name: String, count: Int) {
    self.name = name
    self.count = count
  }
}

/// The rows around a page of statuses, for one viewer.
package struct StatusContextRows: Sendable {
  package var originals: [Int64: StatusRecord]
  package var users: [Int64: UserRecord]
  package var apps: [Int64: AppRecord]
  package var favorited: Set<Int64>
  package var liked: Set<Int64>
  /// Of the users above, those the viewer follows.
  package var following: Set<Int64>
  /// Of the users above, those who follow the viewer.
  package var followers: Set<Int64>

  package init(originals: [Int64: StatusRecord], users: [Int64: UserRecord], apps: [Int64: AppRecord],
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

