import Foundation
import Hummingbird
import SparrowCore
import SparrowPlatform
import SparrowStore
import WeiboStore

/// `/api/v1/notifications` and `/api/v1/favourites`: what others did to the caller, from 微博's own rows.
///
/// A notification is the row behind it, under that row's id (ids come from one generator, so they order across
/// kinds): `mention` for a status or 评论 naming the caller, a 评论 on their status or answering their 评论, or a
/// 转发 with words of their status (a quote); `favourite` for a 赞; `reblog` for a 转发 without words; `follow`.
extension MastodonEndpoints {
  static let notificationTypes = ["mention", "favourite", "reblog", "follow"]

  func registerNotifications(_ table: inout MastodonTable) {
    table.add(.get, path: "v1/notifications", scope: .readNotifications) { call in try await notifications(call) }
    table.add(.post, path: "v1/notifications/clear", scope: .writeNotifications) { call in
      // Everything there is now: a fresh id is above every notification's.
      try await store.clearNotifications(userID: try call.me(), upTo: deps.ids.next(at: call.now), at: call.now)
      return jsonResponse(Array("{}".utf8))
    }
    table.add(.post, path: "v1/notifications/{id}/dismiss", scope: .writeNotifications) { call in
      try await store.dismissNotification(userID: try call.me(), id: try call.id())
      return jsonResponse(Array("{}".utf8))
    }
    table.add(.get, path: "v1/markers", scope: .readStatuses) { call in
      let names = (call.params.all("timeline[]") + call.params.all("timeline")).filter(Self.markerNames.contains)
      let markers = try await store.markers(userID: try call.me(), names: names)
      return try json(Dictionary(markers.map { ($0.name, Self.marker($0)) }, uniquingKeysWith: { first, _ in first }))
    }
    table.add(.post, path: "v1/markers", scope: .writeStatuses) { call in
      var markers: [String: Marker] = [:]
      for name in Self.markerNames {
        guard let text = call.params["\(name)[last_read_id]"] else { continue }
        guard let id = Int64(text), id > 0 else { throw MastodonError.invalid("\(name)[last_read_id] is not an id") }
        let stored = try await store.setMarker(userID: try call.me(), name: name, lastReadID: id, at: call.now)
        markers[name] = Self.marker(stored)
      }
      return try json(markers)
    }
    table.add(.get, path: "v1/favourites", scope: .readFavourites) { call in
      let page = try IDPage(call)
      let marks = page.shown(try await store.likesGiven(userID: try call.me(), page: page.store))
      let records = try await store.statuses(ids: marks.map(\.statusID), visibleTo: call.viewer)
      let statuses = try await presenter(call).statuses(marks.compactMap { records[$0.statusID] })
      return try json(statuses).linking(IDPage.link(
        call, baseURL: baseURL, newest: marks.first.map { String($0.id) }, oldest: marks.last.map { String($0.id) },
        hasOlder: marks.count == page.limit))
    }
  }

  /// The timelines apps keep a marker of.
  static let markerNames = ["home", "notifications"]

  static func marker(_ stored: ClientMarker) -> Marker {
    Marker(lastReadId: String(stored.lastReadID), version: stored.version,
           updatedAt: MastodonPresenter.timestamp(stored.updatedAt))
  }

  struct Notification: Encodable, Sendable, JSONFieldWriting {
    let id: String
    let type: String
    let createdAt: String
    let groupKey: String
    let account: JSONFragment
    let status: Nullable<Status>

    /// What the `Encodable` conformance writes, by hand: a page is forty of these around their accounts' and
    /// statuses' JSON, and the encoder's way was a tenth of the page.
    func writeJSON(_ out: inout JSONOutput) {
      out.object { o in
        o.field("id", id)
        o.field("type", type)
        o.field("created_at", createdAt)
        o.field("group_key", groupKey)
        o.field("account", account)
        o.raw("status") { out in
          if let status = status.value { status.json.writeJSON(&out) } else { out.null() }
        }
      }
    }

    /// `notifications` as a JSON array.
    static func json(_ notifications: [Notification]) -> [UInt8] {
      var out = JSONOutput(capacity: notifications.reduce(2) { $0 + $1.account.bytes.count + ($1.status.value?.json.bytes.count ?? 4) + 160 })
      out.array(notifications) { $1.writeJSON(&$0) }
      return out.bytes
    }
  }

  /// One notification before it is written: its id, kind, who, and the status or 评论 it is about.
  struct Event: Sendable {
    enum Subject: Sendable {
      case status(Int64)
      case comment(CommentRecord)
      case none
    }
    let id: Int64
    let type: String
    let at: Date
    let actor: Int64
    let subject: Subject
  }

