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

  let dispatcher: APIDispatcher<DealsError, DealsCall>

  package init(deps: DealsDependencies, platform: Platform) {
    let store = deps.store
    let keys = KeptDealsKeys()
    var routes = APIRoutes<DealsError, DealsCall>(
      prefix: "/v1/", suffix: ".json", bodyLimit: Self.bodyLimit, auth: .own, scope: nil,
      makeCall: { request in try await DealsCall.verify(request.params, store: store, keys: keys, now: request.now) })
    let presenter = DealsPresenter(publicURL: deps.config.publicURL)
    let endpoints = DealEndpoints(store: deps.store, users: platform.deps.store, presenter: presenter)
    // Reads may come as GET or POST, as the spec allows; consuming a 券 is a POST.
    func get(_ path: String, _ handler: @escaping Handler) { routes.add(.get, .post, path: path) { try Self.ok(try await handler($0)) } }
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
    get("review/get_recent_reviews", endpoints.recentReviews)
    routes.add(.post, path: "coupon/consume") { try Self.ok(try await endpoints.consume($0)) }
    dispatcher = APIDispatcher(routes, platform: platform, now: deps.now)
  }

  package func unreadable(path: String, status: HTTPResponse.Status) -> UnreadableAnswer? {
    dispatcher.unreadable(path: path, status: status)
  }

  package func register(on router: Router<SparrowContext>) {
    dispatcher.register(on: router)
  }

  /// Bodies are a few form fields.
  static let bodyLimit = 64 << 10

  /// The spec's success envelope: `"status":"OK"` and the endpoint's fields beside it.
  static func ok(_ result: any Encodable & Sendable) throws -> Response {
    let body = try JSONWriter().encode(result)
    return jsonResponse(body.count <= 2 ? Array(#"{"status":"OK"}"#.utf8) : Array(#"{"status":"OK","#.utf8) + body.dropFirst())
  }
}
