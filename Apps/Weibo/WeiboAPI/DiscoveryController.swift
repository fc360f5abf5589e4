import Foundation
import Synchronization
import SparrowPlatform
import Hummingbird
import SparrowCore
import SparrowStore
import WeiboStore

/// `/2/remind/*`, `/2/search/*` and `/2/trends*`.
struct DiscoveryController: Sendable {
  let deps: WeiboDependencies
  let statuses: StatusesController

  func register(_ table: inout APITable) {
    table.get("remind/unread_count") { call in
      if call.params["uid"] != nil {
        let uid = try call.params.id("uid", missing: EnvelopeError.missing("uid"))
        guard uid == call.caller.userID else { throw EnvelopeError.notCurrentUser }
      }
      let counts = try await deps.store.unreadCounts(userID: call.caller.userID)
      let body = UnreadCount(
        status: counts[.status] ?? 0, follower: counts[.follower] ?? 0, cmt: counts[.cmt] ?? 0,
        mentionStatus: counts[.mentionStatus] ?? 0, mentionCmt: counts[.mentionCmt] ?? 0,
        attitude: counts[.attitude] ?? 0)
      guard let callback = call.params["callback"] else { return try json(body) }
      guard callback.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "$" }),
        callback.count <= 64
      else { throw EnvelopeError.badParameter("callback", expected: "a JavaScript identifier", got: callback) }
      let text = "\(callback)(\(String(decoding: try JSONWriter().encode(body), as: UTF8.self)))"
      var headers = HTTPFields()
      headers[.contentType] = "application/javascript; charset=utf-8"
      return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
    table.post("remind/set_count") { call in
      let type = try call.params.require("type")
      let ignored: Set = ["dm", "group", "private_group", "notice", "invite", "badge", "photo", "msgbox"]
      if let kind = UnreadKind(rawValue: type) {
        try await deps.store.markSeen(userID: call.caller.userID, kind: kind, upTo: deps.ids.next(at: call.now))
      } else if !ignored.contains(type) {
        throw EnvelopeError.badParameter("type", expected: "follower, cmt, mention_status, mention_cmt, …", got: type)
      }
      return try json(ResultFlag(result: true))
    }
    table.get("search/suggestions/users") { call in
      let q = try SearchQuery.read(call, trimming: [])
      let count = min(max(try call.params.int("count", default: 10), 1), 50)
      let users = try await deps.store.searchUsers(q, limit: count)
      return try json(users.map { UserSuggestion(uid: $0.id, screenName: $0.screenName, followersCount: $0.followersCount) })
    }
    table.get("search/topics") { call in
      let q = try SearchQuery.read(call, trimming: CharacterSet(charactersIn: "# "))
      return try await statuses.timeline(call, feed: .topic(q), max: 50, defaultCount: 10)
    }
    // Sparrow addition: full-text status search, shaped like a timeline.
    table.get("search/statuses") { call in
      let q = try SearchQuery.read(call, trimming: .whitespaces)
      return try await statuses.timeline(call, feed: .search(q), max: 50)
    }
    table.get("trends/hourly") { try await trends($0, over: 3600) }
    table.get("trends/daily") { try await trends($0, over: 24 * 3600) }
    table.get("trends/weekly") { try await trends($0, over: 7 * 24 * 3600) }
    table.get("trends") { call in
      let count = min(max(try call.params.int("count", default: 10), 1), 50)
      let topics = try await deps.store.hotTopics(last: 24 * 3600, before: call.now, limit: count)
      return try json(topics.enumerated().map {
        HotTrend(trendID: Int64($0.offset + 1), hotword: $0.element.name, num: $0.element.count)
      })
    }
  }

  /// `{"trends":{"yyyy-MM-dd HH:mm":[{name,query,amount}]},"as_of":…}` for topics used within `window`.
  private func trends(_ call: APICall, over window: TimeInterval) async throws -> Response {
    let topics = try await deps.store.hotTopics(last: window, before: call.now, limit: 20)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = WeiboDate.zone
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: call.now)
    let key = String(format: "%04d-%02d-%02d %02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0)
    let items = topics.map { Trend(name: $0.name, query: "#\($0.name)#", amount: $0.count) }
    return try json(TrendList(trends: [key: items], asOf: Int64(call.now.timeIntervalSince1970)))
  }
}

/// `/2/emotions`.
struct EmotionsController: Sendable {
  let deps: WeiboDependencies
  /// Each pack's answer in each script, encoded once: a pack is fixed for the server's life (its URLs are under the
  /// configured public URL), and encoding the face pack's hundreds of entries was most of a call.
  private let encoded = Encoded()

  private final class Encoded: Sendable {
    let bytes = Mutex<[String: [UInt8]]>([:])
  }

  func register(_ table: inout APITable) {
    table.get("emotions") { call in
      let type = call.params["type"] ?? "face"
      let language = call.params["language"] ?? "cnname"
      guard language == "cnname" || language == "twname" else {
        throw EnvelopeError.badParameter("language", expected: "cnname or twname", got: language)
      }
      let key = "\(type) \(language)"
      if let bytes = encoded.bytes.withLock({ $0[key] }) { return jsonResponse(bytes) }
      // `ani` (magic emoticons) is a valid type with nothing in it.
      let emotions = type == "ani" ? []
        : Emoticons.emotions(type: type, traditional: language == "twname", baseURL: deps.config.publicURL)
      guard let emotions else { throw EnvelopeError.badParameter("type", expected: "face, ani, cartoon or emoji", got: type) }
      let bytes = try JSONWriter().encode(emotions)
      encoded.bytes.withLock { $0[key] = bytes }
      return jsonResponse(bytes)
    }
  }
}

/// A search's words, in the API and on the pages: at most 100 characters by the platform's rule.
package enum SearchQuery {
  package static let limit = TextLimit(100)

  /// A search's `q`, trimmed: required, not empty, within `limit`.
  static func read(_ call: APICall, trimming: CharacterSet) throws -> String {
    let q = try call.params.require("q").trimmingCharacters(in: trimming)
    guard !q.isEmpty else { throw EnvelopeError.missing("q") }
    guard limit.fits(q) else {
      throw EnvelopeError.badParameter("q", expected: "at most \(limit.visible) characters", got: "more")
    }
    return q
  }
}
