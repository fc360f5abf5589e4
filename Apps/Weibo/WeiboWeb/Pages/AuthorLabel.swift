import SparrowKit
import SparrowPlatform

/// A user as cards, rows and headers show them: avatar with its verification mark, name in its colour, the VIP
/// mark, and the link to the profile. The rules are SparrowKit's `UserViewModel`.
struct AuthorLabel: PageModel, Hashable {
  /// The mark on the avatar: its colour and what it says.
  struct Badge: PageModel, Hashable {
    let color, title: String

    func child(named name: String) -> Any? {
      switch name {
      case "color": color
      case "title": title
      default: nil
      }
    }
  }

  /// Membership: the level, the `VIP3` mark, and the name's colour.
  struct Member: PageModel, Hashable {
    let level, mark, color: String

    func child(named name: String) -> Any? {
      switch name {
      case "level": level
      case "mark": mark
      case "color": color
      default: nil
      }
    }
  }

  let id, name, url: String
  /// The 50 × 50 and 180 × 180 avatars, as the API gives them.
  let avatar, avatarLarge: String
  let badge: Badge?
  let member: Member?

  init(_ user: UserViewModel) {
    id = String(user.id)
    name = user.name
    url = "/u/\(user.id)"
    avatar = user.user.profileImageUrl
    avatarLarge = user.user.avatarLarge
    badge = user.badge == .none ? nil : Badge(color: user.badge.color.rawValue, title: user.badge.title)
    member = user.memberMark.map {
      Member(level: String(user.membership.level), mark: $0, color: user.nameColor.rawValue)
    }
  }

  init(_ user: User) { self.init(UserViewModel(user: user)) }

  func child(named name: String) -> Any? {
    switch name {
    case "id": id
    case "name": self.name
    case "url": url
    case "avatar": avatar
    case "avatar_large": avatarLarge
    case "badge": badge
    case "member": member
    default: nil
    }
  }
}
