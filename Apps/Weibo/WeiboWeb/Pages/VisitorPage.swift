import SparrowPlatform

/// A tab seen by a visitor (`weibo_visitor.mustache`): the tab's picture and words, 注册 and 登录.
struct VisitorPage: PageModel {
  let frame: PageFrame
  let tab: WeiboWeb.Tab

  func child(named name: String) -> Any? {
    switch name {
    case "visitor_text": tab.visitorText
    case "visitor_home": tab == .home
    case "visitor_messages": tab == .messages
    case "visitor_discover": tab == .discover
    case "visitor_me": tab == .me
    default: frame.child(named: name)
    }
  }
}
