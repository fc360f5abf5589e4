import DakaSQLite
import DakaStore
import Foundation
import SparrowStore
import SparrowTestSupport
import Testing

/// `sparrow migrate-data` moves 打卡's table too: a journal copied from SQLite into PostgreSQL reads the same there.
@Suite(.enabled(if: StoreKind.available.contains(.postgres))) struct DakaMigrationTests {
  @Test func checkInsMoveWithTheirPlacesPicturesAndPrivacy() async throws {
    try await withSQLiteStore { source in
      let f = DakaFixture()
      let old = DakaFixture.now - 30 * 86_400
      try await source.savePicture(picture("a"), at: old)
      let open = f.entry(DakaFixture.alice, "2025-05-01", "杭州西湖", "断桥", place: DakaFixture.hangzhou, pictures: [picture("a")])
      let secret = f.entry(DakaFixture.alice, "2025-05-02", "某地", "秘密", .private)
      let journal = SQLiteDakaStore(source)
      try await journal.addCheckin(open)
      try await journal.addCheckin(secret)
      let trip = TripRecord(id: f.ids.next(at: DakaFixture.now), userID: DakaFixture.alice, name: "西湖一日",
                            visibility: .public, cover: "a", createdAt: DakaFixture.now)
      try await journal.saveTrip(trip, entries: [open.id])

      try await withStore(.postgres) { engine in
        let target = try #require(engine.engine.shared as? any TableTransfer)
        let counts = try await DataMigration(from: source, to: target).run { _, _, _ in }

        #expect(counts.first { $0.table == "daka_checkins" }?.target == 2)
        // The kept counts move as rows (alice's and the site's), not counted again by the target.
        #expect(counts.first { $0.table == "daka_counts" }?.target == 2)
        #expect(counts.first { $0.table == "daka_trips" }?.target == 1)
        // The kept places likewise: alice's city, district, country and year (`DakaVisits`).
        #expect(counts.first { $0.table == "daka_visits" }?.target == 4)
        #expect(!counts.contains {
          $0.table.hasPrefix("daka") && !["daka_checkins", "daka_counts", "daka_trips", "daka_visits"].contains($0.table)
        })
        let store = engine.journal
        var linked = open
        linked.tripID = trip.id
        #expect(try await store.checkin(id: open.id, viewer: nil) == linked)
        #expect(try await store.trip(id: trip.id, viewer: nil) == trip)
        #expect(try await store.checkin(id: secret.id, viewer: DakaFixture.bob) == nil, "privacy holds after the move")
        #expect(try await store.checkin(id: secret.id, viewer: DakaFixture.alice) == secret)
        #expect(try await store.checkins(CheckinQuery(viewer: nil, text: "xihu")).total == 1, "search text moved")
        #expect(try await store.checkins(CheckinQuery(viewer: nil)).total == 1, "counts moved")
        #expect(try await store.checkins(CheckinQuery(viewer: DakaFixture.alice)).total == 2, "counts moved")
        #expect(try await engine.store.unreferencedPictures(before: DakaFixture.now, limit: 10).isEmpty, "references moved")
        #expect(try await store.checkinStats(userID: DakaFixture.alice) == (try await journal.checkinStats(userID: DakaFixture.alice)),
                "the kept places moved")
        // The journal's version moved with its row: 我的's numbers are read at it, and a write moves it on.
        let own = try await store.ownJournal(userID: DakaFixture.alice, CheckinQuery(viewer: DakaFixture.alice))
        let before = try await journal.checkinStats(userID: DakaFixture.alice)
        #expect(own.list.total == 2 && own.stats == before)
        #expect(try await store.deleteCheckin(id: secret.id, userID: DakaFixture.alice) != nil)
        let after = try await store.ownJournal(userID: DakaFixture.alice, CheckinQuery(viewer: DakaFixture.alice))
        #expect(after.list.total == 1 && after.stats.count == 1)
      }
    }
  }
}
