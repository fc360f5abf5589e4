import Foundation
import Hummingbird
import SparrowCore
import SparrowStore

/// 授权管理 at `/account/apps`: the apps a signed-in person has let in, and 取消授权, which deletes the app's tokens
/// (every instance forgets them through the store's cache announcements).
struct AuthorizationsController: Sendable {
  let deps: PlatformDependencies
  let session: WebSession
  let pages: TemplateLibrary
  let scopes: ScopeCatalog

  func register(on router: Router<SparrowContext>) {
    let controller = self
    router.get("/account/apps") { request, _ in try await controller.page(request) }
    router.post("/account/apps/revoke") { request, _ in try await controller.revoke(request) }
  }

  func page(_ request: Request) async throws -> Response {
    let back = OAuthController.safeNext(request.uri.queryParameters["next"].map(String.init)) ?? "/"
    guard let viewer = try await session.viewer(request) else {
      return try await session.login(next: WebFrame.here(request))
    }
    let granted = try await deps.store.authorizations(userID: viewer.user.id, now: deps.now())
    return pages.render("authorizations", AuthorizationsPage(viewer: viewer, authorizations: granted, scopes: scopes, back: back))
  }

  func revoke(_ request: Request) async throws -> Response {
    var request = request
    let params = try await Params.read(&request, limit: Platform.formLimit)
    guard let viewer = try await session.viewer(request) else { return try await session.login(next: "/account/apps") }
    guard viewer.accepts(params["csrf"]) else {
      return pages.error(ErrorPage(title: "操作失败", message: OAuthController.staleForm), status: .forbidden)
    }
    guard let id = params["app_id"].flatMap(Int64.init) else {
      return pages.error(ErrorPage(title: "操作失败", message: "缺少 app_id 参数"))
    }
    try await deps.store.revokeGrants(userID: viewer.user.id, appID: id)
    let back = OAuthController.safeNext(params["next"]).map { "?" + FormEncoding.encode(pairs: [("next", $0)]) } ?? ""
    return HTML.redirect("/account/apps" + back)
  }
}
