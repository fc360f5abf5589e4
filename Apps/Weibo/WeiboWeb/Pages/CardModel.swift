import Foundation
import SparrowKit
import SparrowPlatform
import SparrowStore

/// The part of a status card that is the same for every viewer and every minute (`weibo_card_face.mustache`):
/// author, client, the text as HTML, pictures and the quoted original, from SparrowKit's `StatusViewModel`, with
/// `slot` where the card's time goes. `CardFaces` renders it once while what it shows is unchanged.
struct CardFaceModel: PageModel {
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
  /// The client, `来自 X`; nil without one.
  let source: String?
  let user: AuthorLabel?
  /// Escaped HTML: `{{{html}}}`.
  let html: String
  let pictures: CardPictures?
  let retweet: Retweet?
  /// Printed where the time goes, for `CardFaces` to cut the face there.
  let slot: String
  /// Staff hid it: only its author sees it, with this said.
  let hiddenNotice: Bool

  init(_ status: Status, slot: String = "") {
    let model = StatusViewModel(status: status, emoticons: WebRichText.phrases)
    id = String(model.id)
    url = "/status/\(model.id)"
    source = model.sourceText
    user = status.user.map(AuthorLabel.init)
    html = WebRichText.html(model.richText)
    pictures = CardPictures(model.pictures)
    retweet = status.retweetedStatus.map { original in
      Retweet(url: "/status/\(original.value.id)",
              html: model.retweetRichText.map { WebRichText.html($0) } ?? "抱歉，此微博已被作者删除。",
              pictures: CardPictures(model.retweetPictures))
    }
    self.slot = slot
    hiddenNotice = status.visible.type == Visibility.hiddenByStaff
  }

  func child(named name: String) -> Any? {
    switch name {
    case "id": id
    case "url": url
    case "hidden_notice": hiddenNotice ? true : nil
    case "source": source
    case "user": user
    case "html": html
    case "pictures": pictures
    case "retweet": retweet
    case "slot": slot
    default: nil
    }
  }
}

/// A card's face as rendered HTML: what comes before its time and what comes after, up to the toolbar.
struct CardFace: Sendable, Equatable {
  let top: String
  let rest: String
}

/// `weibo_card` cut for each kind of card: a visitor's (a link to sign in for 赞), and a signed-in viewer's, liked
/// or not.
struct CardCuts: Sendable {
  let visitor: SplicedTemplate
  let signedIn: SplicedTemplate
  let signedInLiked: SplicedTemplate

  init(pages: TemplateLibrary) {
    visitor = SplicedTemplate("weibo_card", in: pages) { CardModel(marker: $0, signedIn: false, liked: false) }
    signedIn = SplicedTemplate("weibo_card", in: pages) { CardModel(marker: $0, signedIn: true, liked: false) }
    signedInLiked = SplicedTemplate("weibo_card", in: pages) { CardModel(marker: $0, signedIn: true, liked: true) }
  }

  func cut(signedIn: Bool, liked: Bool) -> SplicedTemplate {
    signedIn ? (liked ? signedInLiked : self.signedIn) : visitor
  }
}

/// One status card (`weibo_card.mustache`, and `weibo_like` / `weibo_favorite` for its buttons): its face
/// (`CardFaces`), the time at `now`, and the toolbar with the counts and this viewer's marks.
struct CardModel: PageModel {
  let id: String
  let face: CardFace
  let time: String
  let reposts, comments, attitudes: String
  let liked: Bool
  let favorited: Bool
  /// 评论: the composer while there are no comments yet (as the notes' client does), else the list.
  let commentURL: String
  /// The form token for 赞 and 收藏; nil for visitors, who get a link to sign in instead.
  let csrf: String?

  /// The card as HTML (`weibo_card` through `CardFaces.cuts`): what the lists and the status page show.
  let html: String

  /// The card of `record` (with the viewer's marks `liked` and `favorited`): the counts are the row's, as the API's.
  init(_ record: StatusRecord, face: CardFace, liked: Bool, favorited: Bool, now: Date, csrf: String?, cuts: CardCuts) {
    id = String(record.id)
    self.face = face
    time = StatusViewModel.createdText(at: record.createdAt, now: now)
    reposts = DisplayCount.reposts(record.repostsCount)
    comments = DisplayCount.comments(record.commentsCount)
    attitudes = DisplayCount.attitudes(record.attitudesCount)
    self.liked = liked
    self.favorited = favorited
    commentURL = record.commentsCount == 0 ? "/compose?comment=\(record.id)" : "/status/\(record.id)?tab=comments"
    self.csrf = csrf
    html = cuts.cut(signedIn: csrf != nil, liked: liked).text(
      [id, face.top, face.rest, time, reposts, comments, attitudes, commentURL, csrf ?? ""])
  }

  /// The model `CardCuts` cuts `weibo_card` with: `marker(i)` where the values of `init`'s list go.
  init(marker: (Int) -> String, signedIn: Bool, liked: Bool) {
    id = marker(0)
    face = CardFace(top: marker(1), rest: marker(2))
    time = marker(3)
    (reposts, comments, attitudes) = (marker(4), marker(5), marker(6))
    self.liked = liked
    favorited = false
    commentURL = marker(7)
    csrf = signedIn ? marker(8) : nil
    html = ""
  }

  func child(named name: String) -> Any? {
    switch name {
    case "id": id
    case "face_top": face.top
    case "face_rest": face.rest
    case "time": time
    case "reposts": reposts
    case "comments": comments
    case "attitudes": attitudes
    case "liked": liked
    case "favorited": favorited
    case "comment_url": commentURL
    case "csrf": csrf
    case "html": html
    default: nil
    }
  }
}
