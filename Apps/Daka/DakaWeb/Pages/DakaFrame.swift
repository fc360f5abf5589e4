import SparrowCore
import SparrowPlatform

/// What every page of the 打卡 client shows around its content (`daka_layout.mustache`): a title bar with a
/// back link inside the tab, the three tabs at the bottom with the current one marked, the viewer and form token.
struct DakaFrame: PageModel {
  /// The tabs; each keeps its own stack of pages (script remembers each tab's last page).
  enum Tab: String { case find, checkin, me }

  let title: String
  let css: String
  let js: String
  /// The signed-in viewer's screen name; nil for visitors.
  let viewer: String?
  let csrf: String?
  let tab: Tab
  /// This page's path and query, where signing in comes back to.
  let here: String
  /// Where the title bar's back link goes (script goes back in history when it can); nil at a tab's root.
  let back: String?

  /// The query that keeps an entry's pages in the tab they were opened from (发现's needs none).
  static func query(_ tab: Tab) -> String { tab == .find ? "" : "?from=\(tab.rawValue)" }

  var loginURL: String { "/web/login?" + FormEncoding.encode(pairs: [("next", here)]) }

  func child(named name: String) -> Any? {
    switch name {
    case "title": title
    case "css": css
    case "js": js
    case "viewer": viewer
    case "csrf": csrf
    case "tab": tab.rawValue
    case "tab_find": tab == .find
    case "tab_checkin": tab == .checkin
    case "tab_me": tab == .me
    case "login_url": loginURL
    case "here": here
    case "back": back
    default: nil
    }
  }
}

/// A page that only says something (errors).
struct MessagePage: PageModel {
  let frame: DakaFrame
  let heading: String
  let message: String

  func child(named name: String) -> Any? {
    switch name {
    case "heading": heading
    case "message": message
    default: frame.child(named: name)
    }
  }
}
