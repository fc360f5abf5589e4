import Foundation
import GeoData
import Testing

/// `OutlineMap.path` writes each ring as steps from its first point: read back as SVG reads it, every path must put
/// the corners where the outline's points fall on the drawing, to the tenth.
@Suite struct OutlineMapTests {
  let geo = GeoData.shared

  /// The corners of `d`, ring by ring, in tenths, read as an SVG renderer reads `M`, `l` and `Z` (a number ends
  /// where the next sign, space or letter begins).
  func corners(_ d: String) throws -> [[(x: Int, y: Int)]] {
    var rings: [[(x: Int, y: Int)]] = []
    var numbers: [Int] = []
    var command: Character = " "
    var token = ""
    func flushToken() throws {
      guard !token.isEmpty else { return }
      let value = try #require(Double(token), "\(token) in \(d.prefix(80))")
      numbers.append(Int((value * 10).rounded()))
      token = ""
    }
    func flushNumbers() throws {
      try flushToken()
      if command == "M" {
        try #require(numbers.count == 2)
        rings.append([(numbers[0], numbers[1])])
      } else if command == "l" {
        try #require(numbers.count % 2 == 0 && !rings.isEmpty)
        for pair in stride(from: 0, to: numbers.count, by: 2) {
          let last = rings[rings.count - 1].last!
          rings[rings.count - 1].append((last.x + numbers[pair], last.y + numbers[pair + 1]))
        }
      }
      numbers = []
    }
    for character in d {
      switch character {
      case "M", "l", "Z":
        try flushNumbers()
        command = character
      case " ":
        try flushToken()
      case "-":
        try flushToken()
        token = "-"
      default:
        #expect(character.isASCII && (character.isNumber || character == "."), "\(character) in a path")
        token.append(character)
      }
    }
    try flushNumbers()
    return rings
  }

  @Test func pathsPutEveryCornerWhereItsPointFalls() throws {
    let world = geo.world
    var maps: [(OutlineMap, [Outline])] = []
    let everyCountry = world.countryOutlines.map(\.outline)
    let whole = BoundingBox(minLatitude: -60, maxLatitude: 84, minLongitude: -180, maxLongitude: 180)
    maps.append((OutlineMap(box: whole, width: 320), everyCountry))
    for name in ["杭州", "北京", "乌鲁木齐"] {
      let city = try #require(geo.city(named: name))
      let outlines = geo.districts(of: city).compactMap { geo.outline(of: $0) }
      let box = try #require(geo.outline(of: city)?.boundingBox)
      maps.append((OutlineMap(box: box, width: 320), outlines))
    }
    var checked = 0
    for (map, outlines) in maps {
      for outline in outlines {
        let read = try corners(map.path(outline))
        let rings = outline.polygons.flatMap { $0 }
        try #require(read.count == rings.count)
        for (ring, drawn) in zip(rings, read) {
          var expected: [(x: Int, y: Int)] = []
          for c in ring {
            let p = map.point(c)
            let here = (x: Int((p.x * 10).rounded()), y: Int((p.y * 10).rounded()))
            if let last = expected.last, last == here { continue }
            expected.append(here)
          }
          #expect(drawn.map(\.x) == expected.map(\.x) && drawn.map(\.y) == expected.map(\.y))
          checked += drawn.count
        }
      }
    }
    #expect(checked > 10_000)
    // Shorter than every corner written out in full ("L215.2 44.0", 11 bytes or more).
    let (worldMap, _) = maps[0]
    let bytes = everyCountry.map { worldMap.path($0).utf8.count }.reduce(0, +)
    let worldCorners = try everyCountry.map { try corners(worldMap.path($0)).map(\.count).reduce(0, +) }.reduce(0, +)
    #expect(bytes < worldCorners * 8, "\(bytes) bytes for \(worldCorners) corners")
  }
}
