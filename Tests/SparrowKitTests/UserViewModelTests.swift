import Foundation
import SparrowKit
import Testing

@Test func aUserRowShowsFollowersThenTheDescription() {
  let user = User(id: 7, screenName: "小明", description: "热爱生活", followersCount: 12_345)

  let model = UserViewModel(user: user)

  #expect(model.subtitle == "粉丝 1.2万 · 热爱生活")
  #expect(model.description == "热爱生活")
}

@Test func aUserWithoutDescriptionShowsOnlyFollowers() {
  let model = UserViewModel(user: User(id: 7, screenName: "小明", followersCount: 9_999))

  #expect(model.subtitle == "粉丝 9999")
  #expect(model.description == nil)
}

@Test(arguments: [
  (User(id: 1, screenName: "普通"), VerifiedBadge.none, NameColor.standard, String?.none),
  (User(id: 1, screenName: "官方", verifiedType: 2), .enterprise, .standard, nil),
  (User(id: 1, screenName: "达人", verifiedType: 220, mbrank: 3), .grassroot, .orange, "VIP3"),
  (User(id: 1, screenName: "名人", verifiedType: 0, mbrank: 9), .personal, .orange, "VIP6"),
])
func marksFollowVerificationAndMembership(_ user: User, _ badge: VerifiedBadge, _ color: NameColor, _ mark: String?) {
  let model = UserViewModel(user: user)

  #expect(model.badge == badge)
  #expect(model.nameColor == color)
  #expect(model.memberMark == mark)
}

@Test func countsAreShortAndTheReasonOnlyForVerifiedUsers() {
  let verified = User(id: 1, screenName: "名人", followersCount: 150_000_000, friendsCount: 10, statusesCount: 345,
                      verifiedType: 0, verifiedReason: "Sparrow 开发者")
  let unverified = User(id: 2, screenName: "路人", verifiedReason: "自称认证")

  let model = UserViewModel(user: verified)

  #expect([model.statusesText, model.friendsText, model.followersText] == ["345", "10", "1.5亿"])
  #expect(model.verifiedReason == "Sparrow 开发者")
  #expect(UserViewModel(user: unverified).verifiedReason == nil)
}

@Test func onlyAbsoluteAvatarAddressesBecomeURLs() {
  let user = User(id: 1, screenName: "a", profileImageUrl: "http://x/50.png", avatarLarge: "/avatars/1/180.png")

  let model = UserViewModel(user: user)

  #expect(model.avatarURL?.absoluteString == "http://x/50.png")
  #expect(model.largeAvatarURL == nil)
}
