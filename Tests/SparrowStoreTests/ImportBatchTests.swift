import Foundation
import SparrowStore
import WeiboStore
import Testing

/// `ImportBatch.parts(of:)`: the parts together hold every row once, and each row goes with its status.
@Test func anImportBatchInPartsHoldsEveryRowOnceEachWithItsStatus() {
  var batch = ImportBatch()
  let at = Date(timeIntervalSince1970: 1_750_000_000)
  batch.users = [UserRecord(id: 1, screenName: "alice", passwordHash: "x", createdAt: at)]
  for n: Int64 in 0..<5 { batch.follows.append((n, n + 1, 100 + n, at)) }
  batch.statuses = (10..<17).map { StatusRecord(id: Int64($0), userID: 1, text: "第\($0)条", appID: 0, createdAt: at) }
  batch.statusTopics = [(status: 16, topic: "话题"), (status: 10, topic: "话题")]
  batch.statusMentions = [(status: 12, user: 1)]
  batch.comments = [CommentRecord(id: 50, statusID: 15, userID: 1, text: "评论", appID: 0, createdAt: at),
                    CommentRecord(id: 51, statusID: 15, userID: 1, text: "回复", appID: 0, createdAt: at, replyCommentID: 50)]
  batch.commentMentions = [(comment: 51, user: 1)]
  batch.likes = [Mark(id: 60, userID: 1, statusID: 11, createdAt: at)]
  batch.favorites = [Mark(id: 61, userID: 1, statusID: 16, createdAt: at)]

  let parts = batch.parts(of: 2)
  #expect(parts.map(\.rowCount).reduce(0, +) == batch.rowCount)
  #expect(parts.flatMap(\.follows).map(\.2) == batch.follows.map(\.2))
  #expect(parts.flatMap(\.statuses) == batch.statuses)
  #expect(parts.flatMap(\.comments) == batch.comments)
  #expect(parts.contains { $0.statuses.count == 2 } && parts.allSatisfy { $0.statuses.count <= 2 })
  for part in parts {
    let here = Set(part.statuses.map(\.id))
    #expect(part.statusTopics.allSatisfy { here.contains($0.status) })
    #expect(part.statusMentions.allSatisfy { here.contains($0.status) })
    #expect(part.comments.allSatisfy { here.contains($0.statusID) })
    #expect(part.likes.allSatisfy { here.contains($0.statusID) })
    #expect(part.favorites.allSatisfy { here.contains($0.statusID) })
    let comments = Set(part.comments.map(\.id))
    #expect(part.commentMentions.allSatisfy { comments.contains($0.comment) })
  }
}
