import Foundation

/// A 商圈 (Dianping's 商区): a named shopping or dining area inside a district, such as 三里屯 in 朝阳区.
package struct Neighbourhood: Sendable, Hashable {
  package let name: String
  /// The `adcode` of the district it is in.
  package let districtAdcode: Int
  package let coordinate: Coordinate
  /// True when `coordinate` was generated inside the district's outline rather than placed by hand: good enough
  /// to group by district, not to put a pin on a map.
  package let isGenerated: Bool
}
