import Foundation
import SparrowDemo
import SparrowStore
import SparrowTestSupport
import Testing
import WeiboStore

/// The held comments of each status (`CommentFeeds`, `StoreCaches.commentPage`): a status's comments served from
/// them must be exactly the page and number the database gives, whatever was written, in the writing process and in
/// another one whose feeds hold only three comments (so that partial feeds, counted from each commenter's numbers,
/// are exercised on every engine). Comments read by id (`CommentRowCache`) are checked the same way.
@Suite struct CommentFeedCacheTests {
  @Test(arguments: StoreKind.available, [2026, 31] as [UInt64])
  func heldCommentsAreTheDatabasesOverARandomHistoryOfWrites(_ kind: StoreKind, seed: UInt64) async throws {
    try await HomeFeedCacheTests().withTwoProcesses(kind, depth: 7, commentDepth: 3) { writer, reader, truth in
      var f = Fixture()
      var random = SplitMix(seed: seed)
      let (app, people) = try await HomeFeedCacheTests.cast(on: writer, &f)
      var statuses: [Int64] = []
      var comments: [(id: Int64, status: Int64, author: Int64)] = []
      var suspended: Set<Int64> = []
      var deleted: [Int64] = []

      var posted = 0
      func post(by author: Int64) async throws {
        posted += 1
        // One in four private: others' comments on it are refused.
        statuses.append(try await f.status(writer, by: author, "第\(posted)条",
                                           visible: Int.random(in: 0..<4, using: &random) == 0 ? 1 : 0))
      }

      /// Pages of two statuses' comments for two people (one signed out), from both processes, twice each (the first
      /// read may fill the feed), against a store reading the database.
      func check(_ step: Int) async throws {
        for _ in 0..<2 {
          guard let status = statuses.randomElement(using: &random) else { return }
          let onIt = comments.filter { $0.status == status }
          // Half the time one of its commenters, who alone reads their comments staff hid.
          let viewer = Bool.random(using: &random) ? onIt.randomElement(using: &random)?.author ?? 0
            : ([0] + people).randomElement(using: &random)!
          var page = Page(count: Int.random(in: 1...4, using: &random), page: Int.random(in: 1...3, using: &random))
          if Int.random(in: 0..<3, using: &random) == 0, let id = onIt.randomElement(using: &random)?.id { page.maxID = id }
          if Int.random(in: 0..<4, using: &random) == 0, let id = onIt.randomElement(using: &random)?.id { page.sinceID = id }
          let fresh = truth()
          let expected = try await fresh.comments(in: .onStatus(status), page: page, seenBy: viewer)
          let place = "seed \(seed), step \(step), status \(status), viewer \(viewer), \(page)"
          for (process, store) in [("writer", writer), ("reader", reader)] {
            // As a page's presentation does, which holds the viewer's relations (the held page asks them).
            _ = try await store.context(for: [], viewer: viewer)
            for _ in 0..<2 {
              let found = try await store.comments(in: .onStatus(status), page: page, seenBy: viewer)
              #expect(found.items == expected.items, "\(place), \(process)")
              #expect(found.total == expected.total, "\(place), \(process)")
              #expect(try await store.commentItems(in: .onStatus(status), page: page, seenBy: viewer) == expected.items,
                      "\(place), \(process)")
            }
          }
          // Comments by id (a page's replies' parents, notifications' comments), some gone, with their parents or
          // not: the held rows must give what the database does.
          var ids = (0..<Int.random(in: 1...4, using: &random)).compactMap { _ in comments.randomElement(using: &random)?.id }
          if Int.random(in: 0..<4, using: &random) == 0, let gone = deleted.randomElement(using: &random) { ids.append(gone) }
          let parents = Bool.random(using: &random)
          let byID = try await fresh.comments(ids: ids, parents: parents, visibleTo: viewer)
          for (process, store) in [("writer", writer), ("reader", reader)] {
            // As a page's presentation does, which reads the comments' statuses (held then, with the relations).
            _ = try await store.statuses(ids: statuses, visibleTo: viewer)
            for _ in 0..<2 {
              #expect(try await store.comments(ids: ids, parents: parents, visibleTo: viewer) == byID,
                      "\(place), \(process), ids \(ids), parents \(parents)")
            }
          }
        }
      }

      for author in people { try await post(by: author) }
      for step in 0..<150 {
        let someone = people.randomElement(using: &random)!
        let other = people.randomElement(using: &random)!
        switch Int.random(in: 0..<12, using: &random) {
        case 0, 1, 2, 3, 4:
          // A comment, half of them replies to one on the same status.
          guard let status = statuses.randomElement(using: &random) else { break }
          let at = f.tick()
          let replied = comments.filter { $0.status == status }.randomElement(using: &random)
          let comment = CommentRecord(id: f.ids.next(at: at), statusID: status, userID: someone, text: "评论\(step)",
                                      appID: app.id, createdAt: at,
                                      replyCommentID: Bool.random(using: &random) ? replied?.id : nil)
          // Refused (`.notFound`) on someone else's private status, or in reply to someone a block keeps apart.
          if (try? await writer.insertComments([comment], mentions: [])) != nil { comments.append((comment.id, status, someone)) }
        case 5:
          if let gone = comments.randomElement(using: &random) {
            _ = try? await writer.deleteComment(id: gone.id)
            comments.removeAll { $0.id == gone.id }
            deleted.append(gone.id)
          }
        case 6, 7:
          // Staff hide a comment (its author alone still reads it) or show it again.
          if let target = comments.randomElement(using: &random) {
            _ = try await writer.setCommentHidden(id: target.id, hidden: Bool.random(using: &random), rows: [])
          }
        case 8:
          if someone != other, (try? await writer.block(blocker: someone, blocked: other, at: f.now)) == nil {
            try? await writer.unblock(blocker: someone, blocked: other)
          }
        case 9 where Int.random(in: 0..<3, using: &random) == 0:
          try await f.suspendOrLift(someone, writer, &suspended)
        case 10 where Int.random(in: 0..<4, using: &random) == 0:
          // A status deleted takes its comments with it.
          if let target = statuses.randomElement(using: &random) {
            _ = try? await writer.deleteStatus(id: target)
            statuses.removeAll { $0 == target }
            deleted += comments.filter { $0.status == target }.map(\.id)
            comments.removeAll { $0.status == target }
          }
        default:
          try await post(by: someone)
        }
        try await check(step)
      }

      // The held comments were really used, in both processes: the comparison was not of the database with itself.
      for store in [writer, reader] {
        let served = try #require(store.statistics.caches.first { $0.cache == "comment_pages" }?.tally)
        #expect(served.hits > 150 && served.misses > 0, "\(served)")
        let rows = try #require(store.statistics.caches.first { $0.cache == "comment_rows" }?.tally)
        #expect(rows.hits > 100 && rows.misses > 0, "\(rows)")
      }
    }
  }
}
