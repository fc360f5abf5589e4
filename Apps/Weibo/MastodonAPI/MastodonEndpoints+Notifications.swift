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

  /// The store's kinds of event (`NotificationEvent.Kind`) behind each of Mastodon's types.
  static let notificationKinds = Dictionary(grouping: NotificationEvent.Kind.allCases, by: notificationType)

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
  /// (dismissed ones too, for paging) and the notifications written. What the person cleared is below the window.
  func notifications(
    for me: Int64, types: Set<String>, window: Page, pick: ([NotificationEvent]) -> [NotificationEvent]
  ) async throws -> (read: [NotificationEvent], notifications: [Notification]) {
    let kinds = Set(types.flatMap { Self.notificationKinds[$0] ?? [] })
    let read = kinds.isEmpty ? [] : pick(try await store.notifications(userID: me, kinds: kinds, window: window))
    let shown = read.filter { !$0.dismissed }

    // What they are about, in batches: statuses (with their context), 评论 (as replies), and the people.
    let presenter = MastodonPresenter(store: store, baseURL: baseURL, viewer: me, templates: templates)
    let statusIDs = Set(shown.filter { $0.kind != .comment && $0.kind != .follow }.map(\.subject))
    let records = Array(try await store.statuses(ids: Array(statusIDs), visibleTo: me).values)
    let byID = Dictionary(zip(records.map(\.id), try await presenter.statuses(records)), uniquingKeysWith: { first, _ in first })
    // The comments with those they answer, in one read: the replies' parents are then found among them.
    let commentIDs = Set(shown.filter { $0.kind == .comment }.map(\.subject))
    let withParents = try await store.comments(ids: Array(commentIDs), parents: true, visibleTo: me)
    let comments = withParents.values.filter { commentIDs.contains($0.id) }
    let replies = Dictionary(try await presenter.keyedReplies(comments, page: Array(withParents.values)),
                             uniquingKeysWith: { first, _ in first })
    let users = try await store.users(ids: Array(Set(shown.map(\.actor))))
    let notifications = shown.compactMap { event -> Notification? in
      let status: Status?
      switch event.kind {
      case .follow:
        status = nil
      case .comment:
        guard let found = replies[event.subject] else { return nil }  // gone, or not to be seen: no notification
        status = found
      case .mention, .quote, .like, .repost:
        guard let found = byID[event.subject] else { return nil }
        status = found
      }
      guard users[event.actor] != nil else { return nil }
      return Notification(
        id: String(event.id), type: Self.notificationType(event.kind), createdAt: MastodonPresenter.timestamp(event.createdAt),
        groupKey: "ungrouped-\(event.id)", account: JSONFragment(presenter.accountJSON(event.actor, users)),
        status: Nullable(status))
    }
    return (read, notifications)
  }

  /// Mastodon's type of a notification of `kind`.
  static func notificationType(_ kind: NotificationEvent.Kind) -> String {
    switch kind {
    case .mention, .quote, .comment: "mention"
    case .repost: "reblog"
    case .like: "favourite"
    case .follow: "follow"
    }
  }
}
