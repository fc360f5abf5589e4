import GeoData
import SparrowCore
import SparrowPlatform

/// What every page of the 团购 client shows around its content (`tuan_layout.mustache`): the dock with its
/// selected item and the chosen city, the viewer and the form token, the 更多 sheet.
struct TuanFrame: PageModel {
  /// The dock's items that are pages.
  enum Tab { case deals, map, collections, recent, orders }

  let title: String
  let css: String
  let js: String
  /// The signed-in viewer's screen name; nil for visitors.
  let viewer: String?
  /// The form token every POST carries; nil for visitors.
  let csrf: String?
  let tab: Tab?
  let city: City
  /// This page's path and query, where signing in comes back to.
  let here: String

  var loginURL: String { "/web/login?" + FormEncoding.encode(pairs: [("next", here)]) }

  func child(named name: String) -> Any? {
    switch name {
    case "title": title
    case "css": css
    case "js": js
    case "viewer": viewer
    case "csrf": csrf
    case "city_name": city.name
    case "city_adcode": city.adcode
    case "login_url": loginURL
    case "here": here
    case "tab_deals": tab == .deals
    case "tab_map": tab == .map
    case "tab_collections": tab == .collections
    case "tab_recent": tab == .recent
    case "tab_orders": tab == .orders
    default: nil
    }
  }
}

/// A page that only says something (errors, 关于).
struct MessagePage: PageModel {
  let frame: TuanFrame
  let message: String
  var heading = "出错了"

  func child(named name: String) -> Any? {
    switch name {
    case "message": message
    case "heading": heading
    default: frame.child(named: name)
    }
  }
}
