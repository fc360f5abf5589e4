import DealsAPI
import Foundation
import SparrowPlatform
import SparrowStore
import TuanStore

/// 立即抢购's order page: the deal, quantity, total, 到店付款, 提交订单.
struct BuyPage: PageModel {
  let frame: TuanFrame
  let card: DealCard
  let unitPrice: Int
  let quantity: Int

  static let maxQuantity = 10

  func child(named name: String) -> Any? {
    switch name {
    case "deal": card
    case "unit": PriceText.yuan(unitPrice)
    case "unit_cents": unitPrice
    case "quantity": quantity
    case "max": Self.maxQuantity
    case "total": PriceText.yuan(unitPrice * quantity)
    case "deal_id": card.child(named: "id")
    default: frame.child(named: name)
    }
  }
}

/// A 团购券 in 我的订单: its code in groups of four, its state now, and the refund button when the rule allows.
struct CouponRow: PageModel {
  let coupon: CouponRecord
  let state: CouponState
  let refundable: Bool
  let csrf: String?

  init(_ coupon: CouponRecord, deal: DealRecord?, now: Date, csrf: String?) {
    self.coupon = coupon
    let state = coupon.state(at: now)
    self.state = state
    refundable = deal.map { Refunds.allowed(state: state, anytime: $0.refundAnytime, afterExpiry: $0.refundAfterExpiry) } ?? false
    self.csrf = csrf
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
    case "refundable": refundable
    case "valid_until": "有效期至" + DealsCall.format(coupon.validUntil.addingTimeInterval(-1))
    case "csrf": csrf
    default: nil
    }
  }
}

/// An order in 我的订单.
struct OrderRow: PageModel {
  let order: OrderRecord
  let card: DealCard?
  let title: String
  let coupons: [CouponRow]
  let placed: Bool

  func child(named name: String) -> Any? {
    switch name {
    case "id": order.id
    case "title": title
    case "link": card?.link
    case "picture": card?.child(named: "picture")
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
  let orders: [OrderRow]

  func child(named name: String) -> Any? {
    switch name {
    case "orders": orders.isEmpty ? nil : orders
    case "none": orders.isEmpty
    default: frame.child(named: name)
    }
  }
}
