import SparrowKit
import SparrowPlatform

/// A user in a list (search results, 关注, 粉丝): the author label, `粉丝 N · description`, and the follow box
/// where there is one.
struct PersonRow: PageModel {
  let author: AuthorLabel
  let subtitle: String
  let follow: FollowButton?

  /// `viewerID` and `csrf` are the signed-in viewer's, for the follow box; without them there is none.
  init(_ user: User, viewerID: Int64? = nil, csrf: String? = nil) {
    let model = UserViewModel(user: user)
    author = AuthorLabel(model)
    subtitle = model.subtitle
    follow = FollowButton(model, viewerID: viewerID, csrf: csrf)
  }

  func child(named name: String) -> Any? {
    switch name {
    case "subtitle": subtitle
    case "follow": follow
    default: author.child(named: name)
    }
  }
}
