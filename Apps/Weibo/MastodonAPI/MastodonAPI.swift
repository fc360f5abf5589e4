import Foundation
import Hummingbird
import Synchronization
import SparrowCore
import SparrowMedia
import SparrowPlatform
import SparrowStore
import WeiboAPI
import WeiboStore

/// The Mastodon API's routes below `/api/`.
package typealias MastodonTable = APIRoutes<MastodonError, MastodonCall>

/// 微博 through the Mastodon client API (docs.joinmastodon.org, 4.x) at `/api/v1/…` and `/api/v2/…`, on the same
/// people, statuses, comments, marks and pictures as the Weibo API: one status, seen from either. Sign-in is the
/// platform's standard OAuth (`/oauth/*`); apps register themselves (`POST /api/v1/apps`).
package struct MastodonAPI: SparrowApp {
  let deps: WeiboDependencies
  let pictures: PictureLibrary
  let scopes: ScopeCatalog
  let dispatcher: APIDispatcher<MastodonError, MastodonCall>
  let streams: MastodonStreams

  /// The Mastodon version whose client API this follows, as apps read it from `version`.
  package static let version = "4.3.0 (compatible; Sparrow 1.0)"
  /// Form bodies; uploads carry a picture of up to 5 MB plus fields.
  static let formLimit = 1 << 20
  static let uploadLimit = 16 << 20

  package init(deps: WeiboDependencies, platform: Platform) {
    self.deps = deps
    pictures = platform.pictures
    scopes = platform.scopes
    var table = MastodonTable(
      prefix: "/api/", bodyLimit: Self.formLimit, auth: .token, scope: .mastodonRead,
      makeCall: { request in
        MastodonCall(params: request.params, caller: request.caller, pathID: request.pathID, path: request.path,
                     headers: request.headers, now: request.now, address: request.address)
      },
      translate: MastodonError.translate)
    table.acceptsJSON = true
    let api = MastodonEndpoints(deps: deps, pictures: platform.pictures, scopes: platform.scopes)
    api.register(&table)
    streams = MastodonStreams(endpoints: api)
    streams.register(&table)
    dispatcher = APIDispatcher(table, platform: platform, now: deps.now)
  }

  package func webSocket(_ request: HTTPRequest) async throws -> WebSocketUpgrade? { await streams.upgrade(request) }

  package func unreadable(path: String, status: HTTPResponse.Status) -> UnreadableAnswer? {
    dispatcher.unreadable(path: path, status: status)
  }

  package func register(on router: Router<SparrowContext>) {
    dispatcher.register(on: router)
    let deps = self.deps
    router.get("/.well-known/nodeinfo") { _, _ in
      struct Links: Encodable, Sendable {
        struct Link: Encodable, Sendable {
          let rel: String
          let href: String
        }
        let links: [Link]
      }
      return try json(Links(links: [
        .init(rel: "http://nodeinfo.diaspora.software/ns/schema/2.0", href: deps.config.publicURL + "/nodeinfo/2.0"),
      ]))
    }
    router.get("/nodeinfo/2.0") { _, _ in try await MastodonEndpoints.nodeInfo(deps) }
    let header = HeaderPicture()
    router.get("/mastodon/header.png") { request, _ in try await header.response(request) }
  }
}

/// The picture every account shows as its header (Sparrow keeps none per person): drawn once, kept in memory.
final class HeaderPicture: Sendable {
  private let png = Mutex<[UInt8]?>(nil)

  func response(_ request: Request) async throws -> Response {
    let bytes: [UInt8]
    if let drawn = png.withLock({ $0 }) {
      bytes = drawn
    } else {
      let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="1500" height="500" viewBox="0 0 1500 500">\
        <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff8200"/>\
        <stop offset="1" stop-color="#ffb347"/></linearGradient></defs><rect width="1500" height="500" fill="url(#g)"/></svg>
        """
      let data = try await PictureLibrary.offload { try ImageProcessor().render(svg: svg, as: .png) }
      bytes = Array(data)
      png.withLock { $0 = bytes }
    }
    var response = Response(status: .ok, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    response.headers[.contentType] = "image/png"
    response.headers[.cacheControl] = "public, max-age=86400"
    return response
  }
}
