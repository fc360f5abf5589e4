import DakaStore
import Foundation
import SparrowStore
import SparrowTestSupport
import Testing

/// Trips in the store, on every engine: only the owner's entries, a private trip its owner's alone, a trip's
/// entries each as their viewer may see them, oldest first; an edit replaces its entries, a delete releases them;
/// and the list filters (year, country, city).
@Test(arguments: StoreKind.available)
func tripsHoldTheirOwnersEntriesAndShowEachOnlyToWhoMaySeeIt(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let f = DakaFixture()
    let store = engine.journal
    let first = f.entry(DakaFixture.alice, "2025-05-01", "杭州西湖", "断桥", place: DakaFixture.hangzhou)
    let second = f.entry(DakaFixture.alice, "2025-05-02", "杭州西湖", "雷峰塔", .private, place: DakaFixture.hangzhou)
    let third = f.entry(DakaFixture.alice, "2025-05-03", "北京", "故宫", place: DakaFixture.beijingCity)
    let bobs = f.entry(DakaFixture.bob, "2025-05-01", "北京", "天坛", place: DakaFixture.beijingCity)
    for entry in [third, first, second, bobs] { try await store.addCheckin(entry) }

    let trip = TripRecord(id: f.ids.next(at: DakaFixture.now), userID: DakaFixture.alice, name: "江南", visibility: .public,
                          createdAt: DakaFixture.now)
    await #expect(throws: TripEntriesError(ids: [bobs.id])) { try await store.saveTrip(trip, entries: [first.id, bobs.id]) }
    #expect(try await store.trip(id: trip.id, viewer: DakaFixture.alice) == nil, "nothing written")
    try await store.saveTrip(trip, entries: [first.id, second.id, third.id])
    // Bob cannot take it over.
    var taken = trip
    taken.userID = DakaFixture.bob
    await #expect(throws: StoreError.notFound) { try await store.saveTrip(taken, entries: [bobs.id]) }

    func spots(_ viewer: Int64?) async throws -> [String] {
      try await store.checkins(CheckinQuery(viewer: viewer, trip: trip.id, oldestFirst: true, limit: 50)).items.map(\.spot)
    }
    #expect(try await spots(DakaFixture.alice) == ["断桥", "雷峰塔", "故宫"])
    #expect(try await spots(DakaFixture.bob) == ["断桥", "故宫"], "the private entry is alice's alone")
    #expect(try await spots(nil) == ["断桥", "故宫"])
    #expect(try await store.checkins(CheckinQuery(viewer: nil, trip: trip.id)).total == 2)
    #expect(try await store.checkin(id: first.id, viewer: nil)?.tripID == trip.id)

    // Private: alice's alone, the trip and its listing.
    var hidden = trip
    hidden.visibility = .private
    try await store.saveTrip(hidden, entries: [first.id, third.id])
    #expect(try await store.trip(id: trip.id, viewer: DakaFixture.bob) == nil)
    #expect(try await store.trip(id: trip.id, viewer: nil) == nil)
    #expect(try await store.trips(userID: DakaFixture.alice, viewer: DakaFixture.bob).isEmpty)
    #expect(try await store.trips(userID: DakaFixture.alice, viewer: DakaFixture.alice) == [hidden])
    #expect(try await store.checkin(id: second.id, viewer: DakaFixture.alice)?.tripID == nil, "released by the edit")

    // An entry's edit keeps its trip; deleting the trip keeps its entries.
    var edit = CheckinEdit(try #require(try await store.checkin(id: first.id, viewer: DakaFixture.alice)))
    edit.spot = "断桥残雪"
    #expect(try await store.editCheckin(edit, maxPictures: 5).tripID == trip.id)
    #expect(try await store.deleteTrip(id: trip.id, userID: DakaFixture.bob) == false)
    #expect(try await store.deleteTrip(id: trip.id, userID: DakaFixture.alice))
    #expect(try await store.checkin(id: first.id, viewer: DakaFixture.alice)?.tripID == nil)
    #expect(try await store.checkins(CheckinQuery(viewer: DakaFixture.alice, author: DakaFixture.alice)).total == 3)
  }
}

@Test(arguments: StoreKind.available)
func listsFilterByYearCountryAndCity(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let f = DakaFixture()
    let store = engine.journal
    let tokyo = CheckinPlace(countryCode: "JP", country: "日本", geonameID: 1850147, city: "东京", keys: "日本 东京")
    for entry in [
      f.entry(DakaFixture.alice, "2024-12-31", "杭州西湖", "断桥", place: DakaFixture.hangzhou),
      f.entry(DakaFixture.alice, "2025-01-01", "北京", "故宫", place: DakaFixture.beijingCity),
      f.entry(DakaFixture.alice, "2025-04-01", "东京", "浅草寺", place: tokyo),
      f.entry(DakaFixture.bob, "2025-04-02", "东京", "银座", .private, place: tokyo),
    ] { try await store.addCheckin(entry) }
    func spots(_ query: CheckinQuery) async throws -> [String] { try await store.checkins(query).items.map(\.spot) }
    #expect(try await spots(CheckinQuery(viewer: nil, year: 2025)) == ["浅草寺", "故宫"])
    #expect(try await store.checkins(CheckinQuery(viewer: nil, year: 2025)).total == 2)
    #expect(try await spots(CheckinQuery(viewer: nil, year: 2024)) == ["断桥"])
    #expect(try await spots(CheckinQuery(viewer: nil, countryCode: "jp")) == ["浅草寺"])
    #expect(try await spots(CheckinQuery(viewer: DakaFixture.bob, countryCode: "JP")) == ["银座", "浅草寺"])
    #expect(try await spots(CheckinQuery(viewer: nil, countryCode: "CN")) == ["故宫", "断桥"])
    #expect(try await spots(CheckinQuery(viewer: nil, cityAdcode: 330100)) == ["断桥"])
    #expect(try await spots(CheckinQuery(viewer: nil, geonameID: 1850147)) == ["浅草寺"])
    #expect(try await spots(CheckinQuery(viewer: nil, author: DakaFixture.alice, year: 2025, countryCode: "CN")) == ["故宫"])
  }
}
