import Foundation
import SparrowPlatform
import Hummingbird
import SparrowCore
import SparrowStore
import WeiboAPI

/// 消息: @我的, 评论 and 赞 as lists of rows; showing a tab's first page marks its counters seen.
extension WebController {
  enum MessageTab: String, CaseIterable {
    case mentions, comments, likes

    var title: String {
      switch self {
      case .mentions: "@我的"
      case .comments: "评论"
      case .likes: "赞"
      }
    }

    /// The counters this tab clears.
    var kinds: [UnreadKind] {
      switch self {
      case .mentions: [.mentionStatus, .mentionCmt]
      case .comments: [.cmt]
      case .likes: [.attitude]
      }
    }
  }

  func messages(_ viewer: Viewer, _ params: Params) async throws -> Response {
    let tab = MessageTab(rawValue: params["tab"] ?? "") ?? .mentions
    let list = try await messageList(tab, viewer, cursor: Self.cursor(params, "max_id"))
    // Read the badges after marking seen, so the tab bar already reflects this visit.
    var context = try await base(viewer, tab: .messages, title: "消息")
    let unread = try await deps.store.unreadCounts(userID: viewer.user.id)
    context["tabs"] = MessageTab.allCases.map { item -> [String: Any] in
      var values: [String: Any] = ["name": item.rawValue, "label": item.title, "selected": item == tab,
                                   "url": "/messages?tab=\(item.rawValue)"]
      let count = item.kinds.reduce(0) { $0 + (unread[$1] ?? 0) }
      if count > 0 { values["badge"] = Self.badge(count) }
      return values
    }
    context["list"] = list
    return render("web_messages", context)
  }

  func messagesFragment(_ request: Request, _ context: SparrowContext, tab: String?) async throws -> Response {
    let params = context.params
    guard let viewer = context.viewer else { return Response(status: .unauthorized) }
    guard let tab = MessageTab(rawValue: tab ?? "") else { return Response(status: .notFound) }
    return render("web_rows", try await messageList(tab, viewer, cursor: Self.cursor(params, "max_id")))
  }

  /// One page of a 消息 tab. Every list pages by `max_id` except 赞, whose store method pages by offset
  /// (its cursor is then the number of rows already shown).
  func messageList(_ tab: MessageTab, _ viewer: Viewer, cursor: Int64) async throws -> [String: Any] {
    let me = viewer.user.id
    let size = Self.pageSize
    let page = Page(maxID: cursor, count: size).probing
    var rows: [[String: Any]] = []
    var next: Int64?
    switch tab {
    case .mentions:
      // Statuses and comments that mention me, merged newest first (ids come from one generator).
      let statuses = try await deps.store.statuses(in: .mentions(me), feature: .all, page: page).items
      let comments = try await deps.store.comments(in: .mentions(me), page: page).items
      let merged = (statuses.map { ($0.id, true) } + comments.map { ($0.id, false) }).sorted { $0.0 > $1.0 }
      let (shown, following) = merged.splitPage(size)
      let statusIDs = Set(shown.filter(\.1).map(\.0))
      let commentIDs = Set(shown.filter { !$0.1 }.map(\.0))
      let statusRows = try await statusRows(statuses.filter { statusIDs.contains($0.id) }, viewer)
      let commentRows = try await commentRows(comments.filter { commentIDs.contains($0.id) }, viewer)
      rows = shown.compactMap { id, isStatus in (isStatus ? statusRows[id] : commentRows[id]) }
      next = following?.0
      if cursor == 0 {
        // Only what this page shows counts as seen.
        if let newest = statusIDs.max() { try await deps.store.markSeen(userID: me, kind: .mentionStatus, upTo: newest) }
        if let newest = commentIDs.max() { try await deps.store.markSeen(userID: me, kind: .mentionCmt, upTo: newest) }
      }
    case .comments:
      let (shown, following) = try await deps.store.comments(in: .toUser(me), page: page).items.splitPage(size)
      let byID = try await commentRows(shown, viewer)
      rows = shown.compactMap { byID[$0.id] }
      next = following?.id
      if cursor == 0, let newest = shown.first?.id { try await deps.store.markSeen(userID: me, kind: .cmt, upTo: newest) }
    case .likes:
      let (shown, following) = try await deps.store.likesReceived(userID: me, page: page).splitPage(size)
      rows = try await likeRows(shown, viewer)
      next = following?.id
      if cursor == 0, let newest = shown.first?.id { try await deps.store.markSeen(userID: me, kind: .attitude, upTo: newest) }
    }
    let more = Self.more(next, fragment: "/web/messages/\(tab.rawValue)", page: "/messages?tab=\(tab.rawValue)",
                         empty: rows.isEmpty && cursor == 0)
    return ["rows": rows, "more": more]
  }

  /// A status as a message row: who, when, the text, and a link to it.
  func statusRows(_ records: [StatusRecord], _ viewer: Viewer) async throws -> [Int64: [String: Any]] {
    let now = deps.now()
    var rows: [Int64: [String: Any]] = [:]
    for status in try await presenter(viewer).statuses(records) {
      var row: [String: Any] = ["html": WebRichText.html(status.text), "url": "/status/\(status.id)",
                                "time": RelativeTime.text(for: status.createdAt, now: now), "kind": "微博"]
      if let user = status.user { row["user"] = WebCard.author(user) }
      if let original = status.retweetedStatus?.value { row["quote"] = Self.quote(original) }
      rows[status.id] = row
    }
    return rows
  }

  /// A comment as a message row, quoting the status it was written on.
  func commentRows(_ records: [CommentRecord], _ viewer: Viewer) async throws -> [Int64: [String: Any]] {
    let now = deps.now()
    var rows: [Int64: [String: Any]] = [:]
    for comment in try await presenter(viewer).comments(records) {
      var row: [String: Any] = ["html": WebRichText.html(comment.text), "kind": "评论",
                                "time": RelativeTime.text(for: comment.createdAt, now: now)]
      if let user = comment.user { row["user"] = WebCard.author(user) }
      if let status = comment.status {
        row["url"] = "/status/\(status.id)?tab=comments"
        row["quote"] = Self.quote(status)
      }
      rows[comment.id] = row
    }
    return rows
  }

  /// Likes on my statuses: who liked, when, and which status.
  func likeRows(_ marks: [Mark], _ viewer: Viewer) async throws -> [[String: Any]] {
    let now = deps.now()
    let users = try await deps.store.users(ids: marks.map(\.userID))
    let presentedUsers = try await presenter(viewer).users(marks.compactMap { users[$0.userID] })
    let userByID = Dictionary(presentedUsers.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let records = try await deps.store.statuses(ids: marks.map(\.statusID), visibleTo: viewer.user.id)
    let statuses = try await presenter(viewer).statuses(Array(records.values))
    let statusByID = Dictionary(statuses.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    return marks.compactMap { mark in
      guard let user = userByID[mark.userID] else { return nil }
      var row: [String: Any] = ["user": WebCard.author(user), "html": "赞了这条微博", "kind": "赞",
                                "time": RelativeTime.text(for: mark.createdAt, now: now)]
      if let status = statusByID[mark.statusID] {
        row["url"] = "/status/\(status.id)"
        row["quote"] = Self.quote(status)
      }
      return row
    }
  }

  /// The grey block under a message: `@author: text` of the status it is about, itself one link.
  static func quote(_ status: Status) -> [String: Any] {
    let name = status.user.map { "@\($0.screenName): " } ?? ""
    return ["url": "/status/\(status.id)", "html": WebRichText.html(name + status.text, links: false)]
  }
}
