import DakaStore
import Foundation
import SparrowApps
import SparrowServer
import SparrowStore
import SparrowStorePostgres
import SparrowStoreSQLite
import SparrowTestSupport
import Testing

/// `daka-v4` on a journal written before it: districts stored by their short names (西湖, as 打卡 once wrote them)
/// get their official ones (西湖区), also found by search, on every engine; a city-only place and an unknown
/// location stay as they were.
@Test(arguments: StoreKind.available)
func entriesStoredWithShortDistrictNamesGetTheirOfficialOnes(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let f = DakaFixture()
    let short = CheckinPlace(cityAdcode: 330100, city: "杭州", districtAdcode: 330106, district: "西湖",
                             keys: "杭州 hangzhou hz 西湖 xihu xh")
    let xiamen = CheckinPlace(cityAdcode: 350200, city: "厦门", districtAdcode: 350203, district: "思明",
                              keys: "厦门 xiamen xm 思明 siming sm")
    let old = f.entry(DakaFixture.alice, "2025-05-01", "杭州西湖", "断桥", place: short)
    let other = f.entry(DakaFixture.alice, "2025-05-02", "厦门思明", "鼓浪屿", place: xiamen)
    let city = f.entry(DakaFixture.alice, "2025-05-03", "北京", "故宫", place: DakaFixture.beijingCity)
    let nowhere = f.entry(DakaFixture.alice, "2025-05-04", "某地", "某处")
    for entry in [old, other, city, nowhere] { try await engine.journal.addCheckin(entry) }

    // The step again, as on a database from before it.
    switch engine.engine {
    case .sqlite(let store):
      try await store.pool.write { db in try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'daka-v4'") }
      _ = try SQLiteStore(path: store.path, schemas: SparrowApps.sqliteSchemas)
    case .postgres(let store):
      try await store.transaction { db in try await db.execute("DELETE FROM schema_migrations WHERE name = 'daka-v4'") }
      try await store.migrate(adding: SparrowApps.postgresSchemas)
    }

    let journal = engine.journal
    #expect(try await journal.checkin(id: old.id, viewer: DakaFixture.alice)?.place?.district == "西湖区")
    #expect(try await journal.checkin(id: other.id, viewer: DakaFixture.alice)?.place?.district == "思明区")
    #expect(try await journal.checkin(id: city.id, viewer: DakaFixture.alice) == city)
    #expect(try await journal.checkin(id: nowhere.id, viewer: DakaFixture.alice) == nowhere)
    #expect(try await journal.checkins(CheckinQuery(viewer: nil, text: "思明区")).items.map(\.id) == [other.id])
    let stats = try await journal.checkinStats(userID: DakaFixture.alice)
    #expect(Set(stats.districts.map(\.name)) == ["西湖区", "思明区"])
  }
}

/// The official names come from GeoData, where none could break out of the migration's quoted JSON.
@Test func theOfficialNamesAreSafeToQuote() throws {
  let json = CheckinPlace.officialDistrictNamesJSON()
  #expect(!json.contains("'") && !json.contains("\\"))
  let names = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String])
  #expect(names["330106"] == "西湖区" && names["310115"] == "浦东新区" && names["350203"] == "思明区")
  #expect(names.count > 2000)
}
