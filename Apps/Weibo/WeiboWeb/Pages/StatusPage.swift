import Foundation
import SparrowCore
import SparrowPlatform
import SparrowStore

/// 微博正文 (`weibo_status.mustache`): the card, 收藏, the 转发 / 评论 / 赞 tabs with their counts, the selected
/// tab's list, and the bottom bar.
struct StatusPage: PageModel {
  let frame: PageFrame
  let card: CardModel
  let tabs: [TabLink]
  let list: RowList<DetailRow>
  /// 举报 of the status, for a signed-in viewer who did not write it.
  let report: String?

  /// `status` is the row the card shows (its counts label the tabs), `author` its author's.
  init(frame: PageFrame, status: StatusRecord, author: UserRecord?, card: CardModel, tab selected: WeiboWeb.ListTab,
       list: RowList<DetailRow>) {
    self.frame = frame
    self.card = card
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
    report = frame.web.csrf != nil && frame.web.viewer != author?.screenName
      ? Moderation.reportLink(ContentRef("status", status.id), back: "/status/\(status.id)") : nil
  }

  func child(named name: String) -> Any? {
    switch name {
    case "card": card
    case "tabs": tabs
    case "list": list
    case "status_id": card.id
    case "report": report
    default: frame.child(named: name)
    }
  }
}
