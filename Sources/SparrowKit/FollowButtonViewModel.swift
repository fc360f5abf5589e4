import Foundation

/// The follow button beside a user: what it says and what a tap sends. There is none on one's own profile,
/// nor for a visitor who is not signed in.
public struct FollowButtonViewModel: Sendable, Equatable {
  /// How the viewer and the user follow each other.
  public enum State: Sendable, Equatable {
    /// The viewer does not follow the user (whether or not the user follows the viewer).
    case notFollowing
    /// The viewer follows the user, who does not follow back.
    case following
    /// Both follow each other.
    case mutual
  }

  /// The user the button is for.
  public let userID: Int64
  /// The relation the button shows.
  public let state: State

  /// The button for `user` as the wire user's `following` and `follow_me` describe the relation to the
  /// viewer; nil (no button) when `viewerID` is nil or is the user.
  public init?(user: User, viewerID: Int64?) {
    guard let viewerID, viewerID != user.id else { return nil }
    userID = user.id
    state = user.following ? (user.followMe ? .mutual : .following) : .notFollowing
  }

  /// Whether the viewer follows the user, so a tap unfollows.
  public var isFollowing: Bool { state != .notFollowing }

  /// The button's title: `+ 关注`, `已关注` or `相互关注`.
  public var title: String {
    switch state {
    case .notFollowing: "+ 关注"
    case .following: "已关注"
    case .mutual: "相互关注"
    }
  }

  /// What a tap sends: `friendships/destroy` when following, `friendships/create` otherwise.
  public var endpoint: Endpoint<User> {
    isFollowing ? Friendships.destroy(.id(userID)) : Friendships.create(.id(userID))
  }
}
