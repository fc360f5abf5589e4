import Foundation
import SparrowDemo
import SparrowStore
import WeiboStore
import SparrowTestSupport
import Testing

/// The kept reads of what reaches a person (`ReachedReads`): whatever was written, by whichever process, each
/// person's notifications, the comments to them and naming them and the likes of their statuses are what the database gives now, in the writing
/// process and in another one.
@Suite struct ReachedReadsTests {
  @Test(arguments: StoreKind.available, [7, 2028] as [UInt64])
  func keptReadsAreTheDatabasesOverARandomHistoryOfWrites(_ kind: StoreKind, seed: UInt64) async throws {
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
      let every = Set(NotificationEvent.Kind.allCases)

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

      /// A repost of `status` as `author` may see it: plain or with words, with a comment along or not.
      func repost(of status: Int64, by author: Int64) async throws {
        guard let parent = try await writer.status(id: status, visibleTo: author), parent.visible == 0 else { return }
        let at = f.tick()
        let plain = Bool.random(using: &random)
        let record = StatusRecord(id: f.ids.next(at: at), userID: author,
                                  text: plain ? StatusPosting.plainRepostText : "转发\(at)", appID: app.id,
                                  createdAt: at, retweetedID: parent.retweetedID ?? parent.id, parentID: parent.id)
        let along = Int.random(in: 0..<3, using: &random) == 0
          ? [CommentRecord(id: f.ids.next(at: at), statusID: parent.id, userID: author, text: "顺便", appID: app.id,
                           createdAt: at)] : []
        if (try? await writer.insertStatus(record, mentions: [], topics: [], comments: along)) != nil {
          statuses.append(record.id)
          comments += along.map(\.id)
        }
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

      func key(_ events: [NotificationEvent]) -> [String] {
        events.map { "\($0.id) \($0.kind) \($0.actor) \($0.subject) \($0.dismissed)" }
      }

      func key(_ page: FeedPage<CommentRecord>) -> String {
        "\(page.items.map { "\($0.id) \($0.hiddenByStaff)" }) of \(page.total)"
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
            likes: try await truth().likesReceived(userID: viewer, page: Page(count: 4)).map(\.id))
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
            }
          }
        }
      }

      for author in people { try await post(by: author) }
      for step in 0..<120 {
        let someone = people.randomElement(using: &random)!
        let other = people.filter { $0 != someone }.randomElement(using: &random)!
        let target = statuses.randomElement(using: &random)
        var did = ""
        let pick = Int.random(in: 0..<18, using: &random)
        switch pick {
        case 0, 1:
          did = "post"
          try await post(by: someone)
        case 2, 3:
          did = "comment"
          if let target { try await comment(by: someone, on: target) }
        case 4, 5:
          did = "repost"
          if let target { try await repost(of: target, by: someone) }
        case 6...14:
          did = try await f.reachingWrite(pick - 6, by: someone, to: other, on: target, among: people, writer,
                                          statuses: &statuses, comments: &comments, suspended: &suspended,
                                          random: &random)
        case 15, 16:
          did = "dismiss a notification"
          let shown = try await truth().notifications(userID: someone, kinds: every, window: Page(count: 10))
          if let event = shown.randomElement(using: &random) {
            try await [writer, reader].randomElement(using: &random)!.dismissNotification(userID: someone, id: event.id)
          }
        default:
          did = "clear notifications"
          let shown = try await truth().notifications(userID: someone, kinds: every, window: Page(count: 10))
          if Int.random(in: 0..<2, using: &random) == 0, let event = shown.dropFirst(2).first {
            try await [writer, reader].randomElement(using: &random)!.clearNotifications(
              userID: someone, upTo: event.id, at: f.tick())
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
