import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import Synchronization
import SparrowCore
import SparrowPlatform
import SparrowStore
import WeiboStore

/// Mastodon's streaming API: `/api/v1/streaming` over WebSocket (streams named in the URL's `stream=` or
/// subscribed to with `{"type":"subscribe","stream":…}`), and the same streams as server-sent events at
/// `/api/v1/streaming/user`, `…/public`, `…/public/local`, `…/hashtag?tag=`.
///
/// A stream follows the store's `StatusEvents` (every post and delete, from either API and any instance sharing the
/// database). Whether a new status belongs to a stream, and may be seen by the listener, is the store's own feed
/// read for that one id (`home`, `everyone`, `topic`), so the privacy rules of the timelines are the streams' too.
/// A delete is told only for statuses this connection was sent. The `user` and `user:notification` streams also
/// carry the person's new notifications, read (as `/api/v1/notifications` reads them) after each status event and
/// every `tick`, so a 赞 or a follow arrives within seconds.
struct MastodonStreams: Sendable {
  let endpoints: MastodonEndpoints

  /// A stream a connection listens to.
  struct Subscription: Hashable, Sendable {
    enum Kind: String, Sendable {
      case user, userNotification = "user:notification", `public`, publicMedia = "public:media", hashtag
    }
    let kind: Kind
    let tag: String?

    /// From Mastodon's stream names; local streams are the same here (every account is local), remote ones never
    /// carry anything and are refused.
    init?(stream: String, tag: String?) {
      switch stream {
      case "user": (kind, self.tag) = (.user, nil)
      case "user:notification": (kind, self.tag) = (.userNotification, nil)
      case "public", "public:local": (kind, self.tag) = (.public, nil)
      case "public:media", "public:local:media": (kind, self.tag) = (.publicMedia, nil)
      case "hashtag", "hashtag:local":
        guard let tag = tag?.trimmingCharacters(in: CharacterSet(charactersIn: "# ")), !tag.isEmpty else { return nil }
        (kind, self.tag) = (.hashtag, tag)
      default: return nil
      }
    }

    /// The `stream` of the messages it sends, as Mastodon names them.
    var names: [String] { tag.map { [kind.rawValue, $0] } ?? [kind.rawValue] }

    /// Whether it carries the person's notifications.
    var notifies: Bool { kind == .user || kind == .userNotification }

    /// The feed whose new statuses it carries; nil for notifications alone.
    func feed(for viewer: Int64) -> (StatusFeed, StatusFeature)? {
      switch kind {
      case .userNotification: nil
      case .user: (.home(viewer), .all)
      case .public: (.everyone, .all)
      case .publicMedia: (.everyone, .picture)
      case .hashtag: (.topic(tag ?? ""), .all)
      }
    }
  }

  /// One event for one subscription: Mastodon's `event` and its `payload` (a status's JSON, or an id).
  struct Message: Sendable {
    let subscription: Subscription
    let event: String
    let payload: String
  }

  /// What `event` means for a listener `viewer` with `subscriptions`; `sent` are the statuses already sent.
  func messages(for event: StatusEvents.Event, viewer: Int64, subscriptions: Set<Subscription>, sent: inout RecentIDs)
    async throws -> [Message]
  {
    switch event {
    case .removed(let id):
      guard sent.contains(id) else { return [] }
      return subscriptions.map { Message(subscription: $0, event: "delete", payload: String(id)) }
    case .posted(let posted):
      // Someone else's private status is nobody's here: skip the reads.
      guard posted.isPublic || posted.author == viewer else { return [] }
      var payload: String?
      var messages: [Message] = []
      for subscription in subscriptions {
        guard let (feed, feature) = subscription.feed(for: viewer) else { continue }
        let (page, rows) = try await endpoints.store.statuses(
          in: feed, feature: feature, page: Page(sinceID: posted.id - 1, maxID: posted.id, count: 1), viewer: viewer)
        guard let record = page.items.first, record.id == posted.id else { continue }
        if payload == nil {
          let presenter = MastodonPresenter(
            store: endpoints.store, baseURL: endpoints.baseURL, viewer: viewer, templates: endpoints.templates)
          let status = try await presenter.statuses([record], rows: rows)[0]
          payload = String(decoding: status.json.bytes, as: UTF8.self)
        }
        messages.append(Message(subscription: subscription, event: "update", payload: payload!))
      }
      if !messages.isEmpty { sent.insert(posted.id) }
      return messages
    }
  }

