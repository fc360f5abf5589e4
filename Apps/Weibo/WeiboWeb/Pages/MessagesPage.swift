import SparrowPlatform
import SparrowStore
import WeiboStore

/// 消息 (`weibo_messages.mustache`): the @我的 / 评论 / 赞 tabs with their unread figures, and the selected tab's rows.
struct MessagesPage: PageModel {
  let frame: PageFrame
  let tabs: [TabLink]
  let list: RowList<MessageRow>

  /// `unread` are the viewer's counters, read after this visit marked its tab seen.
  init(frame: PageFrame, tab selected: WeiboWeb.MessageTab, unread: [UnreadKind: Int],
       list: RowList<MessageRow>)
  {
    self.frame = frame
    tabs = WeiboWeb.MessageTab.allCases.map { tab in
      TabLink(name: tab.rawValue, label: tab.title, url: "/messages?tab=\(tab.rawValue)", selected: tab == selected,
              badge: TabBadges.text(tab.kinds.reduce(0) { $0 + (unread[$1] ?? 0) }))
    }
    self.list = list
  }

  func child(named name: String) -> Any? {
    switch name {
    case "tabs": tabs
    case "list": list
    default: frame.child(named: name)
    }
  }
}
