import Foundation

/// A WGS-84 point in degrees: what a phone's GPS and photo EXIF give, and what the outlines use.
package struct Coordinate: Sendable, Hashable, Codable {
  package var latitude: Double
  package var longitude: Double

  package init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }
}

/// The smallest latitude/longitude box around an outline.
package struct BoundingBox: Sendable, Hashable {
  package var minLatitude, maxLatitude, minLongitude, maxLongitude: Double

  package init(minLatitude: Double, maxLatitude: Double, minLongitude: Double, maxLongitude: Double) {
    self.minLatitude = minLatitude
    self.maxLatitude = maxLatitude
    self.minLongitude = minLongitude
    self.maxLongitude = maxLongitude
  }

  /// Whether `point` is in the box, grown by `margin` degrees on every side.
  package func contains(_ point: Coordinate, margin: Double = 0) -> Bool {
    point.latitude >= minLatitude - margin && point.latitude <= maxLatitude + margin
      && point.longitude >= minLongitude - margin && point.longitude <= maxLongitude + margin
  }

  /// Whether the two boxes share any point.
  package func overlaps(_ other: BoundingBox) -> Bool {
    minLatitude <= other.maxLatitude && other.minLatitude <= maxLatitude && minLongitude <= other.maxLongitude
      && other.minLongitude <= maxLongitude
  }

  /// The box around this one and `other`.
  package func union(_ other: BoundingBox) -> BoundingBox {
    BoundingBox(minLatitude: min(minLatitude, other.minLatitude), maxLatitude: max(maxLatitude, other.maxLatitude),
                minLongitude: min(minLongitude, other.minLongitude), maxLongitude: max(maxLongitude, other.maxLongitude))
  }
}
