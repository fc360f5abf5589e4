import Foundation
import SparrowCore
import SparrowDemo
import SparrowStore
import SparrowTestSupport
import Testing
import WeiboAPI
@testable import WeiboWeb

/// Kept comment faces (`CommentFaces`) against rows made afresh through `Presenter`, on every engine, over a random
/// history of writes to the rows a face is made from: comments and replies written (texts with markup, mentions,
/// topics and emoticons), deleted (a reply then answers nothing) and hidden by staff, their authors renamed, given
/// badges and memberships, their profiles hidden by staff, suspended and let back, blocking each other; seen by visitors, by the authors and by others. Every row
/// through the kept faces must be the row made from nothing.
@Test(arguments: StoreKind.available)
func keptCommentFacesAreTheRowsMadeAfresh(kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    let faces = CommentFaces()
    var random = SplitMix(seed: 2026)
    func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
    let now = Date(timeIntervalSince1970: 1_760_700_000)
    let texts = ["你好 @user2", "<b>&amp;</b> \"引号\" 'x'", "#话题# [哈哈] http://t.cn/abc", "回复@user1: 好", "好"]
    var users: [UserRecord] = []
    for id in 1...3 {
      let user = UserRecord(id: Int64(id), screenName: "user\(id)", passwordHash: "", createdAt: now)
      try await store.createUser(user)
      users.append(user)
    }
    let status = StatusRecord(id: 100, userID: 1, text: "正文", appID: 0, createdAt: now.addingTimeInterval(-90_000))
    try await store.insertStatus(status, mentions: [], topics: [], comments: [])
    var comments: [Int64] = []
    /// Comments staff hid: no one else may answer them.
    var hidden: Set<Int64> = []
    var suspended: Set<Int64> = []
    var authors: [Int64: Int64] = [:]
    var blocks: Set<[Int64]> = []
    var nextID: Int64 = 1_000
    for step in 0..<150 {
      switch roll(9) {
      case 0, 1, 2:
        // A comment, now and then a reply to an earlier one; no one writes while suspended (nor under the status of
        // a suspended author, nor answers one).
        let writer = Int64(1 + roll(3))
        guard !suspended.contains(writer), !suspended.contains(status.userID),
          !blocks.contains(where: { $0.contains(writer) && $0.contains(status.userID) }) else { continue }
        let answerable = comments.filter { id in
          !hidden.contains(id) && !suspended.contains(authors[id] ?? 0)
            && !blocks.contains(where: { $0.contains(writer) && $0.contains(authors[id] ?? 0) && writer != authors[id] })
        }
        let reply = answerable.isEmpty || roll(2) == 0 ? nil : answerable[roll(answerable.count)]
        nextID += 1
        authors[nextID] = writer
        let comment = CommentRecord(id: nextID, statusID: status.id, userID: writer,
                                    text: texts[roll(texts.count)], appID: 0,
                                    createdAt: now.addingTimeInterval(-Double(roll(100_000)) - 0.25), replyCommentID: reply)
        try await store.insertComments([comment], mentions: [])
        comments.append(comment.id)
      case 3:
        // An author changes what a face shows: name, badge, membership, or staff hide the profile.
        let i = roll(users.count)
        switch roll(4) {
        case 0: users[i].screenName = "改名\(step)<&>"
        case 1: users[i].verifiedType = [-1, 0, 2][roll(3)]
        case 2: users[i].mbrank = roll(7); users[i].mbtype = roll(2) * 12
        default: users[i].profileHidden.toggle()
        }
        try await store.updateUser(users[i])
      case 4:
        // A comment deleted: the replies to it answer nothing now.
        guard !comments.isEmpty else { continue }
        _ = try await store.deleteComment(id: comments.remove(at: roll(comments.count)))
      case 5:
        // Staff hide a comment (its author still sees it, with the notice), or show it again.
        guard !comments.isEmpty, let comment = try await store.anyComment(id: comments[roll(comments.count)]) else { continue }
        _ = try await store.setCommentHidden(id: comment.id, hidden: !comment.hiddenByStaff, rows: [])
        if comment.hiddenByStaff { hidden.remove(comment.id) } else { hidden.insert(comment.id) }
      case 6:
        // Staff suspend an author, or lift it: the suspended are shown as no one.
        let id = Int64(1 + roll(3))
        if suspended.remove(id) != nil {
          _ = try await store.liftSuspension(userID: id, audit: AuditEntry(
            id: Int64(5_000 + step), actorID: 0, action: "unsuspend", target: "user:\(id)", reason: "", at: now))
        } else {
          suspended.insert(id)
          try await store.suspend(Suspension(userID: id, reason: "测试", at: now), audit: AuditEntry(
            id: Int64(5_000 + step), actorID: 0, action: "suspend", target: "user:\(id)", reason: "测试", at: now))
        }
      case 7:
        // One author blocks another, or lets them back: neither sees the other's comments.
        let (a, b) = (Int64(1 + roll(3)), Int64(1 + roll(3)))
        guard a != b else { continue }
        if blocks.remove([a, b]) != nil {
          try await store.unblock(blocker: a, blocked: b)
        } else {
          blocks.insert([a, b])
          try await store.block(blocker: a, blocked: b, at: now)
        }
      default:
        break
      }
      for viewer in [0, Int64(1 + roll(3))] {
        let records = try await store.comments(in: .onStatus(status.id), page: Page(count: 20), seenBy: viewer).items
        let presenter = Presenter(store: store, baseURL: "", viewer: viewer)
        let kept = try await faces.rows(records, on: status.id, store: store, presenter: presenter, viewer: viewer, now: now)
        let fresh = try await presenter.comments(records).map {
          DetailRow(comment: $0, on: status.id, viewerID: viewer == 0 ? nil : viewer, now: now)
        }
        #expect(kept == fresh, "step \(step) viewer \(viewer)")
      }
    }
  }
}
