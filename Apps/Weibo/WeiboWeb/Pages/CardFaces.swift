import Foundation
import SparrowCore
import SparrowPlatform
import SparrowStore
import WeiboAPI

/// Rendered card faces (`CardFaceModel`) by status: a page of twenty cards spent most of its time turning the same
/// texts into HTML and the same models into markup on every request. A face is kept with the rows it was made from
/// (`Shown`) and used only while the rows just read for the request equal them, so it can never be stale, on any
/// instance, and needs no invalidation; a kept face also spares building the status it shows (`Presenter`), which
/// is done only for the statuses whose faces are rendered.
final class CardFaces: Sendable {
  /// What a face is made from, as read for one viewer: the status's row, its author's as shown to the viewer (a
  /// profile staff hid is its owner's alone), and the same of the original it quotes (nil: deleted, or not the
  /// viewer's to see). A status's client is its app, which never changes once registered: the app id stands for it.
  struct Shown: Equatable, Sendable {
    let status: StatusRecord
    let author: UserRecord?
    let original: StatusRecord?
    let originalAuthor: UserRecord?

    init(_ status: StatusRecord, _ rows: StatusContextRows, viewer: Int64) {
      self.status = status
      author = rows.users[status.userID]?.shown(to: viewer)
      original = status.retweetedID.flatMap { rows.originals[$0] }
      originalAuthor = original.flatMap { rows.users[$0.userID]?.shown(to: viewer) }
    }
  }

  /// Faces kept, 10,000 a generation (a few megabytes at most).
  private let kept = KeptByRecord<Shown, CardFace>()
  /// Cuts a rendered face at its time: unguessable, so no text of a status can contain it.
  private let marker = "\u{1}" + UUID().uuidString + "\u{1}"
  private let pages: TemplateLibrary
  /// The whole card's template, cut where its values go.
  let cuts: CardCuts

  init(pages: TemplateLibrary) {
    self.pages = pages
    cuts = CardCuts(pages: pages)
  }

  /// The cards of `records` at `now`, with their context `rows`, for the viewer `presenter` presents to (`viewer`,
  /// 0 for a visitor) with the form token `csrf` (nil: a visitor).
  func cards(_ records: [StatusRecord], rows: StatusContextRows, presenter: Presenter, viewer: Int64, now: Date,
             csrf: String?) -> [CardModel] {
    let shown = records.map { Shown($0, rows, viewer: viewer) }
    var faces = kept.kept(shown) { $0.status.id }
    let missing = faces.indices.filter { faces[$0] == nil }
    if !missing.isEmpty {
      let statuses = presenter.statuses(missing.map { records[$0] }, rows: rows)
      for (index, status) in zip(missing, statuses) {
        let face = render(status)
        kept.keep(face, records[index].id, shown[index])
        faces[index] = face
      }
    }
    return records.indices.map { index in
      let record = records[index]
      return CardModel(record, face: faces[index] ?? CardFace(top: "", rest: ""), liked: rows.liked.contains(record.id),
                       favorited: rows.favorited.contains(record.id), now: now, csrf: csrf, cuts: cuts)
    }
  }

  /// `status`'s face, rendered now.
  func render(_ status: Status) -> CardFace {
    let text = pages.text("weibo_card_face", CardFaceModel(status, slot: marker))
    guard let cut = text.range(of: marker) else { return CardFace(top: text, rest: "") }
    return CardFace(top: String(text[..<cut.lowerBound]), rest: String(text[cut.upperBound...]))
  }
}
