import Foundation
import SparrowStore
import SparrowTestSupport
import Testing

/// Likes page by id like every other list: `max_id` is inclusive, `since_id` exclusive.
@Test(arguments: StoreKind.available)
func likeListsHonourTheIdWindow(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    let ids = IDGenerator(node: 3)
    var now = Date(timeIntervalSince1970: 1_760_000_000)
    func next() -> Date {
      now += 1
      return now
    }
    let author = UserRecord(id: ids.next(at: next()), screenName: "author", passwordHash: "x", createdAt: now)
    try await store.createUser(author)
    let status = StatusRecord(id: ids.next(at: next()), userID: author.id, text: "liked", appID: 0, createdAt: now)
    try await store.insertStatus(status, mentions: [], topics: [], comments: [])
    var marks: [Int64] = []
    for n in 0..<5 {
      let fan = UserRecord(id: ids.next(at: next()), screenName: "fan\(n)", passwordHash: "x", createdAt: now)
      try await store.createUser(fan)
      let mark = Mark(id: ids.next(at: next()), userID: fan.id, statusID: status.id, createdAt: now)
      try await store.like(mark)
      marks.append(mark.id)
    }
    let newestFirst = Array(marks.reversed())

    let firstPage = try await store.likes(statusID: status.id, page: Page(count: 2))
    let secondPage = try await store.likes(statusID: status.id, page: Page(maxID: firstPage[1].id - 1, count: 2))
    let newer = try await store.likes(statusID: status.id, page: Page(sinceID: newestFirst[2], count: 20))
    let received = try await store.likesReceived(userID: author.id, page: Page(maxID: newestFirst[3], count: 20))

    #expect(firstPage.map(\.id) == Array(newestFirst[0..<2]))
    #expect(secondPage.map(\.id) == Array(newestFirst[2..<4]))
    #expect(newer.map(\.id) == Array(newestFirst[0..<2]))
    #expect(received.map(\.id) == Array(newestFirst[3...]))
  }
}
