import Foundation
import GeoData
import Synchronization
import SparrowPlatform
import DakaStore
import SparrowStore

/// 足迹: the visited places drawn from the shipped outlines, no tiles, at four levels: the world (countries lit),
/// a country (its outline; mainland China goes by province instead), a province of mainland China (its cities
/// lit), a city (its districts lit); each shape with its count of check-ins, and one's own exact points pinned.
struct FootprintMap: PageModel {
  struct Shape: PageModel {
    let name: String
    /// SVG path data drawn by `OutlineMap` from numbers (`M`, `l`, `Z`, digits, `.`, `-`, spaces): printed as it is
    /// (`{{{path}}}`): escaping it read every character of the lit shapes' outlines on each request.
    let path: String
    let count: Int
    /// Where choosing the shape goes (a level down); nil where there is none.
    let link: String?

    func child(named name: String) -> Any? {
      switch name {
      case "name": self.name
      case "path": path
      case "count": count
      case "lit": count > 0
      case "link": link
      default: nil
      }
    }
  }

  /// A place too small to outline at the level's scale (新加坡 on the world map, a city abroad): a dot.
  struct Dot: PageModel {
    let name: String
    let x, y: String
    let count: Int
    let link: String?

    func child(named name: String) -> Any? {
      switch name {
      case "name": self.name
      case "x": x
      case "y": y
      case "count": count
      case "link": link
      default: nil
      }
    }
  }

  /// One of the owner's exact points, opening its entry.
  struct Pin: PageModel {
    let x, y: String
    let title: String
    let link: String

    func child(named name: String) -> Any? {
      switch name {
      case "x": x
      case "y": y
      case "title": title
      case "link": link
      default: nil
      }
    }
  }

  /// A chooser above the map: levels (世界 and the countries), provinces, or cities.
  struct Choice: PageModel {
    let name: String
    let link: String
    let count: Int
    let current: Bool

    func child(named name: String) -> Any? {
      switch name {
      case "name": self.name
      case "link": link
      case "count": count
      case "current": current
      default: nil
      }
    }
  }

  /// What the map shows, from the page's query (`map=world`, `country=JP`, `province=浙江省`, `city=330100`).
  enum Level: Hashable {
    case world
    case country(String)
    /// Mainland China by province: the named one, or that of the most visited city.
    case province(String?)
    case city(Int)

    init(_ params: (map: String?, country: String?, province: String?, city: String?), stats: CheckinStats) {
      if let city = params.city.flatMap(Int.init) {
        self = .city(city)
      } else if let province = params.province {
        self = .province(province)
      } else if let code = params.country?.uppercased(), code.count == 2 {
        self = code == "CN" ? .province(nil) : .country(code)
      } else if params.map == "world" || stats.countries.contains(where: { $0.code != "CN" }) || stats.cities.isEmpty {
        self = .world
      } else {
        self = .province(nil)
      }
    }
  }

  static let width = 320.0

  /// The shapes' paths of each level drawn so far, by the level's key, in the order of the level's outlines. A
  /// level's outlines, their order and its box are the same for everyone (the world, a country, a province, a city:
  /// a few hundred levels at most), so each is drawn once; only which shapes are lit is the person's. By position,
  /// not by name: hashing 174 Chinese names (normalized first) on every world map was a quarter of building it.
  private static let levelPaths = Mutex<[String: [String]]>([:])

  static func paths(of key: String, count: Int, _ draw: () -> [String]) -> [String] {
    if let kept = levelPaths.withLock({ $0[key] }), kept.count == count { return kept }
    let drawn = draw()
    levelPaths.withLock { $0[key] = drawn }
    return drawn
  }

  let title: String
  /// What the level's outlines are (`paths(of:)`, `FootprintShapes`): nil when the box came from dots and pins.
  let levelKey: String?
  let shapes: [Shape]
  /// The shapes' markup, when `FootprintShapes` made it (else the template renders `shapes`).
  var shapesHTML: String?
  let dots: [Dot]
  let pins: [Pin]
  let height: String
  let levels: [Choice]
  let provinces: [Choice]
  let cities: [Choice]
  /// A level up: from a city to its province, from a country or a province to the world.
  let up: (link: String, label: String)?

