import SparrowKit
import SparrowPlatform

/// The follow box beside a user (`weibo_follow.mustache`): SparrowKit's follow button as a form, the follower
/// count for script to update, and 特别关注 while following.
struct FollowButton: PageModel {
  /// The box on its own, as `POST /u/<id>/follow` and `/special` answer.
  struct Fragment: PageModel {
    let follow: FollowButton?

    func child(named name: String) -> Any? { name == "follow" ? follow : nil }
  }

  let id: String
  let following: Bool
  let special: Bool
  let label: String
  /// Where the form posts: `/u/<id>/follow` or `/unfollow`.
  let action: String
  let followers: String
  let csrf: String

  /// The box for `user` seen by the viewer `viewerID` with the form token `csrf`; nil when there is no button:
  /// for a visitor, or on the viewer's own page. `special` says whether the viewer follows the user as 特别关注.
  init?(_ user: UserViewModel, viewerID: Int64?, csrf: String?, special: Bool = false) {
    guard let csrf, let button = FollowButtonViewModel(user: user.user, viewerID: viewerID) else { return nil }
    id = String(user.id)
    following = button.isFollowing
    self.special = special
    label = button.title
    action = "/u/\(user.id)/\(button.isFollowing ? "unfollow" : "follow")"
    followers = user.followersText
    self.csrf = csrf
  }

  func child(named name: String) -> Any? {
    switch name {
    case "id": id
    case "following": following
    case "special": special
    case "label": label
    case "action": action
    case "followers": followers
    case "csrf": csrf
    default: nil
    }
  }
}
