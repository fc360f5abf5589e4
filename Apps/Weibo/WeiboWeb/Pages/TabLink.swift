import SparrowPlatform

/// A tab over a list (微博正文's 转发 / 评论 / 赞, 消息's @我的 / 评论 / 赞): its label, link and badge.
struct TabLink: PageModel {
  let name, label, url: String
  let selected: Bool
  /// A count of new items; nil for none.
  var badge: String?

  func child(named name: String) -> Any? {
    switch name {
    case "name": self.name
    case "label": label
    case "url": url
    case "selected": selected
    case "badge": badge
    default: nil
    }
  }
}
