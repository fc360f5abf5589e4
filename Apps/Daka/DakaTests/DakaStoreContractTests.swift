import DakaStore
import Foundation
import SparrowStore
import SparrowTestSupport
import Testing

/// The 打卡 store contract, on every available engine: privacy in every read, order, paging, search, stats,
/// edits of pictures, deletion, and the picture references the collector honours.

/// Two travellers and a stranger, and check-ins of theirs.
struct DakaFixture {
  static let now = Date(timeIntervalSince1970: 1_750_000_000)
  static let alice: Int64 = 101, bob: Int64 = 102, stranger: Int64 = 103
  static let hangzhou = CheckinPlace(cityAdcode: 330100, city: "杭州", districtAdcode: 330106, district: "西湖区",
                                     keys: "杭州 hangzhou hz 西湖区 西湖 xihu xh")
  static let beijing = CheckinPlace(cityAdcode: 110000, city: "北京", districtAdcode: 110105, district: "朝阳区",
                                    keys: "北京 beijing bj 朝阳区 朝阳 chaoyang cy")
  static let beijingCity = CheckinPlace(cityAdcode: 110000, city: "北京", keys: "北京 beijing bj")
  let ids = IDGenerator(node: 4)

  func entry(_ user: Int64, _ date: String, _ location: String, _ spot: String, _ visibility: CheckinVisibility = .public,
             place: CheckinPlace? = nil, pictures: [PictureRef] = [], createdAgo: Double = 0, thoughts: String = "想法")
    -> CheckinRecord
  {
    CheckinRecord(
      id: ids.next(at: Self.now - createdAgo), userID: user, date: date, location: location, spot: spot,
      thoughts: thoughts, visibility: visibility, place: place, pictures: pictures, createdAt: Self.now - createdAgo)
  }
}

func spots(_ page: FeedPage<CheckinRecord>) -> [String] { page.items.map(\.spot) }

func picture(_ id: String) -> PictureRef { PictureRef(id: id, ext: "jpg", width: 800, height: 600) }

@Test(arguments: StoreKind.available)
func checkinsRoundTripAndATakenIDConflicts(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let f = DakaFixture()
    let entry = f.entry(DakaFixture.alice, "2025-05-01", "杭州西湖", "断桥", place: DakaFixture.hangzhou,
                        pictures: [picture("a"), picture("b")])
    let bare = f.entry(DakaFixture.alice, "2025-05-02", "某地", "某处", .private)

    try await engine.journal.addCheckin(entry)
    try await engine.journal.addCheckin(bare)

    #expect(try await engine.journal.checkin(id: entry.id, viewer: DakaFixture.alice) == entry)
    #expect(try await engine.journal.checkin(id: bare.id, viewer: DakaFixture.alice) == bare)
    await #expect(throws: StoreError.conflict) { try await engine.journal.addCheckin(entry) }
  }
}

@Test(arguments: StoreKind.available)
func privateEntriesReachNoOneButTheirAuthor(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let f = DakaFixture()
    let secret = f.entry(DakaFixture.alice, "2025-05-01", "杭州西湖", "秘密花园", .private, place: DakaFixture.hangzhou)
    let open = f.entry(DakaFixture.alice, "2025-04-01", "北京", "故宫", place: DakaFixture.beijingCity)
    try await engine.journal.addCheckin(secret)
    try await engine.journal.addCheckin(open)
    let store = engine.journal

    for viewer in [DakaFixture.stranger, nil] as [Int64?] {
      #expect(try await store.checkin(id: secret.id, viewer: viewer) == nil)
      #expect(try await store.checkin(id: open.id, viewer: viewer) == open)
      #expect(spots(try await store.checkins(CheckinQuery(viewer: viewer))) == ["故宫"])
      #expect(spots(try await store.checkins(CheckinQuery(viewer: viewer, author: DakaFixture.alice))) == ["故宫"])
      #expect(try await store.checkins(CheckinQuery(viewer: viewer, text: "秘密")).total == 0)
      #expect(try await store.checkins(CheckinQuery(viewer: viewer, text: "xihu")).total == 0)
    }
    #expect(spots(try await store.checkins(CheckinQuery(viewer: DakaFixture.alice))) == ["秘密花园", "故宫"])
    #expect(spots(try await store.checkins(CheckinQuery(viewer: DakaFixture.alice, text: "秘密"))) == ["秘密花园"])
  }
}

