import DealsAPI
import Foundation
import GeoData
import Hummingbird
import SparrowPlatform
import SparrowStore
import TuanStore

/// 团购's web client at `/tuan`: server-rendered pages and HTML fragments on the platform's web sign-in, laid out
/// for the iPad first (a dock on the left, a grid of deals, a detail sliding in from the right).
package struct TuanWeb: SparrowApp {
  let deps: DealsDependencies
  let pages: TemplateLibrary
  /// The map's drawn parts, rendered once.
  let mapParts: MapParts
  /// The grid's menus, rendered once for each city and filter.
  let menuMarkup: MenuMarkup
  /// Deal cards, kept rendered while they show the same.
  let cardRenders: DealCardRenders
  /// Reviews kept rendered by what they show (`KeptRenders`).
  let reviewRenders: KeptRenders<ReviewItem>
  /// 我的订单's rows, kept rendered by what they show.
  let orderRenders: KeptRenders<OrderRow>
  /// The city popover's cities under their letters, by the city chosen.
  let cityLetters: KeptRenders<CityLetters>
  let assets: StaticAssets
  let session: WebSession
  let platform: Platform
  /// Writes reviews, as the JSON API does.
  let reviews: ReviewWriter
  /// Relative links: pictures at `/pics/…`, whatever the public URL.
  let presenter = DealsPresenter(publicURL: "")

  /// Deals per page of the grid: four rows of three in landscape, six of two in portrait.
  static let pageSize = 12

  static var templates: URL? { Bundle.module.resourceURL?.appendingPathComponent("Templates") }

  package init(deps: DealsDependencies, platform: Platform) async throws {
    self.deps = deps
    session = platform.session
    self.platform = platform
    reviews = ReviewWriter(store: deps.store, ids: deps.ids, pictures: platform.pictures)
    pages = try await TemplateLibrary.load(adding: Self.templates)
    mapParts = MapParts(pages: pages)
    menuMarkup = MenuMarkup(pages: pages)
    cardRenders = DealCardRenders(pages: pages)
    reviewRenders = KeptRenders("tuan_review_item", pages: pages)
    orderRenders = KeptRenders("tuan_order_row", pages: pages)
    cityLetters = KeptRenders("tuan_city_letters", pages: pages, limit: 500)
    // The platform's fetch helpers are served among these modules, under their version.
    assets = StaticAssets.load(Bundle.module.resourceURL?.appendingPathComponent("Public"), prefix: "/tuan/static")
      .including("net.js", of: platform.assets, as: "js/net.js")
  }

  package func register(on router: Router<SparrowContext>) {
    let web = self
    assets.register(on: router)
    let errorPage: HTMLErrorMiddleware.Page = { status, message, context in
      try await web.problem(context, message, status: status)
    }
    let uploads = platform.webPages(router, limit: Platform.uploadLimit, tooLarge: .init(.badRequest, "图片太大了"),
                                    errorPage: errorPage)
    uploads.post("/tuan/review/new") { request, context in try await web.createReview(request, context) }
    uploads.post("/tuan/review/:id/edit") { request, context in try await web.updateReview(request, context, id: context.parameters.get("id")) }
    let pages = platform.webPages(router, errorPage: errorPage)
    pages.get("/tuan") { request, context in try await web.grid(request, context) }
    pages.get("/tuan/deals") { request, context in try await web.gridFragment(request, context) }
    pages.get("/tuan/deals/batch") { request, context in try await web.batchFragment(request, context) }
    pages.get("/tuan/deal/:id") { request, context in try await web.detail(request, context, id: context.parameters.get("id")) }
    pages.get("/tuan/cities") { request, context in try await web.cities(request, context) }
    pages.get("/tuan/cities/search") { request, context in try await web.citySearch(request, context) }
    pages.post("/tuan/city") { request, context in try await web.chooseCity(request, context) }
    pages.post("/tuan/collect") { request, context in try await web.collect(request, context) }
    pages.get("/tuan/collections") { request, context in try await web.collections(request, context) }
    pages.post("/tuan/collections/remove") { request, context in try await web.uncollect(request, context) }
    pages.get("/tuan/recent") { request, context in try await web.recent(request, context) }
    pages.post("/tuan/recent/remove") { request, context in try await web.forgetViews(request, context, all: false) }
    pages.post("/tuan/recent/clear") { request, context in try await web.forgetViews(request, context, all: true) }
    pages.get("/tuan/deal/:id/buy") { request, context in try await web.buy(request, context, id: context.parameters.get("id")) }
    pages.post("/tuan/orders") { request, context in try await web.placeOrder(request, context) }
    pages.get("/tuan/orders") { request, context in try await web.orders(request, context) }
    pages.get("/tuan/orders/:id") { request, context in try await web.orderDetail(request, context, id: context.parameters.get("id")) }
    pages.post("/tuan/coupons/cancel") { request, context in try await web.cancel(request, context) }
    pages.get("/tuan/business/:id") { request, context in try await web.business(request, context, id: context.parameters.get("id")) }
    pages.get("/tuan/map") { request, context in try await web.map(request, context) }
    pages.get("/tuan/stars/:name") { _, context in try web.stars(context.parameters.get("name")) }
    pages.get("/tuan/business/:id/reviews") { request, context in try await web.merchantReviews(request, context, id: context.parameters.get("id")) }
    pages.get("/tuan/review/new") { request, context in try await web.newReviewForm(request, context) }
    pages.get("/tuan/review/:id") { request, context in try await web.reviewPage(request, context, id: context.parameters.get("id")) }
    pages.get("/tuan/review/:id/edit") { request, context in try await web.editReviewForm(request, context, id: context.parameters.get("id")) }
    pages.post("/tuan/review/:id/delete") { request, context in try await web.deleteReview(request, context, id: context.parameters.get("id")) }
    pages.post("/tuan/review/:id/helpful") { request, context in try await web.helpful(request, context, id: context.parameters.get("id")) }
    pages.get("/tuan/reviews/mine") { request, context in try await web.myReviews(request, context) }
    pages.get("/tuan/shop") { request, context in try await web.shop(request, context) }
    pages.post("/tuan/shop/consume") { request, context in try await web.shopConsume(request, context) }
    pages.post("/tuan/shop/reply") { request, context in try await web.shopReply(request, context) }
    pages.get("/tuan/about") { request, context in try await web.about(request, context) }
    // Anything else under /tuan is the client's own 404 page, not the router's empty one.
    pages.get("/tuan/**") { _, _ -> Response in throw WebPageError.notFound }
  }

  // MARK: Rendering

  /// The frame every page shows its content in: dock with `tab` selected, the chosen city, the viewer, and
  /// 商家后台 in 更多 for a person who serves a shop (one key read, for signed-in viewers only, unless the page has
  /// read it already: `keepsShop`).
  func frame(_ context: SparrowContext, _ request: Request, tab: TuanFrame.Tab?, title: String,
             keepsShop known: Bool? = nil) async throws -> TuanFrame
  {
    var keepsShop = known ?? false
    if known == nil, let viewer = context.viewer { keepsShop = try await deps.store.shop(of: viewer.user.id) != nil }
    return TuanFrame(web: web(title, context, here: WebFrame.here(request)), tab: tab, city: CityChoice.city(of: request),
                     keepsShop: keepsShop)
  }

  /// The shell of a 团购 page.
  func web(_ title: String, _ context: SparrowContext, here: String) -> WebFrame {
    WebFrame(title: title, css: assets.url("tuan.css"), js: assets.url("js/tuan.js"), viewer: context.viewer, here: here)
  }

  func render(_ template: String, _ page: some PageModel, status: HTTPResponse.Status = .ok,
              headers: HTTPFields = [:]) -> Response
  {
    pages.render(template, page, status: status, headers: headers)
  }

  /// The error page: the message in the content area, the dock still there.
  func problem(_ context: SparrowContext, _ message: String, status: HTTPResponse.Status) async throws -> Response {
    let frame = TuanFrame(web: web("出错了", context, here: "/tuan"), tab: nil, city: GeoData.shared.hotCities[0], keepsShop: false)
    return render("tuan_message", MessagePage(frame: frame, message: message, action: Self.backToDeals), status: status)
  }

  static let backToDeals = MessagePage<TuanFrame>.Action(href: "/tuan", label: "返回团购", id: "back-deals")

  /// The platform's sign-in, back to `next` afterwards.
  func signIn(next: String) async throws -> Response { try await session.login(next: next) }

  /// Where a form posted without script returns to: the page it came from when it is one of ours.
  static func back(_ request: Request, fallback: String) -> String {
    guard let referer = request.headers[.referer], let url = URLComponents(string: referer),
      url.percentEncodedPath.hasPrefix("/tuan")
    else { return fallback }
    return url.percentEncodedPath + (url.percentEncodedQuery.map { "?\($0)" } ?? "")
  }

  /// The deal an id in a path or form names: Dianping's `1-219960` (as the API links it) or the bare number.
  static func dealID(_ text: String?) -> Int64? {
    guard let text, !text.isEmpty else { return nil }
    if let id = Int64(text), id > 0 { return id }
    return (try? DealsCall.dealID(text, parameter: "id")) ?? nil
  }

  /// The deal `text` names, or the 404 page's error.
  func deal(_ text: String?) async throws -> DealRecord {
    guard let id = Self.dealID(text), let deal = try await deps.store.deal(id: id) else {
      throw WebPageError(.notFound, "团购不存在")
    }
    return deal
  }
}