  func notifications(_ call: MastodonCall) async throws -> Response {
    let me = try call.me()
    let asked = call.params.all("types[]") + call.params.all("types")
    let excluded = Set(call.params.all("exclude_types[]") + call.params.all("exclude_types"))
    let types = Set(asked.isEmpty ? Self.notificationTypes : asked).subtracting(excluded)
    let page = try IDPage(call, limit: 40, max: 80)
    let (read, notifications) = try await notifications(
      for: me, types: types, window: page.store,
      pick: { page.shown(Array($0.prefix(page.minID == nil ? page.limit : IDPage.minIDReach))) })
    return jsonResponse(Notification.json(notifications)).linking(IDPage.link(
      call, baseURL: baseURL, newest: notifications.first?.id, oldest: notifications.last?.id,
      hasOlder: read.count == page.limit))
  }

  /// A person's notifications of `types` within `window` (newest first), of which `pick` keeps a page: the events read
  /// (before those dismissed are left out) and the notifications written. What the person cleared is below the window.
  func notifications(for me: Int64, types: Set<String>, window asked: Page, pick: ([Event]) -> [Event])
    async throws -> (read: [Event], notifications: [Notification])
  {
    var window = asked
    let cleared = try await store.removedNotifications(userID: me, among: []).clearedUpTo
    window.sinceID = max(window.sinceID, cleared)
    var events: [Event] = []
    // Reposts of my statuses: quotes are mentions, plain reposts reblogs; one read for both.
    let reposts = types.contains("mention") || types.contains("reblog")
      ? try await store.statusItems(in: .repostsOfAuthor(me), feature: .all, page: window, seenBy: me) : []
    if types.contains("mention") {
      let mentioned = try await store.statusItems(in: .mentions(me), feature: .all, page: window, seenBy: me)
      events += mentioned.map { Event(id: $0.id, type: "mention", at: $0.createdAt, actor: $0.userID, subject: .status($0.id)) }
      let quotes = reposts.filter { $0.text != MastodonPresenter.plainRepost }
      events += quotes.map { Event(id: $0.id, type: "mention", at: $0.createdAt, actor: $0.userID, subject: .status($0.id)) }
      for feed in [CommentFeed.toUser(me), .mentions(me)] {
        let comments = try await store.commentItems(in: feed, page: window, seenBy: me).filter { $0.userID != me }
        events += comments.map { Event(id: $0.id, type: "mention", at: $0.createdAt, actor: $0.userID, subject: .comment($0)) }
      }
    }
    if types.contains("reblog") {
      events += reposts.filter { $0.text == MastodonPresenter.plainRepost }.map {
        Event(id: $0.id, type: "reblog", at: $0.createdAt, actor: $0.userID, subject: .status($0.parentID ?? $0.id))
      }
    }
    if types.contains("favourite") {
      let likes = try await store.likesReceived(userID: me, page: window)
      events += likes.map { Event(id: $0.id, type: "favourite", at: $0.createdAt, actor: $0.userID, subject: .status($0.statusID)) }
    }
    if types.contains("follow") {
      let follows = try await store.followsReceived(userID: me, page: window)
      events += follows.map { Event(id: $0.id, type: "follow", at: $0.createdAt, actor: $0.userID, subject: .none) }
    }
    var seen = Set<Int64>()
    let read = pick(events.sorted { $0.id > $1.id }.filter { seen.insert($0.id).inserted })
    let dismissed = try await store.removedNotifications(userID: me, among: read.map(\.id)).dismissed
    let shown = read.filter { !dismissed.contains($0.id) }

    // What they are about, in batches: statuses (with their context), 评论 (as replies), and the people.
    let presenter = MastodonPresenter(store: store, baseURL: baseURL, viewer: me, templates: templates)
    let statusIDs = shown.compactMap { event -> Int64? in if case .status(let id) = event.subject { id } else { nil } }
    let records = Array(try await store.statuses(ids: Array(Set(statusIDs)), visibleTo: me).values)
    let byID = Dictionary(zip(records.map(\.id), try await presenter.statuses(records)), uniquingKeysWith: { first, _ in first })
    let comments = shown.compactMap { event -> CommentRecord? in if case .comment(let c) = event.subject { c } else { nil } }
    let replies = Dictionary(zip(comments.map(\.id), try await presenter.replies(comments)), uniquingKeysWith: { first, _ in first })
    let users = try await store.users(ids: Array(Set(shown.map(\.actor))))
    let notifications = shown.compactMap { event -> Notification? in
      let status: Status?
      switch event.subject {
      case .status(let id):
        guard let found = byID[id] else { return nil }  // gone, or not to be seen: no notification about it
        status = found
      case .comment(let comment):
        guard let found = replies[comment.id] else { return nil }
        status = found
      case .none:
        status = nil
      }
      guard users[event.actor] != nil else { return nil }
      return Notification(
        id: String(event.id), type: event.type, createdAt: MastodonPresenter.timestamp(event.at),
        groupKey: "ungrouped-\(event.id)", account: JSONFragment(presenter.accountJSON(event.actor, users)),
        status: Nullable(status))
    }
    return (read, notifications)
  }
}
