import Foundation
import GeoData

extension CheckinPlace {
  /// The place a match names, with official names: the city's short one (杭州, as Dianping's `city` and every list
  /// of cities write it) and the district's full one (西湖区: 西湖 is the lake, 思明 no place at all).
  package init(_ match: PlaceMatch) {
    self.init(
      cityAdcode: match.city.adcode, city: match.city.name, districtAdcode: match.district?.adcode,
      district: match.district?.fullName, keys: match.searchKeys)
  }

  /// The known place a free-text location names (汉字 or pinyin, `GeoData.match(freeText:)`); nil when it
  /// names none.
  package init?(location: String, geo: GeoData = .shared) {
    guard let match = geo.match(freeText: location) else { return nil }
    self.init(match)
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
