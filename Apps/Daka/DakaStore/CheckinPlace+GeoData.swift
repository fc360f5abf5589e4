import Foundation
import GeoData

extension CheckinPlace {
  /// The place a match names, with official names: the city's short one (杭州, as Dianping's `city` and every list
  /// of cities write it) and the district's full one (西湖区: 西湖 is the lake, 思明 no place at all).
  package init(_ match: PlaceMatch, geo: GeoData = .shared) {
    let code = match.city.countryCode
    // 香港 and 澳门 go by their own ISO 3166 names (中国香港); the mainland is 中国.
    let country = code == "CN" ? "中国" : geo.world.country(code: code)?.name ?? code
    self.init(
      countryCode: code, country: country, cityAdcode: match.city.adcode, geonameID: nil, city: match.city.name,
      districtAdcode: match.district?.adcode, district: match.district?.fullName,
      keys: code == "CN" ? match.searchKeys : country + " " + match.searchKeys)
  }

  /// A city outside mainland China, in its country.
  package init(_ city: WorldCity, in world: World) {
    let country = world.country(code: city.countryCode)
    let keys = [country?.name, country?.pinyin, country.map { World.typed($0.english) }, city.name, city.pinyin,
                city.initials, World.typed(city.english)].compactMap { $0 }.filter { !$0.isEmpty }
    self.init(
      countryCode: city.countryCode, country: country?.name ?? city.countryCode, geonameID: city.geonameID,
      city: city.name, keys: keys.joined(separator: " "))
  }

  /// The known place a free-text location names: in mainland China first (汉字 or pinyin,
  /// `GeoData.match(freeText:)`), else a city elsewhere (东京, "Paris, France", dongjing); nil when it names none.
  package init?(location: String, geo: GeoData = .shared) {
    if let match = geo.match(freeText: location) {
      self.init(match, geo: geo)
    } else if let city = geo.world.match(freeText: location) {
      self.init(city, in: geo.world)
    } else {
      return nil
    }
  }

  /// The place a point is in: its district in mainland China, else its city elsewhere; nil out at sea.
  package init?(point: Coordinate, geo: GeoData = .shared) {
    switch geo.whereabouts(of: point) {
    case .mainland(let city, let district)?:
      self.init(PlaceMatch(city: city, district: district.isWholeCity ? nil : district, neighbourhood: nil), geo: geo)
    case .elsewhere(let city)?:
      self.init(city, in: geo.world)
    case nil:
      return nil
    }
  }

  /// Every district whose official name is not its short one, by adcode, as a JSON object: what the migration
  /// that renames entries stored with short names (`daka-v4`) reads, in either engine.
  package static func officialDistrictNamesJSON(geo: GeoData = .shared) -> String {
    let renamed = geo.districts.filter { !$0.isWholeCity && $0.fullName != $0.name }
      .sorted { $0.adcode < $1.adcode }
      .map { "\"\($0.adcode)\":\"\($0.fullName)\"" }
    return "{" + renamed.joined(separator: ",") + "}"
  }
}
