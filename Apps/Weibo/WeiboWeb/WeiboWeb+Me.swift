import Foundation
import SparrowPlatform
import Hummingbird
import SparrowCore
import SparrowStore
import WeiboStore
import WeiboAPI

/// 我: 收藏, 设置, and anyone's 关注 and 粉丝 lists.
extension WeiboWeb {
  /// `/me/favorites`: the viewer's favourites, newest first, paged by position as the API pages them.
  func favorites(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let params = context.params
    guard let viewer = context.viewer else { return try await login() }
    let list = try await favoritesList(viewer, offset: Self.cursor(params, "offset"))
    guard !HTML.wantsFragment(request) else { return render("weibo_cards", list) }
    return render("weibo_feed", FavoritesPage(frame: try await frame(viewer, tab: .me, title: "我的收藏"), list: list))
  }

  func favoritesList(_ viewer: Viewer, offset: Int64) async throws -> CardList {
    let offset = Int(min(offset, 1_000_000))
    var page = Page(count: Self.pageSize).probing
    page.offset = offset
    let (shown, following) = try await deps.store.favorites(userID: viewer.user.id, page: page).splitPage(Self.pageSize)
    let records = try await deps.store.statuses(ids: shown.map(\.statusID), visibleTo: viewer.user.id)
    // A favourite outlives a deleted status in the API's list; here it is simply not shown.
    let found = shown.compactMap { records[$0.statusID] }
    let more = MoreLink(next: following == nil ? nil : Int64(offset + Self.pageSize), fragment: "/me/favorites",
                        page: "/me/favorites", empty: found.isEmpty, key: "offset")
    return try await cardList(found, viewer, more: more)
  }

  /// `/settings`: a grouped list in the notes' style, 退出登录 at the bottom.
  func settings(_ request: Request, _ context: SparrowContext) async throws -> Response {
    guard let viewer = context.viewer else { return try await login() }
    let frame = try await frame(viewer, tab: .me, title: "设置")
    return render("weibo_settings", SettingsPage(frame: frame, viewer: viewer.user, version: Self.version))
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
    let path = "/u/\(id)/\(kind.rawValue)"
    let list = RowList(
      rows: users.map { PersonRow($0, viewerID: viewer?.user.id, csrf: viewer?.csrf) },
      more: MoreLink(next: following == nil ? nil : Int64(offset + Self.pageSize), fragment: path, page: path,
                     empty: users.isEmpty, key: "offset"))
    guard !HTML.wantsFragment(request) else { return render("weibo_people_rows", list) }
    let mine = viewer?.user.id == id
    let title = mine ? "我的\(kind.title)" : "\(owner.screenName)的\(kind.title)"
    return render("weibo_people", PeoplePage(frame: try await frame(viewer, tab: mine ? .me : nil, title: title), list: list))
  }
}
