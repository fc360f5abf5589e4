import DakaStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SparrowStore
import SparrowTestSupport
import Testing

/// 打卡's web client at `/daka`: pages, the form and its refusals, privacy from a stranger's side and signed out,
/// editing and deleting, 我的 with its 足迹 map, the export, the place lookups. On SQLite, and on PostgreSQL with
/// `SPARROW_TEST_ENGINE=postgres` (as `make test` runs it).
@Suite struct DakaWebTests {
  typealias World = DakaWebWorld

  @Test func signedOutTheTabsArePagesAndWritingAsksToSignIn() async throws {
    let w = try await World()

    try await w.world.test { client in
      let discover = try await client.get("/daka")
      let form = try await client.get("/daka/new")
      let me = try await client.get("/daka/me")
      let post = try await client.post("/daka/new", World.fields)
      let unknown = try await client.get("/daka/nowhere")
      let viewer = try await client.get("/daka/static/js/pictures.js")

      #expect(discover.status == .ok && discover.headers[.contentType] == "text/html; charset=utf-8")
      #expect(discover.text.contains("id=\"tab-find\" data-tab=\"find\" aria-current=\"page\""))
      #expect(discover.text.contains("id=\"no-checkins\""))
      #expect(form.status == .ok && form.text.contains("登录后打卡") && !form.text.contains("checkin-form"))
      #expect(me.text.contains("/web/login?next=%2Fdaka%2Fme") && me.text.contains("足迹地图"))
      #expect(post.status == .seeOther && post.headers[.location]?.contains("/oauth2/authorize") == true)
      #expect(unknown.status == .notFound && unknown.text.contains("页面不存在") && unknown.text.contains("tab-find"))
      #expect(viewer.status == .ok && viewer.text.contains("export function openViewer"))  // the platform's
    }
  }

  @Test func aCheckInThroughTheFormIsPrivateByDefaultAndOpensItsDetail() async throws {
    let w = try await World()

    try await w.world.test { client in
      let alice = try await World.signIn(client, "alice")
      let id = try await alice.checkIn(World.fields, pics: [try World.photo("#123456"), try World.photo("#654321")])
      let detail = try await alice.get("/daka/c/\(id)?from=checkin")

      #expect(detail.status == .ok)
      #expect(detail.text.contains("<p class=\"detail-date\" id=\"detail-date\">2025-05-01</p>"))
      #expect(detail.text.contains("断桥 · 杭州西湖"))
      #expect(detail.text.contains("湖面有雾\n很美"))
      #expect(detail.text.contains("杭州 · 西湖"))  // linked to its place
      #expect(detail.text.matches(of: /class="pic" href="\/pics\/large\//).count == 2)
      #expect(detail.text.contains("仅自己可见"))
      #expect(detail.text.contains("id=\"tab-checkin\" data-tab=\"checkin\" aria-current=\"page\""))
      #expect(!detail.text.contains("id=\"share\""))  // private: nothing to share
      #expect(detail.text.contains("action=\"/daka/c/\(id)/delete\""))
    }
  }

  @Test func aPrivateEntryReachesNoOneElseAnywhere() async throws {
    let w = try await World()

    try await w.world.test { client in
      let alice = try await World.signIn(client, "alice")
      let bob = try await World.signIn(client, "bob")
      let id = try await alice.checkIn([("date", "2025-06-01"), ("location", "苏州"), ("spot", "秘密花园")])

      for page in [try await bob.get("/daka/c/\(id)"), try await client.get("/daka/c/\(id)")] {
        #expect(page.status == .notFound)
        #expect(page.headers[.contentType] == "text/html; charset=utf-8")
        #expect(page.text.contains("这条打卡不存在") && !page.text.contains("秘密花园"))
      }
      #expect(!(try await bob.get("/daka")).text.contains("秘密花园"))
      #expect((try await bob.get("/daka?q=%E7%A7%98%E5%AF%86")).text.contains("未找到"))
      #expect((try await bob.get("/daka?q=suzhou")).text.contains("未找到"))
      #expect(!(try await bob.get("/daka/me")).text.contains("秘密花园"))
      #expect((try await bob.get("/daka/c/\(id)/edit")).status == .notFound)
      #expect((try await bob.post("/daka/c/\(id)/delete", [])).status == .notFound)
      #expect((try await bob.post("/daka/c/\(id)/edit", [("spot", "改了")])).status == .notFound)
      #expect((try await alice.get("/daka/c/\(id)")).text.contains("秘密花园"))
      #expect((try await alice.get("/daka")).briefs == ["2025-06-01 苏州 秘密花园"])
    }
  }