@Test(arguments: StoreKind.available)
func aSearchSaysWhereItsMatchesStandInTheWholeList(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let f = DakaFixture()
    // The whole list as alice sees it, newest first: 西湖晚(0) 断桥(1) [bob's private 西湖私] 故宫(2) 西湖早(3).
    for entry in [
      f.entry(DakaFixture.alice, "2025-05-03", "杭州", "西湖晚", place: DakaFixture.hangzhou),
      f.entry(DakaFixture.alice, "2025-05-02", "杭州", "断桥"),
      f.entry(DakaFixture.bob, "2025-05-01", "杭州", "西湖私", .private, createdAgo: 1),
      f.entry(DakaFixture.bob, "2025-05-01", "北京", "故宫", createdAgo: 2),
      f.entry(DakaFixture.alice, "2025-04-01", "杭州", "西湖早", place: DakaFixture.hangzhou),
    ] { try await engine.journal.addCheckin(entry) }
    let store = engine.journal

    let all = try await store.checkinMatchPositions(CheckinQuery(viewer: DakaFixture.alice, text: "西湖"))
    #expect(all.items == [0, 3] && all.total == 2)
    let second = try await store.checkinMatchPositions(CheckinQuery(viewer: DakaFixture.alice, text: "西湖", limit: 1, offset: 1))
    #expect(second.items == [3] && second.total == 2)
    // Pinyin of the linked place, any case; bob sees his private entry in its place.
    #expect(try await store.checkinMatchPositions(CheckinQuery(viewer: DakaFixture.alice, text: "XiHu")).items == [0, 3])
    #expect(try await store.checkinMatchPositions(CheckinQuery(viewer: DakaFixture.bob, text: "西湖")).items == [0, 2, 4])
    #expect(try await store.checkinMatchPositions(CheckinQuery(viewer: DakaFixture.bob, author: DakaFixture.bob, text: "西湖")).items == [0])
    let none = try await store.checkinMatchPositions(CheckinQuery(viewer: nil, text: "没有"))
    #expect(none.items.isEmpty && none.total == 0)
  }
}

@Test(arguments: StoreKind.available)
func listsAreNewestFirstByDateThenCreationAndPage(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let f = DakaFixture()
    // Created in another order than their dates; two on one day, the later-created first.
    let entries = [
      f.entry(DakaFixture.alice, "2025-03-01", "北京", "三月", createdAgo: 10),
      f.entry(DakaFixture.bob, "2025-05-01", "北京", "五月早", createdAgo: 500),
      f.entry(DakaFixture.alice, "2025-05-01", "北京", "五月晚", createdAgo: 100),
      f.entry(DakaFixture.bob, "2024-12-31", "北京", "去年", createdAgo: 1),
      f.entry(DakaFixture.alice, "2025-04-15", "北京", "四月", createdAgo: 1000),
    ]
    for entry in entries { try await engine.journal.addCheckin(entry) }

    let all = try await engine.journal.checkins(CheckinQuery(viewer: nil, limit: 2, offset: 0))
    let second = try await engine.journal.checkins(CheckinQuery(viewer: nil, limit: 2, offset: 2))
    let last = try await engine.journal.checkins(CheckinQuery(viewer: nil, limit: 2, offset: 4))
    let past = try await engine.journal.checkins(CheckinQuery(viewer: nil, limit: 2, offset: 6))

    #expect(spots(all) == ["五月晚", "五月早"])
    #expect(spots(second) == ["四月", "三月"])
    #expect(spots(last) == ["去年"])
    #expect(past.items.isEmpty && past.total == 5)
    #expect(all.total == 5)
    #expect(spots(try await engine.journal.checkins(CheckinQuery(viewer: nil, author: DakaFixture.bob))) == ["五月早", "去年"])
  }
}

