import Foundation
import Hummingbird
import SparrowCore
import SparrowMedia
import SparrowPlatform
import SparrowStore
import WeiboStore

/// One API call, parsed: what a handler needs.
package struct APICall: Sendable {
  let params: Params
  let caller: Caller
  let path: String
  let headers: HTTPFields
  let now: Date
  /// The client's IP address, when the transport has one.
  let address: String?

  package init(params: Params, caller: Caller, path: String, headers: HTTPFields, now: Date, address: String? = nil) {
    self.params = params
    self.caller = caller
    self.path = path
    self.headers = headers
    self.now = now
    self.address = address
  }
}

extension Scope {
  /// The Weibo API keeps its meaning: every app has it, as the open platform's SDKs ask for no scope.
  package static let weibo = Scope(
    name: "weibo", consent: ["获得你的个人信息、好友关系", "分享内容到你的微博", "获得你的评论"], byDefault: true)
}

/// The `/2/…` endpoints, keyed by path without `.json`. The table, not the Host header, routes a call,
/// so `api.`, `upload.api.` and `rm.api.` all reach the same handlers.
package typealias APITable = APIRoutes<EnvelopeError, APICall>

extension APIRoutes where Format == EnvelopeError, Call == APICall {
  /// The 微博 API's table: every call needs a token; form bodies are small.
  static func weibo() -> APITable {
    APITable(
      prefix: "/2/", suffix: ".json", labelsWithSuffix: true, bodyLimit: WeiboAPI.formLimit, auth: .token,
      scope: .weibo,
      makeCall: { request in
        guard let caller = request.caller else { throw EnvelopeError.emptyToken }  // `.token` routes always have one
        return APICall(params: request.params, caller: caller, path: request.path, headers: request.headers,
                       now: request.now, address: request.address)
      },
      translate: { error in
        switch error {
        case let error as StoreError: error.weibo
        case let error as MediaError: error.weibo
        default: nil
        }
      })
  }

  /// A route that takes a picture: a larger body, and an oversized one is the picture's fault (20006).
  mutating func upload(_ path: String, limit: String? = nil, _ handler: @escaping Handler) {
    add(.post, path: path, bodyLimit: WeiboAPI.uploadLimit, limit: limit, oversized: .imageTooLarge, handler)
  }

  /// The handler for a request path such as `/2/statuses/show.json`, whatever its method.
  package func handler(for path: String) -> Handler? {
    find(path).flatMap { routes($0.pattern).values.first?.handler }
  }
}

extension StoreError {
  /// The API error for a store outcome, where the endpoint gives none of its own.
  package var weibo: EnvelopeError {
    switch self {
    case .notFound: .statusNotFound
    case .conflict: .paramError
    case .duplicateText: .repeated
    case .blocked(let byActor): byActor ? .youBlockedThem : .privacyDenied
    case .unavailable: .unavailable
    }
  }
}

/// The 微博 API at `/2/…`: finds the route, checks the method, reads parameters, authenticates, and turns
/// every failure into the platform's error envelope.
package struct WeiboAPI: SparrowApp {
  let deps: WeiboDependencies
  let dispatcher: APIDispatcher<EnvelopeError, APICall>
  package var table: APITable { dispatcher.routes }

  package init(deps: WeiboDependencies, platform: Platform) {
    self.deps = deps
    var table = APITable.weibo()
    let statuses = StatusesController(deps: deps, pictures: platform.pictures)
    statuses.register(&table)
    CommentsController(deps: deps, statuses: statuses).register(&table)
    let users = UsersController(deps: deps, pictures: platform.pictures, templates: statuses.templates)
    users.register(&table)
    BlocksController(deps: deps, users: users).register(&table)
    ReportsController(deps: deps, moderation: platform.moderation).register(&table)
    MarksController(deps: deps, statuses: statuses).register(&table)
    DiscoveryController(deps: deps, statuses: statuses).register(&table)
    EmotionsController(deps: deps).register(&table)
    RateLimitController(rates: platform.rates).register(&table)
    dispatcher = APIDispatcher(table, platform: platform, now: deps.now)
  }

  package func unreadable(path: String, status: HTTPResponse.Status) -> UnreadableAnswer? {
    dispatcher.unreadable(path: path, status: status)
  }

  package func register(on router: Router<SparrowContext>) {
    dispatcher.register(on: router)
    let api = self
    router.get("/emotions/:pack/:file") { request, context in try await api.emoticon(request, context) }
  }

  /// Form bodies are small; uploads carry a picture of up to 5 MB plus fields. Up to `uploadLimit` an
  /// oversized picture is read and refused as such (20006); past it the body is refused unread.
  static let formLimit = 1 << 20
  static let uploadLimit = 16 << 20

  /// `/emotions/<pack>/<file>.png`: the emoticon images, drawn at first start.
  func emoticon(_ request: Request, _ context: SparrowContext) async throws -> Response {
    guard let pack = context.parameters.get("pack"), let name = context.parameters.get("file"),
      MediaController.kind(ofSafeName: name) == .png, MediaController.isSafe(pack)
    else { throw HTTPError(.notFound) }
    let url = Emoticons.folder(deps.config.dataFolder).appendingPathComponent(pack).appendingPathComponent(name)
    if !FileManager.default.fileExists(atPath: url.path) {
      // Drawn on first use and kept: the drawings are code, the PNGs a cache.
      guard let found = Emoticons.packs.first(where: { $0.id == pack }),
        let index = found.items.indices.first(where: { found.file($0) == name }), let art = found.items[index].art
      else { throw HTTPError(.notFound) }
      let png = try await PictureLibrary.offload { try ImageProcessor().render(svg: art.svg, as: .png) }
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try png.write(to: url, options: .atomic)
    }
    return try MediaController.serve(url, kind: .png, etag: "\"emoticon-\(pack)-\(name)\"", immutable: false, request: request)
  }

}
