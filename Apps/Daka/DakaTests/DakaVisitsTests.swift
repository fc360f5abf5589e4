import DakaApp
import DakaStore
import Foundation
import GeoData
import SparrowApps
import SparrowDemo
import SparrowStore
import SparrowStorePostgres
import SparrowStoreSQLite
import SparrowTestSupport
import Testing

/// The kept places (`DakaVisits`) against the entries, on every engine: over a random history of entries written,
/// edited (another place, another year, no place, another point or none) and deleted by three people, each person's
/// `checkinStats` is after every step what grouping their entries gives, and `checkinStatsAndPoints` those numbers
/// with their entries' points oldest first, as 我的 reads them with its list (`ownJournal`) in this process and in
/// another; and `daka-v7` run again over the history, as on a database from before it, counts the same from the rows.
@Test(arguments: StoreKind.available)
func keptPlacesAreTheEntriesGroupedOverARandomHistory(_ kind: StoreKind) async throws {
  let places: [CheckinPlace?] = ["杭州西湖", "杭州上城区", "杭州", "北京朝阳区", "北京", "上海浦东新区", "东京", "大阪", "巴黎", "香港油尖旺区"]
    .map { CheckinPlace(location: $0) } + [nil]
  #expect(places.compactMap { $0 }.count == 10, "every place is found")
  #expect(Set(places.compactMap { $0?.countryCode }).count >= 4, "several countries")
  try await withStore(kind) { engine in
    var random = SplitMix(seed: kind == .sqlite ? 7 : 11)
    let f = DakaFixture()
    let people: [Int64] = [DakaFixture.alice, DakaFixture.bob, DakaFixture.stranger]
    var entries: [Int64: CheckinRecord] = [:]
    let other = DakaModule.journal(on: try engine.reopen())
    func date() -> String {
      String(format: "%04d-%02d-%02d", Int.random(in: 2019...2025, using: &random), Int.random(in: 1...12, using: &random),
             Int.random(in: 1...28, using: &random))
    }
    func point() -> Coordinate? {
      guard Bool.random(using: &random) else { return nil }
      return Coordinate(latitude: Double(Int.random(in: -899...899, using: &random)) / 10,
                        longitude: Double(Int.random(in: -1799...1799, using: &random)) / 10)
    }
    func check(_ step: Int) async throws {
      for person in people {
        let expected = expectedStats(entries.values.filter { $0.userID == person })
        let kept = try await engine.journal.checkinStats(userID: person)
        #expect(kept == expected, "step \(step), user \(person)")
        let (stats, points) = try await engine.journal.checkinStatsAndPoints(userID: person)
        let pins = expectedPoints(entries.values.filter { $0.userID == person })
        #expect(stats == expected, "step \(step), user \(person)")
        #expect(points == pins, "step \(step), user \(person)")
        if kept != expected || stats != expected || points != pins { throw CancellationError() }
        // 我的's read, here and in another process that wrote nothing (its kept visits follow the version alone),
        // on a first page and on a later one; the viewer given is not the one read for.
        let mine = entries.values.filter { $0.userID == person }
          .sorted { ($0.date, $0.createdAt, $0.id) > ($1.date, $1.createdAt, $1.id) }
        for (journal, offset) in [(engine.journal, 0), (other, 0), (other, 3)] {
          let own = try await journal.ownJournal(userID: person, CheckinQuery(viewer: nil, limit: 3, offset: offset))
          #expect(own.stats == expected && own.points == pins, "step \(step), user \(person), offset \(offset)")
          #expect(own.list.total == mine.count && own.list.items == Array(mine.dropFirst(offset).prefix(3)),
                  "step \(step), user \(person), offset \(offset)")
        }
      }
    }
    for step in 0..<90 {
      let person = people.randomElement(using: &random)!
      let own = entries.values.filter { $0.userID == person }.sorted { $0.id < $1.id }
      let roll = Int.random(in: 0..<10, using: &random)
      switch roll {
      case _ where roll < 5 || own.isEmpty:
        var entry = f.entry(person, date(), "某地", "第\(step)站", Bool.random(using: &random) ? .public : .private,
                            place: places.randomElement(using: &random)!, createdAgo: Double(1_000 - step))
        entry.point = point()
        try await engine.journal.addCheckin(entry)
        entries[entry.id] = entry
      case 5..<8:
        let old = own.randomElement(using: &random)!
        let edit = CheckinEdit(
          id: old.id, userID: person, date: Bool.random(using: &random) ? date() : old.date, location: old.location,
          spot: old.spot, thoughts: "改过", visibility: old.visibility,
          place: Bool.random(using: &random) ? places.randomElement(using: &random)! : old.place,
          point: Bool.random(using: &random) ? point() : old.point)
        entries[old.id] = try await engine.journal.editCheckin(edit, maxPictures: 5)
      default:
        let gone = own.randomElement(using: &random)!
        #expect(try await engine.journal.deleteCheckin(id: gone.id, userID: person) != nil)
        entries[gone.id] = nil
      }
      try await check(step)
    }

    // `daka-v7` again, over the history's entries: the rows it counts are the kept ones.
    switch engine.engine {
    case .sqlite(let store):
      try await store.pool.write { db in
        try db.execute(sql: "DROP TABLE daka_visits")
        try db.execute(sql: "DROP INDEX daka_checkins_points")
        try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'daka-v7'")
      }
      _ = try SQLiteStore(path: store.path, schemas: SparrowApps.sqliteSchemas)
    case .postgres(let store):
      try await store.transaction { db in
        try await db.execute("DROP TABLE daka_visits")
        try await db.execute("DROP INDEX daka_checkins_points")
        try await db.execute("DELETE FROM schema_migrations WHERE name = 'daka-v7'")
      }
      try await store.migrate(adding: SparrowApps.postgresSchemas)
    }
    try await check(90)
  }
}

