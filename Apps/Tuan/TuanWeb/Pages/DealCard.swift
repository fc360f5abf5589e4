import DealsAPI
import Foundation
import SparrowCore
import SparrowPlatform
import SparrowStore
import TuanStore

/// Prices as the app shows them: yuan with at most two decimals (9805 → "98.05", 9800 → "98").
enum PriceText {
  static func yuan(_ cents: Int) -> String {
    let whole = cents / 100, rest = cents % 100
    if rest == 0 { return String(whole) }
    return rest % 10 == 0 ? "\(whole).\(rest / 10)" : "\(whole).\(rest < 10 ? "0" : "")\(rest)"
  }

  /// 58 tenths → "5.8折"; whole numbers without a decimal ("5折").
  static func discount(_ tenths: Int) -> String {
    tenths % 10 == 0 ? "\(tenths / 10)折" : "\(tenths / 10).\(tenths % 10)折"
  }
}

/// The terms a buyer should know before buying, up front on every card and at the top of the detail.
struct DealTerms {
  /// 限购N份 and 免预约 / 需预约 (every deal is 到店付款: the detail and the order page say so once).
  let badges: [String]
  /// 有效期至2025-06-30.
  let validity: String

  init(_ deal: DealRecord) {
    var badges: [String] = []
    if let limit = deal.limitPerPerson { badges.append("限购\(limit)份") }
    badges.append(deal.reservationRequired ? "需预约" : "免预约")
    self.badges = badges
    // The deadline is the end of the last day: the last valid day is the second before it.
    validity = "有效期至" + DealsCall.format(deal.deadline.addingTimeInterval(-1))
  }
}

/// The corner flag of a card: what time and stock say about the deal now.
enum DealFlag: String {
  case ended, soldOut = "sold-out", endingSoon = "ending", new

  /// 已结束, 已抢光, 剩余X天 within three days of its end, 新单 within three days of its start; else none.
  static func of(_ deal: DealRecord, now: Date) -> (flag: DealFlag, text: String)? {
    let left = deal.deadline.timeIntervalSince(now)
    if left <= 0 { return (.ended, "已结束") }
    if deal.isSoldOut { return (.soldOut, "已抢光") }
    if left <= DealCard.soon { return (.endingSoon, "剩余\(Int((left / 86_400).rounded(.up)))天") }
    if now.timeIntervalSince(deal.publishedAt) < DealCard.soon { return (.new, "新单") }
    return nil
  }
}

/// A deal in a grid: picture, title, description, prices, 已售, 剩余, terms and its flag.
struct DealCard: PageModel {
  let deal: DealRecord
  let picture: String
  let terms: DealTerms
  let flag: (flag: DealFlag, text: String)?
  /// In 收藏's and 最近浏览's edit mode: a checkbox to pick it for removal.
  var editing = false
  /// Metres from where 离我最近 measures, when the grid is sorted by it.
  var distance: Double?
  /// The shop's stars and review count (`TuanWeb.rated`), when it has reviews.
  var rating: (stars: Double, count: Int)?

  static let soon: TimeInterval = 3 * 86_400

  init(_ deal: DealRecord, presenter: DealsPresenter, now: Date) {
    self.deal = deal
    picture = presenter.pictureURL(deal.pictures.first, size: "bmiddle")
    terms = DealTerms(deal)
    flag = DealFlag.of(deal, now: now)
  }

  /// 剩余N份 when the stock is limited and some are left (已抢光 is the flag).
  var leftText: String? { deal.left.flatMap { $0 > 0 ? "剩余\($0)份" : nil } }

  /// 350m, 1.2km, 36km.
  static func distanceText(_ metres: Double) -> String {
    if metres < 1_000 { return "\(Int(metres.rounded()))m" }
    if metres < 10_000 { return Decimals.one(metres / 1_000) + "km" }
    return "\(Int((metres / 1_000).rounded()))km"
  }

  var link: String { "/tuan/deal/\(DealsCall.dealID(deal.id))" }

  /// The names `tuan_card` and `tuan_card_body` show (`RenderedPartsTests` checks the templates use no other), each
  /// made by `child(named:)` from values `Shown` holds.
  static let shownNames = [
    "id", "link", "picture", "title", "description", "price", "list_price", "discount", "sold", "left", "badges",
    "validity", "flag", "flag_key", "editing", "distance", "rating", "rating_img", "review_count",
  ]

  /// Every value `child(named:)` makes the card's names from: equal values, equal markup (`DealCardRenders`). A name
  /// that comes to read another value adds it here. Compared as they are: writing each name's text to compare those
  /// was a fifth of the grid page.
  struct Shown: Equatable {
    let id: Int64
    let title, description, picture: String
    let currentPrice, listPrice, purchaseCount: Int
    let stock: Int?
    let badges: [String]
    let validity: String
    let flag: DealFlag?
    let flagText: String?
    let editing: Bool
    let distance: String?
    let stars: Double?
    let reviewCount: Int?
  }

  var shown: Shown {
    Shown(id: deal.id, title: deal.title, description: deal.description, picture: picture,
          currentPrice: deal.currentPrice, listPrice: deal.listPrice, purchaseCount: deal.purchaseCount, stock: deal.stock,
          badges: terms.badges, validity: terms.validity, flag: flag?.flag, flagText: flag?.text, editing: editing,
          distance: distance.map(Self.distanceText), stars: rating?.stars, reviewCount: rating?.count)
  }

  func child(named name: String) -> Any? {
    switch name {
    case "id": DealsCall.dealID(deal.id)
    case "link": link
    case "picture": picture.isEmpty ? nil : picture
    case "title": deal.title
    case "description": deal.description
    case "price": PriceText.yuan(deal.currentPrice)
    case "list_price": deal.struckPrice.map(PriceText.yuan)
    case "discount": deal.discountTenths.map(PriceText.discount)
    case "sold": "已售\(deal.purchaseCount)"
    case "left": leftText
    case "badges": terms.badges
    case "validity": terms.validity
    case "flag": flag?.text
    case "flag_key": flag?.flag.rawValue
    case "editing": editing
    case "distance": distance.map(Self.distanceText)
    case "rating": rating.map { Decimals.one($0.stars) }
    case "rating_img": rating.map { StarsPicture.url($0.stars, small: true) }
    case "review_count": rating?.count
    default: nil
    }
  }
}

/// A card's markup, as `tuan_cards` lists it.
struct RenderedCard: PageModel {
  let html: String
  func child(named name: String) -> Any? { name == "html" ? html : nil }
}

/// Cards and the footer that loads the next page: 加载更多 while there are more, 没有更多了 at the end, or the
/// empty state when nothing matched.
struct CardList: PageModel {
  let cards: [DealCard]
  /// Each card's markup, from `DealCardRenders`.
  let rendered: [RenderedCard]
  /// The fragment URL of the next page; nil at the end.
  let next: String?
  let total: Int
  let empty: String

  init(cards: [DealCard], renders: DealCardRenders, next: String?, total: Int, empty: String) {
    self.cards = cards
    rendered = cards.map { RenderedCard(html: renders.html($0)) }
    self.next = next
    self.total = total
    self.empty = empty
  }

  func child(named name: String) -> Any? {
    switch name {
    case "cards": rendered
    case "next": next
    case "total": total
    case "empty": cards.isEmpty && next == nil ? empty : nil
    case "end": !cards.isEmpty && next == nil
    default: nil
    }
  }
}
