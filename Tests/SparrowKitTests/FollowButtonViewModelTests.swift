import Foundation
import SparrowKit
import Testing

@Test(arguments: [
  (false, false, FollowButtonViewModel.State.notFollowing, "+ 关注"),
  (false, true, .notFollowing, "+ 关注"),
  (true, false, .following, "已关注"),
  (true, true, .mutual, "相互关注"),
])
func theButtonSaysHowTheTwoFollow(_ following: Bool, _ followMe: Bool, _ state: FollowButtonViewModel.State, _ title: String) throws {
  let user = User(id: 2, screenName: "鲍勃", following: following, followMe: followMe)

  let button = try #require(FollowButtonViewModel(user: user, viewerID: 1))

  #expect(button.state == state)
  #expect(button.title == title)
  #expect(button.isFollowing == following)
}

@Test func thereIsNoButtonForOneselfOrWithoutAViewer() {
  let user = User(id: 2, screenName: "鲍勃")

  #expect(FollowButtonViewModel(user: user, viewerID: 2) == nil)
  #expect(FollowButtonViewModel(user: user, viewerID: nil) == nil)
}

@Test func aTapFollowsOrUnfollows() throws {
  let followed = try #require(FollowButtonViewModel(user: User(id: 2, screenName: "鲍勃", following: true), viewerID: 1))
  let stranger = try #require(FollowButtonViewModel(user: User(id: 3, screenName: "路人"), viewerID: 1))

  #expect(followed.endpoint.path == "2/friendships/destroy.json")
  #expect(stranger.endpoint.path == "2/friendships/create.json")
  #expect(stranger.endpoint.form == ["uid": "3"])
}
