import Foundation
import SparrowPlatform
import Hummingbird
import SparrowCore
import SparrowMedia
import SparrowStore
import WeiboStore
import WeiboAPI

/// The composer (＋): a new status with up to nine pictures, a repost, a comment or a reply to a comment.
/// One sheet for all four, as the notes' client has; sending runs the API's own handlers.
extension WeiboWeb {
  static let maxPictures = 9

  /// What the sheet sends, from `?repost=ID`, `?comment=ID` and `&reply=CID` (query or form).
  enum Draft {
    case status
    case repost(StatusRecord)
    case comment(StatusRecord, reply: CommentRecord?)

    var title: String {
      switch self {
      case .status: "发微博"
      case .repost: "转发微博"
      case .comment(_, reply: nil): "发评论"
      case .comment: "回复评论"
      }
    }

    /// Where script keeps the unsent text and pictures, one draft per target.
    var key: String {
      switch self {
      case .status: "status"
      case .repost(let status): "repost:\(status.id)"
      case .comment(let status, let reply): "comment:\(status.id)" + (reply.map { ":\($0.id)" } ?? "")
      }
    }

    /// A repost may be sent empty (it says 转发微博); the others need text.
    var needsText: Bool {
      if case .repost = self { return false }
      return true
    }
  }

  /// The draft a request names; nil when the status or comment it answers is gone or hidden.
  func draft(_ params: Params, _ viewer: Viewer) async throws -> Draft? {
    if let id = params["repost"] {
      guard let status = try await visible(id, to: viewer), status.visible == 0 else { return nil }
      return .repost(status)
    }
    if let id = params["comment"] {
      guard let status = try await visible(id, to: viewer) else { return nil }
      guard let cid = params["reply"] else { return .comment(status, reply: nil) }
      guard let replyID = Int64(cid), let reply = try await deps.store.comment(id: replyID, visibleTo: viewer.user.id), reply.statusID == status.id
      else { return nil }
      return .comment(status, reply: reply)
    }
    return .status
  }

  func compose(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let params = context.params
    // Signed out, the sheet is where sign-in comes back to, with what was shared still in the link.
    guard let viewer = context.viewer else { return try await session.login(next: request.uri.description) }
    guard let draft = try await draft(params, viewer) else { return try await notFound(viewer, "微博不存在或已被删除") }
    let next = Self.back(request, fallback: "")
    var text = try await initialText(draft)
    var pictureIDs: [String] = []
    if case .status = draft {
      // Another app's 分享到微博 (`?text=…&pic_id=…`): the sheet starts with them, nothing is sent until the
      // person sends it; ids that name none of the pictures they may attach are left out by the sheet.
      text = String((params["text"] ?? "").prefix(Self.maxSharedText))
      pictureIDs = Array(params.all("pic_id").flatMap { $0.split(separator: ",").map(String.init) }.prefix(Self.maxPictures))
    }
    return try await composeSheet(draft, viewer, text: text, pictureIDs: pictureIDs,
                                  next: next.hasPrefix("/compose") ? "" : next,
                                  shared: !text.isEmpty || !pictureIDs.isEmpty)
  }

  /// Longer than any status may be, so a shared text is shown whole and the counter says what to cut.
  static let maxSharedText = 2_000

  /// Reposting a repost starts with `//@name:text`, so the chain is kept, as Weibo does.
  func initialText(_ draft: Draft) async throws -> String {
    guard case .repost(let status) = draft, status.retweetedID != nil,
      let author = try await deps.store.user(id: status.userID)
    else { return "" }
    return RepostChain.link(author: author.screenName, text: status.text)
  }