  /// The person's notifications newer than `last` for the subscriptions that carry them, oldest first; `last`
  /// moves to the newest read.
  func notificationMessages(viewer: Int64, subscriptions: Set<Subscription>, after last: inout Int64) async throws
    -> [Message]
  {
    let targets = subscriptions.filter(\.notifies)
    guard !targets.isEmpty else { return [] }
    let (read, notifications) = try await endpoints.notifications(
      for: viewer, types: Set(MastodonEndpoints.notificationTypes), window: Page(sinceID: last, count: 40), pick: { $0 })
    guard let newest = read.first?.id else { return [] }
    last = max(last, newest)
    let payloads = try notifications.reversed().map { String(decoding: try JSONWriter().encode($0), as: UTF8.self) }
    return targets.flatMap { target in payloads.map { Message(subscription: target, event: "notification", payload: $0) } }
  }

  /// What a connection reacts to: the store's events, and a tick every `tick` (notifications that are no status
  /// event, and a heartbeat).
  enum Item: Sendable {
    case event(StatusEvents.Event)
    case tick
  }

  static let tick: Duration = .seconds(10)

  /// The store's events and the ticks, merged into one stream; `stop` ends it.
  func items() -> (items: AsyncStream<Item>, stop: @Sendable () -> Void) {
    let (items, feed) = AsyncStream<Item>.makeStream(bufferingPolicy: .bufferingNewest(256))
    let (events, cancel) = endpoints.store.statusEvents.listen()
    let forwarding = Task {
      for await event in events { feed.yield(.event(event)) }
      feed.finish()
    }
    let ticking = Task {
      while !Task.isCancelled {
        try? await Task.sleep(for: Self.tick)
        feed.yield(.tick)
      }
    }
    return (items, {
      cancel()
      forwarding.cancel()
      ticking.cancel()
      feed.finish()
    })
  }

  /// The messages an item makes for a connection: statuses for its streams, then (after a post or a tick) new
  /// notifications. A read that fails (a busy or restarting database) is logged and skipped rather than ending the
  /// stream: the client keeps its connection, and notifications not read are read on the next tick.
  func messages(for item: Item, viewer: Int64, subscriptions: Set<Subscription>, sent: inout RecentIDs,
                notifiedUpTo: inout Int64) async -> [Message]
  {
    var messages: [Message] = []
    if case .event(let event) = item {
      do {
        messages += try await self.messages(for: event, viewer: viewer, subscriptions: subscriptions, sent: &sent)
      } catch {
        Self.logger.warning("streaming: a status event was not read", metadata: ["viewer": "\(viewer)", "error": "\(error)"])
      }
      guard case .posted = event else { return messages }
    }
    do {
      messages += try await notificationMessages(viewer: viewer, subscriptions: subscriptions, after: &notifiedUpTo)
    } catch {
      Self.logger.warning("streaming: notifications were not read", metadata: ["viewer": "\(viewer)", "error": "\(error)"])
    }
    return messages
  }

  static let logger = Logger(label: "sparrow.mastodon.streaming")

  /// The caller of a streaming request: the token from `Authorization: Bearer`, `access_token=` or (as browsers
  /// send it) `Sec-WebSocket-Protocol`, granted reading statuses; nil for none of that.
  func caller(headers: HTTPFields, query: Params) async -> Caller? {
    let token = Authenticator.token(query, headers) ?? headers[.secWebSocketProtocol]?.trimmingCharacters(in: .whitespaces)
    guard let token, let caller = try? await Authenticator(store: endpoints.store).caller(token: token, now: endpoints.deps.now()),
      caller.userID != 0, endpoints.scopes.allows(caller, .readStatuses)
    else { return nil }
    return caller
  }

  // MARK: WebSocket

  func upgrade(_ request: HTTPRequest) async -> WebSocketUpgrade? {
    guard let target = request.path, let url = URLComponents(string: target),
      url.path == "/api/v1/streaming" || url.path == "/api/v1/streaming/"
    else { return nil }
    var query = Params()
    try? query.merge(formEncoded: url.percentEncodedQuery ?? "")
    // Refused upgrades go on as HTTP, where the route answers 401 in Mastodon's words.
    guard let caller = await caller(headers: request.headerFields, query: query) else { return .dontUpgrade }
    var initial = Set<Subscription>()
    if let stream = query["stream"], let subscription = Subscription(stream: stream, tag: query["tag"]) {
      initial.insert(subscription)
    }
    var headers = HTTPFields()
    if let proto = request.headerFields[.secWebSocketProtocol] { headers[.secWebSocketProtocol] = proto }
    let (streams, subscribed) = (self, initial)
    return .upgrade(headers) { inbound, outbound, _ in
      try await streams.serve(viewer: caller.userID, initial: subscribed, inbound: inbound, outbound: outbound)
    }
  }

  private struct Command: Decodable {
    let type: String
    let stream: String
    let tag: String?
  }

