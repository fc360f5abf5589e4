import SparrowKit
import SparrowPlatform

/// A user's page (`weibo_user.mustache`), 我 for the viewer's own: the header with counts, the follow box, the
/// viewer's menu, and the user's statuses.
struct ProfilePage: PageModel {
  /// The header: avatar, name and marks, what the verification says, the description, the three counts.
  struct Header: PageModel {
    let author: AuthorLabel
    let description: String?
    let statuses, friends, followers: String

    func child(named name: String) -> Any? {
      switch name {
      case "description": description
      case "statuses": statuses
      case "friends": friends
      case "followers": followers
      default: author.child(named: name)
      }
    }
  }

  let frame: PageFrame
  let profile: Header
  /// Whether this is the viewer's own page.
  let mine: Bool
  let follow: FollowButton?
  let list: CardList

  /// `viewerID` is the signed-in viewer's; `special` says whether they follow the user as 特别关注.
  init(frame: PageFrame, user: User, viewerID: Int64?, special: Bool, list: CardList) {
    let model = UserViewModel(user: user)
    self.frame = frame
    profile = Header(author: AuthorLabel(model), description: model.description, statuses: model.statusesText,
                     friends: model.friendsText, followers: model.followersText)
    mine = viewerID == user.id
    follow = FollowButton(model, viewerID: viewerID, csrf: frame.web.csrf, special: special)
    self.list = list
  }

  func child(named name: String) -> Any? {
    switch name {
    case "profile": profile
    case "self": mine
    case "follow": follow
    default: list.child(named: name) ?? frame.child(named: name)
    }
  }
}
