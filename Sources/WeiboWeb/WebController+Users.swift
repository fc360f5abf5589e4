import Foundation
import SparrowPlatform
import Hummingbird
import SparrowCore
import SparrowStore
import WeiboAPI

/// User pages: header, follow and 特别关注, their statuses.
extension WebController {
  func profile(_ request: Request, _ context: SparrowContext, user record: UserRecord?) async throws -> Response {
    let params = context.params
    let viewer = context.viewer
    guard let record else { return try await notFound(viewer, "用户不存在") }
    let user = try await presenter(viewer).users([record])[0]
    var context = try await base(viewer, tab: viewer?.user.id == record.id ? .me : nil, title: user.screenName)
    var header = WebCard.author(user)
    if !user.description.isEmpty { header["description"] = user.description }
    header["statuses"] = DisplayCount.short(user.statusesCount)
    header["friends"] = DisplayCount.short(user.friendsCount)
    header["followers"] = DisplayCount.short(user.followersCount)
    context["profile"] = header
    context["self"] = viewer?.user.id == record.id
    context["follow"] = followState(user, viewer, special: try await isSpecial(user, viewer))
    let (cards, next) = try await userPage(record.id, maxID: Self.cursor(params, "max_id"), viewer)
    context["cards"] = cards
    context["more"] = Self.more(next, fragment: "/web/user/\(record.id)/statuses", page: "/u/\(record.id)",
                                empty: cards.isEmpty)
    return render("web_user", context)
  }

  /// Whether the viewer follows `user` as 特别关注.
  func isSpecial(_ user: User, _ viewer: Viewer?) async throws -> Bool {
    guard let viewer, user.following else { return false }
    return try await deps.store.specialFollowing(viewer.user.id, among: [user.id]).contains(user.id)
  }

  func followState(_ user: User, _ viewer: Viewer?, special: Bool = false) -> [String: Any]? {
    guard let viewer, viewer.user.id != user.id else { return nil }
    let label = user.following ? (user.followMe ? "相互关注" : "已关注") : "+ 关注"
    return ["id": String(user.id), "following": user.following, "special": special, "label": label, "csrf": viewer.csrf,
            "followers": DisplayCount.short(user.followersCount),
            "action": "/u/\(user.id)/\(user.following ? "unfollow" : "follow")"]
  }

  func userPage(_ id: Int64, maxID: Int64, _ viewer: Viewer?) async throws -> ([[String: Any]], Int64?) {
    let page = Page(maxID: maxID, count: Self.pageSize)
    let found = try await deps.store.statuses(
      in: .user(id, viewer: viewer?.user.id ?? 0), feature: .all, page: page.probing).items
    let (shown, next) = found.splitPage(Self.pageSize)
    return (try await cards(shown, viewer), next?.id)
  }

  func userFragment(_ request: Request, _ context: SparrowContext, id: String?) async throws -> Response {
    let params = context.params
    let viewer = context.viewer
    guard let id = id.flatMap({ Int64($0) }) else { return Response(status: .notFound) }
    let (cards, next) = try await userPage(id, maxID: Self.cursor(params, "max_id"), viewer)
    let more = Self.more(next, fragment: "/web/user/\(id)/statuses", page: "/u/\(id)", empty: cards.isEmpty)
    return render("web_cards", ["cards": cards, "more": more])
  }

  func follow(_ request: Request, _ context: SparrowContext, id: String?, follow: Bool) async throws -> Response {
    let params = context.params
    guard let viewer = context.viewer else { return Response(status: .unauthorized) }
    guard let id = id.flatMap({ Int64($0) }), let record = try await deps.store.user(id: id) else {
      return Response(status: .notFound)
    }
    do {
      try await call(follow ? "friendships/create" : "friendships/destroy", ["uid": String(id)], as: viewer)
    } catch let error as WeiboError
      where [WeiboError.alreadyFollowed.code, WeiboError.notFollowed.code].contains(error.code)
    {
      // Already as asked.
    }
    guard HTML.wantsFragment(request) else { return HTML.redirect("/u/\(id)") }
    // Read again: the follower count has just moved.
    let user = try await presenter(viewer).users([try await deps.store.user(id: id) ?? record])[0]
    return render("web_follow", ["follow": followState(user, viewer, special: try await isSpecial(user, viewer)) ?? [:]])
  }

  /// 特别关注 on a followed user's page; the answer is the follow box again.
  func special(_ request: Request, _ context: SparrowContext, id: String?) async throws -> Response {
    let params = context.params
    guard let viewer = context.viewer else { return Response(status: .unauthorized) }
    guard let id = id.flatMap({ Int64($0) }), let record = try await deps.store.user(id: id) else {
      return Response(status: .notFound)
    }
    do {
      try await deps.store.setSpecial(follower: viewer.user.id, followee: id, special: params["special"] == "1")
    } catch StoreError.notFound {
      guard HTML.wantsFragment(request) else { return HTML.redirect("/u/\(id)") }
      return HTML.toast("请先关注", status: .badRequest)
    }
    guard HTML.wantsFragment(request) else { return HTML.redirect("/u/\(id)") }
    let user = try await presenter(viewer).users([record])[0]
    return render("web_follow", ["follow": followState(user, viewer, special: try await isSpecial(user, viewer)) ?? [:]])
  }
}
