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

  /// `/daka/places?q=`: cities and districts of mainland China whose names, pinyin or initials match (as 团购's
  /// city search), then cities elsewhere (汉字, pinyin or English: 东京, dongjing, tokyo), for the location
  /// picker. JSON.
  func places(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let query = TextLimit(40).prefix(context.params["q"] ?? "")
    let geo = GeoData.shared
    var options = geo.search(query, limit: 6).map { PlaceOption(value: $0.name, hint: $0.province) }
    options += geo.searchDistricts(query, limit: 8).filter { !$0.isWholeCity }.map { district in
      let city = geo.city(of: district)
      return PlaceOption(value: city.name + district.fullName, hint: "\(city.province) \(city.name)")
    }
    let mainland = options.prefix(query.count <= 2 ? 7 : 6)
    let world = geo.world
    let abroad = world.search(query, limit: 10 - mainland.count).map { city in
      PlaceOption(value: Self.written(city, in: world), hint: city.english)
    }
    return try Self.json(Array(mainland) + abroad)
  }

  /// How a city elsewhere is written into the location field: its country and its name (日本 东京, 法国 Nice), so
  /// that the words name it again when the form is sent.
  static func written(_ city: WorldCity, in world: World) -> String {
    let country = world.country(code: city.countryCode)?.name ?? ""
    return city.name.hasPrefix(country) ? city.name : country + " " + city.name
  }

  /// `/daka/place?lat=&lng=`: the place a point falls in, offline: in mainland China its city and district (the
  /// shipped outlines), elsewhere its country and city (GeoNames), for the form's "from the photo". 404 out at sea.
  func place(_ request: Request, _ context: SparrowContext) async throws -> Response {
    guard let lat = context.params["lat"].flatMap(Double.init), let lng = context.params["lng"].flatMap(Double.init),
      (-90...90).contains(lat), (-180...180).contains(lng)
    else { throw WebPageError(.badRequest, "坐标不对") }
    let geo = GeoData.shared
    switch geo.whereabouts(of: Coordinate(latitude: lat, longitude: lng)) {
    case .mainland(let city, let district)?:
      let name = district.isWholeCity ? "" : district.fullName
      return try Self.json(PlaceOption(value: city.name + name, hint: city.province))
    case .elsewhere(let city)?:
      return try Self.json(PlaceOption(value: Self.written(city, in: geo.world), hint: city.english))
    case nil:
      throw WebPageError(.notFound, "这个位置不在已知的城市附近")
    }
  }

  /// A JSON answer for the page's script; it follows the signed-in person's data, so nothing keeps it.
  static func json(_ value: some Encodable & Sendable) throws -> Response {
    var response = try SparrowPlatform.json(value)
    response.headers[.cacheControl] = "no-store"
    return response
  }
}
