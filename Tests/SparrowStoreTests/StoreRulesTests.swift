import Foundation
import SparrowStore
import SparrowTestSupport
import Testing

// Rules an engine keeps inside its transactions and reads, pinned here so a second engine cannot differ.

@Test(arguments: StoreKind.available)
func privateStatusesReachOnlyTheirAuthor(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    let (a, b) = (try await f.user(store, "alice"), try await f.user(store, "bob"))
    try await store.follow(follower: a, followee: b, id: f.ids.next(at: f.tick()), at: f.now)
    let open = try await f.status(store, by: b, "公开的 #旅行#")
    let mine = try await f.status(store, by: b, "只给自己 #旅行#", visible: 1)

    func ids(_ feed: StatusFeed) async throws -> Set<Int64> {
      Set(try await store.statuses(in: feed, feature: .all, page: Page(count: 50)).items.map(\.id))
    }

    #expect(try await ids(.home(a)) == [open])
    #expect(try await ids(.user(b, viewer: a)) == [open])
    #expect(try await ids(.everyone) == [open])
    #expect(try await ids(.search("旅行")) == [open])
    #expect(try await ids(.home(b)) == [open, mine])
    #expect(try await ids(.user(b, viewer: b)) == [open, mine])
  }
}

@Test(arguments: StoreKind.available)
func nothingOlderThanTheAccountCountsAsUnread(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    let b = try await f.user(store, "bob")
    for n in 0..<3 { _ = try await f.status(store, by: b, "早先的第\(n)条") }
    let a = try await f.user(store, "alice")
    try await store.follow(follower: a, followee: b, id: f.ids.next(at: f.tick()), at: f.now)

    let before = try await store.unreadCounts(userID: a)[.status] ?? 0
    _ = try await f.status(store, by: b, "新的一条")
    let after = try await store.unreadCounts(userID: a)[.status] ?? 0

    #expect(before == 0)
    #expect(after == 1)
  }
}

@Test(arguments: StoreKind.available)
func aTextRepeatsOnlyRightAfterItself(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    let b = try await f.user(store, "bob")
    _ = try await f.status(store, by: b, "同一句话")

    await #expect(throws: StoreError.duplicateText) { _ = try await f.status(store, by: b, "同一句话") }
    _ = try await f.status(store, by: b, "另一句话")
    _ = try await f.status(store, by: b, "同一句话")
    #expect(try await store.statuses(in: .user(b, viewer: b), feature: .all, page: Page(count: 10)).total == 3)
  }
}
