import SparrowCore
import SparrowPlatform

/// `/topic/<name>` (`weibo_topic.mustache`): the topic, how many statuses carry it, and those statuses.
struct TopicPage: PageModel {
  let frame: PageFrame
  let topic: String
  let total: String
  let list: CardList

  init(frame: PageFrame, topic: String, total: Int, list: CardList) {
    self.frame = frame
    self.topic = topic
    self.total = DisplayCount.short(total)
    self.list = list
  }

  func child(named name: String) -> Any? {
    switch name {
    case "topic": topic
    case "total": total
    default: list.child(named: name) ?? frame.child(named: name)
    }
  }
}
