import DealsAPI
import Foundation
import GeoData
import SparrowDemo
import SparrowPlatform
import SparrowStore
import Testing
import TuanStore
@testable import TuanWeb

/// The map's kept parts (`MapParts`) against parts rendered afresh, over a random history of pins in two cities:
/// deals coming and going, shops renamed, prices and places changing. The kept markup must always be the fresh one.
@Test(arguments: [3, 2026] as [UInt64])
func keptMapPartsAreThePartsRenderedAfresh(seed: UInt64) async throws {
  let pages = try await TemplateLibrary.load(adding: TuanWeb.templates)
  let parts = MapParts(pages: pages)
  var random = SplitMix(seed: seed)
  func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
  let cities = [GeoData.shared.city(named: "北京")!, GeoData.shared.city(named: "长沙")!]
  var pins: [[DealPin]] = [[], []]
  for step in 0..<200 {
    let c = roll(2), city = cities[c]
    switch roll(4) {
    case 0 where !pins[c].isEmpty: pins[c].remove(at: roll(pins[c].count))
    case 1 where !pins[c].isEmpty:
      let i = roll(pins[c].count)
      pins[c][i].merchantName = ["小龙坎<b>", "海底捞(三里屯店)", "\"引号\""][roll(3)]
      pins[c][i].currentPrice = 100 * roll(500)
      pins[c][i].latitude = city.centroid.latitude + Double(roll(100) - 50) / 1000
    default:
      pins[c].insert(DealPin(id: Int64(step), merchantID: Int64(roll(30)), merchantName: "店\(roll(9))",
                             title: "套餐\(step)", currentPrice: 100 * roll(500),
                             latitude: city.centroid.latitude + Double(roll(100) - 50) / 1000,
                             longitude: city.centroid.longitude + Double(roll(100) - 50) / 1000), at: roll(pins[c].count + 1))
    }
    let fresh = MapParts(pages: pages)
    #expect(parts.pins(pins[c], in: city) == fresh.pins(pins[c], in: city), "step \(step)")
    #expect(parts.districts(of: city) == fresh.districts(of: city), "step \(step)")
  }
}

/// The grid's kept menus (`MenuMarkup`) against menus rendered afresh, for random filters in three cities: every
/// category and subcategory, district and 商圈, sort, keyword and position, asked in a random order and again.
@Test(arguments: [4, 2026] as [UInt64])
func keptMenusAreTheMenusRenderedAfresh(seed: UInt64) async throws {
  let pages = try await TemplateLibrary.load(adding: TuanWeb.templates)
  let kept = MenuMarkup(pages: pages)
  var random = SplitMix(seed: seed)
  func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
  let geo = GeoData.shared
  let cities = ["北京", "长沙", "上海"].map { geo.city(named: $0)! }
  for step in 0..<150 {
    let city = cities[roll(cities.count)]
    var filter = DealFilter()
    if roll(2) == 0 {
      let category = DealCategory.table[roll(DealCategory.table.count)]
      filter.category = category
      if roll(2) == 0, !category.subcategories.isEmpty { filter.subcategory = category.subcategories[roll(category.subcategories.count)] }
    }
    let districts = geo.districts(of: city).filter { !$0.isWholeCity }
    if roll(2) == 0, !districts.isEmpty {
      let district = districts[roll(districts.count)]
      filter.district = district
      let places = geo.neighbourhoods(of: district)
      if roll(2) == 0, !places.isEmpty { filter.neighbourhood = places[roll(places.count)].name }
    }
    filter.sort = DealFilter.sorts[roll(DealFilter.sorts.count)]
    if roll(3) == 0 { filter.keyword = ["火锅", "<b>&", "a b"][roll(3)] }
    if roll(2) == 0 { filter.position = Coordinate(latitude: 39.9 + Double(roll(100)) / 1000, longitude: 116.4) }
    let menus = TopMenus(filter: filter, city: city)
    #expect(kept.dropdowns(menus, filter: filter, city: city) == pages.text("tuan_menus", menus), "step \(step)")
  }
}

