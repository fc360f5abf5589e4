import Foundation
import SparrowCore
import SparrowDemo
import SparrowStore
import SparrowTestSupport
import Testing
import WeiboStore

/// A person's notifications come from one statement (`WeiboSQL.notifications`) that merges each kind's newest rows.
/// Over a random history of statuses naming them, quotes and plain reposts of theirs, comments on their statuses,
/// answering them and naming them, likes, follows and unfollows, blocks, deletions, staff hiding, dismissals and
/// clears, read by the writing process and by another one, page by page as clients page (`max_id`, `since_id`),
/// they must be exactly what each kind's own feed holds (the reads their lists use), newest first, each once, those
/// cleared left out and those dismissed marked.
@Test(arguments: StoreKind.available, [5, 77] as [UInt64])
func notificationsAreEachKindsFeedMergedOverARandomHistory(_ kind: StoreKind, seed: UInt64) async throws {
  try await StoreCachesTests().withTwoProcesses(kind) { store, other in
    var f = Fixture()
    var random = SplitMix(seed: seed)
    var people: [Int64] = []
    for name in ["alice", "bobby", "carol", "dave"] { people.append(try await f.user(store, name)) }
    let me = people[0]
    let others = Array(people.dropFirst())
    var statuses: [(id: Int64, author: Int64)] = []
    var comments: [Int64] = []
    var followers: [Int64: Int64] = [:]  // follower: the follow's id
    var blocked: Set<Int64> = []
    var dismissed: Set<Int64> = []
    var cleared: Int64 = 0

    /// What each kind's own feed holds, merged: the truth the one statement must give.
    func truth(_ store: any WeiboStore) async throws -> [NotificationEvent] {
      let all = Page(count: 1000)
      var events: [NotificationEvent] = []
      func add(_ id: Int64, _ kind: NotificationEvent.Kind, _ actor: Int64, _ subject: Int64) {
        events.append(NotificationEvent(id: id, kind: kind, actor: actor, subject: subject, createdAt: date(0),
                                        dismissed: dismissed.contains(id)))
      }
      for s in try await store.statusItems(in: .mentions(me), feature: .all, page: all, seenBy: me) {
        add(s.id, .mention, s.userID, s.id)
      }
      for s in try await store.statusItems(in: .repostsOfAuthor(me), feature: .all, page: all, seenBy: me) {
        if s.text == StatusPosting.plainRepostText { add(s.id, .repost, s.userID, s.parentID ?? 0) } else { add(s.id, .quote, s.userID, s.id) }
      }
      for feed in [CommentFeed.toUser(me), .mentions(me)] {
        for c in try await store.commentItems(in: feed, page: all, seenBy: me) where c.userID != me {
          add(c.id, .comment, c.userID, c.id)
        }
      }
      for like in try await store.likesReceived(userID: me, page: all) { add(like.id, .like, like.userID, like.statusID) }
      for (follower, id) in followers { add(id, .follow, follower, 0) }
      var seen = Set<Int64>()
      return events.sorted { $0.id > $1.id }.filter { $0.id > cleared && seen.insert($0.id).inserted }
    }

    func key(_ events: [NotificationEvent]) -> [String] {
      events.map { "\($0.id) \($0.kind) \($0.actor) \($0.subject) \($0.dismissed)" }
    }

    func check(_ step: Int, _ store: any WeiboStore) async throws {
      let expected = try await truth(store)
      let place = "seed \(seed), step \(step)"
      var found: [NotificationEvent] = []
      var page = Page(count: 3)
      for _ in 0..<200 {
        let read = try await store.notifications(userID: me, kinds: Set(NotificationEvent.Kind.allCases), window: page)
        found += read
        guard let last = read.last, read.count == page.count else { break }
        page = Page(maxID: last.id - 1, count: 3)
      }
      #expect(key(found) == key(expected), "\(place)")
      if let newest = expected.first {
        let since = try await store.notifications(userID: me, kinds: Set(NotificationEvent.Kind.allCases),
                                                  window: Page(sinceID: newest.id - 1, count: 3))
        #expect(key(since) == key([newest]), "\(place): since")
      }
      // One kind alone, and quotes without plain reposts.
      for kinds in [[NotificationEvent.Kind.comment], [.quote], [.repost, .follow]] {
        let one = try await store.notifications(userID: me, kinds: Set(kinds), window: Page(count: 1000))
        #expect(key(one) == key(expected.filter { kinds.contains($0.kind) }), "\(place): \(kinds)")
      }
    }

    for n in 0..<3 { statuses.append((try await f.status(store, by: me, "我的微博\(n)"), me)) }
    for step in 0..<90 {
      let someone = others.randomElement(using: &random)!
      let mine = statuses.filter { $0.author == me }.randomElement(using: &random)?.id
      let any = statuses.randomElement(using: &random)?.id
      switch Int.random(in: 0..<16, using: &random) {
      case 0, 1:
        // A status, naming me or not, public or private (a private one names nobody).
        let at = f.tick()
        let visible = Int.random(in: 0..<4, using: &random) == 0 ? 1 : 0
        let author = Int.random(in: 0..<4, using: &random) == 0 ? me : someone
        let record = StatusRecord(id: f.ids.next(at: at), userID: author, text: "@alice \(step)", appID: 0, createdAt: at,
                                  visible: visible)
        try await store.insertStatus(record, mentions: author == me ? [] : [me], topics: [], comments: [])
        statuses.append((record.id, author))
      case 2, 3:
        // A repost of one of mine: a quote, or plain (the text 微博 writes for a repost without words).
        guard let mine else { break }
        let at = f.tick()
        let plain = Bool.random(using: &random)
        let record = StatusRecord(id: f.ids.next(at: at), userID: someone,
                                  text: plain ? StatusPosting.plainRepostText : "说得好 \(step)", appID: 0, createdAt: at,
                                  retweetedID: mine, parentID: mine)
        if (try? await store.insertStatus(record, mentions: [], topics: [], comments: [])) != nil {
          statuses.append((record.id, someone))
        }
      case 4, 5, 6:
        // A comment on any status, answering one, naming me or not.
        guard let any else { break }
        let at = f.tick()
        let author = Int.random(in: 0..<4, using: &random) == 0 ? me : someone
        let comment = CommentRecord(id: f.ids.next(at: at), statusID: any, userID: author, text: "评论\(step)", appID: 0,
                                    createdAt: at, replyCommentID: comments.randomElement(using: &random))
        let naming = Bool.random(using: &random) ? [me] : []
        if (try? await store.insertComments([comment], mentions: naming)) != nil { comments.append(comment.id) }
      case 7, 8:
        guard let mine else { break }
        try? await store.like(Mark(id: f.ids.next(at: f.tick()), userID: someone, statusID: mine, createdAt: f.now))
      case 9:
        if followers[someone] != nil {
          try await store.unfollow(follower: someone, followee: me)
          followers[someone] = nil
        } else if !blocked.contains(someone) {
          let id = f.ids.next(at: f.tick())
          if (try? await store.follow(follower: someone, followee: me, id: id, at: f.now)) != nil { followers[someone] = id }
        }
      case 10:
        if let gone = statuses.filter({ $0.author != me }).randomElement(using: &random) {
          _ = try? await store.deleteStatus(id: gone.id)
          statuses.removeAll { $0.id == gone.id }
        }
      case 11:
        if let any { _ = try await store.setStatusHidden(id: any, hidden: Bool.random(using: &random), mentions: [],
                                                         topics: [], rows: []) }
      case 12:
        if blocked.remove(someone) != nil {
          try await store.unblock(blocker: me, blocked: someone)
        } else {
          try await store.block(blocker: me, blocked: someone, at: f.tick())
          blocked.insert(someone)
          followers[someone] = nil  // a block ends follows both ways
        }
      case 13, 14:
        if let shown = try await truth(store).randomElement(using: &random) {
          try await store.dismissNotification(userID: me, id: shown.id)
          dismissed.insert(shown.id)
        }
      default:
        if Int.random(in: 0..<3, using: &random) == 0, let shown = try await truth(store).dropFirst(2).first {
          try await store.clearNotifications(userID: me, upTo: shown.id, at: f.tick())
          cleared = max(cleared, shown.id)
        }
      }
      if step % 6 == 5 { try await check(step, Bool.random(using: &random) ? store : other) }
    }
    try await check(90, other)
  }
}
