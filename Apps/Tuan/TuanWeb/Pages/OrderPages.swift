import DealsAPI
import Foundation
import SparrowPlatform
import SparrowStore
import TuanStore

/// 立即抢购's order page: the deal, quantity (up to what the stock and 限购 leave), total, 到店付款, 提交订单.
struct BuyPage: PageModel {
  let frame: TuanFrame
  let card: DealCard
  let deal: DealRecord
  /// The viewer's 团购券 of the deal (限购 counts them).
  let held: Int
  let quantity: Int

  static let maxQuantity = 10

  init(frame: TuanFrame, card: DealCard, deal: DealRecord, held: Int, quantity: Int) {
    self.frame = frame
    self.card = card
    self.deal = deal
    self.held = held
    most = max(0, [Self.maxQuantity, deal.left, deal.limitPerPerson.map { $0 - held }].compactMap { $0 }.min() ?? 0)
    self.quantity = min(quantity, max(1, most))
  }

  /// The most this order may ask for: ten, or fewer when the stock or the viewer's 限购 leave fewer.
  let most: Int

  /// 限购2份，你已购1份 · 剩余8份.
  var limits: String? {
    var parts: [String] = []
    if let limit = deal.limitPerPerson { parts.append(held > 0 ? "每人限购\(limit)份，你已购\(held)份" : "每人限购\(limit)份") }
    if let left = deal.left { parts.append("剩余\(left)份") }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }

  func child(named name: String) -> Any? {
    switch name {
    case "deal": card
    case "unit": PriceText.yuan(deal.currentPrice)
    case "unit_cents": deal.currentPrice
    case "quantity": quantity
    case "max": most
    case "limits": limits
    case "total": PriceText.yuan(deal.currentPrice * quantity)
    case "deal_id": card.child(named: "id")
    default: frame.child(named: name)
    }
  }
}

/// A 团购券 in 我的订单: its code in groups of four, its state now, and 取消 while it is unused.
struct CouponRow: PageModel, Hashable {
  let coupon: CouponRecord
  let state: CouponState
  let csrf: String?
  /// Its review, once written (a used 券 without one offers 写点评).
  var reviewID: Int64?

  init(_ coupon: CouponRecord, now: Date, csrf: String?, reviewID: Int64? = nil) {
    self.coupon = coupon
    state = coupon.state(at: now)
    self.csrf = csrf
    self.reviewID = reviewID
  }

  var spaced: String {
    stride(from: 0, to: coupon.code.count, by: 4).map { start in
      let from = coupon.code.index(coupon.code.startIndex, offsetBy: start)
      return String(coupon.code[from..<coupon.code.index(from, offsetBy: min(4, coupon.code.count - start))])
    }.joined(separator: " ")
  }

  func child(named name: String) -> Any? {
    switch name {
    case "code": coupon.code
    case "spaced": spaced
    case "state": state.label
    case "state_key": state.rawValue
    case "cancellable": state == .unused
    case "review_link": state != .consumed ? nil : reviewID.map { "/tuan/review/\($0)" }
    case "write_review": state == .consumed && reviewID == nil ? "/tuan/review/new?coupon=\(coupon.code)" : nil
    case "valid_until": "有效期至" + DealsCall.format(coupon.validUntil.addingTimeInterval(-1))
    case "changed": coupon.changedAt.map { "\(state == .consumed ? "消费" : "取消")于" + DealsCall.format($0, withTime: true) }
    case "csrf": csrf
    default: nil
    }
  }
}

/// An order in 我的订单 and on its own page: what they show of it, so that a row is kept rendered by its value
/// (`KeptRenders`; a page of orders spent most of its time in Mustache).
struct OrderRow: PageModel, Hashable {
  let order: OrderRecord
  /// The deal's page and picture; nil when the deal is gone (or has no picture).
  let link: String?
  let picture: String?
  let title: String
  /// The shop of the deal, which the order's own page shows.
  let merchantID: Int64?
  let coupons: [CouponRow]
  let placed: Bool

  func child(named name: String) -> Any? {
    switch name {
    case "id": order.id
    case "detail_link": "/tuan/orders/\(order.id)"
    case "unit": PriceText.yuan(order.unitPrice)
    case "title": title
    case "link": link
    case "picture": picture
    case "quantity": order.quantity
    case "total": PriceText.yuan(order.total)
    case "time": DealsCall.format(order.createdAt, withTime: true)
    case "coupons": coupons
    case "placed": placed
    default: nil
    }
  }
}

/// 我的订单: the viewer's orders, newest first, with their 团购券.
struct OrdersPage: PageModel {
  let frame: TuanFrame
  /// The rows' markup (`tuan_order_row`, kept rendered).
  let ordersHTML: String
  let none: Bool

  func child(named name: String) -> Any? {
    switch name {
    case "orders_html": ordersHTML
    case "none": none
    default: frame.child(named: name)
    }
  }
}

/// 订单详情: one order, its deal and shop, and its 团购券 large enough to show at the counter.
struct OrderPage: PageModel {
  let frame: TuanFrame
  let order: OrderRow
  let merchant: MerchantRecord?

  func child(named name: String) -> Any? {
    switch name {
    case "order": order
    case "merchant": merchant.map(MerchantInfo.init)
    default: frame.child(named: name)
    }
  }
}
