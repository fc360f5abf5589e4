import SparrowCore
import Foundation
import GeoData
import Hummingbird
import SparrowPlatform
import SparrowStore
import Synchronization

extension DakaWeb {
  /// A place the location picker offers: how it is written into the field, and a hint of where it is.
  struct PlaceOption: Encodable, Sendable {
    let value: String
    let hint: String
  }

  /// `/daka/places?q=`: cities and districts of mainland China whose names, pinyin or initials match (as 团购's
  /// city search), then cities elsewhere (汉字, pinyin or English: 东京, dongjing, tokyo), for the location
  /// picker. JSON.
  func places(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let query = TextLimit(40).prefix(context.params["q"] ?? "")
    return try Self.json(placeAnswers.answer(query) { Self.placeOptions(query) })
  }

  /// The picker's options for `query`: from the shipped place data alone, so each query's are kept
  /// (`PlaceAnswers`); walking every city and district took 2 ms an answer.
  static func placeOptions(_ query: String) -> [PlaceOption] {
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
    return Array(mainland) + abroad
  }

  /// The answers of the place picker, by query: they come from data shipped with the binary, so they never
  /// change; the most asked are kept (`Generations`: a query typed a letter at a time asks many).
  final class PlaceAnswers: Sendable {
    private let kept = Mutex(Generations<String, [PlaceOption]>(limit: 5_000))

    func answer(_ query: String, make: () -> [PlaceOption]) -> [PlaceOption] {
      if let options = kept.withLock({ $0[query] }) { return options }
      let options = make()
      kept.withLock { $0[query] = options }
      return options
    }
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

  /// The map a point is picked on: an SVG of the area and the box it spans (latitude and longitude are linear in
  /// the drawing, so the page's script turns a click back into degrees).
  struct PickMap: Encodable {
    let svg: String
    let minLatitude, maxLatitude, minLongitude, maxLongitude: Double
    let width, height: Double
    let title: String
  }

  /// `/daka/pickmap?location=&lat=&lng=`: the map to pick a point on for the form, drawn from the shipped outlines:
  /// the city the location names (its districts) in mainland China, 香港 or 台湾; around the city elsewhere (the
  /// countries' coarse outlines); around the current point when the words name nothing. 404 when there is neither.
  func pickMap(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let geo = GeoData.shared
    let location = TextLimit(50).prefix(context.params["location"] ?? "")
    var shapes: [(String, Outline)] = []
    var centre: Coordinate?
    var title = ""
    if let match = geo.match(freeText: location) {
      let parts = geo.districts(of: match.city).filter { !$0.isWholeCity }
      shapes = parts.compactMap { district in geo.outline(of: district).map { (district.fullName, $0) } }
      if shapes.isEmpty, let outline = geo.outline(of: match.city) { shapes = [(match.city.name, outline)] }
      title = match.city.name
    } else if let city = geo.world.match(freeText: location) {
      centre = city.coordinate
      title = city.name
    } else if let lat = context.params["lat"].flatMap(Double.init), let lng = context.params["lng"].flatMap(Double.init),
      (-90...90).contains(lat), (-180...180).contains(lng)
    {
      centre = Coordinate(latitude: lat, longitude: lng)
      title = "当前位置附近"
    }
    var box: BoundingBox
    if let first = shapes.first {
      box = shapes.dropFirst().reduce(first.1.boundingBox) { $0.union($1.1.boundingBox) }
    } else if let centre {
      // About 60 km across around a city abroad: its own town and what is around.
      box = BoundingBox(minLatitude: centre.latitude - 0.3, maxLatitude: centre.latitude + 0.3,
                        minLongitude: centre.longitude - 0.4, maxLongitude: centre.longitude + 0.4)
      for country in geo.world.outlinedCountries {
        if let outline = geo.world.outline(of: country), outline.boundingBox.overlaps(box) { shapes.append((country.name, outline)) }
      }
      for city in geo.cities {
        if let outline = geo.outline(of: city), outline.boundingBox.overlaps(box) { shapes.append((city.name, outline)) }
      }
    } else {
      throw WebPageError(.notFound, "先填写地点，才能在地图上选点")
    }
    let map = OutlineMap(box: box, width: 320)
    box = map.box
    var svg = "<svg class=\"map pick\" id=\"pick-svg\" viewBox=\"0 0 320 \(OutlineMap.number(map.height))\" role=\"img\" aria-label=\"在地图上点选位置\">"
    for (name, outline) in shapes {
      svg += "<path class=\"shape\" d=\"\(map.path(outline))\" fill-rule=\"evenodd\"><title>\(HTML.escape(name))</title></path>"
    }
    svg += "<circle class=\"pin\" id=\"pick-pin\" r=\"4\" cx=\"-10\" cy=\"-10\"></circle></svg>"
    return try Self.json(PickMap(svg: svg, minLatitude: box.minLatitude, maxLatitude: box.maxLatitude,
                                 minLongitude: box.minLongitude, maxLongitude: box.maxLongitude, width: 320,
                                 height: map.height, title: title))
  }

  /// A JSON answer for the page's script; it follows the signed-in person's data, so nothing keeps it.
  static func json(_ value: some Encodable & Sendable) throws -> Response {
    var response = try SparrowPlatform.json(value)
    response.headers[.cacheControl] = "no-store"
    return response
  }
}
