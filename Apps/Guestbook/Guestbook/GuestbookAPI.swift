import Foundation
import Hummingbird
import SparrowCore
import SparrowPlatform
import SparrowStore

extension Scope {
  package static let guestbook = Scope(name: "guestbook", consent: ["以你的名义在留言板留言"])
}

/// The guestbook's API on the platform's dispatcher: `GET /guestbook/api/entries` (`count` ≤ 50, newest first,
/// anyone) and `POST /guestbook/api/entries` (`text`, with a token), in the platform's envelope.
package struct GuestbookAPI: SparrowApp {
  let dispatcher: APIDispatcher<EnvelopeError, APIRequest>

  package init(store: any GuestbookStore, ids: IDGenerator, platform: Platform, now: @escaping @Sendable () -> Date) {
    var routes = APIRoutes<EnvelopeError, APIRequest>(
      prefix: "/guestbook/api/", bodyLimit: 4 << 10, auth: .token, scope: .guestbook, makeCall: { $0 },
      translate: { error in error as? StoreError == .conflict ? .paramError : nil })
    routes.add(.get, path: "entries", auth: .optionalToken) { call in
      let count = try call.params.int("count", default: 20)
      guard (1...50).contains(count) else {
        throw EnvelopeError.badParameter("count", expected: "1 to 50", got: String(count))
      }
      let page = try await store.entries(limit: count)
      return try json(Entries(entries: page.items.map(Entries.Entry.init), totalNumber: page.total))
    }
    routes.add(.post, path: "entries") { call in
      guard let caller = call.caller else { throw EnvelopeError.emptyToken }
      let text = try call.params.require("text")
      guard (1...140).contains(text.unicodeScalars.count) else { throw EnvelopeError.badParameter("text", expected: "1 to 140 characters", got: String(text.prefix(20))) }
      let entry = GuestbookEntry(id: ids.next(at: call.now), userID: caller.userID, text: text, createdAt: call.now)
      try await store.sign(entry)
      return try json(Entries.Entry(entry))
    }
    dispatcher = APIDispatcher(routes, platform: platform, now: now)
  }

  package func register(on router: Router<SparrowContext>) { dispatcher.register(on: router) }

  package func unreadable(path: String, status: HTTPResponse.Status) -> UnreadableAnswer? {
    dispatcher.unreadable(path: path, status: status)
  }

  struct Entries: Encodable, Sendable {
    struct Entry: Encodable, Sendable {
      let id: Int64
      let uid: Int64
      let text: String
      init(_ entry: GuestbookEntry) {
        id = entry.id
        uid = entry.userID
        text = entry.text
      }
    }
    let entries: [Entry]
    let totalNumber: Int
  }
}
