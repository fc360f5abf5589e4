import Foundation
import Hummingbird
import Synchronization
import SparrowCore
import SparrowPlatform
import SparrowStore
import WeiboStore

/// `/api/v1/statuses/…`: post (a status, or a 评论 when it replies), show, context, delete, and the marks.
extension MastodonEndpoints {
  func registerStatuses(_ table: inout MastodonTable) {
    table.add(.post, path: "v1/statuses", limit: "update_status", scope: .writeStatuses) { call in try await create(call) }
    table.add(.get, path: "v1/statuses/{id}", auth: .optionalToken, scope: .readStatuses) { call in
      try json(try await entity(try await find(try call.id(), call), call))
    }
    table.add(.delete, path: "v1/statuses/{id}", scope: .writeStatuses) { call in try await delete(call) }
    table.add(.get, path: "v1/statuses/{id}/context", auth: .optionalToken, scope: .readStatuses) { call in
      try await context(call)
    }
    table.add(.post, path: "v1/statuses/{id}/favourite", scope: .writeFavourites) { call in
      let status = try await markable(call)
      do {
        try await store.like(Mark(id: deps.ids.next(at: call.now), userID: try call.me(), statusID: status.id, createdAt: call.now))
      } catch StoreError.conflict {}  // already: Mastodon's favourite is idempotent
      return try await shown(status.id, call)
    }
    table.add(.post, path: "v1/statuses/{id}/unfavourite", scope: .writeFavourites) { call in
      let status = try await markable(call)
      do { _ = try await store.unlike(userID: try call.me(), statusID: status.id) } catch StoreError.notFound {}
      return try await shown(status.id, call)
    }
    table.add(.post, path: "v1/statuses/{id}/bookmark", scope: .writeBookmarks) { call in
      let status = try await markable(call)
      do {
        try await store.favorite(Mark(id: deps.ids.next(at: call.now), userID: try call.me(), statusID: status.id, createdAt: call.now))
      } catch StoreError.conflict {}
      return try await shown(status.id, call)
    }
    table.add(.post, path: "v1/statuses/{id}/unbookmark", scope: .writeBookmarks) { call in
      let status = try await markable(call)
      do { _ = try await store.unfavorite(userID: try call.me(), statusID: status.id) } catch StoreError.notFound {}
      return try await shown(status.id, call)
    }
    table.add(.post, path: "v1/statuses/{id}/reblog", limit: "update_status", scope: .writeStatuses) { call in
      try await reblog(call)
    }
    table.add(.post, path: "v1/statuses/{id}/unreblog", scope: .writeStatuses) { call in try await unreblog(call) }
    table.add(.get, path: "v1/statuses/{id}/favourited_by", auth: .optionalToken, scope: .readAccounts) { call in
      let status = try await markable(call)
      let page = try IDPage(call, limit: 40, max: 80)
      let marks = try await store.likes(statusID: status.id, page: page.store)
      let shown = page.shown(marks)
      return jsonResponse(try await presenter(call).accountsJSON(ids: shown.map(\.userID))).linking(IDPage.link(
        call, baseURL: baseURL, newest: shown.first.map { String($0.id) }, oldest: shown.last.map { String($0.id) },
        hasOlder: shown.count == page.limit))
    }
    table.add(.get, path: "v1/statuses/{id}/reblogged_by", auth: .optionalToken, scope: .readAccounts) { call in
      let status = try await markable(call)
      let page = try IDPage(call, limit: 40, max: 80)
      let found = try await store.statuses(in: .reposts(of: status.id), feature: .all, page: page.store, seenBy: call.viewer)
      let shown = page.shown(found.items)
      return jsonResponse(try await presenter(call).accountsJSON(ids: shown.map(\.userID))).linking(IDPage.link(
        call, baseURL: baseURL, newest: shown.first.map { String($0.id) }, oldest: shown.last.map { String($0.id) },
        hasOlder: shown.count == page.limit))
    }
  }

  /// What an id names for the viewer: a status, or a 评论 shown as a reply.
  enum Found {
    case status(StatusRecord)
    case comment(CommentRecord)
  }

  /// The status or comment `id` that the viewer may see; 404 otherwise, the same for "gone" and "not yours to see".
  func find(_ id: Int64, _ call: MastodonCall) async throws -> Found {
    if let status = try await store.status(id: id, visibleTo: call.viewer) { return .status(status) }
    if let comment = try await store.comment(id: id, visibleTo: call.viewer) { return .comment(comment) }
    throw MastodonError.notFound
  }

