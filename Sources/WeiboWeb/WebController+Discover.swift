import Foundation
import SparrowPlatform
import Hummingbird
import SparrowCore
import SparrowStore
import WeiboAPI

/// 发现: a search box (users and statuses), the day's 热门话题, and topic pages.
extension WebController {
  static let hotTopicCount = 20
  static let userResultCount = 10
  /// 热门话题's windows in days, tried in turn until one has topics.
  static let topicWindows = [(1, "24小时"), (7, "本周"), (30, "本月")]

  func discover(_ viewer: Viewer, _ params: Params) async throws -> Response {
    let query = (params["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    var context = try await base(viewer, tab: .discover, title: "发现")
    context["q"] = query
    if query.isEmpty {
      let (topics, window) = try await hotTopics(limit: Self.hotTopicCount)
      context["topic_window"] = window
      context["topics"] = topics.enumerated().map { index, topic -> [String: Any] in
        ["rank": String(index + 1), "name": topic.name, "url": Self.topicURL(topic.name),
         "count": DisplayCount.short(topic.count), "top": index < 3]
      }
      context["no_topics"] = topics.isEmpty
    } else {
      let users = try await deps.store.searchUsers(query, limit: Self.userResultCount)
      context["users"] = try await presenter(viewer).users(users).map(WebCard.person)
      let (cards, next, _) = try await feedPage(.search(query), maxID: Self.cursor(params, "max_id"), viewer)
      let q = FormEncoding.escape(query)
      context["results"] = true
      context["cards"] = cards
      context["more"] = Self.more(next, fragment: "/web/search?q=\(q)", page: "/discover?q=\(q)", empty: cards.isEmpty)
    }
    return render("web_discover", context)
  }

  /// The last day's most used topics and the window's name; a quiet server widens the window so the list is
  /// not empty.
  func hotTopics(limit: Int) async throws -> (topics: [TopicCount], window: String) {
    var topics: [TopicCount] = []
    var window = ""
    for (days, label) in Self.topicWindows {
      topics = try await deps.store.hotTopics(since: deps.now().addingTimeInterval(-Double(days) * 24 * 3600), limit: limit)
      window = label
      if !topics.isEmpty { break }
    }
    return (topics, window)
  }

  func searchFragment(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let params = context.params
    let viewer = context.viewer
    let query = (params["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    guard !query.isEmpty else { return Response(status: .badRequest) }
    let (cards, next, _) = try await feedPage(.search(query), maxID: Self.cursor(params, "max_id"), viewer)
    let q = FormEncoding.escape(query)
    let more = Self.more(next, fragment: "/web/search?q=\(q)", page: "/discover?q=\(q)", empty: cards.isEmpty)
    return render("web_cards", ["cards": cards, "more": more])
  }

  /// `/topic/<name>`: the statuses carrying `#name#`, newest first. Visitors may look too.
  func topic(_ request: Request, _ context: SparrowContext, name raw: String?) async throws -> Response {
    let params = context.params
    let viewer = context.viewer
    let name = Self.topicName(raw)
    guard !name.isEmpty else { return try await notFound(viewer, "话题不存在") }
    let (cards, next, total) = try await feedPage(.topic(name), maxID: Self.cursor(params, "max_id"), viewer)
    var context = try await base(viewer, tab: nil, title: "#\(name)#")
    context["topic"] = name
    context["total"] = DisplayCount.short(total)
    context["cards"] = cards
    context["more"] = Self.more(next, fragment: "/web/topic/\(FormEncoding.escape(name))",
                                page: Self.topicURL(name), empty: cards.isEmpty)
    return render("web_topic", context)
  }

  func topicFragment(_ request: Request, _ context: SparrowContext, name raw: String?) async throws -> Response {
    let params = context.params
    let viewer = context.viewer
    let name = Self.topicName(raw)
    guard !name.isEmpty else { return Response(status: .notFound) }
    let (cards, next, _) = try await feedPage(.topic(name), maxID: Self.cursor(params, "max_id"), viewer)
    let more = Self.more(next, fragment: "/web/topic/\(FormEncoding.escape(name))", page: Self.topicURL(name),
                         empty: cards.isEmpty)
    return render("web_cards", ["cards": cards, "more": more])
  }

  /// One page of a public feed, the next `max_id` (nil at the end), and how many statuses the feed holds.
  func feedPage(_ feed: StatusFeed, maxID: Int64, _ viewer: Viewer?)
    async throws -> (cards: [[String: Any]], next: Int64?, total: Int)
  {
    let page = Page(maxID: maxID, count: Self.pageSize)
    let result = try await deps.store.statuses(in: feed, feature: .all, page: page.probing)
    let (shown, next) = result.items.splitPage(Self.pageSize)
    return (try await cards(shown, viewer), next?.id, result.total)
  }

  static func topicURL(_ name: String) -> String { "/topic/\(FormEncoding.escape(name))" }

  /// A topic from its path segment: decoded, without `#`s or surrounding spaces.
  static func topicName(_ raw: String?) -> String {
    (raw?.removingPercentEncoding ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "# ").union(.whitespaces))
  }

  /// A value for a query string.
}
