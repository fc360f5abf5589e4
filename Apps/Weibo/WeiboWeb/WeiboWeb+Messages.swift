import Foundation
import SparrowPlatform
import Hummingbird
import SparrowCore
import SparrowStore
import WeiboStore
import WeiboAPI

/// 消息: @我的, 评论 and 赞 as lists of rows; showing a tab's first page marks its counters seen.
extension WeiboWeb {
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
    // Read the counters after marking seen, so the tab bar already reflects this visit.
    let unread = try await deps.store.unreadCounts(userID: viewer.user.id, upTo: TabBadges.cap)
    let frame = try await frame(viewer, tab: .messages, title: "消息", unread: unread)
    return render("weibo_messages", MessagesPage(frame: frame, tab: tab, unread: unread, list: list))
  }

  func messagesFragment(_ request: Request, _ context: SparrowContext, tab: String?) async throws -> Response {
    let params = context.params
    guard let viewer = context.viewer else { return Response(status: .unauthorized) }
    guard let tab = MessageTab(rawValue: tab ?? "") else { return Response(status: .notFound) }
    return render("weibo_rows", try await messageList(tab, viewer, cursor: Self.cursor(params, "max_id")))
  }

  /// One page of a 消息 tab. Every list pages by `max_id` except 赞, whose store method pages by offset
  /// (its cursor is then the number of rows already shown).
  func messageList(_ tab: MessageTab, _ viewer: Viewer, cursor: Int64) async throws -> RowList<MessageRow> {
    let me = viewer.user.id
    let size = Self.pageSize
    let page = Page(maxID: cursor, count: size).probing
    let now = deps.now()
    var rows: [MessageRow] = []
    var next: Int64?
    switch tab {
    case .mentions:
      // Statuses and comments that mention me, merged newest first (ids come from one generator).
      let statuses = try await deps.store.statuses(in: .mentions(me), feature: .all, page: page, seenBy: me).items
      let comments = try await deps.store.commentItems(in: .mentions(me), page: page, seenBy: me)
      let merged = (statuses.map { ($0.id, true) } + comments.map { ($0.id, false) }).sorted { $0.0 > $1.0 }
      let (shown, following) = merged.splitPage(size)
      let statusIDs = Set(shown.filter(\.1).map(\.0))
      let commentIDs = Set(shown.filter { !$0.1 }.map(\.0))
      let statusRows = try await statusRows(statuses.filter { statusIDs.contains($0.id) }, viewer, now: now)
      let commentRows = try await commentRows(comments.filter { commentIDs.contains($0.id) }, viewer, now: now)
      rows = shown.compactMap { id, isStatus in (isStatus ? statusRows[id] : commentRows[id]) }
      next = following?.0
      if cursor == 0 {
        // Only what this page shows counts as seen.
        if let newest = statusIDs.max() { try await deps.store.markSeen(userID: me, kind: .mentionStatus, upTo: newest) }
        if let newest = commentIDs.max() { try await deps.store.markSeen(userID: me, kind: .mentionCmt, upTo: newest) }
      }
    case .comments:
      let (shown, following) = try await deps.store.commentItems(in: .toUser(me), page: page, seenBy: me).splitPage(size)
      let byID = try await commentRows(shown, viewer, now: now)
      rows = shown.compactMap { byID[$0.id] }
      next = following?.id
      if cursor == 0, let newest = shown.first?.id { try await deps.store.markSeen(userID: me, kind: .cmt, upTo: newest) }
    case .likes:
      let (shown, following) = try await deps.store.likesReceived(userID: me, page: page).splitPage(size)
      rows = try await likeRows(shown, viewer, now: now)
      next = following?.id
      if cursor == 0, let newest = shown.first?.id { try await deps.store.markSeen(userID: me, kind: .attitude, upTo: newest) }
    }
    let more = MoreLink(next: next, fragment: "/web/messages/\(tab.rawValue)", page: "/messages?tab=\(tab.rawValue)",
                        empty: rows.isEmpty && cursor == 0)
    return RowList(rows: rows, more: more, renders: messageRows)
  }

  /// Statuses as message rows, by id.
  func statusRows(_ records: [StatusRecord], _ viewer: Viewer, now: Date) async throws -> [Int64: MessageRow] {
    let made = messageFaces.rows(records, rows: try await cardRows(for: records, viewer), presenter: presenter(viewer),
                                 viewer: viewer.user.id, now: now)
    return Dictionary(zip(records.map(\.id), made), uniquingKeysWith: { a, _ in a })
  }

  /// Comments as message rows, by id.
  func commentRows(_ records: [CommentRecord], _ viewer: Viewer, now: Date) async throws -> [Int64: MessageRow] {
    let presented = try await presenter(viewer).comments(records)
    return Dictionary(presented.map { ($0.id, MessageRow(comment: $0, now: now)) }, uniquingKeysWith: { a, _ in a })
  }

  /// Likes on my statuses: who liked, when, and which status.
  func likeRows(_ marks: [Mark], _ viewer: Viewer, now: Date) async throws -> [MessageRow] {
    let users = try await deps.store.users(ids: marks.map(\.userID))
    let presentedUsers = try await presenter(viewer).users(marks.compactMap { users[$0.userID] })
    let userByID = Dictionary(presentedUsers.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let records = try await deps.store.statuses(ids: marks.map(\.statusID), visibleTo: viewer.user.id)
    let statuses = try await statuses(Array(records.values), viewer)
    let statusByID = Dictionary(statuses.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    return marks.compactMap { mark in
      userByID[mark.userID].map { MessageRow(liker: $0, status: statusByID[mark.statusID], at: mark.createdAt, now: now) }
    }
  }
}
