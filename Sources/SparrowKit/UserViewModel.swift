import Foundation

/// A user ready for a row, a profile header or an author label: the name and its marks, the description and
/// the counts, as every client shows them.
public struct UserViewModel: Sendable, Equatable, Identifiable {
  /// The wire user.
  public let user: User
  /// The verification mark on the avatar.
  public let badge: VerifiedBadge
  /// Membership: the VIP mark after the name and the name's colour.
  public let membership: Membership
  /// The self-description; nil when empty.
  public let description: String?
  /// Why the user is verified (`认证：…`); nil unless verified with a reason given.
  public let verifiedReason: String?
  /// 微博's count, short: `345`, `1.2万`.
  public let statusesText: String
  /// 关注's count, short.
  public let friendsText: String
  /// 粉丝's count, short.
  public let followersText: String

  /// The model for `user`.
  public init(user: User) {
    self.user = user
    badge = VerifiedBadge(user: user)
    membership = Membership(user: user)
    description = user.description.isEmpty ? nil : user.description
    verifiedReason = user.verified && !user.verifiedReason.isEmpty ? user.verifiedReason : nil
    statusesText = DisplayCount.short(user.statusesCount)
    friendsText = DisplayCount.short(user.friendsCount)
    followersText = DisplayCount.short(user.followersCount)
  }

  /// The user id.
  public var id: Int64 { user.id }

  /// The 50 × 50 avatar; nil when the address is missing or not absolute. Parsed when asked for: the server's pages
  /// build a model for every person they list and show the address as it came (parsing was a sixth of the @ picker).
  public var avatarURL: URL? { Self.absoluteURL(user.profileImageUrl) }
  /// The 180 × 180 avatar; nil when the address is missing or not absolute.
  public var largeAvatarURL: URL? { Self.absoluteURL(user.avatarLarge) }

  /// The screen name.
  public var name: String { user.screenName }

  /// The colour the name is drawn in: orange for members.
  public var nameColor: NameColor { membership.nameColor }

  /// The VIP mark after the name, `VIP3`; nil for users who are not members.
  public var memberMark: String? { membership.isMember ? "VIP\(membership.level)" : nil }

  /// A user row's second line: `粉丝 1.2万`, then ` · ` and the description when there is one.
  public var subtitle: String {
    "粉丝 \(followersText)" + (description.map { " · \($0)" } ?? "")
  }

  /// `text` as a URL when it is an absolute one.
  static func absoluteURL(_ text: String) -> URL? {
    URL(string: text).flatMap { $0.scheme == nil ? nil : $0 }
  }
}
