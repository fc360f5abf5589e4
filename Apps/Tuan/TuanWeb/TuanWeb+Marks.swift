import DealsAPI
import Foundation
import Hummingbird
import SparrowPlatform
import SparrowStore
import TuanStore

extension TuanWeb {
  /// `POST /tuan/collect` (`deal`, `collect` 1 or 0): 收藏 or not. Script gets the toggle back; a form goes back.
  func collect(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let deal = try await deal(context.params["deal"])
    guard let viewer = context.viewer else { return try await signIn(next: "/tuan/deal/\(DealsCall.dealID(deal.id))") }
    let on = context.params["collect"] == "1"
    if on {
      try await deps.store.collect(userID: viewer.user.id, dealID: deal.id, at: deps.now())
    } else {
      try await deps.store.uncollect(userID: viewer.user.id, dealIDs: [deal.id])
    }
    guard HTML.wantsFragment(request) else {
      return HTML.redirect(Self.back(request, fallback: "/tuan/deal/\(DealsCall.dealID(deal.id))"))
    }
    return render("tuan_collect", CollectToggle(dealID: DealsCall.dealID(deal.id), collected: on, csrf: viewer.csrf))
  }

  /// `/tuan/collections[?edit=1]`: 收藏, most recent first; deals ending within three days say 剩余X天, ended ones
  /// stay listed, marked 已结束.
  func collections(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let frame = try await frame(context, request, tab: .collections, title: "收藏")
    guard let viewer = context.viewer else {
      return render("tuan_message", MessagePage.signIn(frame, heading: "收藏", message: "登录后，收藏的团购会保存在这里", loginURL: frame.web.loginURL))
    }
    let marks = try await deps.store.collections(userID: viewer.user.id, limit: recentLimit, offset: 0)
    let editing = context.params["edit"] == "1"
    var cards = try await markedCards(marks.items.map(\.dealID))
    for index in cards.indices { cards[index].editing = editing }
    let list = CardList(cards: cards, renders: cardRenders, next: nil, total: cards.count, empty: "还没有收藏团购")
    return render("tuan_marks", MarksPage(frame: frame, heading: "收藏", list: list, editing: editing,
                                          removeAction: "/tuan/collections/remove", local: false))
  }

  /// `/tuan/recent[?edit=1]`: 最近浏览, latest first; a visitor's are in the browser, and script shows them.
  func recent(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let frame = try await frame(context, request, tab: .recent, title: "最近浏览")
    let editing = context.params["edit"] == "1"
    var cards: [DealCard] = []
    if let viewer = context.viewer {
      cards = try await markedCards(try await deps.store.recentlyViewed(userID: viewer.user.id, limit: recentLimit).map(\.dealID))
      for index in cards.indices { cards[index].editing = editing }
    }
    let list = CardList(cards: cards, renders: cardRenders, next: nil, total: cards.count, empty: "还没有浏览过团购")
    return render("tuan_marks", MarksPage(frame: frame, heading: "最近浏览", list: list, editing: editing,
                                          removeAction: "/tuan/recent/remove", local: context.viewer == nil))
  }

  /// Cards of `ids` in that order; deals that no longer exist are left out.
  func markedCards(_ ids: [Int64]) async throws -> [DealCard] {
    let deals = try await deps.store.deals(ids: ids)
    let now = deps.now()
    return try await rated(ids.compactMap { deals[$0] }.map { DealCard($0, presenter: presenter, now: now) })
  }

  /// The deals a removal form picked (`ids`, repeated or comma-separated).
  static func pickedIDs(_ params: Params) throws(WebPageError) -> [Int64] {
    let texts = params.all("ids").flatMap { $0.split(separator: ",") }.map(String.init)
    guard texts.count <= recentLimit else { throw WebPageError(.badRequest, "太多了") }
    var ids: [Int64] = []
    for text in texts {
      guard let id = dealID(text) else { throw WebPageError(.badRequest, "团购不存在") }
      ids.append(id)
    }
    return ids
  }

  /// `POST /tuan/collections/remove` (`ids`): edit mode's 删除.
  func uncollect(_ request: Request, _ context: SparrowContext) async throws -> Response {
    guard let viewer = context.viewer else { return try await signIn(next: "/tuan/collections") }
    try await deps.store.uncollect(userID: viewer.user.id, dealIDs: try Self.pickedIDs(context.params))
    return HTML.redirect("/tuan/collections")
  }

  /// `POST /tuan/recent/remove` (`ids`) and `/tuan/recent/clear` (更多's 清除最近浏览). A visitor's views are in the
  /// browser, which script clears; the server has nothing of theirs.
  func forgetViews(_ request: Request, _ context: SparrowContext, all: Bool) async throws -> Response {
    let ids = all ? nil : try Self.pickedIDs(context.params)
    if let viewer = context.viewer { try await deps.store.forgetViews(userID: viewer.user.id, dealIDs: ids) }
    return HTML.redirect(all ? Self.back(request, fallback: "/tuan/recent") : "/tuan/recent")
  }
}

/// The 收藏 toggle of the detail: a form that flips it.
struct CollectToggle: PageModel {
  let dealID: String
  let collected: Bool
  let csrf: String?

  func child(named name: String) -> Any? {
    switch name {
    case "deal_id": dealID
    case "collected": collected
    case "csrf": csrf
    default: nil
    }
  }
}
