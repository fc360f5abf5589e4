/// A feed the caches hold for whoever reads it (a home feed is its owner's, apart): a person's statuses
/// (`AuthorFeeds`), or a topic's and the public timeline (`PublicFeeds`); or one read from a held feed: a reader's
/// 互相关注 from their home feed (`HomeFeeds`). The engines ask the caches for its page and, when they do not hold
/// it, fill it in the read that answers.
package enum HeldFeed: Sendable {
  case author(Int64)
  case open(PublicFeeds.Key)
  /// `.bilateral(owner)` read by its owner, unfiltered: from the owner's home feed.
  case mutual(Int64)

  /// The held feed that serves `feed` filtered by `feature` for `viewer`; nil for any other page.
  package init?(_ feed: StatusFeed, _ feature: StatusFeature, seenBy viewer: Int64) {
    if let author = AuthorFeeds.author(of: feed, feature, seenBy: viewer) {
      self = .author(author)
    } else if let key = PublicFeeds.key(of: feed, feature) {
      self = .open(key)
    } else if case .bilateral(let owner) = feed, owner == viewer, feature == .all {
      self = .mutual(owner)
    } else {
      return nil
    }
  }
}

extension StoreCaches {
  /// `held`'s page as `viewer` sees it from the caches alone (`authorPage`, `publicPage`), or nil.
  package func heldPage(_ held: HeldFeed, seenBy viewer: Int64, _ page: Page)
    -> (page: FeedPage<StatusRecord>, context: StatusContextRows)?
  {
    switch held {
    case .author(let author): authorPage(of: author, seenBy: viewer, page)
    case .open(let key): publicPage(key, seenBy: viewer, page)
    case .mutual(let owner): mutualPage(of: owner, page)
    }
  }

  /// Take this before opening the read that fills `held`.
  package func generation(of held: HeldFeed) -> Int {
    switch held {
    case .author: authorFeeds.currentGeneration
    case .open: publicFeeds.currentGeneration
    case .mutual: homeFeeds.currentGeneration
    }
  }

  package func holds(_ held: HeldFeed) -> Bool {
    switch held {
    case .author(let author): authorFeeds.holds(author)
    case .open(let key): publicFeeds.holds(key)
    case .mutual(let owner): homeFeeds.holds(owner)
    }
  }
}
