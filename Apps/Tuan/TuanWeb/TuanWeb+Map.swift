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
    let city = CityChoice(request).city
    var query = DealQuery()
    query.cityAdcodes = [city.adcode]
    query.locality = .localOnly
    query.onSaleAt = deps.now()
    query.sort = .popular
    query.limit = Self.mapDeals
    var pins = try await deps.store.dealPins(query)
    // A deal's 适用分店 get markers of their own, opening the same deal.
    let branches = try await deps.store.branches(of: pins.map(\.id))
    if !branches.isEmpty {
      let shops = try await deps.store.merchants(ids: Array(Set(branches.values.joined())))
      pins += pins.flatMap { pin in
        (branches[pin.id] ?? []).compactMap { shops[$0] }.map {
          DealPin(id: pin.id, merchantID: $0.id, merchantName: $0.fullName, title: pin.title, currentPrice: pin.currentPrice,
                  latitude: $0.latitude, longitude: $0.longitude)
        }
      }
    }
    let page = MapPage(frame: try await frame(context, request, tab: .map, title: "地图"), city: city, pins: pins, parts: mapParts)
    return render("tuan_map", page)
  }
}
