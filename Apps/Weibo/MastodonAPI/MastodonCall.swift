import Foundation
import Hummingbird
import SparrowCore
import SparrowPlatform
import SparrowStore

/// One call of the Mastodon API, parsed.
package struct MastodonCall: Sendable {
  let params: Params
  /// Nil for a signed-out read (and for an app's own token, which reads as signed out).
  let caller: Caller?
  /// The `{id}` of the route's path.
  let pathID: String?
  let path: String
  let headers: HTTPFields
  let now: Date
  let address: String?

  /// Who is reading: 0 for nobody signed in.
  var viewer: Int64 { caller?.userID ?? 0 }

  /// The signed-in person; `.token` routes always have one.
  func me() throws -> Int64 {
    guard let caller else { throw MastodonError.unauthorized }
    return caller.userID
  }

  /// The `{id}` as a number: an id that is not one names nothing.
  func id() throws -> Int64 {
    guard let text = pathID, let id = Int64(text), id > 0 else { throw MastodonError.notFound }
    return id
  }

  /// A parameter that is an id (Mastodon's are strings of digits).
  func id(_ name: String) throws -> Int64? {
    guard let text = params[name] else { return nil }
    guard let id = Int64(text), id > 0 else { throw MastodonError.invalid("\(name) is not an id") }
    return id
  }

  /// `true`/`false` as Mastodon's clients send them (`1`/`0` too).
  func flag(_ name: String) -> Bool {
    guard let value = params[name]?.lowercased() else { return false }
    return value == "true" || value == "1" || value == "on"
  }

  /// `limit` between 1 and `max` (Mastodon clamps rather than refusing).
  func limit(default value: Int = 20, max: Int = 40) -> Int {
    guard let text = params["limit"], let limit = Int(text) else { return value }
    return Swift.min(Swift.max(limit, 1), max)
  }
}

/// Mastodon's id paging: `max_id` (older than, exclusive), `since_id` (newer than, exclusive), `min_id` (the page
/// just newer than, exclusive), `limit`; the answer says where the next and previous pages are in a `Link` header.
struct IDPage: Sendable {
  let maxID: Int64?
  let sinceID: Int64?
  let minID: Int64?
  let limit: Int

  init(_ call: MastodonCall, limit defaultLimit: Int = 20, max: Int = 40) throws {
    maxID = try call.id("max_id")
    sinceID = try call.id("since_id")
    minID = try call.id("min_id")
    limit = call.limit(default: defaultLimit, max: max)
  }

  /// The store's page: ids are inclusive there at the top. `min_id` reads further (up to `minIDReach` rows) and keeps
  /// the oldest `limit` of them: the store lists newest first.
  var store: Page {
    let top = maxID.map { $0 - 1 } ?? 0
    let bottom = Swift.max(sinceID ?? 0, minID ?? 0)
    return Page(sinceID: bottom, maxID: top, count: minID == nil ? limit : Self.minIDReach)
  }

  /// How far back a `min_id` page looks: a gap larger than this is filled from its newer end, a page at a time.
  static let minIDReach = 200

  /// The rows to show of those read for `store` (newest first).
  func shown<T>(_ rows: [T]) -> [T] {
    minID == nil ? Array(rows.prefix(limit)) : Array(rows.suffix(limit))
  }

  /// `Link: <…?max_id=oldest>; rel="next", <…?min_id=newest>; rel="prev"`, keeping the call's other parameters.
  static func link(_ call: MastodonCall, baseURL: String, newest: String?, oldest: String?, hasOlder: Bool = true)
    -> String?
  {
    guard let newest, let oldest else { return nil }
    // A token given in the query is not repeated into links, which proxies and logs may keep.
    let kept = call.params.values.filter { !["max_id", "since_id", "min_id", "access_token"].contains($0.key) }
      .sorted { $0.key < $1.key }.flatMap { key, values in values.map { (key, $0) } }
    func url(_ pair: (String, String)) -> String {
      "\(baseURL)\(call.path)?" + FormEncoding.encode(pairs: kept + [pair])
    }
    var links: [String] = []
    if hasOlder { links.append("<\(url(("max_id", oldest)))>; rel=\"next\"") }
    links.append("<\(url(("min_id", newest)))>; rel=\"prev\"")
    return links.joined(separator: ", ")
  }
}

extension Response {
  /// This response with a `Link` header, when there is one.
  func linking(_ link: String?) -> Response {
    var response = self
    if let link { response.headers[.init("Link")!] = link }
    return response
  }
}