  private struct Envelope: Encodable {
    let stream: [String]
    let event: String
    let payload: String
  }

  private struct Refusal: Encodable {
    let error: String
    let status: Int
  }

  /// A connection's subscriptions, which its commands change while its events are sent.
  final class Subscriptions: Sendable {
    private let current: Mutex<Set<Subscription>>
    init(_ initial: Set<Subscription>) { current = Mutex(initial) }
    var now: Set<Subscription> { current.withLock { $0 } }
    func change(_ body: (inout Set<Subscription>) -> Void) { current.withLock { body(&$0) } }
  }

  /// A connection: the store's events are sent on from a task of their own while the client's commands are read.
  func serve(viewer: Int64, initial: Set<Subscription>, inbound: WebSocketInboundStream,
             outbound: WebSocketOutboundWriter) async throws
  {
    let subscriptions = Subscriptions(initial)
    let (items, stop) = items()
    defer { stop() }
    let streams = self
    let sending = Task {
      var sent = RecentIDs()
      var notifiedUpTo = IDGenerator.floor(at: streams.endpoints.deps.now())
      for await item in items {
        let current = subscriptions.now
        guard !current.isEmpty else { continue }
        let messages = await streams.messages(
          for: item, viewer: viewer, subscriptions: current, sent: &sent, notifiedUpTo: &notifiedUpTo)
        for message in messages {
          let envelope = Envelope(stream: message.subscription.names, event: message.event, payload: message.payload)
          try await outbound.write(.text(String(decoding: try JSONWriter().encode(envelope), as: UTF8.self)))
        }
      }
    }
    defer { sending.cancel() }
    for try await message in inbound.messages(maxSize: 1 << 14) {
      guard case .text(let text) = message, let command = try? JSONDecoder().decode(Command.self, from: Data(text.utf8)) else {
        continue
      }
      guard let subscription = Subscription(stream: command.stream, tag: command.tag) else {
        let refusal = Refusal(error: "Unknown stream type", status: 400)
        try await outbound.write(.text(String(decoding: try JSONWriter().encode(refusal), as: UTF8.self)))
        continue
      }
      subscriptions.change { current in
        if command.type == "unsubscribe" { current.remove(subscription) } else if command.type == "subscribe" {
          current.insert(subscription)
        }
      }
    }
  }

  // MARK: Server-sent events

  func register(_ table: inout MastodonTable) {
    table.add(.get, path: "v1/streaming/health", auth: .optionalToken, counted: false) { _ in
      Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: "OK")))
    }
    // Reached only when the upgrade was refused or not asked for: the token decides 401 first.
    table.add(.get, path: "v1/streaming", scope: .readStatuses) { _ in
      throw MastodonError(.badRequest, "Connect with WebSocket, or to /api/v1/streaming/<stream> for server-sent events")
    }
    let streams = self
    for (path, stream) in [("user", "user"), ("user/notification", "user:notification"), ("public", "public"), ("public/local", "public:local"),
                           ("public/media", "public:media"), ("public/local/media", "public:local:media"),
                           ("hashtag", "hashtag"), ("hashtag/local", "hashtag:local")] {
      table.add(.get, path: "v1/streaming/\(path)", scope: .readStatuses) { call in try streams.eventStream(call, stream: stream) }
    }
  }

  /// `/api/v1/streaming/<stream>` as server-sent events: `event: update` / `data: <json>` per message, and a
  /// comment every 30 seconds so that proxies keep the connection.
  func eventStream(_ call: MastodonCall, stream: String) throws -> Response {
    let viewer = try call.me()
    guard let subscription = Subscription(stream: stream, tag: call.params["tag"]) else {
      throw MastodonError(.badRequest, "Unknown stream type")
    }
    let streams = self
    let body = ResponseBody { writer in
      let (items, stop) = streams.items()
      defer { stop() }
      try await writer.write(ByteBuffer(string: ":)\n\n"))
      var sent = RecentIDs()
      var notifiedUpTo = IDGenerator.floor(at: streams.endpoints.deps.now())
      for await item in items {
        // A comment on each tick keeps proxies from closing a quiet stream.
        if case .tick = item { try await writer.write(ByteBuffer(string: ":thump\n\n")) }
        let messages = await streams.messages(
          for: item, viewer: viewer, subscriptions: [subscription], sent: &sent, notifiedUpTo: &notifiedUpTo)
        for message in messages {
          try await writer.write(ByteBuffer(string: "event: \(message.event)\ndata: \(message.payload)\n\n"))
        }
      }
      try await writer.finish(nil)
    }
    var response = Response(status: .ok, body: body)
    response.headers[.contentType] = "text/event-stream; charset=utf-8"
    response.headers[.cacheControl] = "no-store"
    return response
  }
}
