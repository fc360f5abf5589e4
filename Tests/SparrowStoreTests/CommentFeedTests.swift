import Foundation
import SparrowDemo
import SparrowStore
import SparrowTestSupport
import Testing
import WeiboStore

/// The comment feeds that join people by OR (`toUser`, `timeline`) are read part by part (`WeiboSQL.commentPage`).
/// Over a random history of comments and replies among four people, then a block, every page of each feed, by page
/// number and by id window, holds what the feed's rule picks, newest first, on every engine; so does the unread
/// comment count, which is read the same way.
@Test(arguments: StoreKind.available)
func jointCommentFeedsPageAsTheirRuleSays(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    var random = SplitMix(seed: 48)
    var people: [Int64] = []
    for name in ["alice", "bob", "carol", "dave"] { people.append(try await f.user(store, name)) }
    var statuses: [(id: Int64, author: Int64)] = []
    for author in people {
      for n in 0..<3 { statuses.append((try await f.status(store, by: author, "第\(n)条"), author)) }
    }
    struct Written { let id, author, status, statusAuthor: Int64; let replyTo: Int64? }
    var written: [Written] = []
    for n in 0..<120 {
      let author = people.randomElement(using: &random)!
      let status = statuses.randomElement(using: &random)!
      let replied = written.filter { $0.status == status.id && Bool.random(using: &random) }.last
      let comment = CommentRecord(id: f.ids.next(at: f.tick()), statusID: status.id, userID: author, text: "评论\(n)",
                                  appID: 0, createdAt: f.now, replyCommentID: replied?.id)
      try await store.insertComments([comment], mentions: [])
      written.append(Written(id: comment.id, author: author, status: status.id, statusAuthor: status.author, replyTo: replied?.author))
    }
    try await store.block(blocker: people[0], blocked: people[3], at: f.tick())

    for user in people {
      let apart: Set<Int64> = user == people[0] ? [people[3]] : user == people[3] ? [people[0]] : []
      let shown = written.filter { !apart.contains($0.author) }
      let toUser = shown.filter { ($0.statusAuthor == user || $0.replyTo == user) && $0.author != user }
      let timeline = shown.filter { $0.author == user || $0.statusAuthor == user || $0.replyTo == user }
      for (feed, expected) in [(CommentFeed.toUser(user), toUser), (.timeline(user), timeline)] {
        let ids = expected.map(\.id).sorted(by: >)
        for number in 1...4 {
          let page = try await store.comments(in: feed, page: Page(count: 7, page: number), seenBy: user)
          #expect(page.items.map(\.id) == Array(ids.dropFirst(7 * (number - 1)).prefix(7)), "\(feed) page \(number)")
          #expect(page.total == ids.count, "\(feed) total")
          // The page without its number is the same page.
          let items = try await store.commentItems(in: feed, page: Page(count: 7, page: number), seenBy: user)
          #expect(items == page.items, "\(feed) page \(number) without its number")
        }
        for _ in 0..<3 {
          let (low, high) = (ids.randomElement(using: &random) ?? 0, ids.randomElement(using: &random) ?? 0)
          let window = Page(sinceID: min(low, high), maxID: max(low, high), count: 5)
          let page = try await store.comments(in: feed, page: window, seenBy: user)
          let inside = ids.filter { $0 > window.sinceID && $0 <= window.maxID }
          #expect(page.items.map(\.id) == Array(inside.prefix(5)), "\(feed) window")
          #expect(try await store.commentItems(in: feed, page: window, seenBy: user) == page.items, "\(feed) window")
        }
      }
      #expect(try await store.unreadCounts(userID: user, upTo: 1000)[.cmt] == toUser.filter { $0.id > user }.count)
    }
  }
}
