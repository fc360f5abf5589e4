import SparrowCore
import Foundation
import GeoData
import Hummingbird
import SparrowPlatform

extension DakaWeb {
  /// A place the location picker offers: how it is written into the field, and a hint of where it is.
  struct PlaceOption: Encodable {
    let value: String
    let hint: String
  }

  /// `/daka/places?q=`: cities and districts whose names, pinyin or initials match (as 团购's city search),
  /// for the location picker. JSON.
  func places(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let query = TextLimit(40).prefix(context.params["q"] ?? "")
    let geo = GeoData.shared
    var options = geo.search(query, limit: 6).map { PlaceOption(value: $0.name, hint: $0.province) }
    options += geo.searchDistricts(query, limit: 8).filter { !$0.isWholeCity }.map { district in
      let city = geo.city(of: district)
      return PlaceOption(value: city.name + district.fullName, hint: "\(city.province) \(city.name)")
    }
    return try Self.json(Array(options.prefix(10)))
  }

  /// `/daka/place?lat=&lng=`: the city and district a point falls in, from the shipped outlines (offline), for
  /// the form's "from the photo". 404 outside them.
  func place(_ request: Request, _ context: SparrowContext) async throws -> Response {
    guard let lat = context.params["lat"].flatMap(Double.init), let lng = context.params["lng"].flatMap(Double.init),
      (-90...90).contains(lat), (-180...180).contains(lng)
    else { throw WebPageError(.badRequest, "坐标不对") }
    guard let found = GeoData.shared.place(containing: Coordinate(latitude: lat, longitude: lng)) else {
      throw WebPageError(.notFound, "这个位置不在已知的城市里")
    }
    let district = found.district.isWholeCity ? "" : found.district.fullName
    return try Self.json(PlaceOption(value: found.city.name + district, hint: found.city.province))
  }

  /// A JSON answer for the page's script; it follows the signed-in person's data, so nothing keeps it.
  static func json(_ value: some Encodable & Sendable) throws -> Response {
    var response = try SparrowPlatform.json(value)
    response.headers[.cacheControl] = "no-store"
    return response
  }
}