  /// Every page and form of someone else's private entry answers as for an id no entry has, byte for byte
  /// modulo the path: the answer never tells that it exists.
  @Test func someoneElsesPrivateEntryAnswersAsAnIdThatDoesNotExist() async throws {
    let w = try await World()

    try await w.world.test { client in
      let alice = try await World.signIn(client, "alice")
      let bob = try await World.signIn(client, "bob")
      let id = try await alice.checkIn([("date", "2025-06-01"), ("location", "苏州"), ("spot", "秘密花园")])
      let missing = id + 1_000_000
      func answers(_ id: Int64) async throws -> [TestResponse] {
        [
          try await bob.get("/daka/c/\(id)"), try await bob.get("/daka/c/\(id)/edit"),
          try await bob.post("/daka/c/\(id)/edit", [("spot", "改了")]), try await bob.post("/daka/c/\(id)/delete", []),
          try await client.get("/daka/c/\(id)"),
        ]
      }

      let hidden = try await answers(id)
      let none = try await answers(missing)

      for (asked, expected) in zip(hidden, none) {
        #expect(asked.status == expected.status)
        #expect(asked.headers[.location] == expected.headers[.location].map { $0.replacingOccurrences(of: String(missing), with: String(id)) })
        #expect(asked.text.replacingOccurrences(of: String(id), with: "ID") == expected.text.replacingOccurrences(of: String(missing), with: "ID"))
      }
      #expect((try await alice.get("/daka/c/\(id)")).text.contains("秘密花园"))
    }
  }

  @Test func searchJumpsToTheFirstMatchInTheWholeListMarksItAndSaysWhenNothingMatches() async throws {
    let w = try await World()

    try await w.world.test { client in
      let alice = try await World.signIn(client, "alice")
      _ = try await alice.checkIn([("date", "2025-05-01"), ("location", "杭州西湖"), ("spot", "断桥"), ("visibility", "public")])
      _ = try await alice.checkIn([("date", "2025-05-03"), ("location", "南京"), ("spot", "中山陵"), ("visibility", "public")])
      _ = try await alice.checkIn([("date", "2025-05-02"), ("location", "杭州"), ("spot", "灵隐寺"), ("visibility", "public")])
      let everything = ["2025-05-03 南京 中山陵", "2025-05-02 杭州 灵隐寺", "2025-05-01 杭州西湖 断桥"]

      let all = try await client.get("/daka")
      let hanzi = try await client.get("/daka?q=%E6%9D%AD%E5%B7%9E")
      let second = try await client.get("/daka?q=%E6%9D%AD%E5%B7%9E&m=2")
      let pinyin = try await client.get("/daka?q=HangZhou")
      let initials = try await client.get("/daka?q=nj")
      let nothing = try await client.get("/daka?q=%E6%B2%A1%E6%9C%89")

      #expect(all.briefs == everything && !all.text.contains("id=\"found\""))
      // The whole list stays; the first match is marked and scrolled to, with a way to the next one.
      #expect(hanzi.briefs == everything)
      #expect(hanzi.found == "2025-05-02 杭州 灵隐寺")
      #expect(hanzi.text.matches(of: /id="found"/).count == 1)
      #expect(hanzi.text.contains("<mark>杭州</mark>") && hanzi.text.contains("找到2条") && hanzi.text.contains("第1条"))
      #expect(hanzi.text.contains("href=\"/daka?q=%E6%9D%AD%E5%B7%9E&amp;m=2#found\" id=\"next-match\""))
      #expect(!hanzi.text.contains("id=\"previous-match\""))
      #expect(hanzi.text.contains("value=\"杭州\""))
      #expect(second.found == "2025-05-01 杭州西湖 断桥" && second.text.contains("第2条"))
      #expect(second.text.contains("id=\"previous-match\"") && !second.text.contains("id=\"next-match\""))
      #expect(pinyin.found == "2025-05-02 杭州 灵隐寺" && pinyin.text.contains("找到2条"))
      #expect(initials.found == "2025-05-03 南京 中山陵" && initials.text.contains("找到1条"))
      #expect(nothing.text.contains("<span id=\"not-found\">未找到</span>"))
      #expect(nothing.briefs == everything && nothing.found == nil)
    }
  }

