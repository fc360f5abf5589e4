import DealsAPI
import Foundation
import Hummingbird
import SparrowPlatform
import SparrowStore
import TuanStore

extension TuanWeb {
  /// A shop shows at most this many of its deals; demo shops have a handful.
  static let businessDeals = 100

  /// `/tuan/business/:id`: a shop (where the deals API's business `url` points): 商家详情, then its deals on sale.
  func business(_ request: Request, _ context: SparrowContext, id: String?) async throws -> Response {
    guard let text = id, let merchantID = Int64(text), merchantID > 0,
      let merchant = try await deps.store.merchant(id: merchantID)
    else { throw WebPageError(.notFound, "商家不存在") }
    var query = DealQuery()
    query.merchantIDs = [merchant.id]
    query.onSaleAt = deps.now()
    query.limit = Self.businessDeals
    let found = try await deps.store.findDeals(query)
    let now = query.onSaleAt ?? deps.now()
    let cards = try await rated(found.items.map { DealCard($0.deal, presenter: presenter, now: now) })
    let list = CardList(cards: cards, renders: cardRenders, next: nil, total: found.total, empty: "商家暂时没有在售的团购")
    let page = BusinessPage(frame: try await frame(context, request, tab: nil, title: merchant.fullName),
                            info: MerchantInfo(merchant: merchant), list: list)
    return render("tuan_business", page)
  }
}
