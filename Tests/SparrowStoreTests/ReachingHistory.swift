import Foundation
import SparrowDemo
import SparrowStore
import SparrowTestSupport
import WeiboStore

/// A random history of the writes that reach people, for the tests of what is kept of it (`UnreadCacheTests`,
/// `ReachedReadsTests`): its cast (from `HomeFeedCacheTests.cast`, following each other at random), what it wrote so
/// far, and its steps, all written by `writer`. Each test adds the writes of its own (marks, dismissals).
struct ReachingHistory {
  var f = Fixture()
  var random: SplitMix
  let writer: any WeiboStore
  let app: AppRecord
  let people: [Int64]
  var statuses: [Int64] = []
  var comments: [Int64] = []
  var suspended: Set<Int64> = []

  init(on writer: any WeiboStore, seed: UInt64) async throws {
    random = SplitMix(seed: seed)
    self.writer = writer
    (app, people) = try await HomeFeedCacheTests.cast(on: writer, &f)
    for a in people { for b in people where a != b && Bool.random(using: &random) {
      try await writer.follow(follower: a, followee: b, id: f.ids.next(at: f.tick()), at: f.now)
    } }
  }

  /// Some of the cast but `author`, each one time in three.
  mutating func someMentions(but author: Int64) -> [Int64] {
    people.filter { $0 != author && Int.random(in: 0..<3, using: &random) == 0 }
  }

  /// A status naming some of the cast, private one time in five (naming nobody then).
  mutating func post(by author: Int64) async throws {
    let at = f.tick()
    let record = StatusRecord(id: f.ids.next(at: at), userID: author, text: "第\(at)条 @某人", appID: app.id,
                              createdAt: at, visible: Int.random(in: 0..<5, using: &random) == 0 ? 1 : 0)
    try await writer.insertStatus(record, mentions: someMentions(but: author), topics: [], comments: [])
    statuses.append(record.id)
  }

  /// A comment on `status`, maybe a reply, maybe mentioning people; refused on what the commenter may not see.
  mutating func comment(by author: Int64, on status: Int64) async throws {
    let at = f.tick()
    let onStatus = try await writer.comments(in: .onStatus(status), page: Page(count: 50), seenBy: author).items
    let reply = Bool.random(using: &random) ? onStatus.randomElement(using: &random)?.id : nil
    let record = CommentRecord(id: f.ids.next(at: at), statusID: status, userID: author, text: "评论\(at)",
                               appID: app.id, createdAt: at, replyCommentID: reply)
    if (try? await writer.insertComments([record], mentions: someMentions(but: author))) != nil {
      comments.append(record.id)
    }
  }

  /// A repost of `status` as `author` may see it (none of one they may not), `plain` (the text 微博 writes for a
  /// repost without words) or with words, with a comment on it `along` or not.
  mutating func repost(of status: Int64, by author: Int64, plain: Bool, along: Bool) async throws {
    guard let parent = try await writer.status(id: status, visibleTo: author), parent.visible == 0 else { return }
    let at = f.tick()
    let record = StatusRecord(id: f.ids.next(at: at), userID: author,
                              text: plain ? StatusPosting.plainRepostText : "转发\(at)", appID: app.id,
                              createdAt: at, retweetedID: parent.retweetedID ?? parent.id, parentID: parent.id)
    let comment = along
      ? [CommentRecord(id: f.ids.next(at: at), statusID: parent.id, userID: author, text: "顺便", appID: app.id,
                       createdAt: at)] : []
    if (try? await writer.insertStatus(record, mentions: [], topics: [], comments: comment)) != nil {
      statuses.append(record.id)
      comments += comment.map(\.id)
    }
  }

  /// How many writes `write` picks among.
  static let writes = 9

  /// Write `pick` (below `writes`) by `someone`, to `other`, on `target`: a like or unlike, a comment deleted,
  /// hidden or shown, a status deleted, hidden or shown, a block or unblock, a suspension or its lifting (one time
  /// in three), a follow or unfollow: the writes besides posting that move what reaches people. Returns what it did.
  mutating func write(_ pick: Int, by someone: Int64, to other: Int64, on target: Int64?) async throws -> String {
    switch pick {
    case 0, 1:
      if let target {
        let mark = Mark(id: f.ids.next(at: f.tick()), userID: someone, statusID: target, createdAt: f.now)
        if (try? await writer.like(mark)) == nil { _ = try? await writer.unlike(userID: someone, statusID: target) }
      }
      return "like or unlike"
    case 2:
      if let id = comments.randomElement(using: &random) {
        _ = try? await writer.deleteComment(id: id)
        comments.removeAll { $0 == id }
      }
      return "delete a comment"
    case 3:
      if let id = comments.randomElement(using: &random) {
        _ = try await writer.setCommentHidden(id: id, hidden: Bool.random(using: &random), rows: [])
      }
      return "hide or show a comment"
    case 4:
      if let target, Int.random(in: 0..<2, using: &random) == 0 {
        _ = try? await writer.deleteStatus(id: target)
        statuses.removeAll { $0 == target }
      }
      return "delete a status"
    case 5:
      if let target {
        _ = try await writer.setStatusHidden(id: target, hidden: Bool.random(using: &random),
                                             mentions: someMentions(but: 0), topics: [], rows: [])
      }
      return "hide or show a status"
    case 6:
      if (try? await writer.block(blocker: someone, blocked: other, at: f.now)) == nil {
        try? await writer.unblock(blocker: someone, blocked: other)
      }
      return "block or unblock"
    case 7:
      guard Int.random(in: 0..<3, using: &random) == 0 else { return "nothing" }
      try await f.suspendOrLift(someone, writer, &suspended)
      return "suspend or lift"
    default:
      if (try? await writer.follow(follower: someone, followee: other, id: f.ids.next(at: f.tick()), at: f.now)) == nil {
        try? await writer.unfollow(follower: someone, followee: other)
      }
      return "follow or unfollow"
    }
  }
}
