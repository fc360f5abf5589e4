import Foundation

/// The verification mark on an avatar, from a user's `verified_type`.
public enum VerifiedBadge: Sendable, Equatable, CaseIterable {
  /// No mark: an ordinary user (−1) or a type this client does not know.
  case none
  /// 个人认证, the yellow V (type 0).
  case personal
  /// 企业/机构认证, the blue V (types 1…7: government, company, media, campus, website, app, organisation).
  case enterprise
  /// 微博达人, the star (types 200 and 220).
  case grassroot

  /// The badge for a `verified_type`.
  public init(verifiedType: Int) {
    switch verifiedType {
    case 0: self = .personal
    case 1...7: self = .enterprise
    case 200, 220: self = .grassroot
    // Unknown types get no mark: a badge must not claim a kind of verification we cannot name.
    default: self = .none
    }
  }

  /// The badge for a user.
  public init(user: User) { self.init(verifiedType: user.verifiedType) }

  /// What the badge says, as a tooltip or accessibility label; empty for `.none`.
  public var title: String {
    switch self {
    case .none: ""
    case .personal: "个人认证"
    case .enterprise: "企业认证"
    case .grassroot: "微博达人"
    }
  }

  /// The image the notes use; nil for `.none`.
  public var iconName: String? {
    switch self {
    case .none: nil
    case .personal: "avatar_vip"
    case .enterprise: "avatar_enterprise_vip"
    case .grassroot: "avatar_grassroot"
    }
  }

  /// The mark's colour.
  public var color: BadgeColor {
    switch self {
    case .none: .none
    case .personal: .yellow
    case .enterprise: .blue
    case .grassroot: .star
    }
  }
}

/// How a verification mark is drawn.
public enum BadgeColor: String, Sendable, Equatable {
  case none, yellow, blue, star
}

/// Paid membership (会员), from a user's `mbrank`: level 1…6, or none.
public enum Membership: Sendable, Equatable {
  case none
  /// A member at `level` 1…6.
  case member(level: Int)

  /// The highest level the icons go to.
  public static let maxLevel = 6

  /// The membership for an `mbrank`: 0 or less is none, 1…6 a level, higher ranks show the top level.
  public init(mbrank: Int) {
    self = mbrank <= 0 ? .none : .member(level: min(mbrank, Self.maxLevel))
  }

  /// The membership for a user.
  public init(user: User) { self.init(mbrank: user.mbrank) }

  /// Whether the user is a member.
  public var isMember: Bool { self != .none }

  /// The level, 0 for none.
  public var level: Int {
    if case .member(let level) = self { level } else { 0 }
  }

  /// The VIP icon after the name: `common_icon_membership_level3`; nil for none.
  public var iconName: String? {
    if case .member(let level) = self { "common_icon_membership_level\(level)" } else { nil }
  }

  /// The colour of the user's name: orange for members.
  public var nameColor: NameColor { isMember ? .orange : .standard }
}

/// The colour a screen name is drawn in.
public enum NameColor: String, Sendable, Equatable {
  case standard, orange
}
