import Foundation
import SparrowKit
import SparrowPlatform

/// One status card (`weibo_card.mustache`, and `weibo_like` / `weibo_favorite` for its buttons), from SparrowKit's
/// `StatusViewModel`: author, time and client, the text as HTML, pictures, the quoted original, the toolbar.
struct CardModel: PageModel {
  /// The quoted original of a repost: its text (or the words for a deleted one) and its pictures.
  struct Retweet: PageModel {
    let url: String
    /// Escaped HTML: `{{{html}}}`.
    let html: String
    let pictures: CardPictures?

    func child(named name: String) -> Any? {
      switch name {
      case "url": url
      case "html": html
      // Not `pictures`: inside the retweet, that name would find the card's own when there are none here.
      case "rt_pictures": pictures
      default: nil
      }
    }
  }

  let id: String
  let url: String
  let time: String
  /// The client, `来自 X`; nil without one.
  let source: String?
  let user: AuthorLabel?
  /// Escaped HTML: `{{{html}}}`.
  let html: String
  let pictures: CardPictures?
  let retweet: Retweet?
  let reposts, comments, attitudes: String
  let liked: Bool
  let favorited: Bool
  /// 评论: the composer while there are no comments yet (as the notes' client does), else the list.
  let commentURL: String
  /// The form token for 赞 and 收藏; nil for visitors, who get a link to sign in instead.
  let csrf: String?

  init(_ status: Status, now: Date, csrf: String?) {
    let model = StatusViewModel(status: status, emoticons: WebRichText.phrases)
    id = String(model.id)
    url = "/status/\(model.id)"
    time = model.createdText(now: now)
    source = model.sourceText
    user = status.user.map(AuthorLabel.init)
    html = WebRichText.html(model.richText)
    pictures = CardPictures(model.pictures)
    retweet = status.retweetedStatus.map { original in
      Retweet(url: "/status/\(original.value.id)",
              html: model.retweetRichText.map { WebRichText.html($0) } ?? "抱歉，此微博已被作者删除。",
              pictures: CardPictures(model.retweetPictures))
    }
    reposts = model.repostsText
    comments = model.commentsText
    attitudes = model.attitudesText
    liked = model.liked
    favorited = model.favorited
    commentURL = status.commentsCount == 0 ? "/compose?comment=\(model.id)" : "/status/\(model.id)?tab=comments"
    self.csrf = csrf
  }

  func child(named name: String) -> Any? {
    switch name {
    case "id": id
    case "url": url
    case "time": time
    case "source": source
    case "user": user
    case "html": html
    case "pictures": pictures
    case "retweet": retweet
    case "reposts": reposts
    case "comments": comments
    case "attitudes": attitudes
    case "liked": liked
    case "favorited": favorited
    case "comment_url": commentURL
    case "csrf": csrf
    default: nil
    }
  }
}
