import DakaAPI
import Foundation
import Hummingbird
import SparrowPlatform
import DakaStore
import SparrowStore

/// 打卡's web client at `/daka`: server-rendered pages on the platform's web sign-in, phone first, with three
/// tabs (发现, 打卡, 我的) that each keep their own stack of pages.
package struct DakaWeb: SparrowApp {
  let deps: DakaDependencies
  let pages: TemplateLibrary
  let assets: StaticAssets
  let session: WebSession
  let platform: Platform
  let writer: CheckinWriter
  /// Each person's places and 足迹 maps as last drawn.
  let drawnFootprints: DrawnFootprints
  let placeAnswers = PlaceAnswers()
  /// The lists' rows, kept rendered (`KeptRenders`): 我的 shows fifty a page.
  let rowRenders: KeptRenders<CheckinRow>

  /// Entries per page of a list.
  static let pageSize = 20

  static var templates: URL? { Bundle.module.resourceURL?.appendingPathComponent("Templates") }

  package init(deps: DakaDependencies, platform: Platform) async throws {
    self.deps = deps
    session = platform.session
    self.platform = platform
    writer = CheckinWriter(deps: deps, pictures: platform.pictures)
    pages = try await TemplateLibrary.load(adding: Self.templates)
    drawnFootprints = DrawnFootprints(pages: pages, shapes: FootprintShapes(pages: pages))
    rowRenders = KeptRenders("daka_row", pages: pages)
    // The platform's picture browser is served among these modules, under their version.
    assets = StaticAssets.load(Bundle.module.resourceURL?.appendingPathComponent("Public"), prefix: "/daka/static")
      .including("pictures.js", of: platform.assets, as: "js/pictures.js")
  }

  package func register(on router: Router<SparrowContext>) {
    let web = self
    assets.register(on: router)
    let errorPage: HTMLErrorMiddleware.Page = { status, message, context in
      try await web.problem(context, message, status: status)
    }
    let uploads = platform.webPages(router, limit: Platform.uploadLimit, tooLarge: .init(.badRequest, "图片太大了"),
                                    errorPage: errorPage)
    uploads.post("/daka/new") { request, context in try await web.create(request, context) }
    uploads.post("/daka/c/:id/edit") { request, context in try await web.update(request, context, id: context.parameters.get("id")) }

    let pages = platform.webPages(router, errorPage: errorPage)
    pages.get("/daka") { request, context in try await web.discover(request, context) }
    pages.get("/daka/new") { request, context in try await web.newForm(request, context) }
    pages.get("/daka/c/:id") { request, context in try await web.detail(request, context, id: context.parameters.get("id")) }
    pages.get("/daka/c/:id/edit") { request, context in try await web.editForm(request, context, id: context.parameters.get("id")) }
    pages.post("/daka/c/:id/delete") { request, context in try await web.delete(request, context, id: context.parameters.get("id")) }
    pages.get("/daka/me") { request, context in try await web.me(request, context) }
    pages.get("/daka/me/export") { request, context in try await web.export(request, context) }
    pages.get("/daka/trips") { request, context in try await web.tripList(request, context) }
    pages.get("/daka/trips/new") { request, context in try await web.tripForm(request, context, id: nil) }
    pages.post("/daka/trips/new") { request, context in try await web.saveTrip(request, context, id: nil) }
    pages.get("/daka/t/:id") { request, context in try await web.trip(request, context, id: context.parameters.get("id")) }
    pages.get("/daka/t/:id/edit") { request, context in try await web.tripForm(request, context, id: context.parameters.get("id")) }
    pages.post("/daka/t/:id/edit") { request, context in try await web.saveTrip(request, context, id: context.parameters.get("id")) }
    pages.post("/daka/t/:id/delete") { request, context in try await web.deleteTrip(request, context, id: context.parameters.get("id")) }
    pages.get("/daka/places") { request, context in try await web.places(request, context) }
    pages.get("/daka/place") { request, context in try await web.place(request, context) }
    pages.get("/daka/pickmap") { request, context in try await web.pickMap(request, context) }
    // Anything else under /daka is the client's own 404 page (the API's /daka/api/… is matched first).
    pages.get("/daka/**") { _, _ -> Response in throw WebPageError.notFound }
  }

  // MARK: Rendering

  func frame(_ context: SparrowContext, _ request: Request, tab: DakaFrame.Tab, title: String, back: String? = nil) -> DakaFrame {
    DakaFrame(web: web(title, context, here: WebFrame.here(request)), tab: tab, back: back)
  }

  /// The shell of a 打卡 page.
  func web(_ title: String, _ context: SparrowContext, here: String) -> WebFrame {
    WebFrame(title: title, css: assets.url("daka.css"), js: assets.url("js/daka.js"), viewer: context.viewer, here: here)
  }

  func render(_ template: String, _ page: some PageModel, status: HTTPResponse.Status = .ok) -> Response {
    pages.render(template, page, status: status)
  }

  /// The error page: the message, the tabs still there.
  func problem(_ context: SparrowContext, _ message: String, status: HTTPResponse.Status) async throws -> Response {
    let frame = DakaFrame(web: web("出错了", context, here: "/daka"), tab: .find, back: "/daka")
    let back = MessagePage<DakaFrame>.Action(href: "/daka", label: "回到发现", id: "back-find")
    return render("daka_message", MessagePage(frame: frame, message: message, action: back), status: status)
  }

  /// The entry a path names, if the viewer may see it; otherwise the 404 page, the same for a private entry of
  /// someone else's as for none at all.
  func visible(_ text: String?, _ context: SparrowContext) async throws -> CheckinRecord {
    guard let text, let id = Int64(text), id > 0,
      let record = try await deps.store.journal.checkin(id: id, viewer: context.viewer?.user.id)
    else { throw WebPageError(.notFound, "这条打卡不存在") }
    return record
  }

  /// The viewer's own entry; someone else's is not found here either.
  func own(_ text: String?, _ context: SparrowContext, viewer: Viewer) async throws -> CheckinRecord {
    let record = try await visible(text, context)
    guard record.userID == viewer.user.id else { throw WebPageError(.notFound, "这条打卡不存在") }
    return record
  }
}
