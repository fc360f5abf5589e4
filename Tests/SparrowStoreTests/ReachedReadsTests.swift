import Foundation
import SparrowDemo
import SparrowStore
import WeiboStore
import SparrowTestSupport
import Testing

/// The kept reads of what reaches a person (`ReachedReads`): whatever was written, by whichever process, each
/// person's notifications, the comments to them and naming them, the likes of their statuses and the statuses naming
/// them are what the database gives now, in the writing process and in another one.
@Suite struct ReachedReadsTests {
  @Test(arguments: StoreKind.available, [7, 2028] as [UInt64])
  func keptReadsAreTheDatabasesOverARandomHistoryOfWrites(_ kind: StoreKind, seed: UInt64) async throws {
    try await HomeFeedCacheTests().withTwoProcesses(kind, depth: 6) { writer, reader, truth in
      var h = try await ReachingHistory(on: writer, seed: seed)
      let people = h.people
      let every = Set(NotificationEvent.Kind.allCases)

      func key(_ events: [NotificationEvent]) -> [String] {
        events.map { "\($0.id) \($0.kind) \($0.actor) \($0.subject) \($0.dismissed)" }
      }

      func key(_ page: FeedPage<CommentRecord>) -> String {
        "\(page.items.map { "\($0.id) \($0.hiddenByStaff)" }) of \(page.total)"
      }

      /// With the counters, which writes reaching nobody move (a like of a status naming them).
      func key(_ page: FeedPage<StatusRecord>) -> String {
        "\(page.items.map { "\($0.id) \($0.repostsCount) \($0.commentsCount) \($0.attitudesCount)" }) of \(page.total)"
      }

      /// A page with its context, as the API's timelines read it: the reposted originals with their counters, the
      /// people, and the viewer's marks.
      func key(_ read: (page: FeedPage<StatusRecord>, context: StatusContextRows)) -> String {
        let c = read.context
        let originals = c.originals.values.sorted { $0.id < $1.id }.map { "\($0.id) \($0.repostsCount) \($0.attitudesCount)" }
        return "\(key(read.page)); originals \(originals); people \(c.users.keys.sorted()); favorited \(c.favorited.sorted()); "
          + "liked \(c.liked.sorted()); following \(c.following.sorted()); followers \(c.followers.sorted())"
      }

      /// The API's timeline of the statuses naming `viewer`, as a fresh process reads it: the page as the web's, with
      /// that page's context for the viewer.
      func timeline(_ store: any WeiboStore, _ viewer: Int64) async throws
        -> (page: FeedPage<StatusRecord>, context: StatusContextRows)
      {
        let page = try await store.statuses(in: .mentions(viewer), feature: .all, page: Page(count: 4), seenBy: viewer)
        return (page, try await store.context(for: page.items, people: [], apps: [], viewer: viewer))
      }

      /// Each person's reads from both processes, twice (the first read may keep them, the second is served from
      /// what was kept), against the database's now.
      func check(_ place: String) async throws {
        for viewer in people {
          let first = Page(count: 5)
          let kinds: Set<NotificationEvent.Kind> = [.quote, .repost, .like]
          let expected = (
            all: key(try await truth().notifications(userID: viewer, kinds: every, window: first)),
            some: key(try await truth().notifications(userID: viewer, kinds: kinds, window: Page(count: 40))),
            toThem: key(try await truth().comments(in: .toUser(viewer), page: Page(count: 4), seenBy: viewer)),
            naming: key(try await truth().comments(in: .mentions(viewer), page: Page(count: 4), seenBy: viewer)),
            likes: try await truth().likesReceived(userID: viewer, page: Page(count: 4)).map(\.id),
            commentItems: try await truth().commentItems(in: .toUser(viewer), page: Page(count: 4), seenBy: viewer)
              .map(\.id),
            statuses: key(try await truth().statuses(in: .mentions(viewer), feature: .all, page: Page(count: 4),
                                                     seenBy: viewer)),
            timeline: key(try await timeline(truth(), viewer)))
          for (process, store) in [("writer", writer), ("reader", reader)] {
            for round in 0..<2 {
              let at = "seed \(seed), \(place), \(process) round \(round), viewer \(viewer)"
              #expect(key(try await store.notifications(userID: viewer, kinds: every, window: first)) == expected.all,
                      "\(at): notifications")
              #expect(key(try await store.notifications(userID: viewer, kinds: kinds, window: Page(count: 40)))
                        == expected.some, "\(at): reposts and likes")
              #expect(key(try await store.comments(in: .toUser(viewer), page: Page(count: 4), seenBy: viewer))
                        == expected.toThem, "\(at): comments to them")
              #expect(key(try await store.comments(in: .mentions(viewer), page: Page(count: 4), seenBy: viewer))
                        == expected.naming, "\(at): comments naming them")
              #expect(try await store.likesReceived(userID: viewer, page: Page(count: 4)).map(\.id) == expected.likes,
                      "\(at): likes of theirs")
              #expect(try await store.commentItems(in: .toUser(viewer), page: Page(count: 4), seenBy: viewer).map(\.id)
                        == expected.commentItems, "\(at): comments to them, items alone")
              #expect(key(try await store.statuses(in: .mentions(viewer), feature: .all, page: Page(count: 4),
                                                   seenBy: viewer)) == expected.statuses, "\(at): statuses naming them")
              #expect(key(try await store.statuses(in: .mentions(viewer), feature: .all, page: Page(count: 4),
                                                   viewer: viewer)) == expected.timeline,
                      "\(at): statuses naming them, with their context")
            }
          }
        }
      }

      for author in people { try await h.post(by: author) }
      for step in 0..<120 {
        let someone = people.randomElement(using: &h.random)!
        let other = people.filter { $0 != someone }.randomElement(using: &h.random)!
        let target = h.statuses.randomElement(using: &h.random)
        var did = ""
        let pick = Int.random(in: 0..<18, using: &h.random)
        switch pick {
        case 0, 1:
          did = "post"
          try await h.post(by: someone)
        case 2, 3:
          did = "comment"
          if let target { try await h.comment(by: someone, on: target) }
        case 4, 5:
          did = "repost"
          if let target {
            try await h.repost(of: target, by: someone, plain: Bool.random(using: &h.random),
                               along: Int.random(in: 0..<3, using: &h.random) == 0)
          }
        case 6..<(6 + ReachingHistory.writes):
          did = try await h.write(pick - 6, by: someone, to: other, on: target)
        case 15, 16:
          did = "dismiss a notification"
          let shown = try await truth().notifications(userID: someone, kinds: every, window: Page(count: 10))
          if let event = shown.randomElement(using: &h.random) {
            try await [writer, reader].randomElement(using: &h.random)!.dismissNotification(userID: someone, id: event.id)
          }
        default:
          did = "clear notifications"
          let shown = try await truth().notifications(userID: someone, kinds: every, window: Page(count: 10))
          if Int.random(in: 0..<2, using: &h.random) == 0, let event = shown.dropFirst(2).first {
            try await [writer, reader].randomElement(using: &h.random)!.clearNotifications(
              userID: someone, upTo: event.id, at: h.f.tick())
          }
        }
        try await check("step \(step) (\(did))")
      }

      // The kept reads were really used, in both processes: the comparison was not of the database with itself.
      for store in [writer, reader] {
        let kept = try #require(store.statistics.caches.first { $0.cache == "reached_reads" }?.tally)
        #expect(kept.hits > 1_000, "\(kept)")
        #expect(kept.misses > 300, "\(kept)")
      }
    }
  }
}