/// The 商区 menu names districts as the API does (芙蓉区, 长沙县), never a short form that names something else (长沙 for
/// 长沙县 inside the city 长沙).
@Test func theDistrictMenuUsesOfficialNames() throws {
  let changsha = try #require(GeoData.shared.city(named: "长沙"))
  let names = TopMenus.districtRows(DealFilter(), city: changsha).map(\.name)
  #expect(names.first == "全部商区")
  #expect(names.contains("芙蓉区") && names.contains("长沙县") && names.contains("浏阳市"))
  #expect(!names.contains("长沙") && !names.contains("芙蓉"))
}

/// Kept deal cards (`DealCardRenders`) against cards rendered afresh, over a random history of what a card shows:
/// titles with markup, prices, 已售 and stock moving, 限购 and 预约 changing, pictures gone, time passing over the
/// flags (新单, 剩余X天, 已结束), the shop's stars, distances and the edit mode. Every kept card must be the fresh one.
@Test(arguments: [7, 2027] as [UInt64])
func keptDealCardsAreTheCardsRenderedAfresh(seed: UInt64) async throws {
  let pages = try await TemplateLibrary.load(adding: TuanWeb.templates)
  let renders = DealCardRenders(pages: pages)
  let presenter = DealsPresenter(publicURL: "")
  var random = SplitMix(seed: seed)
  func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
  let start = Date(timeIntervalSince1970: 1_760_000_000)
  var now = start
  var deals: [DealRecord] = []
  for n in 0..<6 {
    let published: Date = start - Double(n) * 86_400
    let deadline: Date = start + Double(2 + n) * 86_400
    let picture = PictureRef(id: "p\(n)", ext: "jpg", width: 450, height: 280)
    deals.append(DealRecord(
      id: Int64(100 + n), merchantID: Int64(n % 3), title: "套餐\(n)", description: "仅售\(n)元", cityAdcode: 110000,
      districtAdcode: 110105, category: "美食", listPrice: 20_000, currentPrice: 9_800, purchaseCount: n,
      publishedAt: published, deadline: deadline, pictures: [picture], latitude: 39.9, longitude: 116.4))
  }
  var states = [(rating: (stars: Double, count: Int)?, distance: Double?, editing: Bool)](
    repeating: (nil, nil, false), count: deals.count)
  for step in 0..<300 {
    let i = roll(deals.count)
    switch roll(9) {
    case 0: deals[i].title = ["火锅<b>双人餐</b>", "\"引号\" & 'x'", "牛排套餐"][roll(3)]
    case 1:
      let cents: Int = [0, 50, 5][roll(3)]
      deals[i].currentPrice = 100 * (1 + roll(300)) + cents
      deals[i].listPrice = deals[i].currentPrice + 100 * roll(200)
    case 2: deals[i].purchaseCount += roll(3)
    case 3: deals[i].stock = roll(3) == 0 ? nil : deals[i].purchaseCount + roll(4)
    case 4: deals[i].limitPerPerson = roll(2) == 0 ? nil : 1 + roll(4); deals[i].reservationRequired.toggle()
    case 5: deals[i].pictures = roll(3) == 0 ? [] : [PictureRef(id: "q\(step)", ext: "jpg", width: 1, height: 1)]
    case 6: now += Double(roll(3)) * 86_400 + Double(roll(86_400))
    case 7: deals[i].description = "说明\(roll(5)) <i>"
    default: deals[i].deadline = now + Double(roll(10) - 2) * 86_400
    }
    // The card's own state moves now and then, so that most steps find their cards kept and a value the key
    // misses shows as a stale card.
    for (n, deal) in deals.enumerated() {
      if roll(4) == 0 {
        states[n] = (rating: roll(2) == 0 ? (Double(roll(11)) / 2, roll(300)) : nil,
                     distance: roll(3) == 0 ? Double(roll(20_000)) : nil, editing: roll(5) == 0)
      }
      var card = DealCard(deal, presenter: presenter, now: now)
      (card.rating, card.distance, card.editing) = states[n]
      #expect(renders.html(card) == renders.render(card), "step \(step) deal \(deal.id)")
    }
  }
}

