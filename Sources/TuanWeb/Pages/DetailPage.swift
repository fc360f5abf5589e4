import DealsAPI
import Foundation
import GeoData
import SparrowPlatform
import SparrowStore

/// A restriction with its icon and what it means for the buyer (团购简介's list).
struct Restriction: PageModel {
  let icon: String
  let name: String
  let text: String

  static func of(_ deal: DealRecord) -> [Restriction] {
    var list: [Restriction] = []
    if deal.refundAnytime { list.append(Restriction(icon: "refund", name: "随时退", text: "未消费的团购券随时可以退款")) }
    if deal.refundAfterExpiry { list.append(Restriction(icon: "refund", name: "过期退", text: "过期未消费的团购券可以退款")) }
    if !deal.refundAnytime && !deal.refundAfterExpiry {
      list.append(Restriction(icon: "norefund", name: "不可退", text: "团购券售出后不能退款"))
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

/// The deal detail: the buy dock, the terms up front, the three tabs, 收藏 and 分享.
struct DetailPage: PageModel {
  let frame: TuanFrame
  let deal: DealRecord
  let merchant: MerchantRecord?
  let card: DealCard
  let collected: Bool
  let onSale: Bool
  let pictures: [String]

  init(frame: TuanFrame, deal: DealRecord, merchant: MerchantRecord?, presenter: DealsPresenter, collected: Bool,
       now: Date)
  {
    self.frame = frame
    self.deal = deal
    self.merchant = merchant
    card = DealCard(deal, presenter: presenter)
    self.collected = collected
    onSale = deal.isOnSale(at: now)
    pictures = deal.pictures.map { presenter.pictureURL($0, size: "bmiddle") }
  }

  /// How far the shop is from the city's centre: the web client does not ask where the person is.
  var distance: String? {
    guard let merchant, let city = GeoData.shared.city(adcode: merchant.cityAdcode) else { return nil }
    let circle = GeoCircle(latitude: city.centroid.latitude, longitude: city.centroid.longitude, radius: 0)
    let metres = circle.distance(toLatitude: merchant.latitude, longitude: merchant.longitude)
    let text = metres < 1000 ? "\(Int(metres))米" : "\(PriceText.yuan(Int(metres / 10)))公里"
    return "距\(city.name)市中心\(text)"
  }

  var region: String {
    let names = [GeoData.shared.district(adcode: deal.districtAdcode)?.fullName, deal.neighbourhood.isEmpty ? nil : deal.neighbourhood]
    return names.compactMap { $0 }.joined(separator: " · ")
  }

  func child(named name: String) -> Any? {
    switch name {
    case "deal": card
    case "collected": collected
    case "on_sale": onSale
    case "pictures": pictures
    case "notice": deal.notice.isEmpty ? nil : deal.notice
    case "tips": deal.specialTips.isEmpty ? nil : deal.specialTips.split(separator: "\n").map(String.init)
    case "restrictions": Restriction.of(deal)
    case "sections": deal.details.map { LinesSection(title: $0.title, lines: $0.lines) }
    case "merchant_name": merchant?.fullName
    case "address": merchant?.address
    case "phone": merchant?.phone
    case "rating": merchant.map { String(format: "%.1f分", $0.rating) }
    case "stars": merchant.map { String(repeating: "★", count: Int($0.rating.rounded(.down))) + String(repeating: "☆", count: 5 - Int($0.rating.rounded(.down))) }
    case "hours": merchant.map { $0.hours.isEmpty ? nil : $0.hours } ?? nil
    case "distance": distance
    case "region": region
    case "small_map": merchant.flatMap(SmallMap.init(merchant:))
    case "buy_link": "\(card.link)/buy"
    case "deal_id": DealsCall.dealID(deal.id)
    default: frame.child(named: name)
    }
  }
}
