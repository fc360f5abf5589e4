import SparrowCore
import SparrowPlatform

/// What every page of the 打卡 client shows around its content (`daka_layout.mustache`): a title bar with a
/// back link inside the tab, the three tabs at the bottom with the current one marked, the viewer and form token.
struct DakaFrame: PageModel {
  /// The tabs; each keeps its own stack of pages (script remembers each tab's last page).
  enum Tab: String { case find, checkin, me }

  /// The shell every app's page has.
  let web: WebFrame
  let tab: Tab
  /// Where the title bar's back link goes (script goes back in history when it can); nil at a tab's root.
  let back: String?

  /// The query that keeps an entry's pages in the tab they were opened from (发现's needs none).
  static func query(_ tab: Tab) -> String { tab == .find ? "" : "?from=\(tab.rawValue)" }

  func child(named name: String) -> Any? {
    switch name {
    case "tab": tab.rawValue
    case "tab_find": tab == .find
    case "tab_checkin": tab == .checkin
    case "tab_me": tab == .me
    case "back": back
    default: web.child(named: name)
    }
  }
}

