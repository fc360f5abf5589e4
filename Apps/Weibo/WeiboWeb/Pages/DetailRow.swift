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
    self.init(face: Self.face(model), comment: comment.id, by: comment.user?.id, on: statusID,
              hidden: comment.hiddenByStaff == true, viewerID: viewerID, time: model.createdText(now: now))
  }

  /// What a comment's row shows of it for everyone: its author and its text as HTML (`CommentFaces` keeps these).
  struct Face: Sendable {
    let user: AuthorLabel?
    let html: String?
  }

  static func face(_ model: CommentViewModel) -> Face {
    Face(user: model.author.map(AuthorLabel.init), html: WebRichText.html(model.richText))
  }

  /// A comment's row from its face; the rest is the request's: its time, and for a signed-in viewer 回复, and 举报
  /// of another's comment; the notice on one of the viewer's own that staff hid.
  init(face: Face, comment id: Int64, by author: Int64?, on statusID: Int64, hidden: Bool, viewerID: Int64?,
       time: String) {
    user = face.user
    html = face.html
    self.time = time
    reply = viewerID != nil ? "/compose?comment=\(statusID)&reply=\(id)" : nil
    report = viewerID != nil && viewerID != author
      ? Moderation.reportLink(ContentRef("comment", id), back: "/status/\(statusID)") : nil
    hiddenNotice = hidden
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
