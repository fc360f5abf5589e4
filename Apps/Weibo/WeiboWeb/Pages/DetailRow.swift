import Foundation
import SparrowKit
import SparrowPlatform
import SparrowStore

/// A row under 微博正文 (`weibo_list.mustache`): a comment (with 回复 for the signed-in), a repost, or a like.
struct DetailRow: PageModel, Hashable {
  let user: AuthorLabel?
  /// Escaped HTML: `{{{html}}}`; nil for a like, which has no text.
  let html: String?
  let time: String
  /// The composer replying to this comment; nil for visitors and for other rows.
  let reply: String?
  /// 举报 of this comment, for a signed-in viewer who did not write it.
  var report: String?
  /// A comment of the viewer's that staff hid: the notice that only they still see it.
  var hiddenNotice = false

  /// A comment, as SparrowKit's `CommentViewModel` shows it (a reply says whom it answers); `viewerID` is the
  /// signed-in viewer's, who may reply, and report others' comments.
  init(comment: Comment, on statusID: Int64, viewerID: Int64?, now: Date) {
    let model = CommentViewModel(comment: comment, emoticons: WebRichText.phrases)
    user = model.author.map(AuthorLabel.init)
    html = WebRichText.html(model.richText)
    time = model.createdText(now: now)
    reply = viewerID != nil ? "/compose?comment=\(statusID)&reply=\(comment.id)" : nil
    report = viewerID != nil && viewerID != comment.user?.id
      ? Moderation.reportLink(ContentRef("comment", comment.id), back: "/status/\(statusID)") : nil
    hiddenNotice = comment.hiddenByStaff == true
  }

  /// A repost: who, when, and what they said with it.
  init(repost: Status, now: Date) {
    user = repost.user.map(AuthorLabel.init)
    html = WebRichText.html(repost.text)
    time = RelativeTime.text(for: repost.createdAt, now: now)
    reply = nil
  }

  /// A like: who, and when.
  init(liker: User, at date: Date, now: Date) {
    user = AuthorLabel(liker)
    html = nil
    time = RelativeTime.text(for: date, now: now)
    reply = nil
  }

  func child(named name: String) -> Any? {
    switch name {
    case "user": user
    case "html": html
    case "time": time
    case "reply": reply
    case "report": report
    case "hidden_notice": hiddenNotice ? true : nil
    default: nil
    }
  }
}
