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
      var h = try await ReachingHistory(on: writer, seed: seed)
      let people = h.people

      /// Each person's badges and unread counts from both processes, twice (the first read may keep them, the
      /// second is served from what was kept), against the database's counts now.
      func check(_ place: String) async throws {
        for viewer in people {
          let cap = [3, 99].randomElement(using: &h.random)!
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

      for author in people { try await h.post(by: author) }
      for step in 0..<150 {
        let someone = people.randomElement(using: &h.random)!
        let other = people.filter { $0 != someone }.randomElement(using: &h.random)!
        let target = h.statuses.randomElement(using: &h.random)
        var did = ""
        let pick = Int.random(in: 0..<16, using: &h.random)
        switch pick {
        case 0, 1:
          did = "post"
          try await h.post(by: someone)
        case 2, 3, 4:
          did = "comment"
          if let target { try await h.comment(by: someone, on: target) }
        case 5:
          did = "repost with a comment"
          if let target { try await h.repost(of: target, by: someone, plain: false, along: true) }
        case 6..<(6 + ReachingHistory.writes):
          did = try await h.write(pick - 6, by: someone, to: other, on: target)
        default:
          did = "mark seen"
          let kind = UnreadKind.allCases.randomElement(using: &h.random)!
          let upTo = (h.statuses + h.comments).randomElement(using: &h.random) ?? someone
          try await [writer, reader].randomElement(using: &h.random)!.markSeen(userID: someone, kind: kind, upTo: upTo)
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
