import DakaStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import SparrowStore
import SparrowTestSupport
import Testing

/// 打卡 beyond mainland China and the exact point: a place named in any country (汉字, English), a place found
/// from the point alone, the API's place object, /me's countries, and the point's privacy from every side: the
/// owner always, others only for a public entry its owner chose to show it on; never for a private one.
@Suite struct DakaWorldTests {
  static let tokyo = [("date", "2025-04-01"), ("location", "东京"), ("spot", "浅草寺"), ("visibility", "public")]

  @Test func aPlaceAbroadIsNamedByItsCountryAndCity() async throws {
    let p = try await DakaAPITests.People()
    try await p.world.test { client in
      let tokyo = try await client.checkin(Self.tokyo, token: p.aliceToken)
      let place = try #require(tokyo.object["place"] as? [String: Any])
      #expect(place["country"] as? String == "日本" && place["country_code"] as? String == "JP")
      #expect(place["city"] as? String == "东京" && place["geoname_id"] as? Int == 1850147)
      #expect(place["adcode"] == nil && place["district"] is NSNull && place["latitude"] == nil)
      let paris = try await client.checkin(
        [("date", "2025-04-03"), ("location", "Paris, France"), ("spot", "Louvre")], token: p.aliceToken)
      #expect((paris.object["place"] as? [String: Any])?["city"] as? String == "巴黎")
      let hangzhou = try await client.checkin(DakaAPITests.fields, token: p.aliceToken)
      #expect((hangzhou.object["place"] as? [String: Any])?["country_code"] as? String == "CN")

      // Search finds them by the country's and the city's names, in 汉字, pinyin and English.
      for query in ["日本", "tokyo", "dongjing", "riben"] {
        let found = try await client.get("/daka/api/checkins?q=\(query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")
        #expect(found.object["total_number"] as? Int == 1, "\(query)")
      }

      let me = try await client.get("/daka/api/me", token: p.aliceToken)
      let countries = (me.object["countries"] as? [[String: Any]] ?? []).map { "\($0["code"] ?? "")\($0["name"] ?? "")\($0["count"] ?? "")" }
      #expect(countries == ["CN中国1", "FR法国1", "JP日本1"])
      let cities = me.object["cities"] as? [[String: Any]] ?? []
      #expect(cities.count == 3 && cities.contains { $0["geoname_id"] as? Int == 1850147 && $0["country_code"] as? String == "JP" })
      #expect(cities.contains { $0["adcode"] as? Int == 330100 && $0["country_code"] as? String == "CN" })

      let page = try await client.get("/daka/me", headers: cookieHeader(try await client.sessionCookie("alice")))
      #expect(page.text.contains("<b>3</b> 个国家和地区") && page.text.contains("<b>3</b> 个城市"))
      #expect(page.text.contains("日本 <b>1</b>") && page.text.contains("东京 <b>1</b>"))
      let id = try #require(tokyo.object["id"] as? Int64)
      #expect(try await client.get("/daka/c/\(id)").text.contains("日本 · 东京"))
    }
  }

