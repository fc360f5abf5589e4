import Hummingbird
import SparrowPlatform

/// The guestbook's one route: `GET /guestbook/api/entries` (`count` ≤ 50), newest first, in JSON.
package struct GuestbookAPI: SparrowApp {
  let store: any GuestbookStore

  package func register(on router: Router<SparrowContext>) {
    let store = self.store
    router.get("/guestbook/api/entries") { request, _ in
      let count = request.uri.queryParameters.get("count", as: Int.self) ?? 20
      guard (1...50).contains(count) else {
        throw EnvelopeError.badParameter("count", expected: "1 to 50", got: String(count))
      }
      let page = try await store.entries(limit: count)
      return try json(Entries(entries: page.items.map(Entries.Entry.init), totalNumber: page.total))
    }
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
