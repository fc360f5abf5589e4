import DealsAPI
import Foundation
import TuanApp
import TuanStore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SparrowStore
import SparrowTestSupport
import Testing

/// The deals API at `/v1/…`: the spec's signature, envelope and error codes, every endpoint and parameter.
@Suite struct DealsAPITests {
  static let appKey = "12345678"
  static let secret = "0123456789abcdef0123456789abcdef"
  static let shopKey = "87654321"
  static let shopSecret = "fedcba9876543210fedcba9876543210"

  @Test func theSpecsSignatureVectors() {
    let params = [("city", "上海"), ("category", "美食"), ("sort", "2"), ("limit", "20"), ("page", "1")]
    #expect(DealsSignature.sign(appKey: Self.appKey, secret: Self.secret, params: params)
      == "4C02AC63F4ECB3DCA34520D1E74B0EBFC323C9E1")
    #expect(DealsSignature.sign(appKey: Self.appKey, secret: Self.secret, params: []) == "D18342143A3E2BE117784C5B054E742030957C89")
    #expect(DealsSignature.sign(appKey: Self.appKey, secret: Self.secret, params: [("deal_id", "1-219960")])
      == "9617FC0348D4393605B0DF30BB26D8A7E2E7F345")
    let sorted = [("category", "美食"), ("city", "上海"), ("limit", "20"), ("page", "1"), ("sort", "2")]
    #expect(DealsSignature.query(appKey: Self.appKey, secret: Self.secret, params: sorted)
      == "appkey=12345678&sign=4C02AC63F4ECB3DCA34520D1E74B0EBFC323C9E1&category=%E7%BE%8E%E9%A3%9F&city=%E4%B8%8A%E6%B5%B7&limit=20&page=1&sort=2")
  }

  /// A world with a few merchants and deals around now, and the two keys.
  struct Deals {
    let world: TestWorld
    var merchants: [String: MerchantRecord] = [:]
    var deals: [String: DealRecord] = [:]

    init() async throws {
      world = try await TestWorld()
      let now = world.clock.now
      let ids = world.ids
      func merchant(_ name: String, _ city: Int, _ district: Int, _ area: String, _ point: (Double, Double),
                    _ category: String, _ subcategory: String) -> MerchantRecord {
        MerchantRecord(
          id: ids.next(at: now - 86_400 * 90), name: name, branchName: area.isEmpty ? "" : "\(area)店", cityAdcode: city,
          districtAdcode: district, neighbourhood: area, address: "\(name)路8号", phone: "010-88886666",
          latitude: point.0, longitude: point.1, category: category, subcategory: subcategory,
          hours: "10:00-22:00", tally: ReviewTally(stars: [0, 0, 0, 60, 60], spend: 90), createdAt: now - 86_400 * 90)
      }
      merchants["sanlitun"] = merchant("小龙坎", 110000, 110105, "三里屯", (39.9335, 116.4540), "美食", "火锅")
      merchants["haidian"] = merchant("万达影城", 110000, 110108, "", (39.9834, 116.3160), "电影", "院线影院")
      merchants["changsha"] = merchant("费大厨", 430100, 430102, "", (28.1950, 112.9820), "美食", "川湘菜")
      merchants["shanghai"] = merchant("如家酒店", 310000, 310115, "", (31.2397, 121.4998), "酒店", "经济型酒店")
      func deal(_ title: String, _ key: String, price: Int, list: Int, sold: Int, daysAgo: Double, daysLeft: Double,
                nationwide: Bool = false) -> DealRecord {
        let m = merchants[key]!
        return DealRecord(
          id: ids.next(at: now - daysAgo * 86_400), merchantID: m.id, title: title, description: "仅售\(price / 100)元",
          cityAdcode: m.cityAdcode, districtAdcode: m.districtAdcode, neighbourhood: m.neighbourhood,
          isNationwide: nationwide, category: nationwide ? "购物" : m.category, subcategory: nationwide ? "超市卡券" : m.subcategory,
          listPrice: list, currentPrice: price, purchaseCount: sold, publishedAt: now - daysAgo * 86_400,
          deadline: now + daysLeft * 86_400, reservationRequired: true,
          notice: "周末需预约", specialTips: "有效期至…\n使用时间：10:00-22:00", details: [DealSection(title: "套餐内容", lines: ["双人餐 1份"])],
          pictures: [PictureRef(id: "abc", ext: "jpg", width: 450, height: 280)], latitude: m.latitude, longitude: m.longitude)
      }
      deals["hotpot"] = deal("火锅双人餐", "sanlitun", price: 9_800, list: 16_800, sold: 500, daysAgo: 10, daysLeft: 30)
      deals["hotpot4"] = deal("火锅四人餐", "sanlitun", price: 19_850, list: 19_850, sold: 30, daysAgo: 0.25, daysLeft: 20)
      deals["movie"] = deal("电影票", "haidian", price: 3_990, list: 8_000, sold: 5_000, daysAgo: 3, daysLeft: 60)
      deals["changsha"] = deal("辣椒炒肉套餐", "changsha", price: 6_800, list: 9_900, sold: 80, daysAgo: 5, daysLeft: 10)
      deals["hotel"] = deal("标准间", "shanghai", price: 19_900, list: 39_900, sold: 12, daysAgo: 2, daysLeft: 15)
      deals["ended"] = deal("已结束", "sanlitun", price: 5_000, list: 9_000, sold: 9, daysAgo: 40, daysLeft: -0.1)
      deals["card"] = deal("全国购物卡", "shanghai", price: 9_000, list: 10_000, sold: 3, daysAgo: 1, daysLeft: 90, nationwide: true)
      try await world.tuan.importDeals(merchants: Array(merchants.values), deals: Array(deals.values))
      try await world.tuan.saveDealsKey(DealsKeyRecord(clientID: DealsAPITests.appKey, secret: DealsAPITests.secret, createdAt: now))
      try await world.tuan.saveDealsKey(DealsKeyRecord(
        clientID: DealsAPITests.shopKey, secret: DealsAPITests.shopSecret, merchantID: merchants["sanlitun"]!.id, createdAt: now))
    }

    func id(_ key: String) -> String { "1-\(deals[key]!.id)" }
  }

  static func uri(_ path: String, _ params: [(String, String)], key: String = appKey, secret: String = secret) -> String {
    "/v1/\(path)?" + DealsSignature.query(appKey: key, secret: secret, params: params)
  }

  static func call(_ client: any TestClientProtocol, _ path: String, _ params: [(String, String)] = []) async throws
    -> [String: Any]
  {
    let response = try await client.get(uri(path, params))
    #expect(response.status == .ok, "\(path) \(params)")
    return response.object
  }

  static func errorCode(_ object: [String: Any]) -> Int? {
    guard object["status"] as? String == "ERROR" else { return nil }
    return (object["error"] as? [String: Any])?["errorCode"] as? Int
  }

  static func message(_ object: [String: Any]) -> String {
    (object["error"] as? [String: Any])?["errorMessage"] as? String ?? ""
  }

  static func titles(_ object: [String: Any]) -> [String] {
    (object["deals"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
  }

  @Test func metadataEndpoints() async throws {
    let d = try await Deals()
    try await d.world.test { client in
      let cities = try await Self.call(client, "metadata/get_cities_with_deals")
      #expect(cities["status"] as? String == "OK")
      // 全国 first, then the 热门 cities in their order, then the others.
      #expect(cities["cities"] as? [String] == ["全国", "北京", "上海", "长沙"])

      let categories = try await Self.call(client, "metadata/get_categories_with_deals")
      let list = categories["categories"] as? [[String: Any]] ?? []
      #expect(list.compactMap { $0["category_name"] as? String } == ["美食", "电影", "酒店", "购物"])
      #expect(list.first?["subcategories"] as? [String] == ["火锅", "川湘菜"])

      let beijing = try await Self.call(client, "metadata/get_regions_with_deals", [("city", "北京市")])
      let city = (beijing["cities"] as? [[String: Any]])?.first
      #expect(city?["city_name"] as? String == "北京")
      let districts = city?["districts"] as? [[String: Any]] ?? []
      #expect(districts.compactMap { $0["district_name"] as? String } == ["朝阳区", "海淀区"])
      #expect(districts.first?["neighborhoods"] as? [String] == ["三里屯"])
      let all = try await Self.call(client, "metadata/get_regions_with_deals")
      #expect((all["cities"] as? [[String: Any]])?.count == 3)
      #expect(Self.errorCode(try await Self.call(client, "metadata/get_regions_with_deals", [("city", "火星")])) == 10003)
    }
  }

  @Test func findDealsWithEveryParameter() async throws {
    let d = try await Deals()
    try await d.world.test { client in
      func find(_ params: [(String, String)]) async throws -> [String: Any] {
        try await Self.call(client, "deal/find_deals", params)
      }
      let beijing = try await find([("city", "北京"), ("sort", "2")])
      #expect(Self.titles(beijing) == ["电影票", "全国购物卡", "火锅双人餐", "火锅四人餐"])
      #expect(beijing["total_count"] as? Int == 4 && beijing["count"] as? Int == 4)
      // The official name works as well as the short one.
      #expect(Set(Self.titles(try await find([("city", "长沙市")]))) == ["全国购物卡", "辣椒炒肉套餐"])
      #expect(Self.titles(try await find([("city", "北京"), ("is_local", "0")])) == ["全国购物卡"])
      #expect(try await find([("city", "北京"), ("is_local", "1")])["total_count"] as? Int == 3)
      #expect(Self.titles(try await find([("city", "北京"), ("region", "海淀区")])) == ["电影票"])
      #expect(Self.titles(try await find([("city", "北京"), ("region", "海淀")])) == ["电影票"])
      #expect(Set(Self.titles(try await find([("city", "北京"), ("region", "三里屯")]))) == ["火锅双人餐", "火锅四人餐"])
      #expect(Self.titles(try await find([("city", "北京"), ("category", "电影")])) == ["电影票"])
      // A deal matched by a subcategory lists it.
      let hotpot = try await find([("city", "北京"), ("category", "火锅"), ("sort", "3")])
      #expect(Self.titles(hotpot) == ["火锅四人餐", "火锅双人餐"])
      let first = (hotpot["deals"] as? [[String: Any]])?.first
      #expect((first?["categories"] as? [String])?.contains("火锅") == true)
      #expect(Set(Self.titles(try await find([("city", "北京"), ("category", "火锅,电影")]))) == ["火锅双人餐", "火锅四人餐", "电影票"])
      #expect(try await find([("city", "北京"), ("category", "全部")])["total_count"] as? Int == 4)
      #expect(Self.titles(try await find([("city", "北京"), ("keyword", "四人")])) == ["火锅四人餐"])
      #expect(Self.titles(try await find([("city", "北京"), ("keyword", "小龙坎"), ("sort", "4")])) == ["火锅双人餐", "火锅四人餐"])
      #expect(Self.titles(try await find([("city", "北京"), ("sort", "5")])).first == "火锅四人餐")
      #expect(Self.titles(try await find([("city", "北京"), ("sort", "6")])).first == "火锅四人餐")
      #expect(Self.titles(try await find([("city", "北京"), ("sort", "1")])).first == "电影票")

      // Coordinates: the circle, distances in metres, nearest first.
      let near = try await find([
        ("city", "北京"), ("latitude", "39.9298"), ("longitude", "116.4470"), ("radius", "2000"), ("sort", "7"),
      ])
      let hits = near["deals"] as? [[String: Any]] ?? []
      #expect(Set(Self.titles(near)) == ["火锅双人餐", "火锅四人餐"])
      #expect(hits.allSatisfy { ($0["distance"] as? Int ?? 0) > 500 && ($0["distance"] as? Int ?? 0) < 900 })
      #expect(try await find([("city", "北京"), ("latitude", "39.9298"), ("longitude", "116.4470")])["total_count"] as? Int == 2)
      // Without coordinates, distance is -1.
      #expect((beijing["deals"] as? [[String: Any]])?.first?["distance"] as? Int == -1)

      // Paging: past the end is an empty page with the true total.
      let second = try await find([("city", "北京"), ("sort", "2"), ("limit", "3"), ("page", "2")])
      #expect(Self.titles(second) == ["火锅四人餐"] && second["total_count"] as? Int == 4 && second["count"] as? Int == 1)
      let past = try await find([("city", "北京"), ("limit", "3"), ("page", "9")])
      #expect(Self.titles(past).isEmpty && past["total_count"] as? Int == 4 && past["count"] as? Int == 0)

      // Honest prices: no list price above the deal price unless there is one; at most two decimals.
      let cheap = (try await find([("city", "北京"), ("keyword", "四人")])["deals"] as? [[String: Any]])?.first
      #expect(cheap?["current_price"] as? Double == 198.5 && cheap?["list_price"] as? Double == 198.5)
      let movie = (try await find([("city", "北京"), ("category", "电影")])["deals"] as? [[String: Any]])?.first
      #expect(movie?["current_price"] as? Double == 39.9 && movie?["list_price"] as? Int == 80)
      #expect(movie?["deal_id"] as? String == d.id("movie") && movie?["city"] as? String == "北京")
      #expect(movie?["regions"] as? [String] == ["海淀区"] && movie?["restrictions"] == nil)
      let business = (movie?["businesses"] as? [[String: Any]])?.first
      #expect(business?["name"] as? String == "万达影城" && business?["city"] as? String == "北京")
      #expect(Set(business?.keys.map { $0 } ?? []) == ["name", "id", "city", "latitude", "longitude", "url", "h5_url"])
      #expect((movie?["image_url"] as? String)?.hasPrefix("http://sparrow.test/pics/bmiddle/abc.jpg") == true)
      let card = (try await find([("city", "北京"), ("is_local", "0")])["deals"] as? [[String: Any]])?.first
      #expect(card?["city"] as? String == "全国")
    }
  }

  @Test func everyErrorIsTheSpecsEnvelopeWithHTTP200() async throws {
    let d = try await Deals()
    try await d.world.test { client in
      let cases: [(String, [(String, String)], Int, String)] = [
        ("deal/find_deals", [], 10001, "city"),
        ("deal/find_deals", [("city", "火星")], 10003, "city"),
        ("deal/find_deals", [("city", "北京"), ("limit", "41")], 10002, "limit"),
        ("deal/find_deals", [("city", "北京"), ("limit", "0")], 10002, "limit"),
        ("deal/find_deals", [("city", "北京"), ("limit", "ten")], 10002, "limit"),
        ("deal/find_deals", [("city", "北京"), ("page", "0")], 10002, "page"),
        ("deal/find_deals", [("city", "北京"), ("sort", "8")], 10002, "sort"),
        ("deal/find_deals", [("city", "北京"), ("sort", "7")], 10001, "latitude"),
        ("deal/find_deals", [("city", "北京"), ("latitude", "39.9")], 10001, "longitude"),
        ("deal/find_deals", [("city", "北京"), ("longitude", "116.4")], 10001, "latitude"),
        ("deal/find_deals", [("city", "北京"), ("latitude", "nan"), ("longitude", "1")], 10002, "latitude"),
        ("deal/find_deals", [("city", "北京"), ("latitude", "91"), ("longitude", "1")], 10002, "latitude"),
        ("deal/find_deals", [("city", "北京"), ("latitude", "39"), ("longitude", "116"), ("radius", "5001")], 10002, "radius"),
        ("deal/find_deals", [("city", "北京"), ("latitude", "39"), ("longitude", "116"), ("radius", "0")], 10002, "radius"),
        ("deal/find_deals", [("city", "北京"), ("region", "北京")], 10003, "region"),
        ("deal/find_deals", [("city", "北京"), ("region", "浦东新区")], 10003, "region"),
        ("deal/find_deals", [("city", "北京"), ("category", "美食,火星菜")], 10003, "category"),
        ("deal/find_deals", [("city", "北京"), ("is_local", "2")], 10002, "is_local"),
        ("deal/find_deals", [("city", "北京"), ("format", "xml")], 10008, "format"),
        ("deal/get_single_deal", [], 10001, "deal_id"),
        ("deal/get_single_deal", [("deal_id", "abc")], 10007, "deal_id"),
        ("deal/get_single_deal", [("deal_id", "1-")], 10007, "deal_id"),
        ("deal/get_batch_deals_by_id", [("deal_ids", "1-2,x")], 10002, "deal_ids"),
        ("deal/get_batch_deals_by_id", [("deal_ids", (1...41).map { "1-\($0)" }.joined(separator: ","))], 10002, "deal_ids"),
        ("deal/get_daily_new_id_list", [("city", "北京"), ("date", "2024-13-01")], 10002, "date"),
        ("deal/get_daily_new_id_list", [("city", "北京")], 10001, "date"),
        ("deal/get_sold_out_id_list", [("city", "北京"), ("begin_time", "2024-01-01"), ("end_time", "2024-01-02 00:00:00")], 10002, "begin_time"),
        ("deal/get_incremental_id_list", [("city", "北京"), ("begin_time", "2001-01-01 00:00:00")], 10002, "begin_time"),
        ("deal/get_deals_by_business_id", [("city", "北京"), ("business_id", "-3")], 10002, "business_id"),
        ("business/find_businesses", [], 10001, "city"),
        ("business/find_businesses", [("city", "北京"), ("sort", "10")], 10002, "sort"),
        ("business/find_businesses", [("city", "北京"), ("category", "美食,电影,酒店,丽人,亲子,购物")], 10002, "category"),
        ("business/get_single_business", [("business_id", "12")], 10007, "business_id"),
        ("coupon/consume", [("code", "123456789012")], 10002, "method"),
        ("deal/nothing_here", [], 10007, "no such API"),
      ]
      for (path, params, code, named) in cases {
        let object = try await Self.call(client, path, params)
        #expect(Self.errorCode(object) == code, "\(path) \(params)")
        #expect(Self.message(object).contains(named), "\(path): \(Self.message(object))")
      }
      // Keys and signatures.
      func raw(_ query: String) async throws -> [String: Any] {
        let response = try await client.get("/v1/deal/find_deals?\(query)")
        #expect(response.status == .ok)
        return response.object
      }
      #expect(Self.errorCode(try await raw("city=%E5%8C%97%E4%BA%AC")) == 10004)
      #expect(Self.errorCode(try await raw("appkey=12345678&city=%E5%8C%97%E4%BA%AC")) == 10005)
      #expect(Self.errorCode(try await raw("appkey=999&sign=AB&city=%E5%8C%97%E4%BA%AC")) == 10004)
      let good = Self.uri("deal/find_deals", [("city", "北京")])
      #expect(Self.errorCode(try await client.get(good.replacingOccurrences(of: "sign=", with: "sign=0")).object) == 10005)
      #expect(Self.errorCode(try await client.get(good + "&page=2").object) == 10005)  // an unsigned parameter
      #expect(Self.errorCode(try await client.get(good + "&city=%E4%B8%8A%E6%B5%B7").object) == 10002)  // twice
      // The signature's hex digits in either case.
      let lower = good.replacingOccurrences(of: "sign=4", with: "sign=4").components(separatedBy: "&").map {
        $0.hasPrefix("sign=") ? $0.lowercased() : $0
      }.joined(separator: "&")
      #expect(Self.errorCode(try await client.get(lower).object) == nil)
      #expect(Self.errorCode(try await client.get(good).object) == nil)
    }
  }

  /// Keys are kept once found (`KeptDealsKeys`), but a key not found is not: one saved after a call that named it
  /// signs the next call at once.
  @Test func aKeySavedAfterItWasRefusedSignsTheNextCall() async throws {
    let d = try await Deals()
    try await d.world.test { client in
      let (late, lateSecret) = ("late-key-1", "late-secret-1")
      let uri = Self.uri("metadata/get_cities_with_deals", [], key: late, secret: lateSecret)
      #expect(Self.errorCode(try await client.get(uri).object) == 10004)
      try await d.world.tuan.saveDealsKey(DealsKeyRecord(clientID: late, secret: lateSecret, createdAt: Date()))
      #expect(Self.errorCode(try await client.get(uri).object) == nil)
      // Kept: the same answer again, and a wrong secret for the kept key still refused.
      #expect(Self.errorCode(try await client.get(uri).object) == nil)
      let forged = Self.uri("metadata/get_cities_with_deals", [], key: late, secret: "not-the-secret")
      #expect(Self.errorCode(try await client.get(forged).object) == 10005)
    }
  }

  @Test func singleAndBatchDealsAndIDLists() async throws {
    let d = try await Deals()
    try await d.world.test { client in
      let single = try await Self.call(client, "deal/get_single_deal", [("deal_id", d.id("hotpot"))])
      #expect(single["count"] as? Int == 1)
      let deal = (single["deals"] as? [[String: Any]])?.first ?? [:]
      #expect(deal["title"] as? String == "火锅双人餐" && deal["distance"] == nil)
      let restrictions = deal["restrictions"] as? [String: Any]
      #expect(restrictions?["is_reservation_required"] as? Int == 1 && restrictions?["is_refundable"] as? Int == 1)
      #expect((deal["details"] as? String)?.hasPrefix("团购详情\n套餐内容") == true)
      #expect(deal["notice"] as? String == "周末需预约" && deal["is_popular"] as? Int == 0)
      #expect(deal["regions"] as? [String] == ["朝阳区", "三里屯"])
      #expect(((deal["businesses"] as? [[String: Any]])?.first?["address"] as? String) == "小龙坎路8号")
      #expect(deal["more_image_urls"] as? [String] == [])

      let unknown = try await Self.call(client, "deal/get_single_deal", [("deal_id", "1-42")])
      #expect(unknown["status"] as? String == "OK" && unknown["count"] as? Int == 0)
      #expect(try await Self.call(client, "deal/get_single_deal", [("deal_id", "2-42")])["count"] as? Int == 0)

      let batch = try await Self.call(client, "deal/get_batch_deals_by_id", [
        ("deal_ids", "\(d.id("movie")),1-42,\(d.id("hotel"))"),
      ])
      #expect(batch["count"] as? Int == 2 && Self.titles(batch) == ["电影票", "标准间"])

      func ids(_ path: String, _ params: [(String, String)]) async throws -> [String] {
        let object = try await Self.call(client, path, params)
        let list = object["id_list"] as? [String] ?? []
        #expect(object["count"] as? Int == list.count)
        return list
      }
      #expect(Set(try await ids("deal/get_all_id_list", [("city", "北京")])) == Set(["hotpot", "hotpot4", "movie", "card"].map(d.id)))
      #expect(try await ids("deal/get_all_id_list", [("city", "北京"), ("category", "电影")]) == [d.id("movie")])
      let today = Self.day(d.world.clock.now - 3 * 86_400)
      #expect(try await ids("deal/get_daily_new_id_list", [("city", "北京"), ("date", today)]) == [d.id("movie")])
      let now = d.world.clock.now
      #expect(try await ids("deal/get_sold_out_id_list", [
        ("city", "北京"), ("begin_time", Self.time(now - 86_400)), ("end_time", Self.time(now)),
      ]) == [d.id("ended")])
      let incremental = try await Self.call(client, "deal/get_incremental_id_list", [
        ("city", "北京,上海"), ("begin_time", Self.time(now - 11 * 3600)),
      ])
      let items = incremental["id_list"] as? [[String: Any]] ?? []
      #expect(Set(items.compactMap { $0["deal_id"] as? String }) == [d.id("hotpot4"), d.id("ended")])
      #expect(items.first { $0["deal_id"] as? String == d.id("ended") }?["status"] as? Int == 0)
      #expect(items.first { $0["deal_id"] as? String == d.id("hotpot4") }?["status"] as? Int == 1)
      #expect((incremental["additional_info"] as? [String: Any])?["update_time"] as? String == Self.time(now))
      let byBusiness = try await Self.call(client, "deal/get_deals_by_business_id", [
        ("city", "北京"), ("business_id", String(d.merchants["sanlitun"]!.id)),
      ])
      #expect(Set(Self.titles(byBusiness)) == ["火锅双人餐", "火锅四人餐"])
      #expect(try await Self.call(client, "deal/get_deals_by_business_id", [
        ("city", "上海"), ("business_id", String(d.merchants["sanlitun"]!.id)),
      ])["count"] as? Int == 0)
    }
  }

  static func day(_ date: Date) -> String { format(date, "yyyy-MM-dd") }
  static func time(_ date: Date) -> String { format(date, "yyyy-MM-dd HH:mm:ss") }
  static func format(_ date: Date, _ pattern: String) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 8 * 3600)
    formatter.dateFormat = pattern
    return formatter.string(from: date)
  }

  @Test func businesses() async throws {
    let d = try await Deals()
    try await d.world.test { client in
      let beijing = try await Self.call(client, "business/find_businesses", [("city", "北京"), ("sort", "2")])
      #expect(beijing["total_count"] as? Int == 2 && beijing["count"] as? Int == 2)
      let food = try await Self.call(client, "business/find_businesses", [("city", "北京"), ("category", "美食")])
      let shop = (food["businesses"] as? [[String: Any]])?.first ?? [:]
      #expect(shop["name"] as? String == "小龙坎" && shop["branch_name"] as? String == "三里屯店")
      #expect(shop["regions"] as? [String] == ["朝阳区", "三里屯"] && shop["telephone"] as? String == "010-88886666")
      #expect(shop["has_deal"] as? Int == 1 && shop["deal_count"] as? Int == 2 && shop["avg_rating"] as? Double == 4.5)
      #expect(shop["distance"] as? Int == -1 && shop["business_hours"] as? String == "10:00-22:00")
      let near = try await Self.call(client, "business/find_businesses", [
        ("latitude", "39.9298"), ("longitude", "116.4470"), ("radius", "3000"), ("sort", "7"),
      ])
      #expect((near["businesses"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["小龙坎"])
      #expect(try await Self.call(client, "business/find_businesses", [("city", "北京"), ("region", "三里屯")])["count"] as? Int == 1)
      #expect(try await Self.call(client, "business/find_businesses", [("city", "北京"), ("keyword", "万达")])["count"] as? Int == 1)
      #expect(try await Self.call(client, "business/find_businesses", [("city", "北京"), ("has_deal", "0")])["count"] as? Int == 0)
      #expect(try await Self.call(client, "business/find_businesses", [("city", "北京"), ("has_coupon", "1")])["count"] as? Int == 0)
      let one = try await Self.call(client, "business/get_single_business", [("business_id", String(d.merchants["haidian"]!.id))])
      #expect(one["count"] as? Int == 1)
      #expect(((one["businesses"] as? [[String: Any]])?.first?["deals"] as? [[String: Any]])?.first?["id"] as? String == d.id("movie"))
    }
  }

  static func consume(_ client: any TestClientProtocol, _ code: String, key: String = shopKey, secret: String = shopSecret)
    async throws -> [String: Any]
  {
    let sign = DealsSignature.sign(appKey: key, secret: secret, params: [("code", code)])
    let response = try await client.post("/v1/coupon/consume", [("appkey", key), ("sign", sign), ("code", code)])
    #expect(response.status == .ok)
    return response.object
  }

  @Test func aShopConsumesItsCouponsOnce() async throws {
    let d = try await Deals()
    let now = d.world.clock.now
    func order(_ key: String, quantity: Int) async throws -> OrderRecord {
      let deal = d.deals[key]!
      let id = d.world.ids.next(at: now)
      let order = OrderRecord(
        id: id, userID: 7, dealID: deal.id, quantity: quantity, unitPrice: deal.currentPrice, createdAt: now,
        coupons: (0..<quantity).map { _ in
          CouponRecord(code: CouponCode.make(), orderID: id, dealID: deal.id, merchantID: deal.merchantID, userID: 7,
                       validUntil: deal.deadline)
        })
      try await d.world.tuan.placeOrder(order, now: now)
      return order
    }
    let mine = try await order("hotpot", quantity: 3)
    let theirs = try await order("movie", quantity: 1)
    try await d.world.test { client in
      let code = mine.coupons[0].code
      let done = try await Self.consume(client, code)
      #expect(done["status"] as? String == "OK")
      let coupon = done["coupon"] as? [String: Any]
      #expect(coupon?["code"] as? String == code && coupon?["deal_id"] as? String == d.id("hotpot") && coupon?["state"] as? String == "已消费")
      let again = try await Self.consume(client, code)
      #expect(Self.errorCode(again) == 10002 && Self.message(again).contains("已消费"))
      #expect(Self.errorCode(try await Self.consume(client, theirs.coupons[0].code)) == 10007)
      #expect(Self.errorCode(try await Self.consume(client, "999999999999")) == 10007)
      #expect(Self.errorCode(try await Self.consume(client, "12ab")) == 10002)
      #expect(Self.errorCode(try await Self.consume(client, "")) == 10001)
      // A key that is not a shop's may not consume.
      #expect(Self.errorCode(try await Self.consume(client, mine.coupons[1].code, key: Self.appKey, secret: Self.secret)) == 10004)
      // Cancelled and expired coupons.
      if case .done = try await d.world.tuan.cancelCoupon(code: mine.coupons[1].code, userID: 7, now: now) {} else {
        Issue.record("the cancellation was refused")
      }
      #expect(Self.message(try await Self.consume(client, mine.coupons[1].code)).contains("已取消"))
      d.world.clock.advance(31 * 86_400)
      #expect(Self.message(try await Self.consume(client, mine.coupons[2].code)).contains("已过期"))
    }
  }

  /// The raw answer to a consumption of `code` by the shop's key.
  static func consumeResponse(_ client: any TestClientProtocol, _ code: String) async throws -> TestResponse {
    let sign = DealsSignature.sign(appKey: shopKey, secret: shopSecret, params: [("code", code)])
    return try await client.post("/v1/coupon/consume", [("appkey", shopKey), ("sign", sign), ("code", code)])
  }

  @Test func anotherBusinesssCouponIsAnsweredAsACodeThatDoesNotExist() async throws {
    let d = try await Deals()
    let now = d.world.clock.now
    let deal = d.deals["movie"]!  // another merchant's than the shop key's
    let id = d.world.ids.next(at: now)
    let coupons = (0..<3).map { _ in
      CouponRecord(code: CouponCode.make(), orderID: id, dealID: deal.id, merchantID: deal.merchantID, userID: 7,
                   validUntil: deal.deadline)
    }
    try await d.world.tuan.placeOrder(OrderRecord(
      id: id, userID: 7, dealID: deal.id, quantity: 3, unitPrice: deal.currentPrice, createdAt: now, coupons: coupons), now: now)
    _ = try await d.world.tuan.cancelCoupon(code: coupons[1].code, userID: 7, now: now)
    _ = try await d.world.tuan.consumeCoupon(code: coupons[2].code, merchantID: deal.merchantID, now: now)

    try await d.world.test { client in
      let invented = try await Self.consumeResponse(client, "999999999999")
      // Unused, cancelled and consumed: whatever its state, another business's coupon answers as no coupon at all.
      for coupon in coupons {
        let theirs = try await Self.consumeResponse(client, coupon.code)

        #expect(theirs.status == invented.status)
        #expect(theirs.headers[.contentType] == invented.headers[.contentType])
        #expect(theirs.text == invented.text, "\(coupon.code)")
      }
      #expect(Self.errorCode(invented.object) == 10007)
      #expect(Self.message(invented.object) == "no 团购券 of this business has this code")
      // Nothing was consumed by the attempts.
      let states = try await d.world.tuan.order(id: id, userID: 7)?.coupons.map { $0.state(at: now) } ?? []
      #expect(Set(states) == [.unused, .cancelled, .consumed])
    }
  }

  @Test func twoRacingVerificationsConsumeOnce() async throws {
    let d = try await Deals()
    let deal = d.deals["hotpot"]!
    let now = d.world.clock.now
    let id = d.world.ids.next(at: now)
    let code = CouponCode.make()
    try await d.world.tuan.placeOrder(OrderRecord(
      id: id, userID: 7, dealID: deal.id, quantity: 1, unitPrice: deal.currentPrice, createdAt: now,
      coupons: [CouponRecord(code: code, orderID: id, dealID: deal.id, merchantID: deal.merchantID, userID: 7,
                             validUntil: deal.deadline)]), now: now)
    // Two connections, so the two really run at once (the `.live` client sends both down one).
    try await d.world.test(.ahc(.http)) { client in
      async let a = Self.consume(client, code)
      async let b = Self.consume(client, code)
      let results = try await [a, b]
      #expect(results.filter { $0["status"] as? String == "OK" }.count == 1)
      #expect(results.filter { Self.errorCode($0) == 10002 }.count == 1)
    }
  }

  /// Many searches at once, beside the platform's own reads: all answered (a mix of synchronous and async SQLite
  /// reads once stopped the server under this load). AsyncHTTPClient sends them over several connections at once
  /// (the `.live` client would queue them on one): eight callers, each on its own connection, four requests each,
  /// so none waits for the client's pool, whose wait is bounded (a loaded machine ran past it with 32 at once).
  /// Two rounds each: with every other suite running beside it on PostgreSQL, four rounds once took a request past
  /// the test client's fixed 15 s deadline on a 2-core machine.
  @Test func manySearchesAtOnceAllAnswer() async throws {
    let d = try await Deals()
    let uri = Self.uri("deal/find_deals", [("city", "北京"), ("latitude", "39.93"), ("longitude", "116.45"), ("sort", "7")])
    try await d.world.test(.ahc(.http)) { client in
      let statuses = try await withThrowingTaskGroup(of: [Bool].self) { group in
        for caller in 0..<8 {
          group.addTask {
            var answered: [Bool] = []
            for round in 0..<2 {
              let response = try await client.get(caller == 0 && round % 2 == 0 ? "/healthz" : uri)
              answered.append(response.status == .ok)
            }
            return answered
          }
        }
        return try await group.reduce(into: [Bool]()) { $0 += $1 }
      }
      #expect(statuses.count == 16 && statuses.allSatisfy { $0 })
    }
  }

  /// Hostile values in every parameter of every endpoint: always the envelope, never a 5xx.
  @Test func nothingARequestSendsMakesA5xx() async throws {
    let d = try await Deals()
    let paths = [
      "metadata/get_cities_with_deals", "metadata/get_categories_with_deals", "metadata/get_regions_with_deals",
      "deal/find_deals", "deal/get_single_deal", "deal/get_batch_deals_by_id", "deal/get_all_id_list",
      "deal/get_daily_new_id_list", "deal/get_sold_out_id_list", "deal/get_incremental_id_list",
      "deal/get_deals_by_business_id", "business/find_businesses", "business/get_single_business",
    ]
    let names = ["city", "latitude", "longitude", "radius", "region", "category", "is_local", "keyword", "sort", "limit",
                 "page", "deal_id", "deal_ids", "date", "begin_time", "end_time", "business_id", "has_deal", "format"]
    let values = ["", " ", "-1", "0", "99999999999999999999", "1e308", "-0", "北京", "1-1", "1--1", ",,,", "%", "'; DROP TABLE tuan_deals;--",
                  "\u{202E}", String(repeating: "长", count: 500), "2024-02-30", "9999-12-31 23:59:59", "nan", "inf", "1.5",
                  "全部", "三里屯", "\\", "%_%"]
    try await d.world.test { client in
      for path in paths {
        for (index, name) in names.enumerated() {
          let value = values[(index + path.count) % values.count]
          let extra = values[(index * 7 + path.count) % values.count]
          let response = try await client.get(Self.uri(path, [("city", name == "city" ? value : "北京"), (name == "city" ? "sort" : name, extra)]
            .reduce(into: [(String, String)]()) { list, pair in if !list.contains(where: { $0.0 == pair.0 }) { list.append(pair) } }))
          #expect(response.status == .ok, "\(path) \(name)=\(value)")
          #expect(response.object["status"] != nil)
        }
      }
      for method in [HTTPRequest.Method.put, .delete, .patch] {
        let response = try await client.execute(uri: "/v1/deal/find_deals", method: method, headers: [:], body: nil)
        #expect(response.status == .ok && Self.errorCode(response.object) == 10002)
        #expect(Self.message(response.object) == "invalid parameter method: \(method.rawValue) is not allowed, use GET or POST")
        #expect(response.headers[.cacheControl] == "no-store")
      }
      let bad = try await client.execute(uri: "/v1/deal/find_deals?city=%ZZ", method: .get, headers: [:], body: nil)
      #expect(bad.status == .ok && Self.errorCode(bad.object) == 10002)
    }
  }
}

@Test(arguments: [0.0, 1_700_000_000, 951_782_400, 4_102_444_799, -86_401, 1_709_222_399.9])
func chinaDatesMatchTheFormatter(_ seconds: Double) {
  let date = Date(timeIntervalSince1970: seconds)
  #expect(DealsCall.format(date) == DealsAPITests.day(date))
  #expect(DealsCall.format(date, withTime: true) == DealsAPITests.time(date))
}