  @Test func thePointIsTheOwnersUnlessShownOnAPublicEntry() async throws {
    let p = try await DakaAPITests.People()
    try await p.world.test { client in
      // No words name a place: the point does (浅草, Tokyo).
      let posted = try await client.checkin(
        [("date", "2025-04-01"), ("location", "某个寺庙"), ("spot", "浅草寺"), ("visibility", "public"),
         ("latitude", "35.714765"), ("longitude", "139.796655")], token: p.aliceToken)
      #expect(posted.status == .ok)
      let id = try #require(posted.object["id"] as? Int64)
      let own = try #require(posted.object["place"] as? [String: Any])
      #expect(own["city"] as? String == "东京" && own["latitude"] as? Double == 35.714765 && own["longitude"] as? Double == 139.796655)
      #expect(posted.object["show_exact_location"] as? Bool == false)
      let secret = try await client.checkin(
        [("date", "2025-04-02"), ("location", "杭州"), ("spot", "家"), ("latitude", "30.25"), ("longitude", "120.15"),
         ("show_exact_location", "1")], token: p.aliceToken)
      let secretID = try #require(secret.object["id"] as? Int64)
      #expect((secret.object["place"] as? [String: Any])?["latitude"] as? Double == 30.25)

      let alice = cookieHeader(try await client.sessionCookie("alice"))
      let bob = cookieHeader(try await client.sessionCookie("bob"))
      func leaks(_ response: TestResponse) -> Bool {
        response.text.contains("35.714765") || response.text.contains("139.796655") || response.text.contains("30.25")
          || response.text.contains("120.15") || response.text.contains("latitude")
      }
      // Others, signed in or out, through every read: the entry, the lists, search, the page.
      let others: [TestResponse] = [
        try await client.get("/daka/api/checkins/\(id)", token: p.bobToken),
        try await client.get("/daka/api/checkins/\(id)"),
        try await client.get("/daka/api/checkins", token: p.bobToken),
        try await client.get("/daka/api/checkins?uid=\(p.alice)", token: p.bobToken),
        try await client.get("/daka/api/checkins?q=%E6%B5%85%E8%8D%89"),
        try await client.get("/daka/c/\(id)", headers: bob),
        try await client.get("/daka/c/\(id)"),
        try await client.get("/daka", headers: bob),
      ]
      for response in others { #expect(response.status == .ok && !leaks(response), "\(response.text.prefix(200))") }
      #expect((try await client.get("/daka/api/checkins/\(id)", token: p.bobToken)).object["show_exact_location"] == nil)
      #expect(try await client.get("/daka/api/checkins/\(secretID)", token: p.bobToken).status == .notFound)
      // The owner, everywhere.
      #expect(try await client.get("/daka/api/checkins?uid=\(p.alice)", token: p.aliceToken).text.contains("35.714765"))
      let page = try await client.get("/daka/c/\(id)", headers: alice)
      #expect(page.text.contains("35.714765, 139.796655") && page.text.contains("（仅自己可见）"))
      #expect(try await client.get("/daka/c/\(id)/edit", headers: alice).text.contains("value=\"35.714765\""))

      // 显示精确位置 on the public entry: now everyone who sees it sees where.
      let shown = try await client.post("/daka/api/checkins/\(id)", [("show_exact_location", "1")], token: p.aliceToken)
      #expect(shown.object["show_exact_location"] as? Bool == true)
      #expect((try await client.get("/daka/api/checkins/\(id)")).text.contains("35.714765"))
      #expect((try await client.get("/daka/c/\(id)", headers: bob)).text.contains("35.714765, 139.796655"))
      // Made private, it is hers alone again, point and all; cleared, the point is gone for her too.
      _ = try await client.post("/daka/api/checkins/\(id)", [("visibility", "private")], token: p.aliceToken)
      #expect(try await client.get("/daka/api/checkins/\(id)", token: p.bobToken).status == .notFound)
      let cleared = try await client.post("/daka/api/checkins/\(id)", [("latitude", ""), ("longitude", "")], token: p.aliceToken)
      #expect((cleared.object["place"] as? [String: Any])?["latitude"] == nil)
      #expect((cleared.object["place"] as? [String: Any])?["city"] as? String == "东京", "the place stays")
    }
  }

  @Test func aBadPointIsRefusedAndNothingIsStored() async throws {
    let p = try await DakaAPITests.People()
    try await p.world.test { client in
      for bad in [[("latitude", "91"), ("longitude", "0")], [("latitude", "35")], [("latitude", "x"), ("longitude", "1")],
                  [("latitude", "nan"), ("longitude", "1")], [("longitude", "139")], [("show_exact_location", "maybe")]] {
        let refused = try await client.checkin(Self.tokyo + bad, token: p.aliceToken)
        #expect(refused.status == .badRequest && refused.errorCode == 10017, "\(bad)")
      }
      #expect(try await client.get("/daka/api/checkins", token: p.aliceToken).object["total_number"] as? Int == 0)
      let form = try await client.get("/daka/new", headers: cookieHeader(try await client.sessionCookie("alice")))
      #expect(form.text.contains("id=\"point-field\" hidden"))
    }
  }

  @Test func thePlaceLookupsGoAbroad() async throws {
    let p = try await DakaAPITests.People()
    try await p.world.test { client in
      let tokyo = try await client.get("/daka/place?lat=35.6812&lng=139.7671")
      #expect(tokyo.status == .ok && tokyo.object["value"] as? String == "日本 东京" && tokyo.object["hint"] as? String == "Tokyo")
      let hongKong = try await client.get("/daka/place?lat=22.2988&lng=114.1722")
      #expect(hongKong.object["value"] as? String == "香港油尖旺区")
      let there = try await client.checkin([("date", "2025-04-02"), ("location", "香港油尖旺区"), ("spot", "尖沙咀")], token: p.aliceToken)
      let place = try #require(there.object["place"] as? [String: Any])
      #expect(place["country_code"] as? String == "HK" && place["country"] as? String == "中国香港")
      #expect(place["city"] as? String == "香港" && place["district"] as? String == "油尖旺区" && place["adcode"] as? Int == 810109)
      let suggestions = try await client.get("/daka/places?q=tokyo").array.compactMap { $0["value"] as? String }
      #expect(suggestions.first == "日本 东京")
      // The map to pick a point on: the city's districts, or the area around a city abroad; nothing named, none.
      let pick = try await client.get("/daka/pickmap?location=\("杭州西湖".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")
      #expect(pick.object["title"] as? String == "杭州" && (pick.object["svg"] as? String)?.contains("<title>西湖区</title>") == true)
      #expect((pick.object["min_latitude"] as? Double ?? 0) < 30.25 && (pick.object["max_latitude"] as? Double ?? 0) > 30.25)
      #expect(try await client.get("/daka/pickmap?location=tokyo").object["title"] as? String == "东京")
      #expect(try await client.get("/daka/pickmap?location=x&lat=10&lng=20").object["title"] as? String == "当前位置附近")
      #expect(try await client.get("/daka/pickmap?location=%E6%9F%90%E5%9C%B0").status == .notFound)
      // What is offered names the place again when sent.
      let sent = try await client.checkin(
        [("date", "2025-04-01"), ("location", "日本 东京"), ("spot", "浅草寺")], token: p.aliceToken)
      #expect((sent.object["place"] as? [String: Any])?["geoname_id"] as? Int == 1850147)
    }
  }
}

/// 足迹's levels: the world by default once an entry is abroad (countries lit, a small country as a dot, the
/// owner's points pinned), a country, mainland China by province, and back.
@Suite struct FootprintLevelTests {
  @Test func theWorldMapLightsCountriesAndPinsPoints() async throws {
    let p = try await DakaAPITests.People()
    try await p.world.test { client in
      _ = try await client.checkin(DakaAPITests.fields, token: p.aliceToken)
      _ = try await client.checkin(
        DakaWorldTests.tokyo + [("latitude", "35.714765"), ("longitude", "139.796655")], token: p.aliceToken)
      _ = try await client.checkin([("date", "2025-04-05"), ("location", "新加坡"), ("spot", "鱼尾狮")], token: p.aliceToken)
      let alice = cookieHeader(try await client.sessionCookie("alice"))

      let world = try await client.get("/daka/me", headers: alice).text
      #expect(world.contains("<span id=\"map-title\">世界</span>"))
      #expect(world.contains("class=\"shape lit\" d=") && world.contains("data-name=\"日本\" data-count=\"1\""))
      #expect(world.contains("data-name=\"中国\" data-count=\"1\"") && world.contains("data-name=\"法国\" data-count=\"0\""))
      #expect(world.contains("<circle class=\"dot lit\"") && world.contains("data-name=\"新加坡\" data-count=\"1\""))
      #expect(world.matches(of: /<circle class="pin"/).count == 1)
      #expect(world.contains("href=\"/daka/me?country=JP\""))

      let japan = try await client.get("/daka/me?country=JP", headers: alice).text
      #expect(japan.contains("<span id=\"map-title\">日本</span>") && japan.contains("id=\"map-up\">返回世界</a>"))
      #expect(japan.matches(of: /<circle class="pin"/).count == 1 && japan.matches(of: /class="shape/).count == 1)
      let singapore = try await client.get("/daka/me?country=SG", headers: alice).text
      #expect(singapore.contains("<span id=\"map-title\">新加坡</span>") && singapore.contains("data-name=\"新加坡\""))
      let china = try await client.get("/daka/me?country=CN", headers: alice).text
      #expect(china.contains("<span id=\"map-title\">浙江省</span>") && china.contains("id=\"map-up\">返回世界</a>"))
      #expect(try await client.get("/daka/me?city=999999", headers: alice).status == .ok)
      // Paging keeps the map's level.
      #expect(try await client.get("/daka/me?country=JP&page=2", headers: alice).status == .ok)
    }
  }
}

/// Lists narrowed by year and place: the API (its refusals in the envelope), 发现 (kept by its links), 我的 (by the
/// map's country or city, and by year), and an entry's place leading to the others there.
@Suite struct DakaFilterTests {
  @Test func listsNarrowByYearCountryAndCity() async throws {
    let p = try await DakaAPITests.People()
    try await p.world.test { client in
      let hangzhou = try #require(try await client.checkin(DakaAPITests.fields + [("visibility", "public")], token: p.aliceToken)
        .object["id"] as? Int64)
      _ = try await client.checkin(DakaWorldTests.tokyo, token: p.aliceToken)
      _ = try await client.checkin([("date", "2024-08-01"), ("location", "东京"), ("spot", "银座"), ("visibility", "public")],
                                   token: p.aliceToken)
      func spots(_ query: String, token: String? = nil) async throws -> [String] {
        ((try await client.get("/daka/api/checkins?" + query, token: token)).object["checkins"] as? [[String: Any]] ?? [])
          .compactMap { $0["spot"] as? String }
      }
      #expect(try await spots("country=JP") == ["浅草寺", "银座"])
      #expect(try await spots("country=jp&year=2024") == ["银座"])
      #expect(try await spots("year=2025") == ["断桥", "浅草寺"])
      #expect(try await spots("city=330100") == ["断桥"])
      #expect(try await spots("geoname_id=1850147&year=2025") == ["浅草寺"])
      #expect((try await client.get("/daka/api/checkins?country=JP")).object["total_number"] as? Int == 2)
      for bad in ["country=ZZ", "country=JPN", "year=abc", "year=1800", "city=12", "geoname_id=-1"] {
        #expect(try await client.get("/daka/api/checkins?" + bad).errorCode == 10017, "\(bad)")
      }

      // 发现: the note, the list, the links keep it; an entry's place leads there.
      let found = try await client.get("/daka?country=JP")
      #expect(found.text.contains("<b id=\"filter-label\">日本</b>") && found.text.contains("浅草寺") && !found.text.contains("断桥"))
      #expect(found.text.contains("<input type=\"hidden\" name=\"country\" value=\"JP\">"))
      #expect(try await client.get("/daka/c/\(hangzhou)").text.contains("href=\"/daka?city=330100\""))
      #expect(try await client.get("/daka?country=nowhere").status == .ok, "a page ignores what it cannot use")

      // 我的: the map's country narrows the list; a year too.
      let alice = cookieHeader(try await client.sessionCookie("alice"))
      let japan = try await client.get("/daka/me?country=JP", headers: alice).text
      #expect(japan.contains("<span id=\"own-filter\">日本</span>") && japan.contains("浅草寺") && !japan.contains("断桥"))
      let year = try await client.get("/daka/me?year=2024", headers: alice).text
      #expect(year.contains("id=\"own-years\"") && year.contains("银座") && !year.contains("浅草寺"))
    }
  }
}