  @Test func longListsComeAPageAtATime() async throws {
    let w = try await World()
    let alice = try await w.world.store.user(screenName: "alice")!
    for day in 1...25 {
      try await w.world.journal.addCheckin(CheckinRecord(
        id: Int64(1000 + day), userID: alice.id, date: String(format: "2025-03-%02d", day), location: "杭州", spot: "第\(day)天",
        visibility: .public, createdAt: w.world.clock.now))
    }

    try await w.world.test { client in
      let first = try await client.get("/daka")
      let second = try await client.get("/daka?page=2")
      let past = try await client.get("/daka?page=9")

      #expect(first.briefs.count == 20 && first.briefs.first == "2025-03-25 杭州 第25天")
      #expect(first.text.contains("href=\"/daka?page=2\" id=\"next\"") && first.text.contains("1 / 2"))
      #expect(second.briefs.count == 5 && second.briefs.last == "2025-03-01 杭州 第1天")
      #expect(second.text.contains("id=\"previous\"") && !second.text.contains("id=\"next\""))
      #expect(past.briefs.isEmpty && past.text.contains("没有更多了") && !past.text.contains("还没有打卡"))

      // A match on the second page: the search opens that page; a page asked for by number only marks.
      let jump = try await client.get("/daka?q=%E7%AC%AC3%E5%A4%A9")
      #expect(jump.found == "2025-03-03 杭州 第3天" && jump.text.contains("2 / 2") && jump.briefs.count == 5)
      #expect(jump.text.contains("href=\"/daka?q=%E7%AC%AC3%E5%A4%A9&amp;page=1\" id=\"previous\""))
      let browsing = try await client.get("/daka?q=%E7%AC%AC3%E5%A4%A9&page=1")
      #expect(browsing.found == nil && browsing.briefs.count == 20 && browsing.text.contains("id=\"first-match\""))
    }
  }

  @Test func meListsAllOfOnesOwnEntriesAPageAtATime() async throws {
    let w = try await World()
    let alice = try await w.world.store.user(screenName: "alice")!
    for day in 1...55 {
      try await w.world.journal.addCheckin(CheckinRecord(
        id: Int64(2000 + day), userID: alice.id, date: String(format: "2025-%02d-%02d", (day - 1) / 28 + 1, (day - 1) % 28 + 1),
        location: "杭州", spot: "第\(day)天", visibility: .private,
        place: CheckinPlace(cityAdcode: 330100, city: "杭州", keys: "杭州 hangzhou hz"), createdAt: w.world.clock.now))
    }
    try await w.world.test { client in
      let browser = try await DakaWebWorld.signIn(client, "alice")
      let first = try await browser.get("/daka/me?city=330100")
      #expect(first.briefs.count == 50 && first.briefs.first == "2025-02-27 杭州 第55天" && first.text.contains("1 / 2"))
      #expect(first.text.contains("href=\"/daka/me?city=330100&amp;page=2#own\" id=\"own-next\""))
      let second = try await browser.get("/daka/me?city=330100&page=2")
      #expect(second.briefs == (1...5).reversed().map { "2025-01-\(String(format: "%02d", $0)) 杭州 第\($0)天" })
      #expect(second.text.contains("id=\"own-previous\"") && !second.text.contains("id=\"own-next\""))
    }
  }

