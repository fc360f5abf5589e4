import Foundation
import SparrowPlatform
import Hummingbird
import SparrowCore
import SparrowKit
import SparrowStore
import WeiboStore
import WeiboAPI

/// User pages: header, follow and 特别关注, their statuses.
extension WeiboWeb {
  func profile(_ request: Request, _ context: SparrowContext, user record: UserRecord?) async throws -> Response {
    let params = context.params
    let viewer = context.viewer
    guard let record else { return try await notFound(viewer, "用户不存在") }
    var ties = Ties()
    if let viewer { ties = try await deps.store.ties(viewer.user.id, among: [record.id]) }
    let user = presenter(viewer).users([record], ties: ties)[0]
    let frame = try await frame(viewer, tab: viewer?.user.id == record.id ? .me : nil, title: user.screenName)
    let list = try await userList(record.id, maxID: Self.cursor(params, "max_id"), viewer)
    let other = viewer != nil && viewer?.user.id != record.id
    var page = ProfilePage(frame: frame, user: user, viewerID: viewer?.user.id, special: ties.special.contains(record.id),
                           blocking: other && ties.blocking.contains(record.id), muting: other && ties.muting.contains(record.id),
                           list: list)
    page.hiddenNotice = record.profileHidden && viewer?.user.id == record.id
    return render("weibo_user", page)
  }

  /// Whether the viewer follows `user` as 特别关注.
  func isSpecial(_ user: User, _ viewer: Viewer?) async throws -> Bool {
    guard let viewer, user.following else { return false }
    return try await deps.store.ties(viewer.user.id, among: [user.id]).special.contains(user.id)
  }

  /// The follow box for `user` as a fragment, after following, unfollowing or 特别关注.
  func followBox(_ user: User, _ viewer: Viewer) async throws -> Response {
    let button = FollowButton(UserViewModel(user: user), viewerID: viewer.user.id, csrf: viewer.csrf,
                              special: try await isSpecial(user, viewer))
    return render("weibo_follow", FollowButton.Fragment(follow: button))
  }

  /// One page of a user's statuses, with the footer.
  func userList(_ id: Int64, maxID: Int64, _ viewer: Viewer?) async throws -> CardList {
    let page = Page(maxID: maxID, count: Self.pageSize)
    let (shown, next, rows, _) = try await feedPage(.user(id, viewer: viewer?.user.id ?? 0), page, viewer)
    let more = MoreLink(next: next?.id, fragment: "/web/user/\(id)/statuses", page: "/u/\(id)", empty: shown.isEmpty)
    return cardList(shown, rows: rows, viewer, more: more)
  }

  func userFragment(_ request: Request, _ context: SparrowContext, id: String?) async throws -> Response {
    let params = context.params
    guard let id = id.flatMap({ Int64($0) }) else { return Response(status: .notFound) }
    return render("weibo_cards", try await userList(id, maxID: Self.cursor(params, "max_id"), context.viewer))
  }

  func follow(_ request: Request, _ context: SparrowContext, id: String?, follow: Bool) async throws -> Response {
    guard let viewer = context.viewer else { return Response(status: .unauthorized) }
    guard let id = id.flatMap({ Int64($0) }), let record = try await deps.store.user(id: id) else {
      return Response(status: .notFound)
    }
    do {
      try await call(follow ? "friendships/create" : "friendships/destroy", ["uid": String(id)], as: viewer)
    } catch let error as EnvelopeError
      where [EnvelopeError.alreadyFollowed.code, EnvelopeError.notFollowed.code].contains(error.code)
    {
      // Already as asked.
    } catch let error as EnvelopeError
      where [EnvelopeError.youBlockedThem.code, EnvelopeError.privacyDenied.code].contains(error.code)
    {
      let message = error.code == EnvelopeError.youBlockedThem.code ? "你已拉黑 TA，请先解除拉黑" : "由于对方的设置，你不能关注 TA"
      guard HTML.wantsFragment(request) else { return HTML.redirect("/u/\(id)") }
      return HTML.toast(message, status: .forbidden)
    }
    guard HTML.wantsFragment(request) else { return HTML.redirect("/u/\(id)") }
    // Read again: the follower count has just moved.
    return try await followBox(try await presenter(viewer).users([try await deps.store.user(id: id) ?? record])[0], viewer)
  }

  /// 拉黑, 屏蔽 and their undoing from a user's page (`blocks/*`, `mutes/*`); back to the page, which says what holds.
  func safety(_ request: Request, _ context: SparrowContext, id: String?, _ endpoint: String) async throws -> Response {
    guard let viewer = context.viewer else { return Response(status: .unauthorized) }
    guard let id = id.flatMap({ Int64($0) }), try await deps.store.user(id: id) != nil, id != viewer.user.id else {
      return Response(status: .notFound)
    }
    do {
      try await call(endpoint, ["uid": String(id)], as: viewer)
    } catch let error as EnvelopeError
      where [EnvelopeError.alreadyBlocked, .notBlocked, .alreadyMuted, .notMuted].map(\.code).contains(error.code)
    {
      // Already as asked (a second click, another tab).
    }
    return HTML.redirect("/u/\(id)")
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
    return try await followBox(try await presenter(viewer).users([record])[0], viewer)
  }
}
