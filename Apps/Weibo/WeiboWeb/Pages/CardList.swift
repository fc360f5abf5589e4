import Foundation
import SparrowKit
import SparrowPlatform

/// A page of cards (`weibo_cards.mustache` as a fragment, and inside the pages that list statuses): the cards and
/// the footer (none for newer statuses, which script puts on top).
struct CardList: PageModel {
  let cards: [CardModel]
  let more: MoreLink?
  /// For newer statuses: the banner's words (`N条新微博`), in a hidden element script shows.
  var banner: String?

  init(_ cards: [CardModel], more: MoreLink?) {
    self.cards = cards
    self.more = more
  }

  func child(named name: String) -> Any? {
    switch name {
    case "cards": cards
    case "more": more
    case "banner": banner
    default: nil
    }
  }
}
