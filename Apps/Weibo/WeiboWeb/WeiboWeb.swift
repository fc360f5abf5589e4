import Foundation
import SparrowPlatform
import Hummingbird
import SparrowCore
import SparrowKit
import SparrowStore
import WeiboStore
import WeiboAPI

/// The 微博 web client at `/`: server-rendered pages and HTML fragments on the platform's web sign-in.
/// Reads go through the store and `Presenter` as the API's do; writes run the API's own handlers.
package struct WeiboWeb: SparrowApp {
  let deps: WeiboDependencies
  let pages: TemplateLibrary
  let session: WebSession
  let api: WeiboAPI
  let pictures: PictureLibrary
  let assets: StaticAssets
  let platform: Platform
  /// Rendered card faces, reused while their statuses show the same.
  let faces: CardFaces
  /// 微博正文's comment rows' faces, reused while their comments show the same.
  let commentFaces = CommentFaces()
  /// 消息's status rows' faces, the same way.
  let messageFaces = MessageFaces()
  /// The statuses the lists show, as they are for everyone (`PlainStatuses`).
  let plainStatuses = PlainStatuses()
  /// 消息's and 微博正文's rows, kept rendered (`KeptRenders`).
  let messageRows: KeptRenders<MessageRow>
  let detailRows: KeptRenders<DetailRow>
  let pickerRows: KeptRenders<PickerList.Person>
  /// The compose sheet's emoticon keyboard, rendered once (`EmoticonKeyboard.Board`).
  let emoticonKeyboard: String

  static let pageSize = 20

  /// The web client's templates, added to the platform's.
  static var templates: URL? { Bundle.module.resourceURL?.appendingPathComponent("Templates") }

  package init(deps: WeiboDependencies, platform: Platform, api: WeiboAPI) async throws {
    self.deps = deps
    self.platform = platform
    pictures = platform.pictures
    session = platform.session
    pages = try await TemplateLibrary.load(adding: Self.templates)
    faces = CardFaces(pages: pages)
    messageRows = KeptRenders("weibo_row_message", pages: pages)
    detailRows = KeptRenders("weibo_row_detail", pages: pages)
    pickerRows = KeptRenders("weibo_picker_person", pages: pages)
    emoticonKeyboard = pages.text("weibo_emoticon_keyboard", EmoticonKeyboard.Board())
    self.api = api
    assets = StaticAssets.load(Bundle.module.resourceURL?.appendingPathComponent("Public"), prefix: "/static")
      .including("pictures.js", of: platform.assets, as: "js/pictures.js")
      .including("net.js", of: platform.assets, as: "js/net.js")
  }

  /// Adds the web client's routes: pages at the root, fragments under `/web/`, files under `/static/`.
  package func register(on router: Router<SparrowContext>) {
    let web = self
    assets.register(on: router)
    let errorPage: HTMLErrorMiddleware.Page = { status, message, context in
      try await web.problem(context.viewer, message, status: status)
    }
    let uploads = platform.webPages(router, limit: Platform.uploadLimit, tooLarge: .init(.badRequest, "图片太大了"),
                                    errorPage: errorPage)
    uploads.post("/compose") { request, context in try await web.send(request, context) }
    uploads.post("/web/upload") { request, context in try await web.upload(request, context) }

    let pages = platform.webPages(router, errorPage: errorPage)
    pages.get("/") { request, context in try await web.tab(.home, request, context) }
    pages.get("/messages") { request, context in try await web.tab(.messages, request, context) }
    pages.get("/discover") { request, context in try await web.tab(.discover, request, context) }
    pages.get("/me") { request, context in try await web.tab(.me, request, context) }
    pages.get("/web/messages/:tab") { request, context in
      try await web.messagesFragment(request, context, tab: context.parameters.get("tab"))
    }
    pages.get("/web/search") { request, context in try await web.searchFragment(request, context) }
    pages.get("/topic/:name") { request, context in
      try await web.topic(request, context, name: context.parameters.get("name"))
    }
    pages.get("/web/topic/:name") { request, context in
      try await web.topicFragment(request, context, name: context.parameters.get("name"))
    }
    pages.get("/compose") { request, context in try await web.compose(request, context) }
    pages.get("/web/pick/users") { request, context in try await web.userPicker(request, context) }
    pages.get("/web/pick/topics") { request, context in try await web.topicPicker(request, context) }
    pages.get("/welcome") { request, context in try await web.welcome(request, context) }
    pages.get("/web/timeline") { request, context in try await web.timelineFragment(request, context) }
    pages.get("/web/unread") { request, context in try await web.unread(request, context) }
    pages.post("/web/like") { request, context in try await web.like(request, context) }
    pages.post("/web/favorite") { request, context in try await web.favorite(request, context) }
    pages.get("/status/:id") { request, context in
      try await web.detail(request, context, id: context.parameters.get("id"))
    }
    pages.get("/web/status/:id/:tab") { request, context in
      try await web.listFragment(request, context, id: context.parameters.get("id"), tab: context.parameters.get("tab"))
    }
    pages.get("/u/:id") { request, context in
      let user = try await web.deps.store.user(id: Int64(context.parameters.get("id") ?? "") ?? -1)
      return try await web.profile(request, context, user: user)
    }
    pages.get("/n/:name") { request, context in
      let name = context.parameters.get("name").flatMap(FormEncoding.unescape) ?? ""
      return try await web.profile(request, context, user: try await web.deps.store.user(screenName: name))
    }
    pages.get("/web/user/:id/statuses") { request, context in
      try await web.userFragment(request, context, id: context.parameters.get("id"))
    }
    pages.get("/me/favorites") { request, context in try await web.favorites(request, context) }
    pages.get("/settings") { request, context in try await web.settings(request, context) }
    pages.get("/u/:id/friends") { request, context in
      try await web.people(request, context, id: context.parameters.get("id"), .friends)
    }
    pages.get("/u/:id/followers") { request, context in
      try await web.people(request, context, id: context.parameters.get("id"), .followers)
    }
    pages.post("/u/:id/follow") { request, context in
      try await web.follow(request, context, id: context.parameters.get("id"), follow: true)
    }
    pages.post("/u/:id/special") { request, context in
      try await web.special(request, context, id: context.parameters.get("id"))
    }
    pages.post("/u/:id/unfollow") { request, context in
      try await web.follow(request, context, id: context.parameters.get("id"), follow: false)
    }
    for (path, endpoint) in [
      ("block", "blocks/create"), ("unblock", "blocks/destroy"), ("mute", "mutes/create"), ("unmute", "mutes/destroy"),
    ] {
      pages.post("/u/:id/\(path)") { request, context in
        try await web.safety(request, context, id: context.parameters.get("id"), endpoint)
      }
    }
  }

  enum Tab: String, CaseIterable {
    case home, messages, discover, me

    var title: String {
      switch self {
      case .home: "首页"
      case .messages: "消息"
      case .discover: "发现"
      case .me: "我"
      }
    }

    /// The visitor view's words, as the notes' client shows them.
    var visitorText: String {
      switch self {
      case .home: "关注一些人，回这里看看有什么惊喜"
      case .messages: "登录后，别人评论你的微博，发给你的消息，都会在这里收到通知"
      case .discover: "登录后，最新、最热微博尽在掌握，不再会与实事潮流擦肩而过"
      case .me: "登录后，你的微博、相册、个人资料会显示在这里，展示给别人"
      }
    }
  }

  // MARK: Rendering

  /// The frame every page shows its content in: the title, the viewer and the form token, the tab bar; `unread`
  /// when the page has read the viewer's counters already.
  func frame(_ viewer: Viewer?, tab: Tab?, title: String, unread: [UnreadKind: Int]? = nil) async throws -> PageFrame {
    var badges = TabBadges.none
    if let viewer {
      let counts = if let unread { Self.badges(unread) } else {
        try await deps.store.unreadBadges(userID: viewer.user.id, upTo: TabBadges.cap)
      }
      badges = TabBadges(counts, on: tab)
    }
    let web = WebFrame(title: title, css: assets.url("web.css"), js: assets.url("js/main.js"), viewer: viewer, here: "/")
    return PageFrame(web: web, tab: tab, badges: badges)
  }

  func render(_ template: String, _ page: some PageModel, status: HTTPResponse.Status = .ok,
              headers: HTTPFields = [:]) -> Response
  {
    pages.render(template, page, status: status, headers: headers)
  }

  /// The tab bar's figures from counts of every kind, read already (消息 reads them for its own tabs).
  static func badges(_ unread: [UnreadKind: Int]) -> UnreadBadges {
    UnreadBadges(statuses: unread[.status] ?? 0, messages: UnreadKind.messages.reduce(0) { $0 + (unread[$1] ?? 0) })
  }

  func notFound(_ viewer: Viewer?, _ message: String = "页面不存在") async throws -> Response {
    try await problem(viewer, message, status: .notFound)
  }

  /// The web client's error page: the message under the navigation bar.
  func problem(_ viewer: Viewer?, _ message: String, status: HTTPResponse.Status) async throws -> Response {
    render("weibo_missing", MessagePage(frame: try await frame(viewer, tab: nil, title: "出错了"), message: message),
           status: status)
  }

  func presenter(_ viewer: Viewer?) -> Presenter {
    Presenter(store: deps.store, baseURL: deps.config.publicURL, viewer: viewer?.user.id ?? 0, plain: plainStatuses)
  }

  /// Records as the API presents them to `viewer`.
  func statuses(_ records: [StatusRecord], _ viewer: Viewer?) async throws -> [Status] {
    try await presenter(viewer).statuses(records)
  }

  /// Cards for `records`, with the footer `more`.
  func cardList(_ records: [StatusRecord], _ viewer: Viewer?, more: MoreLink?) async throws -> CardList {
    cardList(records, rows: try await cardRows(for: records, viewer), viewer, more: more)
  }

  /// Cards for `records`, whose context `rows` came with them.
  func cardList(_ records: [StatusRecord], rows: StatusContextRows, _ viewer: Viewer?, more: MoreLink?) -> CardList {
    CardList(cards(records, rows: rows, viewer), more: more)
  }

  /// The cards of `records` as `viewer` sees them, whose context `rows` came with them.
  func cards(_ records: [StatusRecord], rows: StatusContextRows, _ viewer: Viewer?) -> [CardModel] {
    faces.cards(records, rows: rows, presenter: presenter(viewer), viewer: viewer?.user.id ?? 0, now: deps.now(),
                csrf: viewer?.csrf)
  }

  /// What `records`' cards show besides their rows (authors, originals, clients, the viewer's marks), in one read.
  func cardRows(for records: [StatusRecord], _ viewer: Viewer?) async throws -> StatusContextRows {
    guard !records.isEmpty else {
      return StatusContextRows(originals: [:], users: [:], apps: [:], favorited: [], liked: [], following: [],
                               followers: [])
    }
    return try await deps.store.context(for: records, viewer: viewer?.user.id ?? 0)
  }

  /// A page of `feed` as `viewer` sees it (probing one past `page`), with what its cards need read in the same trip
  /// to the database, or none for a reader's own home feed, which the caches serve.
  func feedPage(_ feed: StatusFeed, _ page: Page, _ viewer: Viewer?) async throws
    -> (shown: [StatusRecord], next: StatusRecord?, rows: StatusContextRows, total: Int)
  {
    let (found, rows) = try await deps.store.statuses(in: feed, feature: .all, page: page.probing, viewer: viewer?.user.id ?? 0)
    let (shown, next) = found.items.splitPage(page.count)
    return (shown, next, rows, found.total)
  }

  /// One card of `record` for `viewer`.
  func card(_ record: StatusRecord, _ viewer: Viewer?) async throws -> CardModel {
    cards([record], rows: try await cardRows(for: [record], viewer), viewer)[0]
  }

  /// A paging cursor from the query; 0 when absent or malformed.
  static func cursor(_ params: Params, _ name: String) -> Int64 {
    ((try? params.int64(name)) ?? nil).map { max($0, 0) } ?? 0
  }

  // MARK: Tabs

  func tab(_ tab: Tab, _ request: Request, _ context: SparrowContext) async throws -> Response {
    let params = context.params
    guard let viewer = context.viewer else {
      return render("weibo_visitor", VisitorPage(frame: try await frame(nil, tab: tab, title: tab.title), tab: tab))
    }
    switch tab {
    case .home:
      let group = HomeGroup(rawValue: params["feed"] ?? "") ?? .all
      let frame = try await frame(viewer, tab: tab, title: "首页")
      let list = try await homeList(viewer, group, sinceID: 0, maxID: Self.cursor(params, "max_id"))
      return render("weibo_home", HomePage(frame: frame, group: group, list: list))
    case .me:
      return try await profile(request, context, user: viewer.user)
    case .messages:
      return try await messages(viewer, params)
    case .discover:
      return try await discover(viewer, params)
    }
  }

  /// The title popover's groups: everyone followed, only mutual follows (好友圈), or only the viewer's own.
  enum HomeGroup: String, CaseIterable {
    case all = "", bilateral, mine, special

    var title: String {
      switch self {
      case .all: "全部微博"
      case .bilateral: "好友圈"
      case .mine: "我的微博"
      case .special: "特别关注"
      }
    }

    func feed(_ viewer: Int64) -> StatusFeed {
      switch self {
      case .all: .home(viewer)
      case .bilateral: .bilateral(viewer)
      case .mine: .user(viewer, viewer: viewer)
      case .special: .special(viewer)
      }
    }
    /// `?feed=…` for links, empty for the default.
    var query: String { self == .all ? "" : "?feed=\(rawValue)" }
  }

  /// One page of the home timeline: newer than `sinceID` (no footer), or from `maxID` down with the footer.
  func homeList(_ viewer: Viewer, _ group: HomeGroup, sinceID: Int64, maxID: Int64) async throws -> CardList {
    let page = Page(sinceID: sinceID, maxID: maxID, count: Self.pageSize)
    let (shown, following, rows, _) = try await feedPage(group.feed(viewer.user.id), page, viewer)
    if group == .all, maxID == 0, let newest = shown.first?.id {
      try await deps.store.markSeen(userID: viewer.user.id, kind: .status, upTo: newest)
    }
    let more = sinceID > 0 ? nil : MoreLink(next: following?.id, fragment: "/web/timeline\(group.query)",
                                            page: "/\(group.query)", empty: shown.isEmpty)
    return cardList(shown, rows: rows, viewer, more: more)
  }

  /// Cards older than `max_id`, or newer than `since_id` (with their number in `X-New-Count`, and the banner's
  /// words in a hidden element for script to show).
  func timelineFragment(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let params = context.params
    guard let viewer = context.viewer else { return Response(status: .unauthorized) }
    let sinceID = Self.cursor(params, "since_id")
    let group = HomeGroup(rawValue: params["feed"] ?? "") ?? .all
    var list = try await homeList(viewer, group, sinceID: sinceID, maxID: Self.cursor(params, "max_id"))
    var headers = HTTPFields()
    if params["since_id"] != nil {
      // Newer statuses (since 0: an empty timeline's refresh, its first page): a gap past one page is left to a
      // full reload.
      headers[.init("X-New-Count")!] = String(list.cards.count)
      list.banner = NewStatusesBanner.text(count: list.cards.count)
    }
    return render("weibo_cards", list, headers: headers)
  }

  /// The tab bar's badges now, for script to poll; 首页's too, since new statuses arrive while reading it.
  func unread(_ request: Request, _ context: SparrowContext) async throws -> Response {
    guard let viewer = context.viewer else { return Response(status: .unauthorized) }
    return render("weibo_badges", TabBadges(try await deps.store.unreadBadges(userID: viewer.user.id, upTo: TabBadges.cap)))
  }

  // MARK: Signing in

  /// To the platform's sign-in, back to the timeline's welcome afterwards.
  func login() async throws -> Response { try await session.login() }

  /// 欢迎回来: the avatar rises, the words fade in, then the timeline (by script, or by refresh without it).
  func welcome(_ request: Request, _ context: SparrowContext) async throws -> Response {
    guard let viewer = context.viewer else { return HTML.redirect("/") }
    let user = try await presenter(viewer).users([viewer.user])[0]
    return render("weibo_welcome", WelcomePage(frame: try await frame(viewer, tab: nil, title: "欢迎回来"), user: user))
  }

  // MARK: Posting and liking

  /// Runs one of the API's own handlers as the viewer.
  func call(_ path: String, _ values: [String: String], as viewer: Viewer) async throws {
    guard let handler = api.table.handler(for: "/2/\(path).json") else { throw EnvelopeError.apiNotFound }
    let params = Params(values: values.mapValues { [$0] })
    let call = APICall(params: params, caller: viewer.caller, path: "/2/\(path).json", headers: [:], now: deps.now())
    do {
      _ = try await handler(call)
    } catch let error as StoreError {
      throw error.weibo
    }
  }

  static func message(_ error: EnvelopeError) -> String {
    switch error.code {
    case EnvelopeError.pictureNotAttachable.code where error.error == EnvelopeError.pictureNotAttachable.error:
      "只能发自己上传的图片"
    case EnvelopeError.repeated.code: "不能重复发布相同的内容"
    case EnvelopeError.uploadQuota.code: "今天上传的图片太多了，明天再来吧"
    case 10016, 20003, 20008: "内容不能为空"
    case 20012: "内容超过140字"
    case 20009: "最多只能选9张图片"
    case 20101: "微博不存在或已被删除"
    case 20201: "评论不存在或已被删除"
    case 20005, 20006, 20007: "图片无法使用，请换一张"
    default: "操作失败（\(error.code)）"
    }
  }

  func like(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let params = context.params
    guard let viewer = context.viewer else { return Response(status: .unauthorized) }
    let id = Self.cursor(params, "id")
    guard id > 0 else { return Response(status: .badRequest) }
    let liked = params["liked"] == "1"
    do {
      try await call(liked ? "attitudes/create" : "attitudes/destroy", ["id": String(id)], as: viewer)
    } catch let error as EnvelopeError where [EnvelopeError.alreadyLiked.code, EnvelopeError.notLiked.code].contains(error.code) {
      // Already as asked (another tab did it): show the current state.
    }
    guard HTML.wantsFragment(request) else { return HTML.redirect(Self.back(request, fallback: "/status/\(id)")) }
    guard let record = try await deps.store.status(id: id, visibleTo: viewer.user.id) else { return Response(status: .notFound) }
    return render("weibo_like", try await card(record, viewer))
  }

  /// Where a form posted without script returns to: the page it came from, if it is ours.
  static func back(_ request: Request, fallback: String) -> String {
    guard let referer = request.headers[.referer], let url = URLComponents(string: referer) else { return fallback }
    let path = url.percentEncodedPath + (url.percentEncodedQuery.map { "?\($0)" } ?? "")
    return OAuthController.safeNext(path) ?? fallback
  }
}
