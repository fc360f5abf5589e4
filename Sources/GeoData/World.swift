import Foundation

/// A country or territory (ISO 3166-1) as Chinese users name it: 日本, 法国, 中国香港.
package struct Country: Sendable, Hashable {
  /// ISO 3166-1 alpha-2: JP.
  package let code: String
  package let name: String
  package let english: String
  package let pinyin: String
  package let initials: String
  /// Its capital (else its largest city), for a map's label; nil for the few without a city in the data.
  package let centre: Coordinate?
}

/// A city abroad (GeoNames, 15,000 people or more), or in 中国香港/澳门/台湾: its Chinese name where GeoNames has one
/// (东京), else its English one (Reykjavík).
package struct WorldCity: Sendable, Hashable {
  package let geonameID: Int
  package let name: String
  package let english: String
  package let countryCode: String
  package let coordinate: Coordinate
  package let population: Int
  /// Of the Chinese name; empty when the city has none.
  package let pinyin: String
  package let initials: String
  /// The English name as typed: lowercase, without accents (são paulo).
  let typed: String

  /// Whether `name` is a Chinese one.
  package var hasChineseName: Bool { name != english }
}

/// Where a point is: in mainland China, its city and district (from the outlines); elsewhere, its city (GeoNames).
package enum Whereabouts: Sendable, Hashable {
  case mainland(City, District)
  case elsewhere(WorldCity)
}

extension GeoData {
  /// Where `point` is (WGS-84, as a photo's EXIF gives it), offline; nil out at sea or far from any town.
  package func whereabouts(of point: Coordinate) -> Whereabouts? {
    if let (city, district) = place(containing: point) { return .mainland(city, district) }
    return world.city(at: point, excluding: ["CN"]).map { .elsewhere($0) }
  }
}

