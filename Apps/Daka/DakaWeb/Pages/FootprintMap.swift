import Foundation
import GeoData
import SparrowPlatform
import DakaStore
import SparrowStore

/// 足迹: the visited places drawn from the shipped outlines, no tiles. A province's cities with the visited ones
/// lit, or, when a city is chosen, its districts with the visited ones lit; each with its count of check-ins.
struct FootprintMap: PageModel {
  struct Shape: PageModel {
    let name: String
    let path: String
    let count: Int
    /// Where choosing the shape goes (a city's districts); nil for districts.
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

  /// A place chooser above the map: the visited provinces, or the visited cities.
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

  static let width = 320.0

  let title: String
  let shapes: [Shape]
  let height: String
  let provinces: [Choice]
  let cities: [Choice]
  /// Back to the province from a city's districts.
  let up: String?

  /// The map for `stats`: the chosen city's districts, else the chosen province (by default, that of the most
  /// visited city). Nil when no entry is linked to a known place.
  init?(stats: CheckinStats, city chosenCity: Int?, province chosenProvince: String?, geo: GeoData = .shared) {
    let visitedCities = stats.cities.compactMap { visited in geo.city(adcode: visited.adcode).map { ($0, visited.count) } }
    guard let first = visitedCities.first else { return nil }
    var byProvince: [(String, Int)] = []
    for (city, count) in visitedCities {
      if let index = byProvince.firstIndex(where: { $0.0 == city.province }) { byProvince[index].1 += count }
      else { byProvince.append((city.province, count)) }
    }
    let city = chosenCity.flatMap { adcode in visitedCities.first { $0.0.adcode == adcode }?.0 }
    let province = city?.province ?? byProvince.first { $0.0 == chosenProvince }?.0 ?? first.0.province
    provinces = byProvince.map {
      Choice(name: $0.0, link: "/daka/me?province=" + ($0.0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""),
             count: $0.1, current: city == nil && $0.0 == province)
    }
    cities = visitedCities.filter { $0.0.province == province }.map {
      Choice(name: $0.0.name, link: "/daka/me?city=\($0.0.adcode)", count: $0.1, current: $0.0 == city)
    }
    var outlines: [(String, Outline, Int, String?)] = []
    if let city {
      let counts = Dictionary(stats.districts.map { ($0.adcode, $0.count) }, uniquingKeysWith: +)
      for district in geo.districts(of: city) {
        if let outline = geo.outline(of: district) { outlines.append((district.fullName, outline, counts[district.adcode] ?? 0, nil)) }
      }
      if outlines.isEmpty, let outline = geo.outline(of: city) {
        outlines.append((city.name, outline, visitedCities.first { $0.0 == city }?.1 ?? 0, nil))
      }
      title = city.name
      up = "/daka/me?province=" + (city.province.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    } else {
      let counts = Dictionary(visitedCities.map { ($0.0.adcode, $0.1) }, uniquingKeysWith: +)
      for each in geo.cities where each.province == province {
        if let outline = geo.outline(of: each) {
          outlines.append((each.name, outline, counts[each.adcode] ?? 0, counts[each.adcode] == nil ? nil : "/daka/me?city=\(each.adcode)"))
        }
      }
      title = province
      up = nil
    }
    let boxes = outlines.map { $0.1.boundingBox }
    guard let firstBox = boxes.first else { return nil }
    let box = boxes.dropFirst().reduce(firstBox) { $0.union($1) }
    let map = OutlineMap(box: box, width: Self.width)
    height = OutlineMap.number(map.height)
    shapes = outlines.map { Shape(name: $0.0, path: map.path($0.1), count: $0.2, link: $0.3) }
  }

  func child(named name: String) -> Any? {
    switch name {
    case "map_title": title
    case "shapes": shapes
    case "width": OutlineMap.number(Self.width)
    case "height": height
    case "provinces": provinces
    case "map_cities": cities
    case "up": up
    default: nil
    }
  }
}