@Test(arguments: StoreKind.available)
func searchMatchesTheBriefAndThePlacesPinyinAndInitials(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let f = DakaFixture()
    try await engine.journal.addCheckin(f.entry(DakaFixture.alice, "2025-05-01", "杭州西湖", "断桥", place: DakaFixture.hangzhou))
    try await engine.journal.addCheckin(f.entry(DakaFixture.bob, "2025-04-01", "Beijing", "798 艺术区", place: DakaFixture.beijing))
    try await engine.journal.addCheckin(f.entry(DakaFixture.bob, "2025-03-01", "小镇", "100%_咖啡", thoughts: "Latte 很香\n下次再来"))
    func found(_ text: String) async throws -> [String] { spots(try await engine.journal.checkins(CheckinQuery(viewer: nil, text: text))) }

    #expect(try await found("西湖 断桥") == ["断桥"])  // across the brief's fields
    #expect(try await found("2025-04") == ["798 艺术区"])
    #expect(try await found("HangZhou") == ["断桥"])
    #expect(try await found("xh") == ["断桥"])
    #expect(try await found("北京") == ["798 艺术区"])  // the linked place's name, though the text is pinyin
    #expect(try await found("chaoyang") == ["798 艺术区"])
    #expect(try await found("%_") == ["100%_咖啡"])  // wildcards are plain characters
    #expect(try await found("latte 很香") == ["100%_咖啡"])  // the thoughts too, any case
    #expect(try await found("想法") == ["断桥", "798 艺术区"])
    #expect(try await found("上海").isEmpty)
    #expect(try await found("  ").count == 3)  // blank: no search
  }
}

@Test(arguments: StoreKind.available)
func statsCountTheAuthorsEntriesAndPlacesOnly(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let f = DakaFixture()
    let mine = [
      f.entry(DakaFixture.alice, "2025-05-01", "杭州西湖", "断桥", .private, place: DakaFixture.hangzhou),
      f.entry(DakaFixture.alice, "2025-05-02", "杭州西湖", "雷峰塔", place: DakaFixture.hangzhou),
      f.entry(DakaFixture.alice, "2025-05-03", "北京", "故宫", place: DakaFixture.beijingCity),
      f.entry(DakaFixture.alice, "2025-05-04", "北京朝阳", "三里屯", place: DakaFixture.beijing),
      f.entry(DakaFixture.alice, "2025-05-05", "某个地方", "无名"),
    ]
    for entry in mine { try await engine.journal.addCheckin(entry) }
    try await engine.journal.addCheckin(f.entry(DakaFixture.bob, "2025-05-01", "上海", "外滩",
                                              place: CheckinPlace(cityAdcode: 310000, city: "上海")))

    let stats = try await engine.journal.checkinStats(userID: DakaFixture.alice)

    #expect(stats.count == 5)
    #expect(stats.cities == [
      VisitedPlace(adcode: 110000, name: "北京", cityAdcode: 110000, count: 2),
      VisitedPlace(adcode: 330100, name: "杭州", cityAdcode: 330100, count: 2),
    ])
    #expect(stats.districts == [
      VisitedPlace(adcode: 330106, name: "西湖区", cityAdcode: 330100, count: 2),
      VisitedPlace(adcode: 110105, name: "朝阳区", cityAdcode: 110000, count: 1),
    ])
    #expect(stats.countries == [VisitedCountry(code: "CN", name: "中国", count: 4)])
    #expect(stats.citiesAbroad.isEmpty)
    #expect(stats.years.map(\.year) == [2025] && stats.years.map(\.count) == [5])
    #expect(try await engine.journal.checkinStats(userID: DakaFixture.stranger) == CheckinStats(count: 0, cities: [], districts: []))
  }
}

