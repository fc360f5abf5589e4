import Foundation
import SparrowKit
import SparrowPlatform

/// A row of 消息 (`weibo_row_message.mustache`): who, when (a link to what it is about), the text, and the status it is
/// about quoted underneath.
struct MessageRow: PageModel, Hashable {
  /// The grey block under a message: `@author: text` of the status it is about, itself one link.
  struct Quote: PageModel, Hashable {
    let url: String
    /// Escaped HTML without links (it sits inside one): `{{{html}}}`.
    let html: String

    init(_ status: Status) {
      url = "/status/\(status.id)"
      html = WebRichText.html((status.user.map { "@\($0.screenName): " } ?? "") + status.text, links: false)
    }

    func child(named name: String) -> Any? {
      switch name {
      case "url": url
      case "html": html
      default: nil
      }
    }
  }

  let user: AuthorLabel?
  /// Escaped HTML: `{{{html}}}`.
  let html: String
  let time: String
  /// What the time links to; nil when the status is gone.
  let url: String?
  let quote: Quote?

  /// A status that mentions the viewer, quoting the original when it is a repost.
  init(status: Status, now: Date) {
    self.init(face: Self.face(status), status: status.id, time: RelativeTime.text(for: status.createdAt, now: now))
  }

  /// What a status's row shows of it for everyone: its author, its text as HTML, the original it quotes
  /// (`MessageFaces` keeps these).
  struct Face: Sendable {
    let user: AuthorLabel?
    let html: String
    let quote: Quote?
  }

  static func face(_ status: Status) -> Face {
    Face(user: status.user.map(AuthorLabel.init), html: WebRichText.html(status.text),
         quote: status.retweetedStatus.map { Quote($0.value) })
  }

  /// A status's row from its face, at its time as the request sees it.
  init(face: Face, status id: Int64, time: String) {
    user = face.user
    html = face.html
    self.time = time
    url = "/status/\(id)"
    quote = face.quote
  }

  /// A comment to or mentioning the viewer (as SparrowKit's `CommentViewModel` shows it), quoting the status it
  /// was written on.
  init(comment: Comment, now: Date) {
    let model = CommentViewModel(comment: comment, emoticons: WebRichText.phrases)
    user = model.author.map(AuthorLabel.init)
    html = WebRichText.html(model.richText)
    time = model.createdText(now: now)
    url = comment.status.map { "/status/\($0.id)?tab=comments" }
    quote = comment.status.map(Quote.init)
  }

  /// A like on one of the viewer's statuses (nil when that status is gone).
  init(liker: User, status: Status?, at date: Date, now: Date) {
    user = AuthorLabel(liker)
    html = "赞了这条微博"
    time = RelativeTime.text(for: date, now: now)
    url = status.map { "/status/\($0.id)" }
    quote = status.map(Quote.init)
  }

  /// By its link, its time and its author, not its text: hashing every row's Chinese HTML (normalized as it is
  /// hashed) was a twentieth of 消息. `KeptRenders` compares the whole row, so rows alike in these are still told
  /// apart.
  func hash(into hasher: inout Hasher) {
    hasher.combine(url)
    hasher.combine(time)
    hasher.combine(user?.id)
  }

  func child(named name: String) -> Any? {
    switch name {
    case "user": user
    case "html": html
    case "time": time
    case "url": url
    case "quote": quote
    default: nil
    }
  }
}
