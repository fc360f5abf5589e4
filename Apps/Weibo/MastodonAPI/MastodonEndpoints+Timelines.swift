import Foundation
import Hummingbird
import SparrowCore
import SparrowPlatform
import SparrowStore
import WeiboAPI
import WeiboStore

/// Timelines, bookmarks, search and trends: pages of 微博's feeds, with Mastodon's id paging.
extension MastodonEndpoints {
  func registerTimelines(_ table: inout MastodonTable) {
    table.add(.get, path: "v1/timelines/home", scope: .readStatuses) { call in try await timeline(call, .home(try call.me())) }
    table.add(.get, path: "v1/timelines/public", auth: .optionalToken, scope: .readStatuses) { call in
      // Every status here is local: a timeline of remote ones is empty.
      if call.flag("remote") { return try json([Status]()) }
      return try await timeline(call, .everyone, feature: call.flag("only_media") ? .picture : .all)
    }
    table.add(.get, path: "v1/timelines/tag/{id}", auth: .optionalToken, scope: .readStatuses) { call in
      guard let tag = call.pathID.flatMap(FormEncoding.unescape), !tag.isEmpty else { throw MastodonError.notFound }
      return try await timeline(call, .topic(tag), feature: call.flag("only_media") ? .picture : .all)
    }
    table.add(.get, path: "v1/bookmarks", scope: .readBookmarks) { call in
      let page = try IDPage(call)
      let marks = page.shown(try await store.favorites(userID: try call.me(), page: page.store))
      let records = try await store.statuses(ids: marks.map(\.statusID), visibleTo: call.viewer)
      let statuses = try await presenter(call).statuses(marks.compactMap { records[$0.statusID] })
      return try json(statuses).linking(IDPage.link(
        call, baseURL: baseURL, newest: marks.first.map { String($0.id) }, oldest: marks.last.map { String($0.id) },
        hasOlder: marks.count == page.limit))
    }
    table.add(.get, path: "v2/search", auth: .optionalToken, scope: .readSearch) { call in try await search(call) }
    table.add(.get, path: "v1/trends/tags", auth: .optionalToken, counted: false) { call in
      try json(try await trendingTags(call, limit: call.limit(default: 10, max: 20)))
    }
    table.add(.get, path: "v1/trends/statuses", auth: .optionalToken, counted: false) { call in
      try await trendingStatuses(call)
    }
    // Direct messages: 微博's 仅自己可见 is no conversation with anyone, so there are none.
    table.add(.get, path: "v1/conversations", scope: .readStatuses) { _ in jsonResponse(Array("[]".utf8)) }
    table.add(.get, path: "v1/trends", auth: .optionalToken, counted: false) { call in
      try json(try await trendingTags(call, limit: call.limit(default: 10, max: 20)))
    }
  }

  /// A page of `feed` as the viewer sees it, newest first, with its `Link`.
  func timeline(_ call: MastodonCall, _ feed: StatusFeed, feature: StatusFeature = .all) async throws -> Response {
    let page = try IDPage(call)
    let (found, rows) = try await store.statuses(in: feed, feature: feature, page: page.store, viewer: call.viewer)
    let records = page.shown(found.items)
    let statuses = try await presenter(call).statuses(records, rows: rows)
    return try json(statuses).linking(IDPage.link(
      call, baseURL: baseURL, newest: records.first.map { String($0.id) }, oldest: records.last.map { String($0.id) },
      hasOlder: records.count == page.limit))
  }

  struct SearchResults: Encodable, Sendable {
    let accounts: [Account]
    let statuses: [Status]
    let hashtags: [Tag]
  }

  /// Search v2: people by name, statuses by their words, 话题 by name (from those in use this week). `type` picks one.
  func search(_ call: MastodonCall) async throws -> Response {
    guard let raw = call.params["q"]?.trimmingCharacters(in: .whitespacesAndNewlines), !raw.isEmpty else {
      return try json(SearchResults(accounts: [], statuses: [], hashtags: []))
    }
    let q = String(SearchQuery.limit.prefix(raw))
    let type = call.params["type"]
    let limit = call.limit(default: 20, max: 40)
    var accounts: [Account] = []
    var statuses: [Status] = []
    var hashtags: [Tag] = []
    if type == nil || type == "accounts" {
      accounts = try await searchAccounts(q, limit: limit).map { presenter(call).account($0) }
    }
    if type == nil || type == "statuses" {
      // Statuses by their words need a person: Mastodon searches statuses for signed-in callers only.
      if call.caller != nil {
        let words = q.hasPrefix("#") ? String(q.dropFirst()) : q
        let page = try IDPage(call, limit: limit)
        let (found, rows) = try await store.statuses(in: .search(words), feature: .all, page: page.store, viewer: call.viewer)
        statuses = try await presenter(call).statuses(page.shown(found.items), rows: rows)
      }
    }
    if type == nil || type == "hashtags" {
      let name = q.trimmingCharacters(in: CharacterSet(charactersIn: "#"))
      let hot = try await store.hotTopics(last: 7 * 86_400, before: call.now, limit: 200)
      hashtags = hot.filter { $0.name.localizedCaseInsensitiveContains(name) }.prefix(limit)
        .map { Tag(name: $0.name, url: "\(baseURL)/topic/\(FormEncoding.escape($0.name))") }
    }
    return try json(SearchResults(accounts: accounts, statuses: statuses, hashtags: hashtags))
  }

  /// The newest public statuses (the last `trendReach`) that others engaged with most in the last day: 赞, 转发 and
  /// 评论 counted alike, newest first among equals.
  func trendingStatuses(_ call: MastodonCall) async throws -> Response {
    let limit = call.limit(default: 20, max: 40)
    let offset = max(Int(call.params["offset"] ?? "0") ?? 0, 0)
    let (found, rows) = try await store.statuses(
      in: .everyone, feature: .original, page: Page(count: Self.trendReach), viewer: call.viewer)
    let since = call.now.addingTimeInterval(-86_400)
    func engagement(_ status: StatusRecord) -> Int { status.attitudesCount + status.repostsCount + status.commentsCount }
    let recent: [StatusRecord] = found.items.filter { $0.createdAt >= since && engagement($0) > 0 }
    let ranked = recent.sorted { a, b in engagement(a) != engagement(b) ? engagement(a) > engagement(b) : a.id > b.id }
    let page = Array(ranked.dropFirst(offset).prefix(limit))
    return try json(try await presenter(call).statuses(page, rows: rows))
  }

  /// How many of the newest public statuses trending statuses are chosen from.
  static let trendReach = 400

  /// 话题 most used in public statuses over the last day, with their count as today's uses.
  func trendingTags(_ call: MastodonCall, limit: Int) async throws -> [Tag] {
    let hot = try await store.hotTopics(last: 86_400, before: call.now, limit: limit)
    let today = MastodonPresenter.day(call.now)
    return hot.map { topic in
      Tag(name: topic.name, url: "\(baseURL)/topic/\(FormEncoding.escape(topic.name))",
          history: [TagHistory(day: today, uses: String(topic.count), accounts: nil)])
    }
  }
}
