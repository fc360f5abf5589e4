import Foundation
@testable import GeoData
import Testing

/// A point's district (`place(containing:)`) and city abroad (`World.city(at:)`, `nearestCity(to:)`) look only at
/// the cells near the point; they must answer as their definitions do over every district and every city. Random
/// points each run: a failure names its point, which is all it takes to repeat it.
@Suite struct NearestPlaceTests {
  let geo = GeoData.shared

  /// `place(containing:)` as it is defined: every district with an outline, in order; the first containing the
  /// point, else the nearest within `nearby`.
  func placeByWalking(_ point: Coordinate) -> District? {
    var nearest: (district: District, distance: Double)?
    for district in geo.districts where district.hasOutline {
      guard let outline = geo.outline(of: district), outline.boundingBox.contains(point, margin: GeoData.nearby) else {
        continue
      }
      if outline.contains(point) { return district }
      let distance = outline.distance(to: point)
      if distance <= GeoData.nearby && distance < (nearest?.distance ?? .infinity) { nearest = (district, distance) }
    }
    return nearest?.district
  }

  @Test func aPointsDistrictIsTheWalksOverEveryDistrict() {
    var random = SystemRandomNumberGenerator()
    var points: [Coordinate] = []
    // Anywhere in and around mainland China's box, and just off outlines' corners (borders, coasts, cell edges).
    for _ in 0..<2_000 {
      points.append(Coordinate(latitude: .random(in: 17...55, using: &random), longitude: .random(in: 72...136, using: &random)))
    }
    let outlined = geo.districts.filter(\.hasOutline)
    for _ in 0..<2_000 {
      guard let ring = geo.outline(of: outlined.randomElement(using: &random)!)?.polygons.first?.first,
        let corner = ring.randomElement(using: &random)
      else { continue }
      points.append(Coordinate(latitude: corner.latitude + .random(in: -0.02...0.02, using: &random),
                               longitude: corner.longitude + .random(in: -0.02...0.02, using: &random)))
    }
    // Exactly on whole degrees, where cells meet.
    for _ in 0..<200 {
      points.append(Coordinate(latitude: Double(Int.random(in: 18...54, using: &random)),
                               longitude: Double(Int.random(in: 73...135, using: &random))))
    }
    var found = 0
    for point in points {
      let walked = placeByWalking(point)
      #expect(geo.place(containing: point)?.district == walked, "\(point.latitude), \(point.longitude)")
      if walked != nil { found += 1 }
    }
    #expect(found > 1_500, "most of the points are in a district: the comparison is not of nils")
    #expect(geo.place(containing: Coordinate(latitude: .nan, longitude: 116)) == nil)
    #expect(geo.place(containing: Coordinate(latitude: 39.9, longitude: .infinity)) == nil)
  }

  /// `city(at:)` as it is defined: of the cities within `limit`, the first (largest) whose reach covers the point,
  /// else the nearest (the first of equals).
  func cityByWalking(_ point: Coordinate, within limit: Double, excluding: Set<String>) -> (at: WorldCity?, nearest: WorldCity?) {
    var covering: WorldCity?
    var nearest: (distance: Double, index: Int)?
    for (index, city) in geo.world.cities.enumerated() where !excluding.contains(city.countryCode) {
      let distance = World.kilometres(point, city.coordinate)
      guard distance <= limit else { continue }
      if covering == nil, distance <= World.reach(of: city) { covering = city }
      if (distance, index) < (nearest ?? (.infinity, .max)) { nearest = (distance, index) }
    }
    let closest = nearest.map { geo.world.cities[$0.index] }
    return (covering ?? closest, closest)
  }

  @Test func aPointsCityAbroadIsTheWalksOverEveryCity() {
    var random = SystemRandomNumberGenerator()
    let world = geo.world
    var points: [Coordinate] = []
    // Anywhere, near the poles and the date line too, and within some tens of kilometres of a city (wards, suburbs).
    for _ in 0..<300 {
      points.append(Coordinate(latitude: .random(in: -90...90, using: &random), longitude: .random(in: -180...180, using: &random)))
    }
    for _ in 0..<50 {
      points.append(Coordinate(latitude: .random(in: -90...90, using: &random),
                               longitude: [-180, 180, 179.99, -179.99].randomElement(using: &random)!))
      points.append(Coordinate(latitude: [89.9, -89.9, 90, -90, 75, -60].randomElement(using: &random)!,
                               longitude: .random(in: -180...180, using: &random)))
    }
    for _ in 0..<600 {
      let city = world.cities.randomElement(using: &random)!
      points.append(Coordinate(latitude: max(-90, min(90, city.coordinate.latitude + .random(in: -0.4...0.4, using: &random))),
                               longitude: city.coordinate.longitude + .random(in: -0.5...0.5, using: &random)))
    }
    var found = 0
    for point in points {
      let limit: Double = [300, 300, 50, 1_000].randomElement(using: &random)!
      let excluding: Set<String> = Bool.random(using: &random) ? ["CN"] : []
      let walked = cityByWalking(point, within: limit, excluding: excluding)
      let place = "\(point.latitude), \(point.longitude) within \(limit) km, excluding \(excluding)"
      #expect(world.city(at: point, within: limit, excluding: excluding)?.geonameID == walked.at?.geonameID, "\(place)")
      #expect(world.nearestCity(to: point, within: limit, excluding: excluding)?.geonameID == walked.nearest?.geonameID,
              "\(place)")
      if walked.at != nil { found += 1 }
    }
    #expect(found > 600, "most of the points have a city: the comparison is not of nils")
    #expect(world.city(at: Coordinate(latitude: 95, longitude: 0)) == nil)
    #expect(world.city(at: Coordinate(latitude: 35.68, longitude: .nan)) == nil)
    // A longitude past the date line is the same place.
    #expect(world.city(at: Coordinate(latitude: 35.6812, longitude: 139.7671 - 360))?.geonameID == 1850147)
  }
}
