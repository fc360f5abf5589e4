import Foundation
import SparrowStore
import SparrowStoreSQLite
import SparrowTestSupport
import Testing

/// `sparrow migrate-data`: a SQLite instance copied into PostgreSQL is the same instance there.
@Suite(.enabled(if: StoreKind.available.contains(.postgres))) struct DataMigrationTests {
  @Test func everyRowArrivesWithItsIDAndTheInstanceReadsTheSameThere() async throws {
    try await withSQLiteStore { sqlite in
      let source = sqlite.weibo
      var f = Fixture()
      let (a, b) = (try await f.user(source, "alice"), try await f.user(source, "bob"))
      try await source.follow(follower: b, followee: a, id: f.ids.next(at: f.tick()), at: f.now)
      let original = try await f.status(source, by: a, "原文 #迁移# 一张图", pictures: 1)
      let secret = try await f.status(source, by: a, "只给自己看的迁移记录", visible: 1)
      _ = try await f.status(source, by: b, "转发", retweeting: original)
      try await source.like(Mark(id: f.ids.next(at: f.tick()), userID: b, statusID: original, createdAt: f.now))
      try await source.favorite(Mark(id: f.ids.next(at: f.tick()), userID: b, statusID: original, createdAt: f.now))
      try await source.insertComments(
        [CommentRecord(id: f.ids.next(at: f.tick()), statusID: original, userID: b, text: "好", appID: 0, createdAt: f.now)],
        mentions: [])
      for _ in 0..<2500 { _ = try await f.status(source, by: b, "批量 \(f.now.timeIntervalSince1970)") }  // past one batch
      let key = try await source.secret(named: "form_key", proposing: "k-0123456789abcdef0123456789abcdef")

      try await withStore(.postgres) { engine in
        let target = try #require(engine.engine.shared as? any TableTransfer)
        var seen: [Int] = []
        let counts = try await DataMigration(from: sqlite, to: target, batch: 1000).run { done, _, _ in seen.append(done) }

        #expect(counts.allSatisfy { $0.source == $0.target })
        #expect(counts.first { $0.table == "statuses" }?.target == 2503)
        #expect(seen.last == counts.map(\.source).reduce(0, +) && seen == seen.sorted(), "progress only grows")
        let store = engine.store
        #expect(try await store.status(id: original, visibleTo: 0) == (try await source.status(id: original, visibleTo: 0)))
        #expect(try await store.status(id: secret, visibleTo: b) == nil, "privacy holds after the move")
        #expect(try await store.status(id: secret, visibleTo: a)?.text == "只给自己看的迁移记录")
        #expect(try await store.users(ids: [a, b]) == (try await source.users(ids: [a, b])))
        let home = try await store.statuses(in: .home(b), feature: .all, page: Page(count: 50), seenBy: 0)
        let homeBefore = try await source.statuses(in: .home(b), feature: .all, page: Page(count: 50), seenBy: 0)
        #expect(home.total == 2502 && home.total == homeBefore.total && home.items == homeBefore.items)
        #expect(try await store.secret(named: "form_key", proposing: "other") == key, "forms stay valid")

        // Once is enough: a database with data in it is refused.
        await #expect(throws: DataMigration.Failure.self) {
          _ = try await DataMigration(from: sqlite, to: target).run { _, _, _ in }
        }
      }
    }
  }
}
