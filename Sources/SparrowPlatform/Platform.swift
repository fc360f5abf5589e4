import Foundation
import Hummingbird
import HummingbirdWebSocket
import SparrowStore

/// An app's answer to a WebSocket upgrade request: refused (the request goes on as plain HTTP) or accepted with
/// the handler of the connection.
package typealias WebSocketUpgrade = ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>>

/// One app of the platform (微博's API, 微博's web pages, and later 团购 and 打卡): routes under its own
/// prefix, its own templates and `Public/`. It depends on the platform; the platform knows no app.
package protocol SparrowApp: Sendable {
  /// Adds the app's routes.
  func register(on router: Router<SparrowContext>) throws
  /// The answer, in the app's format, to a request under the app's prefix that HTTP itself could not read (see
  /// `UnreadableRequests`); nil for a path that is not the app's. By default the platform answers.
  func unreadable(path: String, status: HTTPResponse.Status) -> UnreadableAnswer?
  /// The app's answer to a WebSocket upgrade `request`, or nil for a path that is not the app's (by default none
  /// is).
  func webSocket(_ request: HTTPRequest) async throws -> WebSocketUpgrade?
}

extension SparrowApp {
  package func unreadable(path: String, status: HTTPResponse.Status) -> UnreadableAnswer? { nil }
  package func webSocket(_ request: HTTPRequest) async throws -> WebSocketUpgrade? { nil }
}

/// The apps' WebSockets: the first app that claims an upgrade request answers it; one nobody claims goes on as HTTP.
package struct WebSockets: Sendable {
  let apps: [any SparrowApp]

  package init(apps: [any SparrowApp]) { self.apps = apps }

  package func upgrade(_ request: HTTPRequest) async throws -> WebSocketUpgrade {
    for app in apps {
      if let answer = try await app.webSocket(request) { return answer }
    }
    return .dontUpgrade
  }
}

/// What the platform gives every app, made once per router: dependencies, the picture library, OAuth and
/// the web sign-in, and the middleware of web pages.
package struct Platform: Sendable {
  package let deps: PlatformDependencies
  package let pictures: PictureLibrary
  package let oauth: OAuthController
  package let session: WebSession
  /// The platform's own pages (authorize, sign-up, errors) and their `Public/` files.
  package let pages: TemplateLibrary
  package let assets: StaticAssets
  /// The API rate limits every app's API counts against.
  package let rates: RateLimiter
  /// Request logs and `/metrics`.
  package let observability: Observability
  /// Every app's scopes.
  package let scopes: ScopeCatalog
  /// Every app's reportable content, for 举报 and the staff pages.
  package let moderation: Moderation

  /// `landing` is where a web sign-in goes when it did not say.
  package init(deps: PlatformDependencies, landing: String, scopes: ScopeCatalog,
               moderation: [any ContentModeration] = []) async throws {
    self.deps = deps
    self.scopes = scopes
    self.moderation = Moderation(moderation, people: deps.store)
    pictures = PictureLibrary(dataFolder: deps.config.dataFolder, store: deps.store, dailyQuota: deps.config.pictureQuota)
    pages = try await TemplateLibrary.load()
    assets = StaticAssets.load(Bundle.module.resourceURL?.appendingPathComponent("Public"), prefix: "/platform/static")
    rates = RateLimiter(limits: deps.config.rateLimits, store: deps.store, now: deps.now)
    observability = Observability(store: deps.store, trustedProxies: deps.config.trustedProxies)
    oauth = OAuthController(deps: deps, pages: pages, assets: assets, rates: rates, scopes: scopes)
    session = WebSession(deps: deps, oauth: oauth, landing: landing)
    try await Accounts(store: deps.store, ids: deps.ids).registerTerminalClient(at: deps.now())
  }

  /// Form bodies of web pages are small; picture uploads from web pages take a picture of up to 5 MB.
  package static let formLimit = 64 * 1024
  package static let uploadLimit = 16 << 20

  /// A group for an app's web pages: the viewer found, the parameters read (up to `limit` bytes), the form
  /// token checked on every POST, and failures shown by `errorPage`.
  /// `tooLarge` is what a body over the limit is told.
  package func webPages(_ router: Router<SparrowContext>, limit: Int = formLimit,
                        tooLarge: WebPageError = WebPageError(.contentTooLarge, "内容太大了"),
                        errorPage: @escaping HTMLErrorMiddleware.Page) -> RouterGroup<SparrowContext>
  {
    router.group()
      .add(middleware: HTMLErrorMiddleware(page: errorPage))
      .add(middleware: WebSessionMiddleware(session: session))
      .add(middleware: FormMiddleware(limit: limit, tooLarge: tooLarge))
  }
}

/// The router: the platform's routes, then each app's.
package func buildRouter(_ platform: Platform, apps: [any SparrowApp]) async throws -> Router<SparrowContext> {
  let router = Router(context: SparrowContext.self)
  router.add(middleware: RouteLabelMiddleware())
  router.add(middleware: SecurityHeadersMiddleware(https: platform.deps.config.publicURL.lowercased().hasPrefix("https://")))
  let deps = platform.deps
  // Ready when the database answers: a load balancer takes an instance out while its database is away.
  router.get("/healthz") { _, _ -> Response in
    let answer: (HTTPResponse.Status, String)
    do {
      try await deps.store.ping()
      answer = (.ok, "ok")
    } catch StoreError.unavailable {
      answer = (.serviceUnavailable, "database unavailable")
    }
    return Response(status: answer.0, headers: [.contentType: "text/plain; charset=utf-8"],
                    body: .init(byteBuffer: ByteBuffer(string: answer.1)))
  }
  // Prometheus scrapes from this machine, or from anywhere with the token (`--metrics-token`); others see no page.
  let observability = platform.observability
  let metricsToken = deps.config.metricsToken.map { "Bearer " + $0 }
  router.get("/metrics") { request, context -> Response in
    let local = context.clientAddress.map(OAuthController.loopbackHosts.contains) ?? true
    guard local || (metricsToken != nil && request.headers[.authorization] == metricsToken) else {
      throw HTTPError(.notFound)
    }
    return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                    body: .init(byteBuffer: ByteBuffer(bytes: observability.scrape())))
  }
  let favicon = try await Favicon.make()
  router.get("/favicon.ico") { _, _ in favicon.response() }
  platform.assets.register(on: router)
  platform.oauth.register(on: router)
  platform.session.register(on: router)
  AuthorizationsController(deps: deps, session: platform.session, pages: platform.pages, scopes: platform.scopes)
    .register(on: router)
  ModerationController(deps: deps, session: platform.session, pages: platform.pages, moderation: platform.moderation)
    .register(on: router)
  MediaController(deps: deps, pictures: platform.pictures).register(on: router)
  for app in apps { try app.register(on: router) }
  return router
}
