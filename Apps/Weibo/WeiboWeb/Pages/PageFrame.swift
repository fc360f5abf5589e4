import SparrowPlatform

/// What every page of the web client shows around its content (`weibo_layout.mustache`): the title, the
/// stylesheet and script, the viewer and the session's form token, the tab bar's selected tab and badges.
struct PageFrame: PageModel {
  /// The shell every app's page has.
  let web: WebFrame
  /// The tab bar's selected tab; nil on pages that belong to none.
  let tab: WeiboWeb.Tab?
  let badges: TabBadges
  /// `<meta http-equiv="refresh">`'s content; nil for none.
  var refresh: String?

  func child(named name: String) -> Any? {
    switch name {
    case "refresh": refresh
    case "tab_home": tab == .home
    case "tab_messages": tab == .messages
    case "tab_discover": tab == .discover
    case "tab_me": tab == .me
    default: web.child(named: name) ?? badges.child(named: name)
    }
  }
}
