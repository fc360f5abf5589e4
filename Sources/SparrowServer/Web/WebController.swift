import Foundation
import Hummingbird
import SparrowCore
import SparrowStore

/// The 微博 web client at `/`: server-rendered pages and HTML fragments, a first-party OAuth client of the
/// platform. Reads go through the store and `Presenter` as the API's do; writes run the API's own handlers.
struct WebController: Sendable {
  let deps: Dependencies
  let pages: Pages
  let session: WebSession
  let oauth: OAuthController
  let api: APIDispatcher
  let pictures: PictureLibrary
  let assets: WebAssets

  static let pageSize = 20

  init(deps: Dependencies, pages: Pages, api: APIDispatcher, pictures: PictureLibrary) {
    self.deps = deps
    self.pictures = pictures
    self.pages = pages
    session = WebSession(deps: deps)
    oauth = OAuthController(deps: deps, pages: pages)
    self.api = api
    assets = WebAssets.load()
  }

  /// Adds the web client's routes.
  static func register(_ router: Router<BasicRequestContext>, deps: Dependencies, pages: Pages, api: APIDispatcher,
                       pictures: PictureLibrary)
  {
    let web = WebController(deps: deps, pages: pages, api: api, pictures: pictures)
    router.get("/static/:file") { _, context in web.assets.response(context.parameters.get("file") ?? "") }
    router.get("/") { request, _ in try await web.tab(.home, request) }
    router.get("/messages") { request, _ in try await web.tab(.messages, request) }
    router.get("/discover") { request, _ in try await web.tab(.discover, request) }
    router.get("/me") { request, _ in try await web.tab(.me, request) }
    router.get("/web/messages/:tab") { request, context in
      try await web.messagesFragment(request, tab: context.parameters.get("tab"))
    }
    router.get("/web/search") { request, _ in try await web.searchFragment(request) }
    router.get("/topic/:name") { request, context in try await web.topic(request, name: context.parameters.get("name")) }
    router.get("/web/topic/:name") { request, context in
      try await web.topicFragment(request, name: context.parameters.get("name"))
    }
    router.get("/compose") { request, _ in try await web.compose(request) }
    router.post("/compose") { request, _ in try await web.send(request) }
    router.post("/web/upload") { request, _ in try await web.upload(request) }
    router.get("/web/pick/users") { request, _ in try await web.userPicker(request) }
    router.get("/web/pick/topics") { request, _ in try await web.topicPicker(request) }
    router.get("/web/login") { _, _ in try await web.login() }
    router.get("/web/callback") { request, _ in try await web.callback(request) }
    router.post("/web/logout") { request, _ in try await web.logout(request) }
    router.get("/welcome") { request, _ in try await web.welcome(request) }
    router.get("/web/timeline") { request, _ in try await web.timelineFragment(request) }
    router.get("/web/unread") { request, _ in try await web.unread(request) }
    router.post("/web/like") { request, _ in try await web.like(request) }
    router.post("/web/favorite") { request, _ in try await web.favorite(request) }
    router.get("/status/:id") { request, context in try await web.detail(request, id: context.parameters.get("id")) }
    router.get("/web/status/:id/:tab") { request, context in
      try await web.listFragment(request, id: context.parameters.get("id"), tab: context.parameters.get("tab"))
    }
    router.get("/u/:id") { request, context in
      try await web.profile(request, user: try await web.deps.store.user(id: Int64(context.parameters.get("id") ?? "") ?? -1))
    }
    router.get("/n/:name") { request, context in
      let name = context.parameters.get("name")?.removingPercentEncoding ?? ""
      return try await web.profile(request, user: try await web.deps.store.user(screenName: name))
    }
    router.get("/web/user/:id/statuses") { request, context in
      try await web.userFragment(request, id: context.parameters.get("id"))
    }
    router.get("/me/favorites") { request, _ in try await web.favorites(request) }
    router.get("/settings") { request, _ in try await web.settings(request) }
    router.get("/u/:id/friends") { request, context in try await web.people(request, id: context.parameters.get("id"), .friends) }
    router.get("/u/:id/followers") { request, context in
      try await web.people(request, id: context.parameters.get("id"), .followers)
    }
    router.post("/u/:id/follow") { request, context in
      try await web.follow(request, id: context.parameters.get("id"), follow: true)
    }
    router.post("/u/:id/special") { request, context in
      try await web.special(request, id: context.parameters.get("id"))
    }
    router.post("/u/:id/unfollow") { request, context in
      try await web.follow(request, id: context.parameters.get("id"), follow: false)
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

  /// The context every page starts from: the viewer, the CSRF token, the selected tab.
  func base(_ viewer: WebViewer?, tab: Tab?, title: String) async throws -> [String: Any] {
    var context: [String: Any] = ["title": title, "css": assets.url("web.css"), "js": assets.url("web.js")]
    if let viewer {
      context["viewer"] = ["id": String(viewer.user.id), "name": viewer.user.screenName]
      context["csrf"] = viewer.csrf
      let (statuses, messages) = try await unreadBadges(viewer)
      if statuses > 0, tab != .home { context["badge_home"] = Self.badge(statuses) }
      if messages > 0 { context["badge_messages"] = Self.badge(messages) }
    }
    if let tab { context["tab_\(tab.rawValue)"] = true }
    return context
  }

  func render(_ template: String, _ context: [String: Any], status: HTTPResponse.Status = .ok,
              headers extra: HTTPFields = [:]) -> Response
  {
    let html = pages.library.render(context, withTemplate: template) ?? "template \(template) missing"
    var headers = extra
    headers[.contentType] = "text/html; charset=utf-8"
    headers[.cacheControl] = "no-store"
    headers[.init("X-Frame-Options")!] = "DENY"
    headers[.init("X-Content-Type-Options")!] = "nosniff"
    headers[.init("Content-Security-Policy")!] =
      "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; frame-ancestors 'none'; form-action 'self'"
    let buffer = ByteBuffer(string: html)
    headers[.contentLength] = String(buffer.readableBytes)
    return Response(status: status, headers: headers, body: .init(byteBuffer: buffer))
  }

  static func redirect(_ location: String, cookies: [String] = []) -> Response {
    var headers = HTTPFields()
    headers[.location] = location
    headers[.cacheControl] = "no-store"
    if !cookies.isEmpty { headers[values: .setCookie] = cookies }
    return Response(status: .seeOther, headers: headers)
  }

  /// The tab bar's figures: new statuses for 首页; new comments, mentions and likes for 消息.
  func unreadBadges(_ viewer: WebViewer) async throws -> (statuses: Int, messages: Int) {
    let unread = try await deps.store.unreadCounts(userID: viewer.user.id)
    let messages = [UnreadKind.cmt, .mentionStatus, .mentionCmt, .attitude].reduce(0) { $0 + (unread[$1] ?? 0) }
    return (unread[.status] ?? 0, messages)
  }

  /// A tab badge: the number, or `99+`.
  static func badge(_ n: Int) -> String { n > 99 ? "99+" : String(n) }

  func notFound(_ viewer: WebViewer?, _ message: String = "页面不存在") async throws -> Response {
    var context = try await base(viewer, tab: nil, title: "出错了")
    context["message"] = message
    return render("web_missing", context, status: .notFound)
  }

  func presenter(_ viewer: WebViewer?) -> Presenter {
    Presenter(store: deps.store, baseURL: deps.config.publicURL, viewer: viewer?.user.id ?? 0)
  }

  func cards(_ records: [StatusRecord], _ viewer: WebViewer?) async throws -> [[String: Any]] {
    let now = deps.now()
    return try await presenter(viewer).statuses(records).map { WebCard($0, now: now, csrf: viewer?.csrf).values }
  }

  /// Reads the query and, for forms, the body.
  static func params(_ request: Request) async throws -> (Request, Params) {
    var request = request
    let params = try await Params.read(&request, limit: 64 * 1024)
    return (request, params)
  }

  /// A paging cursor from the query; 0 when absent or malformed.
  static func cursor(_ params: Params, _ name: String) -> Int64 {
    ((try? params.int64(name)) ?? nil).map { max($0, 0) } ?? 0
  }

  /// The footer of a paged list: the next page's fragment (for script) and page (without it), or the end.
  /// `key` names the cursor: `max_id` for id-ordered lists, `offset` for lists paged by position.
  static func more(_ next: Int64?, fragment: String, page: String, empty: Bool, key: String = "max_id") -> [String: Any] {
    guard let next else { return empty ? ["empty": true] : ["end": true] }
    func join(_ url: String) -> String { url + (url.contains("?") ? "&" : "?") + "\(key)=\(next)" }
    return ["next": join(fragment), "page": join(page)]
  }

  /// Whether script asked for a fragment instead of a page.
  static func wantsFragment(_ request: Request) -> Bool { request.headers[.init("X-Fragment")!] == "1" }

  // MARK: Tabs

  func tab(_ tab: Tab, _ request: Request) async throws -> Response {
    let (request, params) = try await Self.params(request)
    guard let viewer = try await session.viewer(request) else {
      var context = try await base(nil, tab: tab, title: tab.title)
      context["visitor_text"] = tab.visitorText
      context["visitor_\(tab.rawValue)"] = true
      return render("web_visitor", context)
    }
    switch tab {
    case .home:
      let group = HomeGroup(rawValue: params["feed"] ?? "") ?? .all
      var context = try await base(viewer, tab: tab, title: "首页")
      let (cards, next) = try await homePage(viewer, group, sinceID: 0, maxID: Self.cursor(params, "max_id"))
      context["cards"] = cards
      context["more"] = Self.more(next, fragment: "/web/timeline\(group.query)", page: "/\(group.query)",
                                  empty: cards.isEmpty)
      context["group"] = group.title
      context["groups"] = HomeGroup.allCases.map { ["title": $0.title, "url": "/\($0.query)", "selected": $0 == group] }
      context["feed"] = group.rawValue
      return render("web_home", context)
    case .me:
      return try await profile(request, user: viewer.user)
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

  /// One page of the home timeline and the next `max_id` (the last id − 1), nil at the end.
  func homePage(_ viewer: WebViewer, _ group: HomeGroup, sinceID: Int64, maxID: Int64)
    async throws -> ([[String: Any]], Int64?)
  {
    let page = Page(sinceID: sinceID, maxID: maxID, count: Self.pageSize)
    let found = try await deps.store.statuses(in: group.feed(viewer.user.id), feature: .all, page: page.probing).items
    let shown = Array(found.prefix(Self.pageSize))
    if group == .all, maxID == 0, let newest = shown.first?.id {
      try await deps.store.markSeen(userID: viewer.user.id, kind: .status, upTo: newest)
    }
    let next = found.count > Self.pageSize ? shown.last.map { $0.id - 1 } : nil
    return (try await cards(shown, viewer), next)
  }

  /// Cards older than `max_id`, or newer than `since_id` (with their number in `X-New-Count`).
  func timelineFragment(_ request: Request) async throws -> Response {
    let (request, params) = try await Self.params(request)
    guard let viewer = try await session.viewer(request) else { return Response(status: .unauthorized) }
    let sinceID = Self.cursor(params, "since_id")
    let group = HomeGroup(rawValue: params["feed"] ?? "") ?? .all
    let (cards, next) = try await homePage(viewer, group, sinceID: sinceID, maxID: Self.cursor(params, "max_id"))
    var headers = HTTPFields()
    var context: [String: Any] = ["cards": cards]
    if sinceID > 0 {
      // Newer statuses: a gap past one page is left to a full reload.
      headers[.init("X-New-Count")!] = String(cards.count)
    } else {
      context["more"] = Self.more(next, fragment: "/web/timeline\(group.query)", page: "/\(group.query)",
                                  empty: cards.isEmpty)
    }
    return render("web_cards", context, headers: headers)
  }

  /// The tab bar's badges now, for script to poll; 首页's too, since new statuses arrive while reading it.
  func unread(_ request: Request) async throws -> Response {
    let (request, _) = try await Self.params(request)
    guard let viewer = try await session.viewer(request) else { return Response(status: .unauthorized) }
    let (statuses, messages) = try await unreadBadges(viewer)
    var context: [String: Any] = [:]
    if statuses > 0 { context["badge_home"] = Self.badge(statuses) }
    if messages > 0 { context["badge_messages"] = Self.badge(messages) }
    return render("web_badges", context)
  }

  // MARK: Signing in

  func login() async throws -> Response {
    let app = try await session.app()
    let state = Secrets.random(bytes: 16)
    let query = [
      ("client_id", app.clientID), ("redirect_uri", session.redirectURI), ("response_type", "code"), ("state", state),
    ].map { "\($0)=\(OAuthController.formEncode($1))" }.joined(separator: "&")
    return Self.redirect("/oauth2/authorize?\(query)",
                         cookies: [WebSession.setCookie(WebSession.stateCookie, state, maxAge: 600, path: "/web")])
  }

  func callback(_ request: Request) async throws -> Response {
    let (request, params) = try await Self.params(request)
    let clearState = WebSession.setCookie(WebSession.stateCookie, "", maxAge: 0, path: "/web")
    guard let code = params["code"], let state = params["state"],
      let expected = request.cookies[WebSession.stateCookie]?.value, Secrets.equal(state, expected),
      let token = try await session.redeem(code: code, oauth: oauth)
    else { return Self.redirect("/", cookies: [clearState]) }
    let cookie = WebSession.setCookie(WebSession.cookie, token, maxAge: Int(deps.config.tokenLifetime))
    return Self.redirect("/welcome", cookies: [clearState, cookie])
  }

  func logout(_ request: Request) async throws -> Response {
    let (request, params) = try await Self.params(request)
    if let viewer = try await session.viewer(request), viewer.accepts(params["csrf"]) {
      // Ends this sign-in only: the token behind the cookie stops working.
      _ = try await deps.store.takeGrant(hash: Secrets.hash(viewer.token), kind: .access)
    }
    return Self.redirect("/", cookies: [WebSession.setCookie(WebSession.cookie, "", maxAge: 0)])
  }

  /// 欢迎回来: the avatar rises, the words fade in, then the timeline (by script, or by refresh without it).
  func welcome(_ request: Request) async throws -> Response {
    guard let viewer = try await session.viewer(request) else { return Self.redirect("/") }
    var context = try await base(viewer, tab: nil, title: "欢迎回来")
    let user = try await presenter(viewer).users([viewer.user])[0]
    context["user"] = WebCard.author(user)
    // Without script the page still moves on after the animation.
    context["refresh"] = "3;url=/"
    return render("web_welcome", context)
  }

  // MARK: Posting and liking

  /// Runs one of the API's own handlers as the viewer.
  func call(_ path: String, _ values: [String: String], as viewer: WebViewer) async throws {
    guard let route = api.table.route(for: "/2/\(path).json") else { throw WeiboError.apiNotFound }
    let params = Params(values: values.mapValues { [$0] })
    let call = APICall(params: params, caller: viewer.caller, path: "/2/\(path).json", headers: [:], now: deps.now())
    do {
      _ = try await route.handler(call)
    } catch let error as StoreError {
      throw error.weibo
    }
  }

  static func message(_ error: WeiboError) -> String {
    switch error.code {
    case WeiboError.repeated.code: "不能重复发布相同的内容"
    case 10016, 20003, 20008: "内容不能为空"
    case 20012: "内容超过140字"
    case 20009: "最多只能选9张图片"
    case 20101: "微博不存在或已被删除"
    case 20201: "评论不存在或已被删除"
    case 20005, 20006, 20007: "图片无法使用，请换一张"
    default: "操作失败（\(error.code)）"
    }
  }

  func like(_ request: Request) async throws -> Response {
    let (request, params) = try await Self.params(request)
    guard let viewer = try await session.viewer(request) else { return Response(status: .unauthorized) }
    guard viewer.accepts(params["csrf"]) else { return Response(status: .forbidden) }
    let id = Self.cursor(params, "id")
    guard id > 0 else { return Response(status: .badRequest) }
    let liked = params["liked"] == "1"
    do {
      try await call(liked ? "attitudes/create" : "attitudes/destroy", ["id": String(id)], as: viewer)
    } catch let error as WeiboError where [WeiboError.alreadyLiked.code, WeiboError.notLiked.code].contains(error.code) {
      // Already as asked (another tab did it): show the current state.
    }
    guard Self.wantsFragment(request) else { return Self.redirect(Self.back(request, fallback: "/status/\(id)")) }
    guard let record = try await deps.store.status(id: id) else { return Response(status: .notFound) }
    let card = try await cards([record], viewer)[0]
    return render("web_like", card)
  }

  /// Where a form posted without script returns to: the page it came from, if it is ours.
  static func back(_ request: Request, fallback: String) -> String {
    guard let referer = request.headers[.referer], let url = URLComponents(string: referer) else { return fallback }
    let path = url.percentEncodedPath + (url.percentEncodedQuery.map { "?\($0)" } ?? "")
    return OAuthController.safeNext(path) ?? fallback
  }
}
