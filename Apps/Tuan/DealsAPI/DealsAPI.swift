import Foundation
import GeoData
import Hummingbird
import SparrowCore
import SparrowPlatform
import SparrowStore
import TuanStore

/// What the deals API needs of the engine.
package typealias DealsDependencies = Dependencies<any TuanStore>

/// The 团购 deals API at `/v1/…`, wire-compatible with Dianping's v1: every call signed with a Sparrow app's
/// client id (`appkey`) and secret, names as keys, the spec's envelope and error codes (HTTP 200 for API errors).
package struct DealsAPI: SparrowApp {
  package typealias Handler = @Sendable (DealsCall) async throws -> any Encodable & Sendable

  struct Route: Sendable {
    let post: Bool
    let handler: Handler
  }

  let deps: DealsDependencies
  let rates: RateLimiter
  let routes: [String: Route]

  package init(deps: DealsDependencies, platform: Platform) {
    self.deps = deps
    rates = platform.rates
    var routes: [String: Route] = [:]
    let presenter = DealsPresenter(publicURL: deps.config.publicURL)
    let endpoints = DealEndpoints(store: deps.store, presenter: presenter)
    func get(_ path: String, _ handler: @escaping Handler) { routes[path] = Route(post: false, handler: handler) }
    get("metadata/get_cities_with_deals", endpoints.cities)
    get("metadata/get_categories_with_deals", endpoints.categories)
    get("metadata/get_regions_with_deals", endpoints.regions)
    get("deal/find_deals", endpoints.findDeals)
    get("deal/get_single_deal", endpoints.singleDeal)
    get("deal/get_batch_deals_by_id", endpoints.batchDeals)
    get("deal/get_all_id_list", endpoints.allIDs)
    get("deal/get_daily_new_id_list", endpoints.dailyNewIDs)
    get("deal/get_sold_out_id_list", endpoints.soldOutIDs)
    get("deal/get_incremental_id_list", endpoints.incrementalIDs)
    get("deal/get_deals_by_business_id", endpoints.dealsByBusiness)
    get("business/find_businesses", endpoints.findBusinesses)
    get("business/get_single_business", endpoints.singleBusiness)
    routes["coupon/consume"] = Route(post: true, handler: endpoints.consume)
    self.routes = routes
  }

  package func unreadable(path: String, status: HTTPResponse.Status) -> UnreadableAnswer? {
    guard path.hasPrefix("/v1/") else { return nil }
    let why = status == .requestHeaderFieldsTooLarge ? "header fields too large" : "malformed HTTP"
    return UnreadableAnswer(contentType: "application/json; charset=utf-8", body: DealsError.invalid("request", why).body)
  }

  package func register(on router: Router<SparrowContext>) {
    let api = self
    for method in [HTTPRequest.Method.get, .post, .put, .delete, .patch, .trace, .options, .head] {
      router.on("/v1/**", method: method) { request, context in await api.handle(request, context) }
    }
  }

  /// Bodies are a few form fields.
  static let bodyLimit = 64 << 10

  func handle(_ request: Request, _ context: SparrowContext) async -> Response {
    do {
      let result = try await answer(request, context)
      // The endpoint's fields after "status": its object without the opening brace.
      let body = try JSONWriter().encode(result)
      let bytes = body.count <= 2 ? Array(#"{"status":"OK"}"#.utf8) : Array(#"{"status":"OK","#.utf8) + body.dropFirst()
      return Self.json(bytes, status: .ok)
    } catch let error as DealsError {
      return Self.json(error.body, status: .ok)
    } catch let error as ParamError {
      return Self.json(DealsError(error).body, status: .ok)
    } catch StoreError.unavailable {
      // The database is away (a restart, an outage): not our fault nor the caller's, and worth retrying.
      return Self.json(DealsError.unavailable.body, status: .serviceUnavailable)
    } catch {
      context.logger.error("\(request.uri.path) failed: \(error)")
      return Self.json(DealsError.internalError.body, status: .internalServerError)
    }
  }

  static func json(_ bytes: [UInt8], status: HTTPResponse.Status) -> Response {
    Response(
      status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
      body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
  }

  private func answer(_ request: Request, _ context: SparrowContext) async throws -> any Encodable & Sendable {
    var path = Substring(request.uri.path).dropFirst("/v1/".count)
    if path.hasSuffix(".json") { path = path.dropLast(5) }
    while path.hasSuffix("/") { path = path.dropLast() }
    guard let route = routes[String(path)] else { throw DealsError.notFound("no such API: /v1/\(DealsError.shown(String(path)))") }
    let allowed: [HTTPRequest.Method] = route.post ? [.post] : [.get, .post]
    guard allowed.contains(request.method) else {
      throw DealsError.invalid("method", "\(request.method.rawValue) is not allowed, use \(route.post ? "POST" : "GET")")
    }
    do {
      try rates.admit(address: context.clientAddress)
    } catch is RateLimiter.Exceeded {
      throw DealsError.rateLimited
    }
    var request = request
    let params = try await Params.read(&request, limit: Self.bodyLimit)
    let call = try await DealsCall.verify(params, store: deps.store, now: deps.now())
    return try await route.handler(call)
  }
}