/// Every country and territory, and the world's cities outside mainland China, from `world.json` (see
/// `scripts/geodata/world.py`): names in 汉字, pinyin and English, and the nearest city to a point.
package final class World: Sendable {
  /// In the data's order (pycountry's).
  package let countries: [Country]
  /// Largest first.
  package let cities: [WorldCity]
  private let countryByCode: [String: Country]
  private let cityByID: [Int: WorldCity]
  /// Indexes into `cities` by whole-degree cell, for `city(at:)` and `nearestCity(to:)`.
  private let grid: [Int: [Int]]
  /// How far the largest city reaches (`reach(of:)`), the farthest any does.
  private let widestReach: Double
  /// Indexes into `cities` (largest first) by every character a search can start on: the first of the English
  /// name and of each of its words, of the pinyin and initials, and every character of a Chinese name.
  private let byKey: [Character: [Int]]
  /// The countries' outlines at 1:110m (Natural Earth), read on first use; small countries have none.
  private let outlines: Lazy<[String: Outline]>
  /// The countries that have one, with it, in the countries' order: made once, as every world map draws them all.
  private let outlined: Lazy<[(country: Country, outline: Outline)]>

  init(contentsOf url: URL, outlines outlinesURL: URL) throws {
    guard let data = try? Data(contentsOf: url) else { throw GeoDataError.missingResource("world.json") }
    let file = try JSONDecoder().decode(WorldFile.self, from: data)
    guard file.format == 1 else { throw GeoDataError.unsupportedFormat("world.json format \(file.format)") }
    countries = file.countries.map { record in
      var centre: Coordinate?
      if let lat = record.lat, let lon = record.lon { centre = Coordinate(latitude: lat, longitude: lon) }
      return Country(code: record.code, name: record.name, english: record.english, pinyin: record.pinyin,
                     initials: record.initials, centre: centre)
    }
    cities = file.cities.map {
      WorldCity(
        geonameID: $0.id, name: $0.name, english: $0.english ?? $0.name, countryCode: $0.country,
        coordinate: Coordinate(latitude: $0.lat, longitude: $0.lon), population: $0.pop, pinyin: $0.pinyin ?? "",
        initials: $0.initials ?? "", typed: $0.ascii ?? ($0.english ?? $0.name).lowercased())
    }.sorted { ($0.population, -$0.geonameID) > ($1.population, -$1.geonameID) }
    countryByCode = Dictionary(uniqueKeysWithValues: countries.map { ($0.code, $0) })
    cityByID = Dictionary(uniqueKeysWithValues: cities.map { ($0.geonameID, $0) })
    var grid: [Int: [Int]] = [:]
    for (index, city) in cities.enumerated() { grid[Self.cell(city.coordinate), default: []].append(index) }
    self.grid = grid
    widestReach = cities.map(Self.reach).max() ?? 0
    var byKey: [Character: [Int]] = [:]
    for (index, city) in cities.enumerated() {
      var keys = Set<Character>()
      var wordStart = true
      for character in city.typed {
        if wordStart { keys.insert(character) }
        wordStart = character == " "
      }
      if let first = city.pinyin.first { keys.insert(first) }
      if let first = city.initials.first { keys.insert(first) }
      if city.hasChineseName { keys.formUnion(city.name) }
      for key in keys { byKey[key, default: []].append(index) }
    }
    self.byKey = byKey
    guard FileManager.default.fileExists(atPath: outlinesURL.path) else {
      throw GeoDataError.missingResource("world_outlines.json")
    }
    let outlines = Lazy { Self.readOutlines(outlinesURL) }
    self.outlines = outlines
    let countries = countries
    outlined = Lazy { countries.compactMap { country in outlines.wrapped[country.code].map { (country, $0) } } }
  }

  /// The country's outline for a world map (coarse: 1:110m), nil for one too small to draw at that scale.
  package func outline(of country: Country) -> Outline? { outlines.wrapped[country.code] }

  /// The countries that have an outline, for drawing the whole world.
  package var outlinedCountries: [Country] { outlined.wrapped.map(\.country) }

  /// The countries that have an outline, with it, for drawing the whole world.
  package var countryOutlines: [(country: Country, outline: Outline)] { outlined.wrapped }

  private static func readOutlines(_ url: URL) -> [String: Outline] {
    do {
      let file = try JSONDecoder().decode(OutlinesFile.self, from: Data(contentsOf: url))
      guard file.format == 1, file.encoding == "polyline5" else {
        throw GeoDataError.unsupportedFormat("world_outlines.json \(file.format) \(file.encoding)")
      }
      return try file.outlines.mapValues { polygons in
        Outline(polygons: try polygons.map { rings in
          try rings.map { ring in
            guard let points = Polyline.decode(ring), points.count >= 3 else { throw GeoDataError.unsupportedFormat("a ring") }
            return points
          }
        })
      }
    } catch {
      fatalError("GeoData's world_outlines.json cannot be read: \(error)")  // checked at init; a broken build
    }
  }

  package func country(code: String) -> Country? { countryByCode[code.uppercased()] }

  package func city(geonameID: Int) -> WorldCity? { cityByID[geonameID] }

  /// The city a point is in: the largest whose reach covers it (a city reaches `reach(of:)` from its point, about
  /// 15 km for Tokyo, 7 km for Paris: GeoNames also lists their wards, 中央区 or Paris 16, which are nearer), else
  /// the nearest within `limit` kilometres (a town of 15,000 people is rarely farther from anywhere people go);
  /// nil out at sea or in the emptiest lands. `excluding` leaves out some countries (mainland China, which has its
  /// own districts). Of equal ones, the first in `cities`.
  package func city(at point: Coordinate, within limit: Double = 300, excluding: Set<String> = []) -> WorldCity? {
    // No city reaches farther than the largest does, so the cities that near decide, and the nearest of them is
    // the nearest of all: only a point with none that near looks as far as `limit` (300 km is a hundred cells).
    let near = min(limit, widestReach)
    var covering: Int?
    var nearest: (distance: Double, index: Int)?
    forEachCity(near: point, within: near, excluding: excluding) { index, distance in
      if distance <= Self.reach(of: cities[index]), index < (covering ?? .max) { covering = index }
      if (distance, index) < (nearest ?? (.infinity, .max)) { nearest = (distance, index) }
    }
    if let covering { return cities[covering] }
    if let nearest { return cities[nearest.index] }
    return near < limit ? nearestCity(to: point, within: limit, excluding: excluding) : nil
  }

  /// How far from its point a city of `population` still covers, in kilometres: 0.005 × √population.
  static func reach(of city: WorldCity) -> Double { 0.005 * Double(city.population).squareRoot() }

  /// The city nearest `point` within `limit` kilometres, ward or not; of equal ones, the first in `cities`.
  package func nearestCity(to point: Coordinate, within limit: Double = 300, excluding: Set<String> = []) -> WorldCity? {
    var nearest: (distance: Double, index: Int)?
    forEachCity(near: point, within: limit, excluding: excluding) { index, distance in
      if (distance, index) < (nearest ?? (.infinity, .max)) { nearest = (distance, index) }
    }
    return nearest.map { cities[$0.index] }
  }

  /// Each city within `limit` kilometres of `point` (its index in `cities`), with its distance.
  private func forEachCity(near point: Coordinate, within limit: Double, excluding: Set<String>,
                           _ body: (Int, Double) -> Void) {
    guard abs(point.latitude) <= 90, point.longitude.isFinite, limit >= 0 else { return }
    let longitude = (point.longitude + 180).truncatingRemainder(dividingBy: 360) - 180  // -540…180: cells wrap
    // Whatever is within `limit` lies within `span` degrees of latitude, and within `span / cos φ` of longitude,
    // φ the band's latitude nearest a pole: any way there that stays in the band covers at least that much a degree.
    let span = limit / Self.kilometresPerDegree + 1e-9
    let (lowest, highest) = (max(-90, point.latitude - span), min(90, point.latitude + span))
    let poleward = max(abs(lowest), abs(highest))
    let longitudes = poleward < 89.9 ? span / cos(poleward * .pi / 180) : .infinity
    let columns = longitudes < 179
      ? Int(floor(longitude - longitudes))...Int(floor(longitude + longitudes)) : -180...179
    for row in Int(floor(lowest))...Int(floor(highest)) {
      for column in columns {
        for index in grid[Self.key(row, Self.wrapped(column))] ?? [] {
          let city = cities[index]
          guard !excluding.contains(city.countryCode) else { continue }
          let distance = Self.kilometres(point, city.coordinate)
          if distance <= limit { body(index, distance) }
        }
      }
    }
  }

  /// A degree of latitude (of a great circle) on a sphere of 6,371 km, as `kilometres` measures.
  static let kilometresPerDegree = 6371 * Double.pi / 180

  /// Cities for a search box, largest first within a rank: 汉字 match the Chinese name (exact, prefix, anywhere),
  /// latin letters the English name (exact, then prefix, then a word of it: "york") or the Chinese name's pinyin
  /// or initials (exact, then prefix).
  package func search(_ query: String, limit: Int = 10) -> [WorldCity] {
    let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, limit > 0 else { return [] }
    var ranked: [(WorldCity, Int)] = []
    if GeoData.containsHan(trimmed) {
      let q = trimmed.filter { !$0.isWhitespace }
      guard let key = q.first else { return [] }
      for city in (byKey[key] ?? []).map({ cities[$0] }) where city.hasChineseName {
        if city.name == q { ranked.append((city, 0)) } else if city.name.hasPrefix(q) { ranked.append((city, 1)) } else if city.name.contains(q) { ranked.append((city, 2)) }
      }
    } else {
      let typed = Self.typed(trimmed)
      let pinyin = GeoData.normalisedPinyin(trimmed)
      guard let key = typed.first else { return [] }
      // Every match starts on one of the city's keys: the query's first character.
      let candidates = Set((byKey[key] ?? []) + (pinyin.first.flatMap { byKey[$0] } ?? [])).sorted().map { cities[$0] }
      for city in candidates {
        if city.typed == typed || (!city.pinyin.isEmpty && (city.pinyin == pinyin || city.initials == pinyin && pinyin.count > 1)) {
          ranked.append((city, 0))
        } else if city.typed.hasPrefix(typed) || (!city.pinyin.isEmpty && pinyin.count > 1 && city.pinyin.hasPrefix(pinyin)) {
          ranked.append((city, 1))
        } else if typed.count > 2 && city.typed.contains(" " + typed) {
          ranked.append((city, 2))
        }
      }
    }
    // `cities` is largest first, and the sort is stable.
    return ranked.enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }.prefix(limit).map(\.element.0)
  }

  /// Countries for a search box, as `search(_:)` matches cities (汉字, English, pinyin).
  package func searchCountries(_ query: String, limit: Int = 5) -> [Country] {
    let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return [] }
    let han = GeoData.containsHan(trimmed)
    let typed = Self.typed(trimmed), pinyin = GeoData.normalisedPinyin(trimmed)
    let ranked: [(Country, Int)] = countries.compactMap { country in
      if han {
        return country.name == trimmed ? (country, 0) : country.name.hasPrefix(trimmed) ? (country, 1) : nil
      }
      let english = Self.typed(country.english)
      if english == typed || country.pinyin == pinyin { return (country, 0) }
      if english.hasPrefix(typed) || (pinyin.count > 1 && country.pinyin.hasPrefix(pinyin)) { return (country, 1) }
      return nil
    }
    return ranked.sorted { $0.1 < $1.1 }.prefix(limit).map(\.0)
  }

  /// The city abroad a free-text location names, and its country: "东京", "日本东京银座", "Tokyo", "Paris, France",
  /// "dongjing". The longest name found wins, then the largest city. Nil when it names none.
  package func match(freeText text: String) -> WorldCity? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return nil }
    if GeoData.containsHan(trimmed) {
      let compact = trimmed.filter { !$0.isWhitespace && !$0.isPunctuation }
      var best: WorldCity?
      for city in cities where city.hasChineseName && city.name.count >= 2 && compact.contains(city.name) {
        if city.name.count > (best?.name.count ?? 0) { best = city }
      }
      return best
    }
    let words = Self.typed(trimmed).split { !$0.isLetter && $0 != "'" && $0 != "-" }.map(String.init)
    guard !words.isEmpty else { return nil }
    let phrase = " " + words.joined(separator: " ") + " "
    var best: WorldCity?
    for city in cities where city.typed.count > (best?.typed.count ?? 2) {
      if phrase.contains(" " + city.typed + " ") { best = city }
    }
    if let best { return best }
    let pinyin = GeoData.normalisedPinyin(trimmed)
    return cities.first { !$0.pinyin.isEmpty && $0.pinyin == pinyin }
  }

  /// Lowercase, accents gone, spaces kept single: how an English name is compared.
  package static func typed(_ text: String) -> String {
    text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// Great-circle distance in kilometres.
  package static func kilometres(_ a: Coordinate, _ b: Coordinate) -> Double {
    let (φ1, φ2) = (a.latitude * .pi / 180, b.latitude * .pi / 180)
    let (dφ, dλ) = (φ2 - φ1, (b.longitude - a.longitude) * .pi / 180)
    let h = sin(dφ / 2) * sin(dφ / 2) + cos(φ1) * cos(φ2) * sin(dλ / 2) * sin(dλ / 2)
    return 2 * 6371 * asin(min(1, sqrt(h)))
  }

  private static func cell(_ point: Coordinate) -> Int {
    key(Int(floor(point.latitude)), wrapped(Int(floor(point.longitude))))
  }
  private static func key(_ row: Int, _ column: Int) -> Int { (row + 90) * 360 + (column + 180) }
  /// The column of -180…179 that `column` is, round the world.
  private static func wrapped(_ column: Int) -> Int { ((column + 180) % 360 + 360) % 360 - 180 }
}

private struct WorldFile: Decodable {
  struct CountryRecord: Decodable {
    let code, name, english, pinyin, initials: String
    let lat, lon: Double?
  }
  struct CityRecord: Decodable {
    let id: Int
    let name: String
    let english: String?
    let country: String
    let lat, lon: Double
    let pop: Int
    let pinyin, initials, ascii: String?
  }
  let format: Int
  let countries: [CountryRecord]
  let cities: [CityRecord]
}
