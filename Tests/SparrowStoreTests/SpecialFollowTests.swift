import Foundation
import SparrowStore
import SparrowTestSupport
import Testing

/// 特别关注: a mark on a follow that feeds its own timeline group.
@Test(arguments: StoreKind.available)
func specialFollowsFeedTheirOwnGroupAndEndWithTheFollow(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    let ids = IDGenerator(node: 4)
    var now = Date(timeIntervalSince1970: 1_760_000_000)
    func next() -> Date {
      now += 1
      return now
    }
    var users: [Int64] = []
    for name in ["reader", "star", "other"] {
      let user = UserRecord(id: ids.next(at: next()), screenName: name, passwordHash: "x", createdAt: now)
      try await store.createUser(user)
      users.append(user.id)
    }
    let (reader, star, other) = (users[0], users[1], users[2])
    for followee in [star, other] {
      try await store.follow(follower: reader, followee: followee, id: ids.next(at: next()), at: now)
      let status = StatusRecord(id: ids.next(at: next()), userID: followee, text: "by \(followee)", appID: 0, createdAt: now)
      try await store.insertStatus(status, mentions: [], topics: [], comments: [])
    }

    await #expect(throws: StoreError.notFound) {
      try await store.setSpecial(follower: star, followee: reader, special: true)
    }
    try await store.setSpecial(follower: reader, followee: star, special: true)
    let group = try await store.statuses(in: .special(reader), feature: .all, page: Page(), seenBy: 0).items
    let marked = try await store.ties(reader, among: [star, other]).special

    #expect(group.map(\.userID) == [star])
    #expect(marked == [star])

    try await store.unfollow(follower: reader, followee: star)
    try await store.follow(follower: reader, followee: star, id: ids.next(at: next()), at: now)
    #expect(try await store.ties(reader, among: [star]).special.isEmpty, "following again starts unmarked")
    #expect(try await store.statuses(in: .special(reader), feature: .all, page: Page(), seenBy: 0).items.isEmpty)
  }
}