  /// `pictureIDs` are shown in order; ids that name no picture the viewer may attach (`PictureLibrary.attach`:
  /// someone else's, or none at all) are left out, as the send would refuse them.
  func composeSheet(_ draft: Draft, _ viewer: Viewer, text: String, pictureIDs: [String], next: String,
                    error: String? = nil, status: HTTPResponse.Status = .ok, shared: Bool = false) async throws -> Response
  {
    var pictures: [ComposePicture] = []
    var quoted: Status?
    var replyAuthor: String?
    switch draft {
    case .status:
      pictures = try await self.pictures.attachable(among: pictureIDs, by: viewer.user.id).map {
        picture(presenter(viewer).picURL($0), id: $0.id)
      }
    case .repost(let status):
      quoted = try await quote(status, viewer)
    case .comment(let status, let reply):
      quoted = try await quote(status, viewer)
      if let reply { replyAuthor = try await deps.store.user(id: reply.userID)?.screenName }
    }
    let sheet = ComposeSheet(
      frame: try await frame(viewer, tab: nil, title: draft.title), draft: draft, text: text, next: next, error: error,
      pictures: pictures, quoted: quoted, replyAuthor: replyAuthor, maxPictures: Self.maxPictures,
      keyboard: emoticonKeyboard, shared: shared)
    return render("weibo_compose", sheet, status: status)
  }

  /// The status quoted under the text, as presented: a repost is quoted by its original, which is what a
  /// repost of it points at.
  func quote(_ record: StatusRecord, _ viewer: Viewer) async throws -> Status {
    var shown = record
    if let originalID = record.retweetedID, let original = try await deps.store.status(id: originalID, visibleTo: viewer.user.id) {
      shown = original
    }
    return try await presenter(viewer).status(shown)
  }

  /// One chosen picture in the sheet.
  func picture(_ urls: PicURL, id: String) -> ComposePicture {
    ComposePicture(id: id, thumb: urls.thumbnailPic)
  }

  /// `POST /web/upload`: one picture, sent as soon as it is chosen so the sheet can show progress.
  /// Answers with its thumbnail tile, or a short message to show as a toast.
  func upload(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let params = context.params
    guard let viewer = context.viewer else { return HTML.toast("请先登录", status: .unauthorized) }
    guard let file = params.file("pic") else { return HTML.toast("没有选择图片", status: .badRequest) }
    do {
      let stored = try await pictures.ingest(Data(file.data.readableBytesView), at: deps.now(), by: viewer.user.id)
      return render("weibo_compose_pic", picture(presenter(viewer).picURL(stored), id: stored.id))
    } catch let error as MediaError {
      return HTML.toast(error.message, status: .badRequest)
    } catch let error as EnvelopeError {
      return HTML.toast(Self.message(error), status: error.status)
    }
  }

  /// `POST /compose`: sends the sheet. Script gets `X-Location` or a message; without it, a redirect or the
  /// sheet again with what was typed and chosen, and the reason.
  func send(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let params = context.params
    guard let viewer = context.viewer else { return try await login() }
    let fragment = HTML.wantsFragment(request)
    guard let draft = try await draft(params, viewer) else {
      if fragment { return HTML.toast("微博不存在或已被删除", status: .badRequest) }
      return try await notFound(viewer, "微博不存在或已被删除")
    }
    let text = params["status"] ?? ""
    let next = OAuthController.safeNext(params["next"]) ?? ""
    // Pictures uploaded already (`pic_id`, in order), then files sent with the form itself (without script).
    // The API call checks the ids; the form's own files are counted here, before any is decoded.
    var chosen = params.all("pic_id").filter { !$0.isEmpty }
    do {
      let files = params.files("pic")
      guard chosen.count + files.count <= Self.maxPictures else { throw EnvelopeError.idsTooMany }
      for file in files {
        chosen.append(try await pictures.ingest(Data(file.data.readableBytesView), at: deps.now(), by: viewer.user.id).id)
      }
      let location = try await send(draft, text: text, pictureIDs: chosen, params: params, as: viewer, next: next)
      guard fragment else { return HTML.redirect(location) }
      return Response(status: .ok, headers: [.init("X-Location")!: location, .cacheControl: "no-store"])
    } catch let error as EnvelopeError {
      if fragment { return HTML.toast(Self.message(error), status: .badRequest) }
      return try await composeSheet(draft, viewer, text: text, pictureIDs: chosen, next: next,
                                    error: Self.message(error), status: .badRequest)
    } catch let error as MediaError {
      if fragment { return HTML.toast(error.message, status: .badRequest) }
      return try await composeSheet(draft, viewer, text: text, pictureIDs: chosen, next: next,
                                    error: error.message, status: .badRequest)
    }
  }

