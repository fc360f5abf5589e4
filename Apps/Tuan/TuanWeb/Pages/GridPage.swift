import GeoData
import SparrowPlatform
import Synchronization

/// 团购's main page: the navigation bar with its menus and search, and the first page of the grid.
struct GridPage: PageModel {
  let frame: TuanFrame
  let menus: TopMenus
  /// The menus' dropdowns as markup (`MenuMarkup`).
  let dropdowns: String
  let list: CardList

  func child(named name: String) -> Any? {
    switch name {
    case "list": list
    case "menus_html": dropdowns
    default: menus.child(named: name) ?? frame.child(named: name)
    }
  }
}

/// The menus' dropdowns (`tuan_menus.mustache`) as markup, by city and filter: they are made of nothing else (the
/// cities' districts and 商圈 ship with the binary, the categories are a table), so they are rendered once for each
/// and kept. A grid page spent most of its time building their few hundred links.
final class MenuMarkup: Sendable {
  /// How many are kept; past it they are dropped all at once.
  static let limit = 2_000

  private let kept = Mutex<[String: String]>([:])
  private let pages: TemplateLibrary

  init(pages: TemplateLibrary) { self.pages = pages }

  func dropdowns(_ menus: @autoclosure () -> TopMenus, filter: DealFilter, city: City) -> String {
    let key = "\(city.adcode) \(filter.link())"
    if let markup = kept.withLock({ $0[key] }) { return markup }
    let markup = pages.text("tuan_menus", menus())
    kept.withLock { kept in
      if kept.count >= Self.limit { kept.removeAll(keepingCapacity: true) }
      kept[key] = markup
    }
    return markup
  }
}

/// 收藏 and 最近浏览: a grid of deals with an edit mode that removes several at once.
struct MarksPage: PageModel {
  let frame: TuanFrame
  let heading: String
  let list: CardList
  /// In edit mode: checkboxes on the cards and the 删除 button.
  let editing: Bool
  /// Where 删除 posts.
  let removeAction: String
  /// 最近浏览 of a visitor: the deals are in this browser, and script fills the grid.
  let local: Bool

  func child(named name: String) -> Any? {
    switch name {
    case "heading": heading
    case "list": list
    case "editing": editing
    case "can_edit": !list.cards.isEmpty || local
    case "remove_action": removeAction
    case "local": local
    default: frame.child(named: name)
    }
  }
}

/// A shop's page: 商家详情 above a grid of its deals on sale.
struct BusinessPage: PageModel {
  let frame: TuanFrame
  let info: MerchantInfo
  let list: CardList

  func child(named name: String) -> Any? {
    switch name {
    case "info": info
    case "list": list
    default: frame.child(named: name)
    }
  }
}
