import Foundation

/// What `GeoData.match(freeText:)` understood a free-text location to mean.
package struct PlaceMatch: Sendable, Hashable {
  package let city: City
  /// Nil when the text names only the city ("杭州", "hangzhou").
  package let district: District?
  /// Set when the text names a 商圈 ("三里屯").
  package let neighbourhood: Neighbourhood?
}
