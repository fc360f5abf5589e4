import Foundation

// The shapes of Resources/places.json and Resources/outlines.json, written by scripts/geodata/generate.py.

struct PlacesFile: Decodable {
  let format: Int
  let sources: [String: String]
  let cities: [CityRecord]
  let districts: [DistrictRecord]
  let neighbourhoods: [NeighbourhoodRecord]
}

struct CityRecord: Decodable {
  let adcode: Int
  let name, fullName, province, level, type, pinyin, initials, display: String
  let lat, lon: Double
  let hot: Int?

  var city: City? {
    guard let level = City.Level(rawValue: level) else { return nil }
    return City(
      adcode: adcode, name: name, fullName: fullName, province: province, level: level, type: type, pinyin: pinyin,
      initials: initials, displayPinyin: display, centroid: Coordinate(latitude: lat, longitude: lon), hotRank: hot)
  }
}

struct DistrictRecord: Decodable {
  let adcode, city: Int
  let name, fullName, type, pinyin, initials, display: String
  let lat, lon: Double
  let wholeCity, hasOutline: Bool?

  var district: District {
    District(
      adcode: adcode, name: name, fullName: fullName, type: type, cityAdcode: city, pinyin: pinyin,
      initials: initials, displayPinyin: display, centroid: Coordinate(latitude: lat, longitude: lon),
      isWholeCity: wholeCity ?? false, hasOutline: hasOutline ?? true)
  }
}

struct NeighbourhoodRecord: Decodable {
  let name: String
  let district: Int
  let lat, lon: Double
  let generated: Bool

  var neighbourhood: Neighbourhood {
    Neighbourhood(
      name: name, districtAdcode: district, coordinate: Coordinate(latitude: lat, longitude: lon),
      isGenerated: generated)
  }
}

struct OutlinesFile: Decodable {
  let format: Int
  let encoding: String
  /// adcode → polygons → rings, each ring an encoded polyline.
  let outlines: [String: [[String]]]
}
