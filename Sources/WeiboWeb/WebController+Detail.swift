import Foundation
import SparrowPlatform
import Hummingbird
import SparrowCore
import SparrowStore
import WeiboAPI

/// 微博正文: the status, its 转发 / 评论 / 赞 tabs with cursors, and 收藏.
extension WebController {
  enum ListTab: String, CaseIterable {
    case reposts, comments, likes
  }

  func visible(_ id: String?, to viewer: Viewer?) async throws -> StatusRecord? {
    guard let id = id.flatMap({ Int64($0) }) else { return nil }
    return try await deps.store.status(id: id, visibleTo: viewer?.user.id ?? 0)
  }

  func detail(_ request: Request, _ context: SparrowContext, id: String?) async throws -> Response {
    let params = context.params
    let viewer = context.viewer
    guard let record = try await visible(id, to: viewer) else { return try await notFound(viewer, "微博不存在或已被删除") }
    let tab = ListTab(rawValue: params["tab"] ?? "") ?? .comments
    var context = try await base(viewer, tab: nil, title: "微博正文")
    context["card"] = try await cards([record], viewer)[0]
    context["tabs"] = ListTab.allCases.map { item -> [String: Any] in
      let (word, count) = switch item {
      case .reposts: ("转发", record.repostsCount)
      case .comments: ("评论", record.commentsCount)
      case .likes: ("赞", record.attitudesCount)
      }
      return ["name": item.rawValue, "label": "\(word) \(DisplayCount.short(count))", "selected": item == tab,
              "url": "/status/\(record.id)?tab=\(item.rawValue)"]
    }
    context["list"] = try await list(tab, of: record, maxID: Self.cursor(params, "max_id"), viewer)
    context["status_id"] = String(record.id)
    return render("web_status", context)
  }

  func listFragment(_ request: Request, _ context: SparrowContext, id: String?, tab: String?) async throws -> Response {
    let params = context.params
    let viewer = context.viewer
    guard let record = try await visible(id, to: viewer), let tab = ListTab(rawValue: tab ?? "") else {
      return Response(status: .notFound)
    }
    return render("web_list", try await list(tab, of: record, maxID: Self.cursor(params, "max_id"), viewer))
  }

  /// One page of a detail tab: rows, and the cursor of the next page (nil at the end).
  func list(_ tab: ListTab, of record: StatusRecord, maxID: Int64, _ viewer: Viewer?) async throws -> [String: Any] {
    let page = Page(maxID: maxID, count: Self.pageSize)
    let now = deps.now()
    var rows: [[String: Any]] = []
    var next: Int64?
    switch tab {
    case .comments:
      let (shown, following) = try await deps.store.comments(in: .onStatus(record.id), page: page.probing).items
        .splitPage(Self.pageSize)
      rows = try await presenter(viewer).comments(shown).map { comment in
        var html = WebRichText.html(comment.text)
        if let reply = comment.replyComment?.value, let name = reply.user?.screenName,
          !comment.text.hasPrefix("回复@")
        {
          html = "回复" + WebRichText.html("@\(name)") + ": " + html
        }
        var row: [String: Any] = ["html": html, "time": RelativeTime.text(for: comment.createdAt, now: now)]
        if let user = comment.user { row["user"] = WebCard.author(user) }
        if viewer != nil { row["reply"] = "/compose?comment=\(record.id)&reply=\(comment.id)" }
        return row
      }
      next = following?.id
    case .reposts:
      let (shown, following) = try await deps.store.statuses(in: .reposts(of: record.id), feature: .all,
                                                              page: page.probing).items.splitPage(Self.pageSize)
      rows = try await presenter(viewer).statuses(shown).map { status in
        var row: [String: Any] = ["html": WebRichText.html(status.text), "url": "/status/\(status.id)",
                                  "time": RelativeTime.text(for: status.createdAt, now: now)]
        if let user = status.user { row["user"] = WebCard.author(user) }
        return row
      }
      next = following?.id
    case .likes:
      let (shown, following) = try await deps.store.likes(statusID: record.id, page: page.probing)
        .splitPage(Self.pageSize)
      let users = try await deps.store.users(ids: shown.map(\.userID))
      let presented = try await presenter(viewer).users(shown.compactMap { users[$0.userID] })
      let byID = Dictionary(presented.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
      rows = shown.compactMap { mark in
        byID[mark.userID].map { ["user": WebCard.author($0), "time": RelativeTime.text(for: mark.createdAt, now: now)] }
      }
      next = following?.id
    }
    let more = Self.more(next, fragment: "/web/status/\(record.id)/\(tab.rawValue)",
                         page: "/status/\(record.id)?tab=\(tab.rawValue)", empty: rows.isEmpty && maxID == 0)
    return ["rows": rows, "tab": tab.rawValue, "more": more]
  }

  /// 收藏 on the detail page's navigation bar; the server answers with the new button.
  func favorite(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let params = context.params
    guard let viewer = context.viewer else { return Response(status: .unauthorized) }
    let id = Self.cursor(params, "id")
    guard id > 0 else { return Response(status: .badRequest) }
    let add = params["favorited"] == "1"
    do {
      try await call(add ? "favorites/create" : "favorites/destroy", ["id": String(id)], as: viewer)
    } catch let error as WeiboError
      where [WeiboError.alreadyFavorited.code, WeiboError.notFavorited.code].contains(error.code)
    {
      // Already as asked.
    } catch let error as WeiboError {
      guard HTML.wantsFragment(request) else { throw error }
      return HTML.toast(Self.message(error), status: .badRequest)
    }
    guard HTML.wantsFragment(request) else { return HTML.redirect(Self.back(request, fallback: "/status/\(id)")) }
    guard let record = try await deps.store.status(id: id, visibleTo: viewer.user.id) else { return Response(status: .notFound) }
    return render("web_favorite", try await cards([record], viewer)[0])
  }
}
