import SparrowPlatform

/// 团购's main page: the navigation bar with its menus and search, and the first page of the grid.
struct GridPage: PageModel {
  let frame: TuanFrame
  let menus: TopMenus
  let list: CardList

  func child(named name: String) -> Any? {
    switch name {
    case "list": list
    default: menus.child(named: name) ?? frame.child(named: name)
    }
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
