import Foundation
import SparrowPlatform
import Hummingbird
import SparrowCore
import SparrowStore
import WeiboStore
import WeiboAPI

/// 微博正文: the status, its 转发 / 评论 / 赞 tabs with cursors, and 收藏.
extension WeiboWeb {
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
    let frame = try await frame(viewer, tab: nil, title: "微博正文")
    let rows = try await cardRows(for: [record], viewer)
    let list = try await list(tab, of: record, maxID: Self.cursor(params, "max_id"), viewer)
    let card = cards([record], rows: rows, viewer)[0]
    return render("weibo_status", StatusPage(frame: frame, status: record, author: rows.users[record.userID],
                                             card: card, tab: tab, list: list))
  }

  func listFragment(_ request: Request, _ context: SparrowContext, id: String?, tab: String?) async throws -> Response {
    let params = context.params
    let viewer = context.viewer
    guard let record = try await visible(id, to: viewer), let tab = ListTab(rawValue: tab ?? "") else {
      return Response(status: .notFound)
    }
    return render("weibo_list", try await list(tab, of: record, maxID: Self.cursor(params, "max_id"), viewer))
  }

  /// One page of a detail tab: rows, and the footer with the next page's cursor.
  func list(_ tab: ListTab, of record: StatusRecord, maxID: Int64, _ viewer: Viewer?)
    async throws -> RowList<DetailRow>
  {
    let page = Page(maxID: maxID, count: Self.pageSize)
    let now = deps.now()
    var rows: [DetailRow] = []
    var next: Int64?
    switch tab {
    case .comments:
      let (shown, following) = try await deps.store.commentItems(in: .onStatus(record.id), page: page.probing, seenBy: viewer?.user.id ?? 0)
        .splitPage(Self.pageSize)
      rows = try await commentFaces.rows(shown, on: record.id, store: deps.store, presenter: presenter(viewer),
                                         viewer: viewer?.user.id ?? 0, now: now)
      next = following?.id
    case .reposts:
      let (shown, following) = try await deps.store.statuses(in: .reposts(of: record.id), feature: .all,
                                                              page: page.probing, seenBy: viewer?.user.id ?? 0).items.splitPage(Self.pageSize)
      rows = try await statuses(shown, viewer).map { DetailRow(repost: $0, now: now) }
      next = following?.id
    case .likes:
      let (shown, following) = try await deps.store.likes(statusID: record.id, page: page.probing)
        .splitPage(Self.pageSize)
      let users = try await deps.store.users(ids: shown.map(\.userID))
      let presented = try await presenter(viewer).users(shown.compactMap { users[$0.userID] })
      let byID = Dictionary(presented.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
      rows = shown.compactMap { mark in byID[mark.userID].map { DetailRow(liker: $0, at: mark.createdAt, now: now) } }
      next = following?.id
    }
    let more = MoreLink(next: next, fragment: "/web/status/\(record.id)/\(tab.rawValue)",
                        page: "/status/\(record.id)?tab=\(tab.rawValue)", empty: rows.isEmpty && maxID == 0)
    return RowList(rows: rows, more: more, renders: detailRows)
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
    } catch let error as EnvelopeError
      where [EnvelopeError.alreadyFavorited.code, EnvelopeError.notFavorited.code].contains(error.code)
    {
      // Already as asked.
    } catch let error as EnvelopeError {
      guard HTML.wantsFragment(request) else { throw error }
      return HTML.toast(Self.message(error), status: .badRequest)
    }
    guard HTML.wantsFragment(request) else { return HTML.redirect(Self.back(request, fallback: "/status/\(id)")) }
    guard let record = try await deps.store.status(id: id, visibleTo: viewer.user.id) else { return Response(status: .notFound) }
    return render("weibo_favorite", try await card(record, viewer))
  }
}
