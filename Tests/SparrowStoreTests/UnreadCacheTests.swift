import Foundation
import SparrowDemo
import SparrowStore
import WeiboStore
import SparrowTestSupport
import Testing

/// The kept unread counts (`UnreadCache`): whatever was written, by whichever process, every page's badges and
/// every `remind/unread_count` are the counts the database gives now, in the writing process and in another one.
@Suite struct UnreadCacheTests {
  @Test(arguments: StoreKind.available, [5, 17, 2027] as [UInt64])
  func keptCountsAreTheDatabasesOverARandomHistoryOfWrites(_ kind: StoreKind, seed: UInt64) async throws {
    try await HomeFeedCacheTests().withTwoProcesses(kind, depth: 6) { writer, reader, truth in
      var f = Fixture()
      var random = SplitMix(seed: seed)
      let (app, people) = try await HomeFeedCacheTests.cast(on: writer, &f)
      for a in people { for b in people where a != b && Bool.random(using: &random) {
        try await writer.follow(follower: a, followee: b, id: f.ids.next(at: f.tick()), at: f.now)
      } }
      var statuses: [Int64] = []
      var comments: [Int64] = []
      var suspended: Set<Int64> = []

      func someMentions(but author: Int64) -> [Int64] {
        people.filter { $0 != author && Int.random(in: 0..<3, using: &random) == 0 }
      }

      func post(by author: Int64) async throws {
        let at = f.tick()
        let record = StatusRecord(id: f.ids.next(at: at), userID: author, text: "第\(at)条 @某人", appID: app.id,
                                  createdAt: at, visible: Int.random(in: 0..<5, using: &random) == 0 ? 1 : 0)
        try await writer.insertStatus(record, mentions: someMentions(but: author), topics: [], comments: [])
        statuses.append(record.id)
      }

      /// A comment on `status`, maybe a reply, maybe mentioning people; refused on what the commenter may not see.
      func comment(by author: Int64, on status: Int64) async throws {
        let at = f.tick()
        let onStatus = try await writer.comments(in: .onStatus(status), page: Page(count: 50), seenBy: author).items
        let reply = Bool.random(using: &random) ? onStatus.randomElement(using: &random)?.id : nil
        let record = CommentRecord(id: f.ids.next(at: at), statusID: status, userID: author, text: "评论\(at)",
                                   appID: app.id, createdAt: at, replyCommentID: reply)
        if (try? await writer.insertComments([record], mentions: someMentions(but: author))) != nil {
          comments.append(record.id)
        }
      }

      /// Each person's badges and unread counts from both processes, twice (the first read may keep them, the
      /// second is served from what was kept), against the database's counts now.
      func check(_ place: String) async throws {
        for viewer in people {
          let cap = [3, 99].randomElement(using: &random)!
          let counts = try await truth().unreadCounts(userID: viewer, upTo: 1_000)
          let messages = min(cap, UnreadKind.messages.reduce(0) { $0 + (counts[$1] ?? 0) })
          let statuses = min(cap, counts[.status] ?? 0)
          let capped = Dictionary(uniqueKeysWithValues: UnreadKind.allCases.map { ($0, min(cap, counts[$0] ?? 0)) })
          for (process, store) in [("writer", writer), ("reader", reader)] {
            for round in 0..<2 {
              let at = "seed \(seed), \(place), \(process) round \(round), viewer \(viewer) up to \(cap): \(counts)"
              let badges = try await store.unreadBadges(userID: viewer, upTo: cap)
              #expect(badges == UnreadBadges(statuses: statuses, messages: messages), "\(at)")
              let got = try await store.unreadCounts(userID: viewer, upTo: cap)
              #expect(got == capped, "\(at) got \(got)")
            }
          }
        }
      }

      for author in people { try await post(by: author) }
      for step in 0..<150 {
        let someone = people.randomElement(using: &random)!
        let other = people.filter { $0 != someone }.randomElement(using: &random)!
        let target = statuses.randomElement(using: &random)
        var did = ""
        let pick = Int.random(in: 0..<16, using: &random)
        switch pick {
        case 0, 1:
          did = "post"
          try await post(by: someone)
        case 2, 3, 4:
          did = "comment"
          if let target { try await comment(by: someone, on: target) }
        case 5:
          did = "repost with a comment"
          if let target, let original = try await writer.status(id: target, visibleTo: someone), original.visible == 0 {
            let at = f.tick()
            let repost = StatusRecord(id: f.ids.next(at: at), userID: someone, text: "转发\(at)", appID: app.id,
                                      createdAt: at, retweetedID: original.retweetedID ?? original.id, parentID: original.id)
            let along = CommentRecord(id: f.ids.next(at: at), statusID: original.id, userID: someone, text: "顺便",
                                      appID: app.id, createdAt: at)
            if (try? await writer.insertStatus(repost, mentions: [], topics: [], comments: [along])) != nil {
              statuses.append(repost.id)
              comments.append(along.id)
            }
          }
        case 6...14:
          did = try await f.reachingWrite(pick - 6, by: someone, to: other, on: target, among: people, writer,
                                          statuses: &statuses, comments: &comments, suspended: &suspended,
                                          random: &random)
        default:
          did = "mark seen"
          let kind = UnreadKind.allCases.randomElement(using: &random)!
          let upTo = (statuses + comments).randomElement(using: &random) ?? someone
          try await [writer, reader].randomElement(using: &random)!.markSeen(userID: someone, kind: kind, upTo: upTo)
        }
        try await check("step \(step) (\(did))")
      }

      // The kept counts were really used, in both processes: the comparison was not of the database with itself.
      for store in [writer, reader] {
        for cache in ["unread_badges", "unread_counts"] {
          let kept = try #require(store.statistics.caches.first { $0.cache == cache }?.tally)
          #expect(kept.hits > 300, "\(cache): \(kept)")
          #expect(kept.misses > 50, "\(cache): \(kept)")
        }
      }
    }
  }
}
