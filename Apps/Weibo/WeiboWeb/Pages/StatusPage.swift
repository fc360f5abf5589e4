import Foundation
import SparrowCore
import SparrowPlatform

/// 微博正文 (`weibo_status.mustache`): the card, 收藏, the 转发 / 评论 / 赞 tabs with their counts, the selected
/// tab's list, and the bottom bar.
struct StatusPage: PageModel {
  let frame: PageFrame
  let card: CardModel
  let tabs: [TabLink]
  let list: RowList<DetailRow>

  /// `status` is the presented status; its counts label the tabs.
  init(frame: PageFrame, status: Status, face: CardFace, now: Date, tab selected: WeiboWeb.ListTab,
       list: RowList<DetailRow>) {
    self.frame = frame
    card = CardModel(status, face: face, now: now, csrf: frame.web.csrf)
    tabs = WeiboWeb.ListTab.allCases.map { tab in
      let (word, count) = switch tab {
      case .reposts: ("转发", status.repostsCount)
      case .comments: ("评论", status.commentsCount)
      case .likes: ("赞", status.attitudesCount)
      }
      return TabLink(name: tab.rawValue, label: "\(word) \(DisplayCount.short(count))",
                     url: "/status/\(status.id)?tab=\(tab.rawValue)", selected: tab == selected)
    }
    self.list = list
  }

  func child(named name: String) -> Any? {
    switch name {
    case "card": card
    case "tabs": tabs
    case "list": list
    case "status_id": card.id
    default: frame.child(named: name)
    }
  }
}
