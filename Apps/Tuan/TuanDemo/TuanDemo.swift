import Foundation
import GeoData
import SparrowDemo
import SparrowPlatform
import SparrowMedia
import SparrowStore
import TuanStore

/// 团购's part of the demo: merchants and deals so that any city a person picks looks alive. Every district of
/// every city has deals; the 热门 cities, the provincial capitals and 深圳 厦门 青岛 大连 宁波 have every
/// category and several subcategories of each, spread over their districts; the 热门 cities' 商圈 have deals.
/// `DemoWorld.Size.deals` tops the world up to that many deals (benchmarks). Pictures: one drawn per category
/// through the picture pipeline, shared by its deals, beside a picture of the platform's pool.
package struct TuanDemo: DemoPart {
  let deals: any TuanStore

  package init(deals: any TuanStore) { self.deals = deals }

  package func load(_ cast: inout DemoCast) async throws -> DemoCount {
    var random = cast.random
    defer { cast.random = random }
    let now = cast.start.addingTimeInterval(cast.span + 24 * 3600)
    var builder = Builder(ids: cast.ids, now: now, pool: cast.pictures, random: random)
    for (index, category) in DealCategory.table.enumerated() {
      let svg = TuanDemoContent.picture(category: category.name, variant: index % 2)
      let data = try await PictureLibrary.offload { try ImageProcessor().render(svg: svg, as: .jpeg, quality: 85) }
      builder.pictures[category.name] = try await cast.library.ingest(data, at: cast.start)
    }
    let geo = GeoData.shared
    // Every district of every city: two deals, the first somewhere to eat (every district has restaurants).
    for city in geo.cities {
      for district in geo.districts(of: city) {
        builder.deal(city: city, district: district, category: DealCategory.named("美食"), subcategory: nil)
        builder.deal(city: city, district: district, category: nil, subcategory: nil)
      }
    }
    // The big cities: every category, three subcategories each, two deals of each, over all their districts.
    let big = geo.hotCities + TuanDemoContent.capitals.compactMap { geo.city(named: $0) }.filter { !$0.isHot }
    for city in big {
      let districts = geo.districts(of: city)
      var turn = Int(builder.random.next() % 97)
      for category in DealCategory.table {
        for subcategory in category.subcategories.prefix(3) {
          for copy in 0..<2 {
            turn += 1
            // The first always on sale, the second may have ended (for the sold-out id list).
            builder.deal(
              city: city, district: districts[turn % districts.count], category: category, subcategory: subcategory,
              mayHaveEnded: copy == 1)
          }
        }
      }
    }
    // The 热门 cities' 商圈: two deals each, at the 商圈.
    for neighbourhood in geo.neighbourhoods {
      guard let district = geo.district(adcode: neighbourhood.districtAdcode) else { continue }
      for _ in 0..<2 {
        builder.deal(city: geo.city(of: district), district: district, category: nil, subcategory: nil, at: neighbourhood)
      }
    }
    // A few nationwide deals.
    for index in 0..<12 {
      let city = geo.hotCities[index % geo.hotCities.count]
      let district = geo.districts(of: city)[0]
      builder.deal(city: city, district: district, category: DealCategory.named(index % 2 == 0 ? "购物" : "旅游"),
                   subcategory: nil, nationwide: true)
    }
    // Benchmarks: more, mostly in the 热门 cities.
    while builder.deals.count < cast.size.deals {
      let city = builder.random.next() % 10 < 7 ? builder.pick(geo.hotCities) : builder.pick(geo.cities)
      builder.deal(
        city: city, district: builder.pick(geo.districts(of: city)), category: nil, subcategory: nil, mayHaveEnded: true)
    }

    let store = cast.store
    // Branches have no deal of their own: they go in with the first batch.
    let selling = Set(builder.deals.map(\.merchantID))
    try await deals.importDeals(merchants: builder.merchants.filter { !selling.contains($0.id) }, deals: [])
    for batch in Self.batches(deals: builder.deals, merchants: builder.merchants, size: 10_000) {
      try await deals.importDeals(merchants: batch.merchants, deals: batch.deals)
    }
    for (deal, shops) in builder.branches.sorted(by: { $0.key < $1.key }) {
      try await deals.setBranches(dealID: deal, merchantIDs: shops)
    }
    random = builder.random
    let reviewed = try await reviews(builder: builder, cast: cast, now: now, random: &random)
    let ordered = try await orders(builder: builder, cast: cast, now: now, random: &random)

    // An app that may sign /v1 calls, and a shop's app linked to the first merchant, for trying the API.
    var notes: [String] = []
    for (name, merchant) in [("团购 Demo", nil as MerchantRecord?), ("团购 商家验券", builder.merchants.first)] {
      let secret = Secrets.random(bytes: 16)
      let clientID = String(3_000_000_000 + Int(random.next() % 1_000_000_000))
      try await store.createApp(AppRecord(
        id: cast.ids.next(at: cast.start), clientID: clientID, secretHash: Secrets.hash(secret), name: name, url: "",
        redirectURI: "http://127.0.0.1/callback", firstParty: false, createdAt: cast.start))
      try await deals.saveDealsKey(DealsKeyRecord(clientID: clientID, secret: secret, merchantID: merchant?.id, createdAt: cast.start))
      notes.append(merchant.map { "Deals API, shop app of \($0.fullName) (business \($0.id)): appkey \(clientID), secret \(secret)" }
        ?? "Deals API (/v1): appkey \(clientID), secret \(secret)")
    }
    if let shop = reviewed.shop, let keeper = cast.users.first {
      try await deals.linkShop(userID: keeper.id, merchantID: shop.id)
      notes.append("商家后台 (/tuan/shop): \(keeper.screenName) serves \(shop.fullName) (business \(shop.id))")
    }
    return DemoCount(
      ["deals": builder.deals.count, "merchants": builder.merchants.count, "reviews": reviewed.count, "orders": ordered],
      notes: notes)
  }

  /// The demo's people as customers: for the 热门 cities' first merchants, orders of their deals at times in the
  /// demo's history, 券 used at the shop, and a review of each used 券 (ratings around each shop's own level, so
  /// the averages differ), some with pictures and a shop's reply. Every number shown comes from these rows.
  func reviews(builder: Builder, cast: DemoCast, now: Date, random: inout SplitMix) async throws
    -> (count: Int, shop: MerchantRecord?)
  {
    let people = Array(cast.users.dropFirst().prefix(40))
    guard !people.isEmpty else { return (0, nil) }
    let hot = Set(GeoData.shared.hotCities.prefix(3).map(\.adcode))
    let dealsOf = Dictionary(grouping: builder.deals.filter { !$0.isNationwide }, by: \.merchantID)
    let shops = builder.merchants.filter { hot.contains($0.cityAdcode) && dealsOf[$0.id] != nil }.prefix(60)
    var count = 0
    for shop in shops {
      let level = 2.2 + Double(random.next() % 27) / 10  // 2.2 … 4.8
      for _ in 0..<(2 + Int(random.next() % 9)) {
        guard let deal = dealsOf[shop.id]?.first(where: { $0.publishedAt < now && now < $0.deadline })
          ?? dealsOf[shop.id]?.first(where: { $0.publishedAt < now })
        else { break }
        let person = people[Int(random.next() % UInt64(people.count))]
        // Bought in the deal's time on sale, used a day or two later, reviewed that evening.
        let end = min(now, deal.deadline).addingTimeInterval(-3 * 86_400)
        guard end > deal.publishedAt else { continue }
        let bought = deal.publishedAt.addingTimeInterval(Double(random.next() % UInt64(end.timeIntervalSince(deal.publishedAt))))
        let id = cast.ids.next(at: bought)
        let coupon = CouponRecord(code: CouponCode.make(), orderID: id, dealID: deal.id, merchantID: shop.id,
                                  userID: person.id, validUntil: deal.deadline)
        do {
          try await deals.placeOrder(OrderRecord(id: id, userID: person.id, dealID: deal.id, quantity: 1,
                                                 unitPrice: deal.currentPrice, createdAt: bought, coupons: [coupon]), now: bought)
        } catch is OrderError {
          continue  // sold out, or over this person's 限购
        }
        let used = bought.addingTimeInterval(Double(86_400 + random.next() % 86_400))
        guard case .done = try await deals.consumeCoupon(code: coupon.code, merchantID: shop.id, now: used) else { continue }
        let stars = max(1, min(5, Int((level + Double(Int(random.next() % 21) - 10) / 10).rounded())))
        let shifts = (0..<3).map { _ in Int(random.next() % 3) - 1 }
        let grades = shifts.map { max(1, min(5, stars + $0)) }
        let written = used.addingTimeInterval(Double(3_600 + random.next() % 20_000))
        let review = ReviewRecord(
          id: cast.ids.next(at: written), merchantID: shop.id, dealID: deal.id, userID: person.id,
          couponCode: coupon.code, rating: stars, grades: ReviewGrades(product: grades[0], decoration: grades[1], service: grades[2]),
          text: TuanDemoContent.reviewText(stars: stars, category: shop.category, words: (random.next(), random.next())),
          pictures: random.next() % 4 == 0 ? [cast.pictures[Int(random.next() % UInt64(max(1, cast.pictures.count)))]] : [],
          spend: DealCategory.asksSpend(shop.category) ? max(1, deal.currentPrice / 100 / 2 + Int(random.next() % 40)) : nil,
          createdAt: written)
        let added = try await deals.addReview(review)
        count += 1
        if random.next() % 3 == 0 {
          try await deals.reply(toReview: added.id, merchantID: shop.id,
                                text: TuanDemoContent.replies[Int(random.next() % UInt64(TuanDemoContent.replies.count))],
                                at: written.addingTimeInterval(7_200))
        }
      }
    }
    return (count, shops.first)
  }

  /// The demo's people as customers of the 热门 cities' deals (and the nationwide ones): orders at times in each
  /// deal's sale, a few bestsellers, within each deal's stock and 限购; about half the 团购券 used at the shop a day
  /// or two later, one in eight cancelled. A deal's 已售 is what was ordered and not cancelled, here and in
  /// `reviews`: no number without its rows. Returns how many orders were placed.
  func orders(builder: Builder, cast: DemoCast, now: Date, random: inout SplitMix) async throws -> Int {
    let people = cast.users
    guard !people.isEmpty else { return 0 }
    let hot = Set(GeoData.shared.hotCities.map(\.adcode))
    let onSale = builder.deals.filter { $0.publishedAt < now.addingTimeInterval(-86_400) && now < $0.deadline }
    let nationwide = onSale.filter(\.isNationwide)
    // Forty of each 热门 city's deals are the ones people buy, the first of them most.
    let local = Dictionary(grouping: onSale.filter { !$0.isNationwide && hot.contains($0.cityAdcode) }, by: \.cityAdcode)
    let wanted = nationwide + local.keys.sorted().flatMap { local[$0]!.prefix(40) }
    guard !wanted.isEmpty else { return 0 }
    // Thirty orders each for the standard demo's forty people, fewer each for a crowd (about 12,000 in all).
    let each = max(2, min(30, 12_000 / people.count))
    var placed = 0
    for person in people {
      for _ in 0..<each {
        let draw = Double(random.next() % 10_000) / 10_000
        let deal = wanted[Int(draw * draw * Double(wanted.count))]
        let quantity = random.next() % 4 == 0 ? 2 + Int(random.next() % 2) : 1
        let span = min(now, deal.deadline).timeIntervalSince(deal.publishedAt)
        let bought = deal.publishedAt.addingTimeInterval(Double(random.next() % UInt64(max(1, span))))
        let id = cast.ids.next(at: bought)
        let coupons = (0..<quantity).map { _ in
          CouponRecord(code: CouponCode.make(), orderID: id, dealID: deal.id, merchantID: deal.merchantID,
                       userID: person.id, validUntil: deal.deadline)
        }
        do {
          try await deals.placeOrder(OrderRecord(id: id, userID: person.id, dealID: deal.id, quantity: quantity,
                                                 unitPrice: deal.currentPrice, createdAt: bought, coupons: coupons), now: bought)
        } catch is OrderError {
          continue  // sold out, or over this person's 限购
        }
        placed += 1
        for coupon in coupons {
          switch random.next() % 8 {
          case 0..<4:
            let used = bought.addingTimeInterval(Double(86_400 + random.next() % 86_400))
            if used < now && used < deal.deadline {
              _ = try await deals.consumeCoupon(code: coupon.code, merchantID: deal.merchantID, now: used)
            }
          case 4:
            _ = try await deals.cancelCoupon(code: coupon.code, userID: person.id,
                                             now: min(now, bought.addingTimeInterval(Double(600 + random.next() % 7_200))))
          default: break
          }
        }
      }
    }
    return placed
  }

  /// `deals` in batches of `size`, each with the merchants it brings in: a merchant goes in with the first batch
  /// holding one of its deals and never again (a second copy would be a conflict).
  package static func batches(deals: [DealRecord], merchants: [MerchantRecord], size: Int)
    -> [(merchants: [MerchantRecord], deals: [DealRecord])]
  {
    var imported = Set<Int64>()
    return stride(from: 0, to: deals.count, by: size).map { start in
      let batch = Array(deals[start..<min(start + size, deals.count)])
      let ids = Set(batch.map(\.merchantID)).subtracting(imported)
      imported.formUnion(ids)
      return (merchants.filter { ids.contains($0.id) }, batch)
    }
  }

  /// Makes merchants and their deals, one random sequence.
  struct Builder {
    let ids: IDGenerator
    let now: Date
    let pool: [PictureRef]
    var random: SplitMix
    var pictures: [String: PictureRef] = [:]
    var merchants: [MerchantRecord] = []
    var deals: [DealRecord] = []
    /// 适用分店 by deal: other shops of the brand in the city.
    var branches: [Int64: [Int64]] = [:]
    var outlines: [Int: Outline] = [:]

    init(ids: IDGenerator, now: Date, pool: [PictureRef], random: SplitMix) {
      self.ids = ids
      self.now = now
      self.pool = pool
      self.random = random
    }

    mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
    mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
    mutating func unit() -> Double { Double(random.next() % 1_000_000) / 1_000_000 }

    /// The district's outline, read once.
    mutating func outline(of district: District) -> Outline? {
      guard district.hasOutline else { return nil }
      if let known = outlines[district.adcode] { return known }
      let outline = GeoData.shared.outline(of: district)
      outlines[district.adcode] = outline
      return outline
    }

    /// A point inside the district's outline (its centroid when ten tries miss, or without an outline).
    mutating func point(in district: District) -> Coordinate {
      guard let outline = outline(of: district) else { return district.centroid }
      let box = outline.boundingBox
      for _ in 0..<10 {
        let point = Coordinate(
          latitude: box.minLatitude + unit() * (box.maxLatitude - box.minLatitude),
          longitude: box.minLongitude + unit() * (box.maxLongitude - box.minLongitude))
        if outline.contains(point) { return point }
      }
      return district.centroid
    }

    /// A merchant and a deal (sometimes two) in `district`; category and subcategory picked when nil.
    mutating func deal(
      city: City, district: District, category: DealCategory?, subcategory: String?, at neighbourhood: Neighbourhood? = nil,
      nationwide: Bool = false, mayHaveEnded: Bool = false
    ) {
      let geo = GeoData.shared
      let category = category ?? pick(DealCategory.table)
      let subcategory = subcategory ?? pick(category.subcategories)
      var place: Coordinate
      var area = neighbourhood?.name ?? ""
      if let neighbourhood {
        // Within about 400 m of the 商圈.
        place = Coordinate(
          latitude: neighbourhood.coordinate.latitude + (unit() - 0.5) * 0.007,
          longitude: neighbourhood.coordinate.longitude + (unit() - 0.5) * 0.008)
        if let outline = outline(of: district), !outline.contains(place) { place = neighbourhood.coordinate }
      } else {
        place = point(in: district)
        // The nearest 商圈 of the district within about 2 km, if it has any.
        let near = geo.neighbourhoods(of: district).min {
          Self.distance($0.coordinate, place) < Self.distance($1.coordinate, place)
        }
        if let near, Self.distance(near.coordinate, place) < 0.02 { area = near.name }
      }
      if !district.hasOutline { place = district.centroid }
      let stem = pick(TuanDemoContent.names[subcategory] ?? [category.name + "体验店"])
      let branch = (area.isEmpty ? district.name : area) + "店"
      let road = pick(TuanDemoContent.roads)
      let building = pick(TuanDemoContent.buildings)
      let address = "\(district.fullName)\(road)\(1 + random.next() % 399)号" + (building.isEmpty ? "" : "\(building)\(1 + random.next() % 5)楼")
      // Visibly fictional: no local number in China starts with 0, so 0000 after the area code rings nobody, and
      // pages link only numbers that could be dialled (`MerchantRecord.isDialable`).
      let phone = "\(TuanDemoContent.areaCodes[city.adcode] ?? "000")-0000-\(String(format: "%04d", random.next() % 10_000))"
      let merchant = MerchantRecord(
        id: ids.next(at: now.addingTimeInterval(-90 * 86_400)), name: stem, branchName: branch, cityAdcode: city.adcode,
        districtAdcode: district.adcode, neighbourhood: area, address: address, phone: phone,
        latitude: (place.latitude * 1e6).rounded() / 1e6, longitude: (place.longitude * 1e6).rounded() / 1e6,
        category: category.name, subcategory: subcategory,
        hours: TuanDemoContent.hours[category.name] ?? "10:00-22:00",
        createdAt: now.addingTimeInterval(-90 * 86_400))
      merchants.append(merchant)
      offers(at: merchant, city: city, district: district, category: category, area: area, nationwide: nationwide,
             mayHaveEnded: mayHaveEnded)
      // About one shop in twenty-five of a city's own is a brand with one or two more shops in the city, where
      // its deals may be used too (适用分店).
      let others = geo.districts(of: city).filter { $0.adcode != district.adcode }
      if !nationwide, !others.isEmpty, chance(4) {
        var shops: [Int64] = []
        for _ in 0..<(1 + Int(random.next() % 2)) {
          let where_ = pick(others)
          let spot = point(in: where_)
          var branch = merchant
          branch.id = ids.next(at: now.addingTimeInterval(-90 * 86_400))
          branch.branchName = where_.name + "店"
          branch.districtAdcode = where_.adcode
          branch.neighbourhood = ""
          branch.address = "\(where_.fullName)\(pick(TuanDemoContent.roads))\(1 + random.next() % 399)号"
          branch.phone = "\(TuanDemoContent.areaCodes[city.adcode] ?? "000")-0000-\(String(format: "%04d", random.next() % 10_000))"
          branch.latitude = (spot.latitude * 1e6).rounded() / 1e6
          branch.longitude = (spot.longitude * 1e6).rounded() / 1e6
          merchants.append(branch)
          shops.append(branch.id)
        }
        for deal in deals.suffix(2) where deal.merchantID == merchant.id { branches[deal.id] = shops }
        // Half the brand's other shops also have a deal of their own (honoured there only).
        for shop in merchants.suffix(shops.count) where chance(50) {
          guard let there = geo.district(adcode: shop.districtAdcode) else { continue }
          offers(at: shop, city: city, district: there, category: category, area: "", nationwide: false, mayHaveEnded: true)
        }
      }
    }

    /// One deal at `merchant` (sometimes two), in `category`.
    mutating func offers(
      at merchant: MerchantRecord, city: City, district: District, category: DealCategory, area: String,
      nationwide: Bool, mayHaveEnded: Bool
    ) {
      let (items, prices) = TuanDemoContent.products[category.name] ?? (["体验套餐"], 50...300)
    for _ in 0..<(chance(25) ? 2 : 1) {
      let item = pick(items)
      // Yuan with at most one decimal for a few, whole yuan for most; about one in ten at no discount.
      let list = (prices.lowerBound + Int(random.next() % UInt64(prices.count))) * 100
      var current = list * (40 + Int(random.next() % 50)) / 100 / 100 * 100
      if chance(15) { current += 90 }
      if chance(10) { current = list }
      current = max(100, min(current, list))
      let published = now.addingTimeInterval(-Double(random.next() % (60 * 86_400)))
      // Deadlines at the end of a day in China; where allowed, about one in twenty already over.
      let days = mayHaveEnded && chance(5) ? -Int(random.next() % 20) - 1 : 7 + Int(random.next() % 120)
      let deadline = Self.endOfDay(now.addingTimeInterval(Double(days) * 86_400))
      let reservation = chance(30)
      // 已售 is what the demo's people order (`TuanDemo.orders`), from none. About four in ten with a stock, a
      // few of them small enough to sell out; about half with a 限购.
      let stock: Int? = chance(40) ? (chance(8) ? 1 + Int(random.next() % 3) : 5 + Int(random.next() % 300)) : nil
      let limit: Int? = chance(50) ? 1 + Int(random.next() % 5) : nil
      let tips = [
        "有效期至\(Self.day(deadline.addingTimeInterval(-1)))", "使用时间：\(merchant.hours)",
        reservation ? "需预约：请提前1天电话预约" : "免预约：消费高峰期可能需要等位",
        "到店付款，未消费的团购券随时可以取消", limit.map { "每人限购\($0)份" }, "每张团购券限1人使用，不再与其他优惠同享",
      ].compactMap { $0 }.joined(separator: "\n")
      let price = Double(current) / 100
      let priceText = current % 100 == 0 ? String(current / 100) : String(format: "%.1f", price)
      let deal = DealRecord(
        id: ids.next(at: published), merchantID: merchant.id, title: "\(merchant.name)：\(item)",
        description: current < list
          ? "仅售\(priceText)元，价值\(list / 100)元\(item)" : "\(priceText)元\(item)，到店付款",
        cityAdcode: city.adcode, districtAdcode: district.adcode, neighbourhood: area, isNationwide: nationwide,
        category: category.name, subcategory: merchant.subcategory, listPrice: list, currentPrice: current,
        purchaseCount: 0, publishedAt: published, deadline: deadline, stock: stock, limitPerPerson: limit,
        reservationRequired: reservation,
        notice: chance(10) ? "节假日通用，周末需提前预约" : "", specialTips: tips,
        details: [
          DealSection(title: "套餐内容", lines: ["\(item) 1份", "价值\(list / 100)元"]),
          DealSection(title: "温馨提示", lines: ["如需团购券发票，请向店内索取", "\(reservation ? "需" : "免")预约"]),
        ],
        pictures: [pictures[category.name], pick(pool)].compactMap { $0 }, latitude: merchant.latitude,
        longitude: merchant.longitude)
      deals.append(deal)
    }
    }

    static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
      let dx = (a.longitude - b.longitude) * cos(a.latitude * .pi / 180), dy = a.latitude - b.latitude
      return (dx * dx + dy * dy).squareRoot()
    }

    static let zone = TimeZone(secondsFromGMT: 8 * 3600)!

    /// The end of `date`'s day in China (the next midnight there).
    static func endOfDay(_ date: Date) -> Date {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = zone
      return calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: date)) ?? date
    }

    static func day(_ date: Date) -> String {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = zone
      let parts = calendar.dateComponents([.year, .month, .day], from: date)
      return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
  }
}
