import SparrowCore
import SparrowPlatform
import SparrowStore
import WeiboStore

/// 发现 (`weibo_discover.mustache`): the search box; with a query, the users and statuses found; without, the
/// hot topics of the day (or of a wider window when the day had none).
struct DiscoverPage: PageModel {
  /// What a query found.
  struct Results: PageModel {
    let users: [PersonRow]
    let list: CardList

    func child(named name: String) -> Any? {
      name == "users" ? users : list.child(named: name)
    }
  }

  /// A hot topic: its rank (the first three stand out), name, link and number of statuses.
  struct TopicRow: PageModel {
    let rank, name, url, count: String
    let top: Bool

    func child(named name: String) -> Any? {
      switch name {
      case "rank": rank
      case "name": self.name
      case "url": url
      case "count": count
      case "top": top
      default: nil
      }
    }
  }

  let frame: PageFrame
  let query: String
  /// nil without a query.
  let results: Results?
  let topics: [TopicRow]
  /// The hot topics' window, `24小时`, `本周`, …
  let topicWindow: String?

  /// The page for a query and what it found.
  init(frame: PageFrame, query: String, results: Results) {
    self.frame = frame
    self.query = query
    self.results = results
    topics = []
    topicWindow = nil
  }

  /// The page without a query: the hot topics of `window`.
  init(frame: PageFrame, topics: [TopicCount], window: String) {
    self.frame = frame
    query = ""
    results = nil
    self.topics = topics.enumerated().map { index, topic in
      TopicRow(rank: String(index + 1), name: topic.name, url: WeiboWeb.topicURL(topic.name),
               count: DisplayCount.short(topic.count), top: index < 3)
    }
    topicWindow = window
  }

  func child(named name: String) -> Any? {
    switch name {
    case "q": query
    case "results": results
    case "topics": topics
    case "topic_window": topicWindow
    case "no_topics": results == nil && topics.isEmpty
    default: frame.child(named: name)
    }
  }
}
