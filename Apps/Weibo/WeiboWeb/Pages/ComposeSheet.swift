import SparrowCore
import SparrowPlatform

/// The composer (`weibo_compose.mustache`): one sheet for a new status, a repost, a comment and a reply, with
/// what was typed and chosen so far, the quoted status, the emoticon keyboard and the pickers.
struct ComposeSheet: PageModel {
  /// A hidden form field saying what is answered.
  struct Field: PageModel {
    let name, value: String

    func child(named name: String) -> Any? {
      switch name {
      case "name": self.name
      case "value": value
      default: nil
      }
    }
  }

  /// The chosen pictures (a new status only) and how many may be chosen.
  struct Pictures: PageModel {
    let items: [ComposePicture]
    let max: String

    func child(named name: String) -> Any? {
      switch name {
      case "items": items
      case "max": max
      default: nil
      }
    }
  }

  /// The status answered, under the text: its first picture (or the author's avatar), `@author` and its text.
  struct Quote: PageModel {
    /// Escaped HTML without links: `{{{html}}}`.
    let html: String
    let name: String?
    let thumb: String?

    init(_ status: Status) {
      html = WebRichText.html(status.text, links: false)
      name = status.user?.screenName
      thumb = status.picUrls.first?.thumbnailPic ?? status.user?.profileImageUrl
    }

    func child(named name: String) -> Any? {
      switch name {
      case "html": html
      case "name": self.name
      case "thumb": thumb
      default: nil
      }
    }
  }

  /// A repost's 同时评论 checkbox.
  struct Option: PageModel {
    let name, label: String

    func child(named name: String) -> Any? {
      switch name {
      case "name": self.name
      case "label": label
      default: nil
      }
    }
  }

  /// The comment a reply answers: its author and text.
  struct Replying: PageModel {
    let name: String
    /// Escaped HTML without links: `{{{html}}}`.
    let html: String

    func child(named name: String) -> Any? {
      switch name {
      case "name": self.name
      case "html": html
      default: nil
      }
    }
  }

  let frame: PageFrame
  /// Where script keeps the unsent text and pictures.
  let draft: String
  /// Opened by another app's 分享到微博: the shared text wins over a saved draft, which is kept for later.
  let shared: Bool
  let fields: [Field]
  let text: String
  let placeholder: String
  let needsText: Bool
  let limit: String
  /// Why the last send failed; nil for none.
  let error: String?
  /// Where to go after sending (empty: the default), and where 取消 goes.
  let next, cancel: String
  let pictures: Pictures?
  let quote: Quote?
  let option: Option?
  let replying: Replying?
  /// The emoticon keyboard's markup (`EmoticonKeyboard.Board`).
  let keyboard: String

  /// `quoted` is the status shown under the text (a repost's original); `replyAuthor` the screen name of the
  /// comment a reply answers (nil when that user is gone); `pictures` those chosen, for a new status.
  init(frame: PageFrame, draft: WeiboWeb.Draft, text: String, next: String, error: String?,
       pictures: [ComposePicture], quoted: Status?, replyAuthor: String?, maxPictures: Int, keyboard: String,
       shared: Bool = false)
  {
    self.frame = frame
    self.keyboard = keyboard
    self.draft = shared ? "share" : draft.key
    self.shared = shared
    self.text = text
    self.next = next
    cancel = next.isEmpty ? "/" : next
    needsText = draft.needsText
    limit = String(TextLength.limit)
    self.error = error
    quote = quoted.map(Quote.init)
    var fields: [Field] = []
    var option: Option?
    var replying: Replying?
    switch draft {
    case .status:
      placeholder = "分享新鲜事..."
      self.pictures = Pictures(items: pictures, max: String(maxPictures))
    case .repost(let status):
      placeholder = "说说分享心得..."
      self.pictures = nil
      fields = [Field(name: "repost", value: String(status.id))]
      option = Option(name: "is_comment", label: "同时评论")
    case .comment(let status, let reply):
      self.pictures = nil
      fields = [Field(name: "comment", value: String(status.id))]
      if let reply { fields.append(Field(name: "reply", value: String(reply.id))) }
      if let reply, let replyAuthor {
        placeholder = "回复@\(replyAuthor):"
        replying = Replying(name: replyAuthor, html: WebRichText.html(reply.text, links: false))
      } else {
        placeholder = "写评论..."
      }
    }
    self.fields = fields
    self.option = option
    self.replying = replying
  }

  func child(named name: String) -> Any? {
    switch name {
    case "draft": draft
    case "shared": shared
    case "fields": fields
    case "text": text
    case "placeholder": placeholder
    case "needs_text": needsText
    case "limit": limit
    case "error": error
    case "next": next
    case "cancel": cancel
    case "pictures": pictures
    case "quote": quote
    case "option": option
    case "replying": replying
    case "emoticons_html": keyboard
    default: frame.child(named: name)
    }
  }
}