  func entity(_ found: Found, _ call: MastodonCall, ownText: Bool = false) async throws -> Status {
    switch found {
    case .status(let status): return try await presenter(call).statuses([status], ownText: ownText)[0]
    case .comment(let comment):
      guard let reply = try await presenter(call).replies([comment], ownText: ownText).first else { throw MastodonError.notFound }
      return reply
    }
  }

  func shown(_ id: Int64, _ call: MastodonCall) async throws -> Response {
    guard let status = try await store.status(id: id, visibleTo: call.viewer) else { throw MastodonError.notFound }
    return try json(try await presenter(call).statuses([status])[0])
  }

  /// A status that may be liked, bookmarked or reposted: 评论 take none of these on 微博.
  func markable(_ call: MastodonCall) async throws -> StatusRecord {
    switch try await find(try call.id(), call) {
    case .status(let status): return status
    case .comment: throw MastodonError.invalid("评论不能点赞、收藏或转发")
    }
  }

  // MARK: Posting

  func create(_ call: MastodonCall) async throws -> Response {
    let me = try call.me()
    let key = call.headers[.init("Idempotency-Key")!].map { "\(me):\($0)" }
    if let key, let earlier = idempotency.earlier(key, now: call.now), let found = try? await find(earlier, call) {
      return try json(try await entity(found, call, ownText: true))
    }
    var text = CustomEmoji.weiboText((call.params.all("status").last ?? "").replacingOccurrences(of: "\r\n", with: "\n"))
    // 微博 has no content warning: one given is kept as the first line, in 【】, so nothing the author wrote is lost.
    if let spoiler = call.params["spoiler_text"]?.trimmingCharacters(in: .whitespacesAndNewlines), !spoiler.isEmpty {
      text = "【\(spoiler)】\n" + text
    }
    let mediaIDs = call.params.all("media_ids[]") + call.params.all("media_ids")
    guard mediaIDs.count <= Limits.pictures else { throw MastodonError.invalid("at most \(Limits.pictures) pictures") }
    let attached = mediaIDs.isEmpty ? [] : try await pictures.attach(mediaIDs, by: me)
    if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      guard !attached.isEmpty else { throw MastodonError.invalid("Text can't be blank") }
      text = "分享图片"  // 微博's words for a status of pictures alone
    }
    guard TextLength.fits(text) else {
      throw MastodonError.invalid("Text is too long (at most \(Limits.characters) characters, two Latin letters counting as one)")
    }
    let visibility = call.params["visibility"] ?? "public"
    guard ["public", "unlisted", "private", "direct"].contains(visibility) else {
      throw MastodonError.invalid("visibility must be public, unlisted, private or direct")
    }
    let posted: Found
    if let reply = try call.id("in_reply_to_id") {
      guard attached.isEmpty else { throw MastodonError.invalid("评论不能带图片") }
      posted = .comment(try await comment(text, replyingTo: reply, call))
    } else {
      // 微博 has public and 仅自己可见: anything narrower than public is the author's alone, never wider than asked.
      let record = StatusRecord(
        id: deps.ids.next(at: call.now), userID: me, text: text, appID: call.caller?.app?.id ?? 0, createdAt: call.now,
        pictures: attached, visible: visibility == "public" ? 0 : 1)
      let mentions = try await store.mentionedIDs(in: text).filter { $0 != me }
      try await store.insertStatus(record, mentions: mentions, topics: RichText(text).topics, comments: [])
      posted = .status(record)
    }
    if let key {
      switch posted {
      case .status(let record): idempotency.remember(key, id: record.id, now: call.now)
      case .comment(let record): idempotency.remember(key, id: record.id, now: call.now)
      }
    }
    return try json(try await entity(posted, call, ownText: true))
  }

  /// A reply: a 评论 on the status replied to, or on the status of the 评论 replied to (answering it).
  func comment(_ text: String, replyingTo id: Int64, _ call: MastodonCall) async throws -> CommentRecord {
    let me = try call.me()
    let (statusID, answers): (Int64, Int64?) = switch try await find(id, call) {
    case .status(let status): (status.id, nil)
    case .comment(let comment): (comment.statusID, comment.id)
    }
    let record = CommentRecord(
      id: deps.ids.next(at: call.now), statusID: statusID, userID: me, text: text, appID: call.caller?.app?.id ?? 0,
      createdAt: call.now, replyCommentID: answers)
    try await store.insertComments([record], mentions: try await store.mentionedIDs(in: text).filter { $0 != me })
    return record
  }

  func delete(_ call: MastodonCall) async throws -> Response {
    let me = try call.me()
    let found = try await find(try call.id(), call)
    let shown = try await entity(found, call, ownText: true)
    switch found {
    case .status(let status):
      guard status.userID == me else { throw MastodonError(.forbidden, "This action is not allowed") }
      _ = try await store.deleteStatus(id: status.id)
    case .comment(let comment):
      // Its author, or the author of the status it is on, as on 微博.
      if comment.userID != me {
        guard try await store.status(id: comment.statusID, visibleTo: me)?.userID == me else {
          throw MastodonError(.forbidden, "This action is not allowed")
        }
      }
      _ = try await store.deleteComment(id: comment.id)
    }
    return try json(shown)
  }

  /// A reblog is a 转发 without words; reblogging a 转发 reposts its original, as 微博 keeps one original per chain.
  func reblog(_ call: MastodonCall) async throws -> Response {
    let me = try call.me()
    let target = try await markable(call)
    guard target.visible == 0 else { throw MastodonError.notFound }
    let record = StatusRecord(
      id: deps.ids.next(at: call.now), userID: me, text: StatusPosting.plainRepostText, appID: call.caller?.app?.id ?? 0,
      createdAt: call.now, retweetedID: target.retweetedID ?? target.id, parentID: target.id)
    try await store.insertStatus(record, mentions: [], topics: [], comments: [])
    return try json(try await presenter(call).statuses([record])[0])
  }

  /// Removes the caller's wordless 转发 of the status (the newest, if several); answers the status.
  func unreblog(_ call: MastodonCall) async throws -> Response {
    let me = try call.me()
    let target = try await markable(call)
    let original = target.retweetedID ?? target.id
    var page = Page(count: 100)
    // Reposts of a status, newest first: the caller's own is among the newest nearly always.
    for _ in 0..<10 {
      let found = try await store.statuses(in: .reposts(of: original), feature: .all, page: page, seenBy: me).items
      if let own = found.first(where: { $0.userID == me && $0.text == StatusPosting.plainRepostText }) {
        _ = try await store.deleteStatus(id: own.id)
        break
      }
      guard found.count == page.count, let last = found.last else { break }
      page = Page(maxID: last.id - 1, count: 100)
    }
    return try await shown(original, call)
  }

  // MARK: Context

  /// A status's 评论 are its descendants, oldest first; a 评论's ancestors are its status and the 评论 it answers,
  /// its descendants the 评论 that answer it.
  func context(_ call: MastodonCall) async throws -> Response {
    let found = try await find(try call.id(), call)
    let presenter = presenter(call)
    switch found {
    case .status(let status):
      let comments = try await store.commentItems(in: .onStatus(status.id), page: Page(count: Self.contextLimit), seenBy: call.viewer)
      return try json(StatusContext(ancestors: [], descendants: try await presenter.replies(comments.reversed(), page: comments)))
    case .comment(let comment):
      var chain: [CommentRecord] = []
      var next = comment.replyCommentID
      while let id = next, chain.count < 20, let parent = try await store.comment(id: id, visibleTo: call.viewer) {
        chain.insert(parent, at: 0)
        next = parent.replyCommentID
      }
      var ancestors: [Status] = []
      if let status = try await store.status(id: comment.statusID, visibleTo: call.viewer) {
        ancestors = try await presenter.statuses([status])
      }
      ancestors += try await presenter.replies(chain)
      let siblings = try await store.comments(
        in: .onStatus(comment.statusID), page: Page(count: Self.contextLimit), seenBy: call.viewer)
      let answers = siblings.items.filter { $0.replyCommentID == comment.id }.reversed()
      return try json(StatusContext(ancestors: ancestors, descendants: try await presenter.replies(Array(answers), page: siblings.items)))
    }
  }

  /// The newest 评论 a context shows.
  static let contextLimit = 200
}

/// `Idempotency-Key`s of the last hour, per person, in this process: a client retrying a post gets the status it
/// already made rather than a second one.
final class IdempotencyKeys: Sendable {
  private let keys = Mutex<[String: (id: Int64, at: Date)]>([:])
  static let lifetime: TimeInterval = 3600

  func earlier(_ key: String, now: Date) -> Int64? {
    keys.withLock { keys in keys[key].flatMap { now.timeIntervalSince($0.at) < Self.lifetime ? $0.id : nil } }
  }

  func remember(_ key: String, id: Int64, now: Date) {
    keys.withLock { keys in
      if keys.count > 50_000 { keys = keys.filter { now.timeIntervalSince($0.value.at) < Self.lifetime } }
      keys[key] = (id, now)
    }
  }
}
