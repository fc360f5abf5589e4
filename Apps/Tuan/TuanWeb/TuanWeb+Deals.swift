import DealsAPI
import Foundation
import GeoData
import Hummingbird
import SparrowPlatform
import SparrowStore
import TuanStore

extension TuanWeb {
  /// `/tuan`: the grid of the chosen city's deals on sale, as the three menus and the keyword narrow it.
  func grid(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let city = CityChoice.city(of: request)
    let filter = try DealFilter(context.params, city: city)
    let list = try await cards(filter, city: city, page: 1)
    let title = filter.keyword.map { "搜索“\($0)”" } ?? "团购"
    let menus = TopMenus(filter: filter, city: city)
    let page = GridPage(frame: try await frame(context, request, tab: .deals, title: title), menus: menus,
                        dropdowns: menuMarkup.dropdowns(menus, filter: filter, city: city), list: list)
    return render("tuan_grid", page)
  }

  /// `/tuan/deals?…&page=N`: the cards of one more page and the footer, for load more and pull-to-refresh.
  func gridFragment(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let city = CityChoice.city(of: request)
    let filter = try DealFilter(context.params, city: city)
    let page = try Self.page(context.params)
    return render("tuan_cards", try await cards(filter, city: city, page: page))
  }

  /// One page of the grid and, while `total_count` is not reached, the link to the next.
  func cards(_ filter: DealFilter, city: City, page: Int) async throws -> CardList {
    let now = deps.now()
    let found = try await deps.store.findDeals(filter.query(city: city, now: now, page: page, size: Self.pageSize))
    let shown = page * Self.pageSize
    let next = shown < found.total ? filter.link("/tuan/deals", extra: [("page", String(page + 1))]) : nil
    let empty = filter.keyword != nil ? "没有找到相关团购" : "这里还没有团购，换个分类或商区看看"
    let cards = found.items.map { hit in
      var card = DealCard(hit.deal, presenter: presenter, now: now)
      if filter.sort == .nearest { card.distance = hit.distance }
      return card
    }
    return CardList(cards: try await rated(cards), renders: cardRenders, next: next, total: found.total, empty: empty)
  }

  /// `page`, 1-based, at most 1,000 (12,000 deals deep).
  static func page(_ params: Params) throws(WebPageError) -> Int {
    guard let text = params["page"] else { return 1 }
    guard let page = Int(text), (1...1000).contains(page) else { throw WebPageError(.badRequest, "页码不对") }
    return page
  }

  /// `/tuan/deals/batch?ids=1-2,1-3`: cards of the deals named, in that order (this browser's 最近浏览 of a
  /// visitor); unknown ids are left out.
  func batchFragment(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let texts = context.params.all("ids").flatMap { $0.split(separator: ",") }.map(String.init)
    guard texts.count <= recentLimit else { throw WebPageError(.badRequest, "太多了") }
    var ids: [Int64] = []
    for text in texts {
      guard let id = Self.dealID(text) else { throw WebPageError(.badRequest, "团购不存在") }
      if !ids.contains(id) { ids.append(id) }
    }
    let found = try await deps.store.deals(ids: ids)
    let now = deps.now()
    var cards = ids.compactMap { found[$0] }.map { DealCard($0, presenter: presenter, now: now) }
    let editing = context.params["edit"] == "1"
    for index in cards.indices { cards[index].editing = editing }
    return render("tuan_cards", CardList(cards: try await rated(cards), renders: cardRenders, next: nil, total: cards.count, empty: "还没有浏览过团购"))
  }

  /// `/tuan/deal/:id`: the detail. Script asks for the panel alone (`X-Fragment`) and slides it in over the
  /// grid; a link or a reload gets it as a page of its own. Viewing it adds it to the viewer's 最近浏览.
  func detail(_ request: Request, _ context: SparrowContext, id: String?) async throws -> Response {
    let deal = try await deal(id)
    let merchant = try await deps.store.merchant(id: deal.merchantID)
    var collected = false
    if let viewer = context.viewer {
      try await deps.store.recordView(userID: viewer.user.id, dealID: deal.id, at: deps.now())
      collected = try await deps.store.collected(by: viewer.user.id, among: [deal.id]).contains(deal.id)
    }
    // The shop's latest reviews, as the viewer may see them.
    var reviews: [ReviewItem] = []
    if let merchant, merchant.reviewCount > 0 {
      let latest = try await deps.store.reviews(merchantID: merchant.id, filter: .latest, viewer: context.viewer?.user.id,
                                                limit: 3, offset: 0)
      reviews = try await reviewItems(latest.items, category: { _ in merchant.category }, context: context)
    }
    let frame = try await frame(context, request, tab: nil, title: deal.title)
    var page = DetailPage(frame: frame, deal: deal, merchant: merchant, presenter: presenter, collected: collected,
                          now: deps.now(), publicURL: deps.config.publicURL)
    page.reviews = reviews
    // 适用分店: the brand's other shops where it may be used.
    if let ids = try await deps.store.branches(of: [deal.id])[deal.id] {
      let shops = try await deps.store.merchants(ids: ids)
      page.branches = ids.compactMap { shops[$0] }.map(MerchantInfo.init)
    }
    return render(HTML.wantsFragment(request) ? "tuan_detail_panel" : "tuan_detail", page)
  }
}
