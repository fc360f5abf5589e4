import DealsAPI
import Foundation
import GeoData
import SparrowCore
import SparrowPlatform
import SparrowStore
import TuanStore

/// A restriction with its icon and what it means for the buyer (团购简介's list).
struct Restriction: PageModel {
  let icon: String
  let name: String
  let text: String

  static func of(_ deal: DealRecord) -> [Restriction] {
    // Paid at the shop: nothing is taken online, so nothing is refunded; an unused 团购券 is simply cancelled.
    var list = [Restriction(icon: "pay", name: "到店付款", text: "无需在线支付；未消费的团购券随时可以取消")]
    if let limit = deal.limitPerPerson {
      list.append(Restriction(icon: "limit", name: "限购\(limit)份", text: "每人最多购买\(limit)份（已取消的不计）"))
    }
    list.append(deal.reservationRequired
      ? Restriction(icon: "booking", name: "需预约", text: "请提前致电商家预约")
      : Restriction(icon: "walkin", name: "免预约", text: "无需预约，到店出示团购券即可"))
    return list
  }

  func child(named name: String) -> Any? {
    switch name {
    case "icon": icon
    case "name": self.name
    case "text": text
    default: nil
    }
  }
}

/// A titled list of lines: 团购详情's sections, 购买须知.
struct LinesSection: PageModel {
  let title: String
  let lines: [String]
  func child(named name: String) -> Any? {
    switch name {
    case "title": title
    case "lines": lines
    default: nil
    }
  }
}

/// The merchant's district drawn small, with the shop as a marker (商家详情).
struct SmallMap: PageModel {
  let width: Int
  let height: Int
  let path: String
  let x: String
  let y: String

  init?(merchant: MerchantRecord) {
    let geo = GeoData.shared
    guard let district = geo.district(adcode: merchant.districtAdcode), let outline = geo.outline(of: district) else {
      return nil
    }
    let map = OutlineMap(box: outline.boundingBox, width: 320)
    width = 320
    height = Int(map.height)
    path = map.path(outline)
    let p = map.point(Coordinate(latitude: merchant.latitude, longitude: merchant.longitude))
    x = OutlineMap.number(p.x)
    y = OutlineMap.number(p.y)
  }

  func child(named name: String) -> Any? {
    switch name {
    case "width": width
    case "height": height
    case "path": path
    case "x": x
    case "y": y
    default: nil
    }
  }
}

/// 商家详情: the shop's name, rating, address, phone, hours, distance and a small map of its district, with a
/// link to all its deals (the detail's third tab, and the top of the shop's own page).
struct MerchantInfo: PageModel {
  let merchant: MerchantRecord

  /// How far the shop is from the city's centre: the web client does not ask where the person is.
  var distance: String? {
    guard let city = GeoData.shared.city(adcode: merchant.cityAdcode) else { return nil }
    let circle = GeoCircle(latitude: city.centroid.latitude, longitude: city.centroid.longitude, radius: 0)
    let metres = circle.distance(toLatitude: merchant.latitude, longitude: merchant.longitude)
    return "距\(city.name)市中心\(DealCard.distanceText(metres))"
  }

  var region: String {
    let names = [GeoData.shared.district(adcode: merchant.districtAdcode)?.fullName,
                 merchant.neighbourhood.isEmpty ? nil : merchant.neighbourhood]
    return names.compactMap { $0 }.joined(separator: " · ")
  }


  func child(named name: String) -> Any? {
    switch name {
    case "merchant_name": merchant.fullName
    case "address": merchant.address
    case "phone": merchant.phone
    case "dialable": merchant.isDialable
    case "rating": merchant.reviewCount == 0 ? "暂无评分" : Decimals.one(merchant.rating) + "分"
    case "stars_img": StarsPicture.url(merchant.rating)
    case "review_count": merchant.reviewCount
    case "reviews_link": "/tuan/business/\(merchant.id)/reviews"
    case "hours": merchant.hours.isEmpty ? nil : merchant.hours
    case "distance": distance
    case "region": region
    case "small_map": SmallMap(merchant: merchant)
    case "business_link": "/tuan/business/\(merchant.id)"
    default: nil
    }
  }
}

/// The deal detail: the buy dock, the terms up front, the three tabs, 收藏 and 分享.
struct DetailPage: PageModel {
  let frame: TuanFrame
  let deal: DealRecord
  let merchant: MerchantRecord?
  let card: DealCard
  let collected: Bool
  let onSale: Bool
  /// Why 立即抢购 is not offered: 未开始, 已结束 or 已抢光.
  let offText: String
  let pictures: [String]
  /// Where 分享 goes: 微博's composer with the title, the price and the deal's address, and its first picture.
  let shareURL: String
  /// The shop's latest reviews.
  var reviews: [ReviewItem] = []
  /// 适用分店: the other shops of the brand where the deal may be used.
  var branches: [MerchantInfo] = []

  init(frame: TuanFrame, deal: DealRecord, merchant: MerchantRecord?, presenter: DealsPresenter, collected: Bool,
       now: Date, publicURL: String)
  {
    self.frame = frame
    self.deal = deal
    self.merchant = merchant
    card = DealCard(deal, presenter: presenter, now: now)
    self.collected = collected
    onSale = deal.isOnSale(at: now) && !deal.isSoldOut
    offText = now < deal.publishedAt ? "未开始" : now >= deal.deadline ? "已结束" : "已抢光"
    pictures = deal.pictures.map { presenter.pictureURL($0, size: "bmiddle") }
    shareURL = Self.shareURL(deal, card: card, publicURL: publicURL)
  }

  static func shareURL(_ deal: DealRecord, card: DealCard, publicURL: String) -> String {
    let text = "【团购】\(deal.title) ¥\(PriceText.yuan(deal.currentPrice)) \(publicURL)\(card.link)"
    var pairs = [("text", text)]
    if let picture = deal.pictures.first { pairs.append(("pic_id", picture.id)) }
    return "/compose?" + FormEncoding.encode(pairs: pairs)
  }

  func child(named name: String) -> Any? {
    switch name {
    case "deal": card
    case "collected": collected
    case "on_sale": onSale
    case "off_text": offText
    case "pictures": pictures
    case "notice": deal.notice.isEmpty ? nil : deal.notice
    case "has_tips": !deal.specialTips.isEmpty
    case "tips": deal.specialTips.split(separator: "\n").map(String.init)
    case "restrictions": Restriction.of(deal)
    case "sections": deal.details.map { LinesSection(title: $0.title, lines: $0.lines) }
    case "merchant": merchant.map(MerchantInfo.init)
    case "summary": merchant.map(RatingSummary.init)
    case "reviews": reviews.isEmpty ? nil : reviews
    case "has_branches": !branches.isEmpty
    case "branches": branches
    case "shop_count": branches.count + 1
    case "buy_link": "\(card.link)/buy"
    case "deal_id": DealsCall.dealID(deal.id)
    case "share_url": shareURL
    default: frame.child(named: name)
    }
  }
}
