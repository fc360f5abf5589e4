import Foundation
import SparrowPlatform
import WeiboAPI
import SparrowCore
import SparrowKit

/// The template context of one status card, from SparrowKit's `StatusViewModel`: the template only prints.
struct WebCard {
  let values: [String: Any]

  init(_ status: Status, now: Date, csrf: String?) {
    let model = StatusViewModel(status: status, emoticons: WebRichText.phrases)
    var values: [String: Any] = [
      "id": String(model.id),
      "url": "/status/\(model.id)",
      "time": model.createdText(now: now),
      "html": WebRichText.html(model.richText),
      "reposts": model.repostsText,
      "comments": model.commentsText,
      "attitudes": model.attitudesText,
      "liked": model.liked,
      "favorited": status.favorited,
      // With no comments yet the button opens the composer, as the notes' client does; otherwise the list.
      "comment_url": status.commentsCount == 0 ? "/compose?comment=\(model.id)" : "/status/\(model.id)?tab=comments",
    ]
    if let csrf { values["csrf"] = csrf }
    if let source = model.sourceText { values["source"] = source }
    if let user = status.user { values["user"] = WebCard.author(user) }
    if !model.pictures.isEmpty { values["pictures"] = WebCard.pictures(model.pictures) }
    if let original = status.retweetedStatus?.value {
      var retweet: [String: Any] = ["url": "/status/\(original.id)"]
      if let quoted = model.retweetRichText {
        retweet["html"] = WebRichText.html(quoted)
      } else {
        retweet["html"] = "抱歉，此微博已被作者删除。"
      }
      if !model.retweetPictures.isEmpty { retweet["rt_pictures"] = WebCard.pictures(model.retweetPictures) }
      values["retweet"] = retweet
    }
    self.values = values
  }

  /// Avatar, badge, name colour and VIP mark of a user, as cards, comments and headers show them.
  static func author(_ user: User) -> [String: Any] {
    let badge = VerifiedBadge(user: user)
    let membership = Membership(user: user)
    var values: [String: Any] = [
      "id": String(user.id), "name": user.screenName, "url": "/u/\(user.id)",
      "avatar": user.profileImageUrl, "avatar_large": user.avatarLarge,
    ]
    if badge != .none { values["badge"] = ["color": badge.color.rawValue, "title": badge.title] }
    if membership.isMember {
      values["member"] = ["level": String(membership.level), "color": membership.nameColor.rawValue]
    }
    return values
  }

  /// A user in a list (search results, 关注, 粉丝): the author values with followers and description.
  static func person(_ user: User) -> [String: Any] {
    var values = author(user)
    values["followers"] = DisplayCount.short(user.followersCount)
    if !user.description.isEmpty { values["description"] = user.description }
    return values
  }

  /// The 九宫格: one picture at its aspect ratio (box reserved from the server's size), four as 2 × 2,
  /// others in rows of three; `GIF` and `长图` badges.
  static func pictures(_ pictures: [Picture]) -> [String: Any] {
    let reference = 300.0
    let grid = PictureGrid(count: pictures.count, singleSize: pictures.first?.pixelSize, width: reference)
    let items: [[String: Any]] = pictures.map { picture in
      var item: [String: Any] = [
        "src": pictures.count == 1 ? picture.bmiddle : picture.thumbnail, "large": picture.large,
      ]
      if picture.isGIF { item["gif"] = true }
      if picture.isLong { item["long"] = true }
      return item
    }
    var values: [String: Any] = ["items": items, "count": String(pictures.count)]
    switch pictures.count {
    case 1:
      let size = grid.size
      let percent = min(size.width / reference * 100, 100)
      values["layout"] = "single"
      values["style"] = String(format: "width:%.2f%%;aspect-ratio:%.0f/%.0f", percent, size.width, size.height)
    case 4:
      values["layout"] = "four"
    default:
      values["layout"] = "nine"
    }
    return values
  }
}
