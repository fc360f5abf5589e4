import Foundation
import SparrowKit
import SparrowStore
import WeiboAPI
import WeiboStore

/// The faces of a status page's comment rows (`DetailRow.Face`: the author's label, the text as HTML), kept with
/// the rows they are made from, as `CardFaces` keeps cards: making them (each comment presented through `Presenter`
/// with its status, its text parsed and turned into HTML) was a fifth of the page, from the same rows every time.
/// A face is used only while the rows just read for the request equal those it was made from, so it is never
/// stale, on any instance, and needs no invalidation.
final class CommentFaces: Sendable {
  /// What a face is made from, as read for one viewer: the comment's row, its author's as shown to the viewer (a
  /// profile staff hid is its owner's alone), and the comment it answers with its author (nil: none, or not the
  /// viewer's to see), whose name starts a reply's text.
  struct Shown: Equatable, Sendable {
    let comment: CommentRecord
    let author: UserRecord?
    let reply: CommentRecord?
    let replyAuthor: UserRecord?
  }

  /// Faces kept, 10,000 a generation.
  private let kept = KeptByRecord<Shown, DetailRow.Face>()

  /// The rows of `records` (a page of the comments on `statusID`, a status the viewer may see) for `viewer` (0: a
  /// visitor), presented by `presenter` where no face is kept, at `now`.
  func rows(_ records: [CommentRecord], on statusID: Int64, store: any WeiboStore, presenter: Presenter, viewer: Int64,
            now: Date) async throws -> [DetailRow] {
    guard !records.isEmpty else { return [] }
    let replyIDs = records.compactMap(\.replyCommentID)
    // `records` are a page of the comments on `statusID`, which the viewer may see: the comments answered are
    // taken from it where they are on it.
    let replies = replyIDs.isEmpty ? [:] : try await store.comments(
      ids: replyIDs, visibleTo: viewer, amongPage: records, onStatuses: [statusID])
    // Straight from the user rows (cached): the comments and replies read for the viewer already leave out anyone a
    // block keeps apart from them and the suspended (`WeiboSQL.commentShown`), whom `Presenter`'s read drops.
    let users = try await store.users(ids: records.map(\.userID) + replies.values.map(\.userID))
    let shown = records.map { record in
      let reply = record.replyCommentID.flatMap { replies[$0] }
      return Shown(comment: record, author: users[record.userID]?.shown(to: viewer), reply: reply,
                   replyAuthor: reply.flatMap { users[$0.userID]?.shown(to: viewer) })
    }
    var faces = kept.kept(shown) { $0.comment.id }
    let missing = faces.indices.filter { faces[$0] == nil }
    if !missing.isEmpty {
      let comments = try await presenter.comments(missing.map { records[$0] })
      for (index, comment) in zip(missing, comments) {
        let face = DetailRow.face(CommentViewModel(comment: comment, emoticons: WebRichText.phrases))
        kept.keep(face, records[index].id, shown[index])
        faces[index] = face
      }
    }
    return records.indices.map { index in
      let record = records[index]
      return DetailRow(face: faces[index] ?? DetailRow.Face(user: nil, html: nil), comment: record.id, by: record.userID,
                       on: statusID, hidden: record.hiddenByStaff, viewerID: viewer == 0 ? nil : viewer,
                       time: StatusViewModel.createdText(at: record.createdAt, now: now))
    }
  }
}
