import Foundation

/// The simplified shape of a city or district: one or more polygons (islands, exclaves), each a list of rings
/// whose first ring is the outer boundary and whose others are holes (enclaves of another district).
package struct Outline: Sendable {
  /// Polygons → rings → points. Rings are open: the last point is not repeated.
  package let polygons: [[[Coordinate]]]
  package let boundingBox: BoundingBox

  init(polygons: [[[Coordinate]]]) {
    self.polygons = polygons
    var box = BoundingBox(
      minLatitude: .infinity, maxLatitude: -.infinity, minLongitude: .infinity, maxLongitude: -.infinity)
    for polygon in polygons {
      for point in polygon.first ?? [] {
        box.minLatitude = min(box.minLatitude, point.latitude)
        box.maxLatitude = max(box.maxLatitude, point.latitude)
        box.minLongitude = min(box.minLongitude, point.longitude)
        box.maxLongitude = max(box.maxLongitude, point.longitude)
      }
    }
    boundingBox = box
  }

  /// Whether `point` is inside (even-odd over every ring, so holes are outside).
  package func contains(_ point: Coordinate) -> Bool {
    guard boundingBox.contains(point) else { return false }
    var inside = false
    for polygon in polygons {
      for ring in polygon where Self.crossings(of: ring, rightOf: point) {
        inside.toggle()
      }
    }
    return inside
  }

  /// Distance in degrees of latitude (longitude scaled by cos latitude) from `point` to the nearest edge; 0 inside.
  package func distance(to point: Coordinate) -> Double {
    if contains(point) { return 0 }
    let scale = cos(point.latitude * .pi / 180)
    var best = Double.infinity
    for polygon in polygons {
      for ring in polygon {
        var previous = ring[ring.count - 1]
        for current in ring {
          best = min(best, Self.segmentDistance(point, previous, current, scale: scale))
          previous = current
        }
      }
    }
    return best
  }

  /// Ray casting: true when a ray from `point` towards +longitude crosses `ring` an odd number of times.
  private static func crossings(of ring: [Coordinate], rightOf point: Coordinate) -> Bool {
    var odd = false
    var j = ring.count - 1
    for i in 0..<ring.count {
      let a = ring[i], b = ring[j]
      if (a.latitude > point.latitude) != (b.latitude > point.latitude) {
        let x = (b.longitude - a.longitude) * (point.latitude - a.latitude) / (b.latitude - a.latitude) + a.longitude
        if point.longitude < x { odd.toggle() }
      }
      j = i
    }
    return odd
  }

  private static func segmentDistance(_ p: Coordinate, _ a: Coordinate, _ b: Coordinate, scale: Double) -> Double {
    let (ax, ay) = ((a.longitude - p.longitude) * scale, a.latitude - p.latitude)
    let (bx, by) = ((b.longitude - p.longitude) * scale, b.latitude - p.latitude)
    let (dx, dy) = (bx - ax, by - ay)
    let length = dx * dx + dy * dy
    let t = length == 0 ? 0 : max(0, min(1, -(ax * dx + ay * dy) / length))
    return ((ax + t * dx) * (ax + t * dx) + (ay + t * dy) * (ay + t * dy)).squareRoot()
  }
}

/// Google's Encoded Polyline Algorithm Format, precision 1e5, latitude first: how outlines.json stores a ring.
enum Polyline {
  static func decode(_ text: String) -> [Coordinate]? {
    var points: [Coordinate] = []
    points.reserveCapacity(text.utf8.count / 4)
    var latitude = 0, longitude = 0
    var iterator = text.utf8.makeIterator()
    while true {
      guard let dLat = nextValue(&iterator) else { break }
      guard let dLon = nextValue(&iterator) else { return nil }
      latitude += dLat
      longitude += dLon
      points.append(Coordinate(latitude: Double(latitude) / 1e5, longitude: Double(longitude) / 1e5))
    }
    return points
  }

  /// Nil at the end of the text; a truncated value also ends decoding, and `decode` then sees an odd count.
  private static func nextValue(_ iterator: inout String.UTF8View.Iterator) -> Int? {
    var result = 0, shift = 0
    while let byte = iterator.next() {
      let chunk = Int(byte) - 63
      result |= (chunk & 0x1F) << shift
      shift += 5
      if chunk < 0x20 { return (result & 1) != 0 ? ~(result >> 1) : result >> 1 }
    }
    return nil
  }
}