/// `DealCard.shown` names every value the card's templates print, so a kept card changes whenever one does.
@Test func theKeptCardsKeyNamesEveryValueItsTemplatesShow() throws {
  let folder = try #require(TuanWeb.templates)
  var names = Set<String>()
  for template in ["tuan_card", "tuan_card_body"] {
    let text = try String(contentsOf: folder.appendingPathComponent("\(template).mustache"), encoding: .utf8)
    let tokens = try Regex(#"\{\{\{?[#^/]?\s*([a-z_]+)\s*\}?\}\}"#)
    for match in text.matches(of: tokens) {
      let token: Substring = text[match.range]
      names.insert(String(token.filter { $0.isLetter || $0 == "_" }))
    }
  }
  #expect(names.subtracting(DealCard.shownNames).isEmpty, "not in DealCard.shownNames: \(names.subtracting(DealCard.shownNames))")
}

/// A deal's sections read by hand are the sections JSONDecoder reads, whatever their text: plain, escaped (quotes,
/// backslashes, new lines, slashes, control characters), empty.
@Test func aDealsSectionsReadByHandAreTheOnesJSONDecoderReads() throws {
  var random = SplitMix(seed: 42)
  let texts = ["套餐内容", "双人餐 1份", "价值\"168\"元", "a\\b", "第一行\n第二行", "http://x/y", "\u{1}", "", "温馨提示：免预约"]
  for _ in 0..<300 {
    let sections = (0..<Int(random.next() % 4)).map { _ in
      DealSection(title: texts[Int(random.next() % UInt64(texts.count))],
                  lines: (0..<Int(random.next() % 4)).map { _ in texts[Int(random.next() % UInt64(texts.count))] })
    }
    let text = TuanJSON.encode(sections)
    #expect(DealSection.list(text) == sections, "\(text)")
    #expect(DealSection.list(text) == (try JSONDecoder().decode([DealSection].self, from: Data(text.utf8))))
  }
  #expect(DealSection.list("") == [] && DealSection.list("not json") == [])
}

/// Kept reviews (`KeptRenders<ReviewItem>`, by what an item shows) against reviews rendered afresh, over a random
/// history: reviews edited, hidden, replied to, voted on, with pictures, seen by their author, another person or a
/// visitor, at moments moving across the edit window. The keep is small, so its generations turn over too.
@Test(arguments: [6, 2026] as [UInt64])
func keptReviewsAreTheReviewsRenderedAfresh(seed: UInt64) async throws {
  let pages = try await TemplateLibrary.load(adding: TuanWeb.templates)
  let renders = KeptRenders<ReviewItem>("tuan_review_item", pages: pages, limit: 6)
  let presenter = DealsPresenter(publicURL: "")
  var random = SplitMix(seed: seed)
  func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
  let start = Date(timeIntervalSince1970: 1_760_000_000)
  var reviews = (1...4).map { id in
    ReviewRecord(id: Int64(id), merchantID: 9, dealID: 3, userID: Int64(id % 2 + 1), couponCode: "c\(id)", rating: 4,
                 grades: ReviewGrades(product: 4, decoration: 3, service: 5), text: "好吃<b>\(id)</b>", createdAt: start)
  }
  for step in 0..<300 {
    let i = roll(reviews.count)
    switch roll(6) {
    case 0: reviews[i].rating = 1 + roll(5); reviews[i].text = ["改了 & \"引号\"", "短", ""][roll(3)]
    case 1: reviews[i].hidden.toggle()
    case 2: reviews[i].reply = roll(2) == 0 ? nil : "谢谢<光临>\(step)"
    case 3: reviews[i].helpful += roll(3)
    case 4: reviews[i].pictures = (0..<roll(3)).map { PictureRef(id: "p\(step)\($0)", ext: "jpg", width: 8, height: 6) }
    default: reviews[i].spend = roll(2) == 0 ? nil : 10 + roll(300)
    }
    let now = start + Double(roll(3)) * ReviewRules.editWindow / 1.5
    let viewer: Int64? = [nil, 1, 2][roll(3)]
    let item = ReviewItem(review: reviews[i], author: ["小明", "<script>"][roll(2)], dealTitle: roll(2) == 0 ? nil : "双人餐",
                          category: ["美食", "电影"][roll(2)], viewer: viewer, voted: roll(2) == 0,
                          csrf: viewer.map { "t\($0)" }, presenter: presenter,
                          editable: viewer == reviews[i].userID && now.timeIntervalSince(start) <= ReviewRules.editWindow)
    #expect(renders.html(item) == pages.text("tuan_review_item", item), "step \(step)")
  }
}

/// 我的订单's kept rows (`KeptRenders<OrderRow>`) against rows rendered afresh, over a random history: 团购券
/// consumed, cancelled, expiring as time moves, reviewed; deals renamed or gone; the order just placed; two viewers'
/// form tokens. The keep is small, so its generations turn over too.
@Test(arguments: [8, 2026] as [UInt64])
func keptOrderRowsAreTheRowsRenderedAfresh(seed: UInt64) async throws {
  let pages = try await TemplateLibrary.load(adding: TuanWeb.templates)
  let renders = KeptRenders<OrderRow>("tuan_order_row", pages: pages, limit: 6)
  var random = SplitMix(seed: seed)
  func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
  let start = Date(timeIntervalSince1970: 1_760_000_000)
  func coupon(_ order: Int, _ n: Int) -> CouponRecord {
    CouponRecord(code: String(format: "%012d", order * 100 + n), orderID: Int64(order), dealID: Int64(order),
                 merchantID: 7, userID: 1, validUntil: start.addingTimeInterval(86_400 * Double(n + 1)))
  }
  var orders: [OrderRecord] = (1...4).map { id in
    OrderRecord(id: Int64(id), userID: 1, dealID: Int64(id), quantity: id, unitPrice: 990 * id, createdAt: start,
                coupons: (0..<id).map { coupon(id, $0) })
  }
  var titles = ["双人餐", "<b>火锅</b> & \"套餐\"", "电影票"]
  var reviews: [String: Int64] = [:]
  for step in 0..<300 {
    let i = roll(orders.count)
    let c = roll(orders[i].coupons.count)
    switch roll(5) {
    case 0: orders[i].coupons[c].storedState = CouponState.consumed; orders[i].coupons[c].changedAt = start.addingTimeInterval(Double(step))
    case 1: orders[i].coupons[c].storedState = CouponState.cancelled; orders[i].coupons[c].changedAt = start.addingTimeInterval(Double(step))
    case 2: reviews[orders[i].coupons[c].code] = roll(2) == 0 ? nil : Int64(step)
    case 3: titles[roll(titles.count)] = ["改名<i>", "新品", "团购已删除"][roll(3)]
    default: orders[i].coupons[c].storedState = CouponState.unused
    }
    let now = start.addingTimeInterval(86_400 * Double(roll(4)))
    let csrf = ["t1", "t<2>"][roll(2)]
    let placed = roll(2) == 0 ? nil : orders[roll(orders.count)].id
    let rows = orders.map { order in
      let gone = order.id % 3 == Int64(step % 3)
      return OrderRow(order: order, link: gone ? nil : "/tuan/deal/1-\(order.dealID)",
                      picture: gone || order.id == 2 ? nil : "/pics/\(order.dealID).jpg",
                      title: gone ? "团购已删除" : titles[Int(order.id) % titles.count], merchantID: gone ? nil : 7,
                      coupons: order.coupons.map { CouponRow($0, now: now, csrf: csrf, reviewID: reviews[$0.code]) },
                      placed: order.id == placed)
    }
    #expect(renders.html(rows) == rows.map { pages.text("tuan_order_row", $0) }.joined(), "step \(step)")
  }
}

/// 今日验券's midnight by arithmetic (`TuanWeb.startOfToday`) is the calendar's, in China's zone, at any moment:
/// around midnights there and in UTC, before 1970, and with fractions of a second.
@Test func todaysMidnightIsTheCalendars() {
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = TimeZone(secondsFromGMT: 8 * 3600)!
  var random = SplitMix(seed: 86)
  var moments: [Double] = [0, -1, 57_600, 57_599.5, 57_600.25, -28_800, -28_801, 1_765_123_199.999, 1_765_123_200]
  for _ in 0..<200 { moments.append(Double(Int64(random.next() % 4_000_000_000)) - 1_000_000_000 + 0.37) }
  for moment in moments {
    let now = Date(timeIntervalSince1970: moment)
    #expect(TuanWeb.startOfToday(now) == calendar.startOfDay(for: now), "\(moment)")
  }
}