  @Test func aRefusedFormSaysWhyKeepsWhatWasTypedAndWritesNothing() async throws {
    let w = try await World()

    try await w.world.test { client in
      let alice = try await World.signIn(client, "alice")
      let noSpot = try await alice.post("/daka/new", [("date", "2025-05-01"), ("location", "苏州"), ("thoughts", "园林<很美>")])
      let badDay = try await alice.post("/daka/new", [("date", "2025-02-30"), ("location", "苏州"), ("spot", "拙政园")])
      let noLocation = try await alice.post("/daka/new", [("date", "2025-05-01"), ("spot", "拙政园"), ("visibility", "public")])
      let tooMany = try await alice.post("/daka/new", World.fields, pics: try (1...6).map { try World.photo("#00000\($0)") })
      let notAPicture = try await alice.post("/daka/new", World.fields, pics: [Data("not a picture".utf8)])
      let noToken = try await alice.post("/daka/new", World.fields, csrf: false)

      #expect(noSpot.status == .badRequest && noSpot.text.contains("请填写景点"))
      #expect(noSpot.text.contains("id=\"location\" value=\"苏州\""))
      #expect(noSpot.text.contains("园林&lt;很美&gt;</textarea>"))
      #expect(noSpot.text.contains("id=\"spot\" value=\"\" maxlength=\"50\" required placeholder=\"去了哪里\" aria-invalid=\"true\""))
      #expect(badDay.text.contains("日期不对") && badDay.text.contains("value=\"2025-02-30\""))
      #expect(noLocation.text.contains("请填写地点") && noLocation.text.contains("id=\"visibility-public\" checked"))
      #expect(tooMany.status == .badRequest && tooMany.text.contains("最多5张图片") && tooMany.text.contains("图片需要重新选择"))
      #expect(notAPicture.status == .badRequest && notAPicture.text.contains("第1张图片"))
      #expect(noToken.status == .forbidden && noToken.text.contains("页面已过期"))
      #expect((try await alice.get("/daka")).briefs.isEmpty)
      #expect(try await w.world.store.uploadCount(userID: try await w.world.store.user(screenName: "alice")!.id,
                                                  since: .distantPast) == 0)
    }
  }

  @Test func userTextIsEscapedEverywhere() async throws {
    let w = try await World()

    try await w.world.test { client in
      let alice = try await World.signIn(client, "alice")
      let id = try await alice.checkIn([("date", "2025-05-01"), ("location", "<b>城</b>"), ("spot", "<script>x</script>"),
                                        ("thoughts", "\"&'"), ("visibility", "public")])

      for page in [try await client.get("/daka"), try await client.get("/daka/c/\(id)"), try await alice.get("/daka/me"),
                   try await alice.get("/daka/c/\(id)/edit")] {
        #expect(!page.text.contains("<script>x") && !page.text.contains("<b>城"))
        #expect(page.text.contains("&lt;script&gt;x&lt;/script&gt;"))
      }
      let search = try await client.get("/daka?q=%3Cscript")
      #expect(search.text.contains("&lt;b&gt;城&lt;/b&gt; <mark>&lt;script</mark>&gt;x&lt;/script&gt;"))
      #expect(search.text.contains("value=\"&lt;script\""))
    }
  }

  @Test func theOwnerEditsKeepingRemovingAndAddingPicturesThenDeletes() async throws {
    let w = try await World()

    try await w.world.test { client in
      let alice = try await World.signIn(client, "alice")
      let id = try await alice.checkIn(World.fields, pics: [try World.photo("#111111"), try World.photo("#222222")])
      let form = try await alice.get("/daka/c/\(id)/edit?from=me")
      let pictureIDs = form.text.matches(of: /name="remove_pic" value="([0-9a-f]+)"/).map { String($0.output.1) }

      #expect(form.text.contains("id=\"spot\" value=\"断桥\"") && form.text.contains(">保存<"))
      #expect(form.text.contains("action=\"/daka/c/\(id)/edit?from=me\""))
      #expect(form.text.contains("href=\"/daka/c/\(id)?from=me\" id=\"back\""))
      #expect(form.text.contains("id=\"tab-me\" data-tab=\"me\" aria-current=\"page\""))
      #expect(pictureIDs.count == 2)

      let saved = try await alice.post("/daka/c/\(id)/edit?from=me",
        [("date", "2025-05-02"), ("location", "杭州"), ("spot", "白堤"), ("thoughts", ""), ("visibility", "public"),
         ("remove_pic", pictureIDs[0])], pics: [try World.photo("#333333")])
      let detail = try await client.get("/daka/c/\(id)")
      let refused = try await alice.post("/daka/c/\(id)/edit", [("date", "2025-05-02"), ("location", "杭州"), ("spot", "")])

      #expect(saved.status == .seeOther && saved.headers[.location] == "/daka/c/\(id)?from=me")
      #expect(detail.status == .ok && detail.text.contains("白堤 · 杭州") && detail.text.contains("2025-05-02"))
      #expect(detail.text.matches(of: /class="pic" href/).count == 2)
      #expect(!detail.text.contains(pictureIDs[0]) && detail.text.contains(pictureIDs[1]))
      #expect(!detail.text.contains("detail-thoughts"))
      #expect(refused.status == .badRequest && refused.text.contains("请填写景点"))
      #expect((try await client.get("/daka/c/\(id)")).text.contains("白堤"))

      let deleted = try await alice.post("/daka/c/\(id)/delete", [])

      #expect(deleted.status == .seeOther && deleted.headers[.location] == "/daka/me?deleted=1")
      #expect((try await alice.get("/daka/c/\(id)")).status == .notFound)
      #expect((try await alice.get("/daka/me?deleted=1")).text.contains("已删除"))
    }
  }

  @Test func meShowsTheNumbersThePlacesAndTheFootprintMap() async throws {
    let w = try await World()

    try await w.world.test { client in
      let alice = try await World.signIn(client, "alice")
      _ = try await alice.checkIn([("date", "2025-05-01"), ("location", "杭州西湖"), ("spot", "断桥")])
      _ = try await alice.checkIn([("date", "2025-05-02"), ("location", "杭州西湖"), ("spot", "苏堤")])
      _ = try await alice.checkIn([("date", "2025-05-03"), ("location", "宁波"), ("spot", "天一阁")])
      _ = try await alice.checkIn([("date", "2025-05-04"), ("location", "某个小村"), ("spot", "井边")])

      let me = try await alice.get("/daka/me")
      let city = try await alice.get("/daka/me?city=330100")

      #expect(me.text.contains("<h2 class=\"profile-name\" id=\"profile-name\">alice</h2>"))
      #expect(me.text.contains("<b>4</b> 次打卡") && me.text.contains("<b>2</b> 个城市") && me.text.contains("<b>1</b> 个区县"))
      #expect(me.text.contains("杭州 <b>2</b>") && me.text.contains("宁波 <b>1</b>") && me.text.contains("西湖区 <b>2</b>"))
      #expect(me.text.contains("<span id=\"map-title\">浙江省</span>"))
      #expect(me.text.contains("class=\"shape lit\"") && me.text.contains("data-name=\"杭州\" data-count=\"2\""))
      #expect(me.text.contains("data-name=\"宁波\" data-count=\"1\"") && me.text.contains("data-name=\"温州\" data-count=\"0\""))
      #expect(me.text.matches(of: /<path class="shape lit"/).count == 2)
      #expect(me.text.contains("<a href=\"/daka/me?city=330100\" aria-label=\"杭州：2次\">"))
      #expect(me.briefs.count == 4 && me.text.contains("/daka/c/") && me.text.contains("?from=me"))
      #expect(city.text.contains("<span id=\"map-title\">杭州</span>"))
      #expect(city.text.contains("data-name=\"西湖区\" data-count=\"2\"") && city.text.matches(of: /<path class="shape lit"/).count == 1)
      #expect(!city.text.contains("http"))  // no tiles, nothing from other hosts
    }
  }

  @Test func theExportIsAZipOfTheJSONAndEveryPictureWithRightChecksums() async throws {
    let w = try await World()

    try await w.world.test { client in
      let alice = try await World.signIn(client, "alice")
      _ = try await alice.checkIn(World.fields, pics: [try World.photo("#aa0000"), try World.photo("#00aa00")])
      _ = try await alice.checkIn([("date", "2025-05-02"), ("location", "苏州"), ("spot", "园林"), ("visibility", "public")])
      let bob = try await World.signIn(client, "bob")
      _ = try await bob.checkIn([("date", "2025-05-02"), ("location", "苏州"), ("spot", "别人的")])

      let export = try await alice.get("/daka/me/export")
      let signedOut = try await client.get("/daka/me/export")

      #expect(export.status == .ok && export.headers[.contentType] == "application/zip")
      #expect(export.headers[.contentDisposition]?.contains("attachment") == true)
      let files = try ZipReading.entries(Data(buffer: export.body))
      #expect(Set(files.keys).subtracting(["checkins.json", "trips.json", "points.gpx", "points.geojson"]).count == 2)
      let json = try #require(files["checkins.json"])
      let entries = try #require(try JSONSerialization.jsonObject(with: json) as? [[String: Any]])
      #expect(entries.compactMap { $0["spot"] as? String } == ["园林", "断桥"])
      #expect(entries[1]["visibility"] as? String == "private" && entries[1]["city"] as? String == "杭州")
      let names = try #require(entries[1]["pictures"] as? [String])
      #expect(names.count == 2 && names.allSatisfy { files[$0]?.prefix(2) == Data([0xFF, 0xD8]) })
      // At full size: the same bytes as the largest size served.
      for name in names {
        let served = try await client.get("/pics/large/" + name.dropFirst("pictures/".count))
        #expect(served.status == .ok && files[name] == Data(buffer: served.body))
      }
      #expect(signedOut.status == .seeOther)
    }
  }

  @Test func thePlaceLookupsUseTheShippedData() async throws {
    let w = try await World()

    try await w.world.test { client in
      let westLake = try await client.get("/daka/place?lat=30.25&lng=120.15")
      let sea = try await client.get("/daka/place?lat=10&lng=-30")
      let bad = try await client.get("/daka/place?lat=abc&lng=1")
      let suggestions = try await client.get("/daka/places?q=hz")

      #expect(westLake.status == .ok && westLake.object["value"] as? String == "杭州西湖区")
      #expect(sea.status == .notFound && sea.headers[.contentType] == "text/html; charset=utf-8")
      #expect(bad.status == .badRequest)
      #expect(suggestions.array.first?["value"] as? String == "杭州")
    }
  }

  @Test func picturesSentThroughTheFormAreServedWithoutGPS() async throws {
    let w = try await World()
    let tagged = TestJPEG.withGPS(try World.photo("#336699"))
    #expect(tagged.range(of: TestJPEG.gpsRationals) != nil)

    try await w.world.test { client in
      let alice = try await World.signIn(client, "alice")
      let id = try await alice.checkIn(World.fields + [("visibility", "public")], pics: [tagged])
      let detail = try await client.get("/daka/c/\(id)")
      let paths = detail.text.matches(of: /(\/pics\/(?:bmiddle|large)\/[0-9a-f]+\.jpg)/).map { String($0.output.1) }

      #expect(paths.count == 2)
      for path in paths {
        let served = try await client.get(path)
        #expect(served.status == .ok)
        let bytes = Data(buffer: served.body)
        #expect(bytes.range(of: TestJPEG.gpsRationals) == nil && bytes.range(of: Data("Exif".utf8)) == nil)
      }
    }
  }

  @Test func aPublicEntryIsSharedTo微博WithItsBriefAndALinkBack() async throws {
    let w = try await World()

    try await w.world.test { client in
      let alice = try await World.signIn(client, "alice")
      let id = try await alice.checkIn([("date", "2025-05-01"), ("location", "杭州"), ("spot", "<断桥>"), ("visibility", "public")],
                                       pics: [try World.photo("#0000aa")])
      let detail = try await alice.get("/daka/c/\(id)")
      let share = try #require(detail.text.firstMatch(of: /href="(\/compose\?text=[^"]+)" id="share"/).map { String($0.output.1) })
      let composer = try await alice.get(share.replacingOccurrences(of: "&amp;", with: "&"))

      #expect(composer.status == .ok)
      #expect(composer.text.contains("#打卡# 2025-05-01 杭州 &lt;断桥&gt; http://sparrow.test/daka/c/\(id)</textarea>"))
      let picture = try #require(detail.text.firstMatch(of: /\/pics\/large\/([0-9a-f]+)\.jpg/).map { String($0.output.1) })
      #expect(share.contains("pic_id=\(picture)"))
      #expect(composer.text.contains("value=\"\(picture)\""))
    }
  }
}
