import Foundation
import SparrowPlatform
import Hummingbird
import SparrowCore
import SparrowStore
import WeiboAPI

/// 我: 收藏, 设置, and anyone's 关注 and 粉丝 lists.
extension WebController {
  /// `/me/favorites`: the viewer's favourites, newest first, paged by position as the API pages them.
  func favorites(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let params = context.params
    guard let viewer = context.viewer else { return try await login() }
    let (cards, next) = try await favoritesPage(viewer, offset: Self.cursor(params, "offset"))
    let more = Self.more(next, fragment: "/me/favorites", page: "/me/favorites", empty: cards.isEmpty, key: "offset")
    guard !HTML.wantsFragment(request) else { return render("web_cards", ["cards": cards, "more": more]) }
    var context = try await base(viewer, tab: .me, title: "我的收藏")
    context["heading"] = "我的收藏"
    context["cards"] = cards
    context["more"] = more
    return render("web_feed", context)
  }

  func favoritesPage(_ viewer: Viewer, offset: Int64) async throws -> ([[String: Any]], Int64?) {
    let offset = Int(min(offset, 1_000_000))
    var page = Page(count: Self.pageSize).probing
    page.offset = offset
    let (shown, following) = try await deps.store.favorites(userID: viewer.user.id, page: page).splitPage(Self.pageSize)
    let records = try await deps.store.statuses(ids: shown.map(\.statusID), visibleTo: viewer.user.id)
    // A favourite outlives a deleted status in the API's list; here it is simply not shown.
    let cards = try await cards(shown.compactMap { records[$0.statusID] }, viewer)
    return (cards, following == nil ? nil : Int64(offset + Self.pageSize))
  }

  /// `/settings`: a grouped list in the notes' style, 退出登录 at the bottom.
  func settings(_ request: Request, _ context: SparrowContext) async throws -> Response {
    guard let viewer = context.viewer else { return try await login() }
    var context = try await base(viewer, tab: .me, title: "设置")
    context["account"] = ["name": viewer.user.screenName, "id": String(viewer.user.id)]
    context["version"] = Self.version
    return render("web_settings", context)
  }

  static let version = "Sparrow 1.0"

  enum People: String {
    case friends, followers

    var title: String { self == .friends ? "关注" : "粉丝" }
  }

  /// `/u/<id>/friends` and `/u/<id>/followers`: people with their follow buttons, paged by position.
  func people(_ request: Request, _ context: SparrowContext, id: String?, _ kind: People) async throws -> Response {
    let params = context.params
    let viewer = context.viewer
    guard let id = id.flatMap({ Int64($0) }), let owner = try await deps.store.user(id: id) else {
      return HTML.wantsFragment(request) ? Response(status: .notFound) : try await notFound(viewer, "用户不存在")
    }
    let offset = Int(min(Self.cursor(params, "offset"), 1_000_000))
    let (shownIDs, following) = try await (kind == .friends
      ? deps.store.friendIDs(of: id, offset: offset, limit: Self.pageSize + 1)
      : deps.store.followerIDs(of: id, offset: offset, limit: Self.pageSize + 1)).splitPage(Self.pageSize)
    let found = try await deps.store.users(ids: shownIDs)
    let users = try await presenter(viewer).users(shownIDs.compactMap { found[$0] })
    let rows = users.map { user -> [String: Any] in
      var row = WebCard.person(user)
      if let follow = followState(user, viewer) { row["follow"] = follow }
      return row
    }
    let next = following == nil ? nil : Int64(offset + Self.pageSize)
    let path = "/u/\(id)/\(kind.rawValue)"
    let more = Self.more(next, fragment: path, page: path, empty: rows.isEmpty, key: "offset")
    guard !HTML.wantsFragment(request) else { return render("web_people_rows", ["people": rows, "more": more]) }
    let mine = viewer?.user.id == id
    var context = try await base(viewer, tab: mine ? .me : nil, title: mine ? "我的\(kind.title)" : "\(owner.screenName)的\(kind.title)")
    context["heading"] = context["title"]
    context["people"] = rows
    context["more"] = more
    return render("web_people", context)
  }
}
