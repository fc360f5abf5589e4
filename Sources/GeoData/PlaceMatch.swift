import Foundation

/// What `GeoData.match(freeText:)` understood a free-text location to mean.
package struct PlaceMatch: Sendable, Hashable {
  package let city: City
  /// Nil when the text names only the city ("杭州", "hangzhou").
  package let district: District?
  /// Set when the text names a 商圈 ("三里屯").
  package let neighbourhood: Neighbourhood?

  package init(city: City, district: District?, neighbourhood: Neighbourhood?) {
    self.city = city
    self.district = district
    self.neighbourhood = neighbourhood
  }
}

extension PlaceMatch {
  /// The city's and the district's names (the district's full and short), pinyin and initials, space-separated: what a search by pinyin or by
  /// initials ("hangzhou", "hz xh") can be matched against.
  package var searchKeys: String {
    var keys = [city.name, city.pinyin, city.initials]
    if let district {
      keys += (district.fullName == district.name ? [district.name] : [district.fullName, district.name])
        + [district.pinyin, district.initials]
    }
    return keys.joined(separator: " ")
  }
}
