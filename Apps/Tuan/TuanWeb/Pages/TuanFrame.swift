import GeoData
import SparrowCore
import SparrowPlatform

/// What every page of the 团购 client shows around its content (`tuan_layout.mustache`): the dock with its
/// selected item and the chosen city, the viewer and the form token, the 更多 sheet.
struct TuanFrame: PageModel {
  /// The dock's items that are pages.
  enum Tab { case deals, map, collections, recent, orders }

  /// The shell every app's page has.
  let web: WebFrame
  let tab: Tab?
  let city: City
  /// The viewer serves a shop: 更多 offers 商家后台.
  let keepsShop: Bool

  func child(named name: String) -> Any? {
    switch name {
    case "city_name": city.name
    case "city_adcode": city.adcode
    case "tab_deals": tab == .deals
    case "tab_map": tab == .map
    case "tab_collections": tab == .collections
    case "tab_recent": tab == .recent
    case "tab_orders": tab == .orders
    case "keeps_shop": keepsShop
    default: web.child(named: name)
    }
  }
}

