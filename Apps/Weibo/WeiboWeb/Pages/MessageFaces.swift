import Foundation
import SparrowKit
import SparrowStore
import WeiboAPI

/// The faces of 消息's status rows (`MessageRow.Face`: the author's label, the text as HTML, the quoted original),
/// kept with the rows they are made from (`CardFaces.Shown`), as `CardFaces` keeps cards: presenting each status
/// and turning its text into HTML was a third of 消息 (@我的), from the same rows every time. A face is used only
/// while the rows just read equal those it was made from, so it is never stale and needs no invalidation.
final class MessageFaces: Sendable {
  /// Faces kept, 10,000 a generation.
  private let kept = KeptByRecord<CardFaces.Shown, MessageRow.Face>()

  /// The rows of `records`, with their context `rows`, for `viewer` (0: a visitor), presented by `presenter` where
  /// no face is kept, at `now`.
  func rows(_ records: [StatusRecord], rows: StatusContextRows, presenter: Presenter, viewer: Int64, now: Date)
    -> [MessageRow]
  {
    let shown = records.map { CardFaces.Shown($0, rows, viewer: viewer) }
    var faces = kept.kept(shown) { $0.status.id }
    let missing = faces.indices.filter { faces[$0] == nil }
    if !missing.isEmpty {
      for (index, status) in zip(missing, presenter.statuses(missing.map { records[$0] }, rows: rows)) {
        let face = MessageRow.face(status)
        kept.keep(face, records[index].id, shown[index])
        faces[index] = face
      }
    }
    return records.indices.map { index in
      MessageRow(face: faces[index] ?? MessageRow.Face(user: nil, html: "", quote: nil), status: records[index].id,
                 time: StatusViewModel.createdText(at: records[index].createdAt, now: now))
    }
  }
}
