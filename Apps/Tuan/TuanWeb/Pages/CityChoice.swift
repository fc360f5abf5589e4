import GeoData
import Hummingbird
import SparrowPlatform
import SparrowStore
import TuanStore

/// The city this browser chose and the ones it visited, newest first, from its cookies (set by `/tuan/city`);
/// a signed-in person's 最近访问 is the store's instead (`TuanWeb.cityChoice`), so it follows them.
struct CityChoice {
  static let cityCookie = "tuan_city"
  static let visitedCookie = "tuan_cities"
  /// How many cities 最近访问 keeps.
  static let visitedLimit = recentCityLimit

  /// The chosen city; 北京, the first 热门 city, until one is chosen.
  let city: City
  /// Newest first, the chosen city among them.
  var visited: [City]

  init(_ request: Request) {
    city = Self.city(of: request)
    visited = Self.adcodes(request.cookie(Self.visitedCookie) ?? "").compactMap(GeoData.shared.city(adcode:))
  }

  /// The chosen city alone, what a page and its frame show (最近访问 is the city page's): Hummingbird's `cookies`,
  /// parsing every cookie for each, was 6 % of 商家后台 in `perf` (`Request.cookie` finds the one).
  static func city(of request: Request) -> City {
    let geo = GeoData.shared
    return request.cookie(cityCookie).flatMap { Int($0) }.flatMap(geo.city(adcode:)) ?? geo.hotCities[0]
  }

  /// Adcodes joined by dots (`110100.430100`); anything else in the cookie is ignored.
  static func adcodes(_ text: String) -> [Int] {
    text.split(separator: ".").compactMap { Int($0) }.filter { (100_000...999_999).contains($0) }
  }

  /// The cookies after choosing `city`: it becomes current and first in 最近访问.
  func choosing(_ chosen: City) -> [String] {
    let list = ([chosen] + visited.filter { $0 != chosen }).prefix(Self.visitedLimit).map { String($0.adcode) }
    let year = 365 * 86_400
    return [
      WebSession.setCookie(Self.cityCookie, String(chosen.adcode), maxAge: year, path: "/tuan"),
      // Dots, not commas: a comma in a cookie value needs quoting.
      WebSession.setCookie(Self.visitedCookie, list.joined(separator: "."), maxAge: year, path: "/tuan"),
    ]
  }
}
