import SparrowCore
import Testing

@Test(arguments: [
  (-1, VerifiedBadge.none), (-2, .none), (0, .personal), (1, .enterprise), (2, .enterprise), (3, .enterprise),
  (4, .enterprise), (5, .enterprise), (6, .enterprise), (7, .enterprise), (8, .none), (10, .none), (100, .none),
  (200, .grassroot), (220, .grassroot), (221, .none),
])
func verifiedTypeMapsToItsBadge(_ type: Int, _ badge: VerifiedBadge) {
  let result = VerifiedBadge(verifiedType: type)

  #expect(result == badge)
}

@Test(arguments: [
  (VerifiedBadge.none, "", nil, BadgeColor.none),
  (.personal, "个人认证", "avatar_vip", .yellow),
  (.enterprise, "企业认证", "avatar_enterprise_vip", .blue),
  (.grassroot, "微博达人", "avatar_grassroot", .star),
])
func badgeHasTitleIconAndColour(_ badge: VerifiedBadge, _ title: String, _ icon: String?, _ color: BadgeColor) {
  let shown = (badge.title, badge.iconName, badge.color)

  #expect(shown.0 == title)
  #expect(shown.1 == icon)
  #expect(shown.2 == color)
}

@Test(arguments: [
  (0, Membership.none, nil, NameColor.standard),
  (-1, .none, nil, .standard),
  (1, .member(level: 1), "common_icon_membership_level1", .orange),
  (3, .member(level: 3), "common_icon_membership_level3", .orange),
  (6, .member(level: 6), "common_icon_membership_level6", .orange),
  (7, .member(level: 6), "common_icon_membership_level6", .orange),
])
func mbrankGivesMembershipLevelIconAndOrangeName(_ rank: Int, _ membership: Membership, _ icon: String?, _ color: NameColor) {
  let result = Membership(mbrank: rank)

  #expect(result == membership)
  #expect(result.iconName == icon)
  #expect(result.nameColor == color)
  #expect(result.isMember == (icon != nil))
}

@Test func badgeAndMembershipReadTheUser() {
  let user = User(id: 1, screenName: "小明", verifiedType: 3, mbrank: 2)

  let (badge, membership) = (VerifiedBadge(user: user), Membership(user: user))

  #expect(badge == .enterprise)
  #expect(membership.level == 2)
}