  /// Runs the API call for the draft and says where to go next.
  func send(_ draft: Draft, text: String, pictureIDs: [String], params: Params, as viewer: Viewer,
            next: String) async throws -> String
  {
    switch draft {
    case .status:
      var values = ["status": text]
      if !pictureIDs.isEmpty { values["pic_id"] = pictureIDs.joined(separator: ",") }
      try await call("statuses/update", values, as: viewer)
      return next.isEmpty ? "/" : next
    case .repost(let status):
      var values = ["id": String(status.id), "is_comment": params["is_comment"] == "1" ? "1" : "0"]
      if !text.isEmpty { values["status"] = text }
      try await call("statuses/repost", values, as: viewer)
      return Self.afterSending(next, detail: "/status/\(status.id)", tab: "reposts")
    case .comment(let status, let reply):
      if let reply {
        try await call("comments/reply", ["id": String(status.id), "cid": String(reply.id), "comment": text], as: viewer)
      } else {
        try await call("comments/create", ["id": String(status.id), "comment": text], as: viewer)
      }
      return Self.afterSending(next, detail: "/status/\(status.id)", tab: "comments")
    }
  }

  /// Back where the sheet was opened; on the status's own page (or with nowhere to go back to), on the tab
  /// that shows what was just sent at the top.
  static func afterSending(_ next: String, detail: String, tab: String) -> String {
    let onDetail = next == detail || next.hasPrefix(detail + "?")
    return next.isEmpty || onDetail ? "\(detail)?tab=\(tab)" : next
  }

  // MARK: Pickers

  /// `@`: the people the viewer follows whose names contain `q`, to insert `@name `.
  func userPicker(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let params = context.params
    guard let viewer = context.viewer else { return Response(status: .unauthorized) }
    let query = (params["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    let shown = 50
    // Without a query the first fifty are shown: only they are read (a query looks through every name), all of them
    // when one of those is gone.
    var ids = try await deps.store.friendIDs(of: viewer.user.id, offset: 0, limit: query.isEmpty ? shown : 2000)
    var found = try await deps.store.users(ids: ids)
    if query.isEmpty, found.count < ids.count, ids.count == shown {
      ids = try await deps.store.friendIDs(of: viewer.user.id, offset: 0, limit: 2000)
      found = try await deps.store.users(ids: ids)
    }
    let matching = ids.compactMap { found[$0] }
      .filter { query.isEmpty || $0.screenName.lowercased().contains(query) }
      .prefix(shown)
    // A row shows who someone is, not how they relate to the viewer: no ties to read.
    let users = matching.map { PickerList.Person($0, viewer: viewer.user.id, baseURL: deps.config.publicURL) }
    return render("weibo_picker", PickerList(users: users, query: query, renders: pickerRows))
  }

  /// `#`: the hot topics containing `q`, with `#q#` itself first so a new topic can be started.
  func topicPicker(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let params = context.params
    guard context.viewer != nil else { return Response(status: .unauthorized) }
    let query = (params["q"] ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "#").union(.whitespacesAndNewlines))
    let topics = try await hotTopics(limit: 50).topics
      .filter { query.isEmpty || $0.name.localizedCaseInsensitiveContains(query) }
      .prefix(20)
    return render("weibo_picker", PickerList(topics: Array(topics), query: query))
  }
}