@Test(arguments: StoreKind.available)
func editsKeepAddAndRemovePicturesAndOnlyTheAuthorEdits(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let f = DakaFixture()
    let entry = f.entry(DakaFixture.alice, "2025-05-01", "杭州西湖", "断桥", .private, place: DakaFixture.hangzhou,
                        pictures: [picture("a"), picture("b"), picture("c")])
    try await engine.journal.addCheckin(entry)
    var edit = CheckinEdit(entry)
    edit.spot = "白堤"
    edit.location = "北京"
    edit.place = DakaFixture.beijingCity
    edit.visibility = .public
    edit.removing = ["b"]
    edit.adding = [picture("d")]

    let edited = try await engine.journal.editCheckin(edit, maxPictures: 5)

    #expect(edited.pictures.map(\.id) == ["a", "c", "d"])
    #expect(edited.createdAt == entry.createdAt && edited.id == entry.id)
    #expect(try await engine.journal.checkin(id: entry.id, viewer: DakaFixture.stranger) == edited)
    #expect(try await engine.journal.checkins(CheckinQuery(viewer: nil, text: "hangzhou")).total == 0)
    #expect(try await engine.journal.checkins(CheckinQuery(viewer: nil, text: "beijing")).total == 1)

    var theirs = CheckinEdit(edited)
    theirs.userID = DakaFixture.bob
    await #expect(throws: StoreError.notFound) { try await engine.journal.editCheckin(theirs, maxPictures: 5) }
    var tooMany = CheckinEdit(edited)
    tooMany.adding = [picture("e"), picture("f"), picture("g")]
    await #expect(throws: DakaLimitError(pictures: 6)) { try await engine.journal.editCheckin(tooMany, maxPictures: 5) }
    #expect(try await engine.journal.checkin(id: entry.id, viewer: DakaFixture.alice) == edited)
  }
}

@Test(arguments: StoreKind.available)
func onlyTheAuthorDeletes(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let f = DakaFixture()
    let entry = f.entry(DakaFixture.alice, "2025-05-01", "杭州西湖", "断桥")
    try await engine.journal.addCheckin(entry)

    #expect(try await engine.journal.deleteCheckin(id: entry.id, userID: DakaFixture.bob) == nil)
    #expect(try await engine.journal.deleteCheckin(id: entry.id, userID: DakaFixture.alice) == entry)
    #expect(try await engine.journal.deleteCheckin(id: entry.id, userID: DakaFixture.alice) == nil)
    #expect(try await engine.journal.checkin(id: entry.id, viewer: DakaFixture.alice) == nil)
  }
}

@Test(arguments: StoreKind.available)
func checkinPicturesAreKeptByThePictureCollectorWhileReferenced(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let f = DakaFixture()
    let old = DakaFixture.now - 30 * 86_400
    for id in ["a", "b", "c"] { try await engine.store.savePicture(picture(id), at: old) }
    let entry = f.entry(DakaFixture.alice, "2025-05-01", "杭州", "断桥", pictures: [picture("a"), picture("b")])
    func loose() async throws -> [String] {
      try await engine.store.unreferencedPictures(before: DakaFixture.now, limit: 10).map(\.id).sorted()
    }

    try await engine.journal.addCheckin(entry)
    #expect(try await loose() == ["c"])
    var edit = CheckinEdit(entry)
    edit.removing = ["a"]
    edit.adding = [picture("c")]
    _ = try await engine.journal.editCheckin(edit, maxPictures: 5)
    #expect(try await loose() == ["a"])
    _ = try await engine.journal.deleteCheckin(id: entry.id, userID: DakaFixture.alice)
    #expect(try await loose() == ["a", "b", "c"])
  }
}
