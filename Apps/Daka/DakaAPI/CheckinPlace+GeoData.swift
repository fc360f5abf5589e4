import Foundation
import GeoData
import DakaStore
import SparrowStore

extension CheckinPlace {
  /// The known place a free-text location names (汉字 or pinyin, `GeoData.match(freeText:)`); nil when it
  /// names none.
  init?(location: String, geo: GeoData = .shared) {
    guard let match = geo.match(freeText: location) else { return nil }
    self.init(cityAdcode: match.city.adcode, city: match.city.name, districtAdcode: match.district?.adcode,
              district: match.district?.name, keys: match.searchKeys)
  }
}
