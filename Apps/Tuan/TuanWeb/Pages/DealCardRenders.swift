import Foundation
import SparrowPlatform
import Synchronization

/// Rendered deal cards (`tuan_card`) by deal, each kept with the values it showed. A card has no part that depends
/// on the viewer, so while the card a request builds shows the same values (`DealCard.shown`: prices, 已售, the
/// flag at this moment, the shop's stars, the distance), it is the same markup: nothing can be stale, on any
/// instance, and nothing needs invalidating. A grid of twelve cards spent most of its rendering making Mustache's
/// lookups for each card.
final class DealCardRenders: Sendable {
  /// How many cards are kept; past it they are dropped all at once (a few megabytes at most).
  static let limit = 20_000

  private let kept = Mutex<[Int64: (shown: DealCard.Shown, html: String)]>([:])
  private let pages: TemplateLibrary

  init(pages: TemplateLibrary) { self.pages = pages }

  /// `card`'s markup, rendered unless kept for the same shown values.
  func html(_ card: DealCard) -> String {
    let shown = card.shown
    if let kept = kept.withLock({ $0[card.deal.id] }), kept.shown == shown { return kept.html }
    let html = render(card)
    kept.withLock { cards in
      if cards.count >= Self.limit { cards.removeAll(keepingCapacity: true) }
      cards[card.deal.id] = (shown, html)
    }
    return html
  }

  /// `card`'s markup, rendered now.
  func render(_ card: DealCard) -> String { pages.text("tuan_card", card) }
}
