import Foundation
import SparrowPlatform
import Hummingbird
import SparrowCore
import SparrowStore
import WeiboStore
import WeiboAPI

/// 发现: a search box (users and statuses), the day's 热门话题, and topic pages.
extension WeiboWeb {
  static let hotTopicCount = 20
  static let userResultCount = 10
  /// 热门话题's windows in days, tried in turn until one has topics.
  static let topicWindows = [(1, "24小时"), (7, "本周"), (30, "本月")]

  func discover(_ viewer: Viewer, _ params: Params) async throws -> Response {
    let query = SearchQuery.limit.prefix((params["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines))
    let frame = try await frame(viewer, tab: .discover, title: "发现")
    guard !query.isEmpty else {
      let (topics, window) = try await hotTopics(limit: Self.hotTopicCount)
      return render("weibo_discover", DiscoverPage(frame: frame, topics: topics, window: window))
    }
    let users = try await presenter(viewer).users(try await deps.store.searchUsers(query, limit: Self.userResultCount))
    let list = try await searchList(query, maxID: Self.cursor(params, "max_id"), viewer)
    let results = DiscoverPage.Results(users: users.map { PersonRow($0) }, list: list)
    return render("weibo_discover", DiscoverPage(frame: frame, query: query, results: results))
  }

  /// The last day's most used topics and the window's name; a quiet server widens the window so the list is
  /// not empty.
  func hotTopics(limit: Int) async throws -> (topics: [TopicCount], window: String) {
    var topics: [TopicCount] = []
    var window = ""
    for (days, label) in Self.topicWindows {
      topics = try await deps.store.hotTopics(last: Double(days) * 24 * 3600, before: deps.now(), limit: limit)
      window = label
      if !topics.isEmpty { break }
    }
    return (topics, window)
  }

  func searchFragment(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let params = context.params
    let query = SearchQuery.limit.prefix((params["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines))
    guard !query.isEmpty else { return Response(status: .badRequest) }
    return render("weibo_cards", try await searchList(query, maxID: Self.cursor(params, "max_id"), context.viewer))
  }

  /// One page of the statuses a search finds, with the footer.
  func searchList(_ query: String, maxID: Int64, _ viewer: Viewer?) async throws -> CardList {
    let q = FormEncoding.escape(query)
    return try await feedList(.search(query), maxID: maxID, viewer, fragment: "/web/search?q=\(q)",
                              page: "/discover?q=\(q)").list
  }

  /// `/topic/<name>`: the statuses carrying `#name#`, newest first. Visitors may look too.
  func topic(_ request: Request, _ context: SparrowContext, name raw: String?) async throws -> Response {
    let viewer = context.viewer
    let name = Self.topicName(raw)
    guard !name.isEmpty else { return try await notFound(viewer, "话题不存在") }
    let (list, total) = try await topicList(name, maxID: Self.cursor(context.params, "max_id"), viewer)
    let frame = try await frame(viewer, tab: nil, title: "#\(name)#")
    return render("weibo_topic", TopicPage(frame: frame, topic: name, total: total, list: list))
  }

  func topicFragment(_ request: Request, _ context: SparrowContext, name raw: String?) async throws -> Response {
    let name = Self.topicName(raw)
    guard !name.isEmpty else { return Response(status: .notFound) }
    return render("weibo_cards", try await topicList(name, maxID: Self.cursor(context.params, "max_id"), context.viewer).list)
  }

  /// One page of the statuses carrying `#name#`, with the footer, and how many there are in all.
  func topicList(_ name: String, maxID: Int64, _ viewer: Viewer?) async throws -> (list: CardList, total: Int) {
    try await feedList(.topic(name), maxID: maxID, viewer, fragment: "/web/topic/\(FormEncoding.escape(name))",
                       page: Self.topicURL(name))
  }

  /// One page of a public feed with its footer (`fragment` and `page` are the next page's URLs without the
  /// cursor), and how many statuses the feed holds.
  func feedList(_ feed: StatusFeed, maxID: Int64, _ viewer: Viewer?, fragment: String, page url: String)
    async throws -> (list: CardList, total: Int)
  {
    let page = Page(maxID: maxID, count: Self.pageSize)
    let (shown, next, rows, total) = try await feedPage(feed, page, viewer)
    let more = MoreLink(next: next?.id, fragment: fragment, page: url, empty: shown.isEmpty)
    return (cardList(shown, rows: rows, viewer, more: more), total)
  }

  static func topicURL(_ name: String) -> String { "/topic/\(FormEncoding.escape(name))" }

  /// A topic from its path segment: decoded, without `#`s or surrounding spaces.
  static func topicName(_ raw: String?) -> String {
    // Percent-encoded in the path, by byte (`FormEncoding.unescape`). Most names have no `#` or space at their ends:
    // Foundation's decoding and trimming were 2 % of a topic page.
    guard let raw, let name = FormEncoding.unescape(raw) else { return "" }
    if let first = name.unicodeScalars.first, let last = name.unicodeScalars.last, !Self.topicEdge(first),
      !Self.topicEdge(last)
    {
      return name
    }
    return name.trimmingCharacters(in: topicTrimmed)
  }

  private static let topicTrimmed = CharacterSet(charactersIn: "# ").union(.whitespaces)

  /// Whether `scalar` may be trimmed from a topic's ends (a superset of `topicTrimmed`: such names take the full path).
  private static func topicEdge(_ scalar: Unicode.Scalar) -> Bool { scalar == "#" || scalar.properties.isWhitespace }
}