  /// The map of `stats` and `points` at `level`. Nil when no entry has a known place or a point.
  init?(stats: CheckinStats, points: [CheckinPoint], level requested: Level, geo: GeoData = .shared) {
    guard !stats.countries.isEmpty || !points.isEmpty else { return nil }
    let world = geo.world
    // The world map shows countries only: the visited cities (copied out of the geo data, a few hundred for a
    // traveller) are looked up for the other levels alone.
    let showsCities: Bool
    if case .world = requested { showsCities = false } else { showsCities = true }
    let allCities = showsCities
      ? stats.cities.compactMap { visited in geo.city(adcode: visited.adcode).map { ($0, visited.count) } } : []
    // Mainland China goes by province; 香港, 澳门 and 台湾 are levels of their own (their ISO 3166 territories).
    let visitedCities = allCities.filter { $0.0.countryCode == "CN" }
    var level = requested
    if case .city(let adcode) = level, !allCities.contains(where: { $0.0.adcode == adcode }) { level = .province(nil) }
    if case .province = level, visitedCities.isEmpty { level = .world }

    var byProvince: [(String, Int)] = []
    for (city, count) in visitedCities {
      if let index = byProvince.firstIndex(where: { $0.0 == city.province }) { byProvince[index].1 += count }
      else { byProvince.append((city.province, count)) }
    }
    let countryCounts = Dictionary(stats.countries.map { ($0.code, $0.count) }, uniquingKeysWith: +)
    let abroad = stats.countries.contains { $0.code != "CN" }
    levels = abroad || level == .world
      ? [Choice(name: "世界", link: "/daka/me?map=world", count: stats.count, current: level == .world)]
        + stats.countries.map { country in
          let current: Bool
          switch level {
          case .country(let code): current = code == country.code
          case .province, .city: current = country.code == "CN"
          case .world: current = false
          }
          return Choice(name: country.name, link: "/daka/me?country=\(country.code)", count: country.count, current: current)
        }
      : []

    var outlines: [(name: String, outline: Outline, count: Int, link: String?)] = []
    var dots: [(name: String, at: Coordinate, count: Int, link: String?)] = []
    var shownPoints = points
    var chosenCity: City?
    var chosenProvince: String?
    let key: String
    switch level {
    case .world:
      for (country, outline) in world.countryOutlines where country.code != "AQ" {
        let count = countryCounts[country.code] ?? 0
        outlines.append((country.name, outline, count, count > 0 ? "/daka/me?country=\(country.code)" : nil))
      }
      for visited in stats.countries {
        guard let country = world.country(code: visited.code), world.outline(of: country) == nil, let centre = country.centre
        else { continue }
        dots.append((country.name, centre, visited.count, "/daka/me?country=\(visited.code)"))
      }
      title = "世界"
      key = "world"
      up = nil
    case .country(let code):
      let country = world.country(code: code)
      let ownCities = geo.cities.filter { $0.countryCode == code }
      if !ownCities.isEmpty {
        // 香港's districts, 台湾's county-level units: the shipped outlines, finer than the world's.
        let cityCounts = Dictionary(allCities.map { ($0.0.adcode, $0.1) }, uniquingKeysWith: +)
        let districtCounts = Dictionary(stats.districts.map { ($0.adcode, $0.count) }, uniquingKeysWith: +)
        for city in ownCities {
          let parts = geo.districts(of: city).filter { !$0.isWholeCity }
          if parts.isEmpty, let outline = geo.outline(of: city) {
            let count = cityCounts[city.adcode] ?? 0
            outlines.append((city.name, outline, count, count > 0 ? "/daka/me?city=\(city.adcode)" : nil))
          }
          for district in parts {
            if let outline = geo.outline(of: district) { outlines.append((district.fullName, outline, districtCounts[district.adcode] ?? 0, nil)) }
          }
        }
      } else if let country, let outline = world.outline(of: country) {
        outlines.append((country.name, outline, countryCounts[code] ?? 0, nil))
      }
      for visited in stats.citiesAbroad where visited.countryCode == code {
        if let city = world.city(geonameID: visited.geonameID) { dots.append((city.name, city.coordinate, visited.count, nil)) }
      }
      shownPoints = points.filter { $0.countryCode == code }
      title = country?.name ?? code
      key = "country:\(code)"
      up = ("/daka/me?map=world", "返回世界")
    case .province(let named):
      let province = byProvince.first { $0.0 == named }?.0 ?? byProvince.first!.0
      chosenProvince = province
      let counts = Dictionary(visitedCities.map { ($0.0.adcode, $0.1) }, uniquingKeysWith: +)
      for each in geo.cities(inProvince: province) {
        if let outline = geo.outline(of: each) {
          outlines.append((each.name, outline, counts[each.adcode] ?? 0, counts[each.adcode] == nil ? nil : "/daka/me?city=\(each.adcode)"))
        }
      }
      title = province
      key = "province:\(province)"
      up = abroad ? ("/daka/me?map=world", "返回世界") : nil
    case .city(let adcode):
      let city = allCities.first { $0.0.adcode == adcode }!.0
      chosenCity = city
      chosenProvince = city.countryCode == "CN" ? city.province : nil
      let counts = Dictionary(stats.districts.map { ($0.adcode, $0.count) }, uniquingKeysWith: +)
      for district in geo.districts(of: city) {
        if let outline = geo.outline(of: district) { outlines.append((district.fullName, outline, counts[district.adcode] ?? 0, nil)) }
      }
      if outlines.isEmpty, let outline = geo.outline(of: city) {
        outlines.append((city.name, outline, visitedCities.first { $0.0 == city }?.1 ?? 0, nil))
      }
      title = city.name
      key = "city:\(adcode)"
      up = city.countryCode == "CN"
        ? ("/daka/me?province=" + (city.province.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""), "返回全省")
        : ("/daka/me?country=\(city.countryCode)", "返回" + (world.country(code: city.countryCode)?.name ?? ""))
    }
    provinces = chosenProvince == nil ? [] : byProvince.map {
      Choice(name: $0.0, link: "/daka/me?province=" + ($0.0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""),
             count: $0.1, current: chosenCity == nil && $0.0 == chosenProvince)
    }
    cities = chosenProvince == nil ? [] : visitedCities.filter { $0.0.province == chosenProvince }.map {
      Choice(name: $0.0.name, link: "/daka/me?city=\($0.0.adcode)", count: $0.1, current: $0.0 == chosenCity)
    }

    // The drawing's box: the outlines' (a province, a city, the world), else the dots' and pins' (a small country).
    var box: BoundingBox? = outlines.first?.outline.boundingBox
    for each in outlines.dropFirst() { box = box?.union(each.outline.boundingBox) }
    if box == nil {
      let spots = dots.map(\.at) + shownPoints.map(\.point)
      guard let first = spots.first else { return nil }
      box = spots.reduce(BoundingBox(minLatitude: first.latitude - 0.2, maxLatitude: first.latitude + 0.2,
                                     minLongitude: first.longitude - 0.2, maxLongitude: first.longitude + 0.2)) {
        $0.union(BoundingBox(minLatitude: $1.latitude - 0.2, maxLatitude: $1.latitude + 0.2,
                             minLongitude: $1.longitude - 0.2, maxLongitude: $1.longitude + 0.2))
      }
    }
    guard let box else { return nil }
    let map = OutlineMap(box: box, width: Self.width)
    height = OutlineMap.number(map.height)
    // A level's drawing is the same for everyone: its paths are made once.
    levelKey = outlines.isEmpty ? nil : key
    let paths = levelKey.map { key in
      Self.paths(of: key, count: outlines.count) { outlines.map { map.path($0.outline) } }
    } ?? outlines.map { map.path($0.outline) }
    shapes = zip(outlines, paths).map { Shape(name: $0.name, path: $1, count: $0.count, link: $0.link) }
    self.dots = dots.map { dot in
      let p = map.point(dot.at)
      return Dot(name: dot.name, x: OutlineMap.number(p.x), y: OutlineMap.number(p.y), count: dot.count, link: dot.link)
    }
    pins = shownPoints.filter { map.box.contains($0.point) }.map { point in
      let p = map.point(point.point)
      return Pin(x: OutlineMap.number(p.x), y: OutlineMap.number(p.y), title: "\(point.date) \(point.spot)",
                 link: "/daka/c/\(point.id)")
    }
  }

  func child(named name: String) -> Any? {
    switch name {
    case "map_title": title
    case "shapes": shapesHTML == nil ? shapes : []
    case "shapes_html": shapesHTML
    case "dots": dots
    case "pins": pins
    case "width": OutlineMap.number(Self.width)
    case "height": height
    case "levels": levels
    case "provinces": provinces
    case "map_cities": cities
    case "up": up?.link
    case "up_label": up?.label
    default: nil
    }
  }
}