/// What `KeptVisits` keeps: visits by the version they were read at, never an older version over a newer one, and
/// nothing of a person with more points than its limit.
@Test func keptVisitsFollowTheVersion() {
  let kept = KeptVisits(limit: 10, pointLimit: 2)
  let stats = CheckinStats(count: 3, cities: [], districts: [])
  func points(_ n: Int) -> [CheckinPoint] {
    (0..<n).map { CheckinPoint(id: Int64($0), date: "2026-12-07", spot: "第\($0)站",
                               point: Coordinate(latitude: 30, longitude: 120), countryCode: "CN") }
  }
  #expect(kept.visits(of: 1, at: 0) == nil)
  kept.keep((stats, points(2)), of: 1, at: 4)
  #expect(kept.visits(of: 1, at: 4)?.points == points(2))
  #expect(kept.visits(of: 1, at: 5) == nil, "a moved version reads again")
  kept.keep((stats, points(1)), of: 1, at: 3)
  #expect(kept.visits(of: 1, at: 4)?.points == points(2), "an older version does not replace a newer one")
  kept.keep((stats, points(3)), of: 2, at: 1)
  #expect(kept.visits(of: 2, at: 1) == nil, "too many points to keep")
}

/// The pins of `entries`: those with a point, oldest first (by date, then creation).
private func expectedPoints(_ entries: [CheckinRecord]) -> [CheckinPoint] {
  entries.filter { $0.point != nil }.sorted { ($0.date, $0.createdAt, $0.id) < ($1.date, $1.createdAt, $1.id) }.map {
    CheckinPoint(id: $0.id, date: $0.date, spot: $0.spot, point: $0.point!, countryCode: $0.place?.countryCode)
  }
}

/// What grouping `entries` gives, in 我的's orders: most entries first, then by code; years newest first.
private func expectedStats(_ entries: [CheckinRecord]) -> CheckinStats {
  func grouped<Key: Hashable & Comparable>(_ key: (CheckinRecord) -> Key?) -> [(key: Key, entries: [CheckinRecord])] {
    Dictionary(grouping: entries.compactMap { entry in key(entry).map { ($0, entry) } }, by: \.0)
      .map { (key: $0.key, entries: $0.value.map(\.1)) }
      .sorted { ($0.entries.count, $1.key) > ($1.entries.count, $0.key) }
  }
  return CheckinStats(
    count: entries.count,
    cities: grouped { $0.place?.cityAdcode }.map {
      VisitedPlace(adcode: $0.key, name: $0.entries.compactMap { $0.place?.city }.min() ?? "", cityAdcode: $0.key,
                   count: $0.entries.count)
    },
    districts: grouped { $0.place?.districtAdcode }.map {
      VisitedPlace(adcode: $0.key, name: $0.entries.compactMap { $0.place?.district }.min() ?? "",
                   cityAdcode: $0.entries.compactMap { $0.place?.cityAdcode }.min() ?? 0, count: $0.entries.count)
    },
    citiesAbroad: grouped { $0.place?.geonameID }.map {
      VisitedCity(geonameID: $0.key, name: $0.entries.compactMap { $0.place?.city }.min() ?? "",
                  countryCode: $0.entries.compactMap { $0.place?.countryCode }.min() ?? "", count: $0.entries.count)
    },
    countries: grouped { $0.place?.countryCode }.map {
      VisitedCountry(code: $0.key, name: $0.entries.compactMap { $0.place?.country }.min() ?? "", count: $0.entries.count)
    },
    years: Dictionary(grouping: entries, by: { Int($0.date.prefix(4))! }).map { (year: $0.key, count: $0.value.count) }
      .sorted { $0.year > $1.year })
}
