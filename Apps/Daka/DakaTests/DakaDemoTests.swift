import DakaStore
import Foundation
import SparrowDemo
import SparrowStore
import SparrowTestSupport
import Testing

/// 打卡's part of the demo world: journeys at real places with pictures in the pipeline, some private.
@Suite struct DakaDemoTests {
  @Test func travellersCheckedInAtRealPlacesWithPicturesSomePrivate() async throws {
    let world = try await TestWorld()
    let demo = DemoWorld(store: world.store, ids: world.ids, dataFolder: world.folder, parts: world.demoParts)
    _ = try await demo.load(.standard, now: world.clock.now)
    let store = world.journal

    let shown = try await store.checkins(CheckinQuery(viewer: nil, limit: 100))
    var all: [CheckinRecord] = []
    for author in Set(shown.items.map(\.userID)) {
      all += try await store.checkins(CheckinQuery(viewer: author, author: author, limit: 100)).items
    }

    #expect(all.count >= 24 && Set(all.map(\.userID)).count >= 4)
    let hidden = all.filter { $0.visibility == .private }
    #expect(!hidden.isEmpty && shown.total == all.count - hidden.count)
    #expect(all.allSatisfy { $0.place != nil && !$0.pictures.isEmpty })
    #expect(Set(all.compactMap(\.place?.cityAdcode)).count >= 20)
    let yearAgo = ISO8601DateFormatter.string(
      from: world.clock.now.addingTimeInterval(-366 * 86_400), timeZone: .gmt, formatOptions: [.withFullDate])
    #expect(all.allSatisfy { $0.date > yearAgo })
    let large = world.folder.appendingPathComponent("pics/large")
    #expect(all.flatMap(\.pictures).allSatisfy {
      FileManager.default.fileExists(atPath: large.appendingPathComponent($0.fileName).path)
    })
    try await world.test { client in
      let list = try await client.get("/daka/api/checkins?count=100")
      #expect(list.object["total_number"] as? Int == shown.total)
    }
  }
}
