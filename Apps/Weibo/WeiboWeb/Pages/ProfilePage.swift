import SparrowKit
import SparrowPlatform
import SparrowStore

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
  let safety: Safety?
  let list: CardList
  /// On one's own page, when staff hid the profile: the notice that others see only the name and numbers.
  var hiddenNotice = false

  /// 拉黑 and 屏蔽 on someone else's page, for a signed-in viewer.
  struct Safety: PageModel {
    let id: Int64
    let csrf: String
    /// The viewer blocked them; muted them.
    let blocking, muting: Bool

    func child(named name: String) -> Any? {
      switch name {
      case "id": id
      case "csrf": csrf
      case "blocking": blocking
      case "muting": muting
      case "report": Moderation.reportLink(ContentRef("user", id), back: "/u/\(id)")
      default: nil
      }
    }
  }

  /// `viewerID` is the signed-in viewer's; `special` says whether they follow the user as 特别关注; `blocking` and
  /// `muting` whether they blocked or muted them (a blocked person's page offers no follow).
  init(frame: PageFrame, user: User, viewerID: Int64?, special: Bool, blocking: Bool, muting: Bool, list: CardList) {
    let model = UserViewModel(user: user)
    self.frame = frame
    profile = Header(author: AuthorLabel(model), description: model.description, statuses: model.statusesText,
                     friends: model.friendsText, followers: model.followersText)
    mine = viewerID == user.id
    follow = blocking ? nil : FollowButton(model, viewerID: viewerID, csrf: frame.web.csrf, special: special)
    safety = viewerID == nil || mine
      ? nil : frame.web.csrf.map { Safety(id: user.id, csrf: $0, blocking: blocking, muting: muting) }
    self.list = list
  }

  func child(named name: String) -> Any? {
    switch name {
    case "profile": profile
    case "self": mine
    case "follow": follow
    case "safety": safety
    case "hidden_notice": hiddenNotice ? true : nil
    default: list.child(named: name) ?? frame.child(named: name)
    }
  }
}
