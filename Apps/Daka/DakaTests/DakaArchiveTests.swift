import DakaStore
import DakaWeb
import Foundation
import GeoData
import HTTPTypes
import HummingbirdTesting
import SparrowMedia
import SparrowPlatform
import SparrowStore
import SparrowTestSupport
import Testing

/// The export and `sparrow daka import` (`JournalArchive.restore`): a round trip loses nothing (fields, places,
/// points and whether they are shown, privacy, pictures, trips and their covers), a second import adds nothing,
/// and the points are in the archive as GPX and GeoJSON.
@Suite struct DakaArchiveTests {
  @Test func anExportImportedAgainLosesNothing() async throws {
    let w = try await DakaWebWorld()
    let carol = try await w.world.user("carol")
    try await w.world.test { client in
      let alice = try await DakaWebWorld.signIn(client, "alice")
      let hangzhou = try await alice.checkIn(
        [("date", "2025-05-01"), ("location", "杭州西湖"), ("spot", "断桥"), ("thoughts", "湖面有雾\n很美"), ("visibility", "public"),
         ("latitude", "30.259"), ("longitude", "120.148"), ("show_exact_location", "1")],
        pics: [try DakaWebWorld.photo("#102030"), try DakaWebWorld.photo("#405060")])
      let tokyo = try await alice.checkIn(
        [("date", "2025-05-03"), ("location", "日本 东京"), ("spot", "浅草寺"), ("latitude", "35.714765"), ("longitude", "139.796655")],
        pics: [try DakaWebWorld.photo("#708090")])
      _ = try await alice.checkIn([("date", "2025-05-04"), ("location", "某地"), ("spot", "无名之地")])
      let journal = w.world.journal
      let cover = try #require(try await journal.checkin(id: hangzhou, viewer: nil)?.pictures.last?.id)
      let trip = try await alice.post("/daka/trips/new", [("name", "东游"), ("checkin_ids", "\(hangzhou),\(tokyo)"),
                                                           ("visibility", "public"), ("cover", cover)])
      #expect(trip.status == .seeOther)

      let archive = Data(buffer: try await alice.get("/daka/me/export").body)
      let files = try StoredZipReader.files(archive)
      let gpx = String(decoding: try #require(files["points.gpx"]), as: UTF8.self)
      #expect(gpx.contains("<gpx version=\"1.1\"") && gpx.matches(of: /<wpt\s/).count == 2 && gpx.matches(of: /<trkpt\s/).count == 2)
      #expect(gpx.contains("<wpt lat=\"35.714765\" lon=\"139.796655\">") && gpx.contains("<name>东游</name>"))
      let geoJSON = try #require(files["points.geojson"])
      let geo = try #require(try JSONSerialization.jsonObject(with: geoJSON) as? [String: Any])
      let features = try #require(geo["features"] as? [[String: Any]])
      #expect(geo["type"] as? String == "FeatureCollection" && features.count == 3)
      #expect((features[0]["geometry"] as? [String: Any])?["coordinates"] as? [Double] == [120.148, 30.259])
      #expect((features[2]["geometry"] as? [String: Any])?["type"] as? String == "LineString")

      // Into carol's journal, as `sparrow daka import` does.
      let library = PictureLibrary(dataFolder: w.world.folder, store: w.world.store, dailyQuota: Int.max)
      let done = try await JournalArchive.restore(archive, into: journal, pictures: library, user: carol.id, ids: w.world.ids,
                                                  now: w.world.clock.now)
      #expect(done == JournalArchive.Imported(entries: 3, pictures: 3, trips: 1, skipped: 0))
      let again = try await JournalArchive.restore(archive, into: journal, pictures: library, user: carol.id, ids: w.world.ids,
                                                   now: w.world.clock.now)
      #expect(again == JournalArchive.Imported(entries: 0, pictures: 0, trips: 0, skipped: 3))

      func all(_ user: Int64) async throws -> [CheckinRecord] {
        try await journal.checkins(CheckinQuery(viewer: user, author: user, oldestFirst: true, limit: 50)).items
      }
      let aliceID = try #require(try await w.world.store.user(screenName: "alice")).id
      let original = try await all(aliceID)
      let copy = try await all(carol.id)
      #expect(copy.count == 3)
      for (a, b) in zip(original, copy) {
        #expect([a.date, a.location, a.spot, a.thoughts] == [b.date, b.location, b.spot, b.thoughts])
        #expect(a.visibility == b.visibility && a.place == b.place && a.point == b.point && a.showsPoint == b.showsPoint)
        #expect(millis(a.createdAt) == millis(b.createdAt))
        #expect(a.pictures.map { [$0.width, $0.height] } == b.pictures.map { [$0.width, $0.height] })
        #expect((a.tripID == nil) == (b.tripID == nil))
      }
      let copied = try #require(try await journal.trips(userID: carol.id, viewer: carol.id).first)
      #expect(copied.name == "东游" && copied.visibility == .public)
      #expect(copied.cover == copy.first?.pictures.last?.id, "the cover is the same picture, found again")

      // Broken archives are refused by name, and write nothing.
      await #expect(throws: JournalArchive.Unreadable.self) {
        _ = try await JournalArchive.restore(Data("not a zip".utf8), into: journal, pictures: library, user: carol.id,
                                             ids: w.world.ids, now: w.world.clock.now)
      }
      var cut = archive
      cut[cut.count / 2] ^= 0xFF
      await #expect(throws: (any Error).self) {
        _ = try await JournalArchive.restore(cut, into: journal, pictures: library, user: carol.id, ids: w.world.ids,
                                             now: w.world.clock.now)
      }
      #expect(try await all(carol.id).count == 3)
    }
  }
}
