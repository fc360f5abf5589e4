import Foundation
import SparrowCore
import SparrowPlatform
import Synchronization

/// Rendered card faces (`CardFaceModel`) by status: a page of twenty cards spent most of its time turning the same
/// texts into HTML and the same models into markup on every request. A face is kept with the status as it showed
/// it, with what changes without changing the face left out (counts, the viewer's marks, the author's counts and
/// relations); it is used only while the status, read fresh by every request, still equals that, so it can never
/// be stale, on any instance, and needs no invalidation. Any other field that changes renders the face anew.
final class CardFaces: Sendable {
  /// How many faces are kept; past it they are dropped all at once (a few megabytes at most).
  static let limit = 20_000

  private let kept = Mutex<[Int64: (shown: Status, face: CardFace)]>([:])
  /// Cuts a rendered face at its time: unguessable, so no text of a status can contain it.
  private let marker = "\u{1}" + UUID().uuidString + "\u{1}"
  private let pages: TemplateLibrary
  /// The whole card's template, cut where its values go.
  let cuts: CardCuts

  init(pages: TemplateLibrary) {
    self.pages = pages
    cuts = CardCuts(pages: pages)
  }

  /// `status`'s card at `now` for a viewer with the form token `csrf` (nil: a visitor).
  func card(_ status: Status, now: Date, csrf: String?) -> CardModel {
    CardModel(status, face: face(status), now: now, csrf: csrf, cuts: cuts)
  }

  /// The face of `status`, rendered unless kept for the same shown status.
  func face(_ status: Status) -> CardFace {
    let shown = Self.shown(status)
    if let kept = kept.withLock({ $0[status.id] }), kept.shown == shown { return kept.face }
    let face = render(status)
    kept.withLock { faces in
      if faces.count >= Self.limit { faces.removeAll(keepingCapacity: true) }
      faces[status.id] = (shown, face)
    }
    return face
  }

  /// `status`'s face, rendered now.
  func render(_ status: Status) -> CardFace {
    let text = pages.text("weibo_card_face", CardFaceModel(status, slot: marker))
    guard let cut = text.range(of: marker) else { return CardFace(top: text, rest: "") }
    return CardFace(top: String(text[..<cut.lowerBound]), rest: String(text[cut.upperBound...]))
  }

  /// `status` without what its face does not show.
  static func shown(_ status: Status) -> Status {
    var shown = status
    shown.repostsCount = 0
    shown.commentsCount = 0
    shown.attitudesCount = 0
    shown.liked = false
    shown.favorited = false
    shown.user = status.user.map(shown(_:))
    shown.retweetedStatus = status.retweetedStatus.map { Box(Self.shown($0.value)) }
    return shown
  }

  static func shown(_ user: User) -> User {
    var shown = user
    shown.followersCount = 0
    shown.friendsCount = 0
    shown.statusesCount = 0
    shown.favouritesCount = 0
    shown.biFollowersCount = 0
    shown.following = false
    shown.followMe = false
    shown.onlineStatus = 0
    shown.status = nil
    return shown
  }
}
