import Foundation
import Hummingbird
import SparrowPlatform
import SparrowStore
import TuanStore

extension TuanWeb {
  /// How many deals the map places: the city's best sellers, one marker per merchant.
  static let mapDeals = 300

  /// `/tuan/map`: the chosen city's districts and the merchants with deals on sale.
  func map(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let city = CityChoice.city(of: request)
    var query = DealQuery()
    query.cityAdcodes = [city.adcode]
    query.locality = .localOnly
    query.onSaleAt = deps.now()
    query.sort = .popular
    query.limit = Self.mapDeals
    // With a marker at each of their 适用分店, opening the same deal.
    let pins = try await deps.store.dealPins(query)
    let page = MapPage(frame: try await frame(context, request, tab: .map, title: "地图"), city: city, pins: pins, parts: mapParts)
    return render("tuan_map", page)
  }
}