/// The stamps' own rules, which a history of writes rarely reaches: a read that a drop overtook is not kept, and
/// forgetting stamps (past `stampLimit`) forgets what was kept under them.
@Test func aReadIsKeptOnlyUnderTheStampItBeganWith() async throws {
  let reads = ReachedReads()
  let page = Page(count: 5)
  var made = 0
  func read(_ person: Int64, during: () -> Void = {}) async throws -> Int {
    try await reads.read(person, "test", page: page) {
      during()
      made += 1
      return made
    }
  }
  #expect(try await read(1) == 1)
  #expect(try await read(1) == 1, "kept")
  // A drop while the read is out: what it read may be older than the write, so it is not kept.
  reads.drop([1])
  #expect(try await read(1, during: { reads.drop([1]) }) == 2)
  #expect(try await read(1) == 3)
  #expect(try await read(1) == 3, "kept")
  // Another person's drop leaves it; so does a read of another page.
  reads.drop([2])
  #expect(try await read(1) == 3)
  // Past the stamps' bound every stamp moves: what was kept is read afresh.
  for person in Int64(10)..<Int64(10 + ReachedReads.stampLimit + 1) { reads.drop([person]) }
  #expect(try await read(1) == 4)
  #expect(try await read(1) == 4, "kept again")
  reads.dropAll()
  #expect(try await read(1) == 5)
}
