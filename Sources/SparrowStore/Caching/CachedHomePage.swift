import Foundation

extension StoreCaches {
  /// A page of `owner`'s home feed filtered by `feature` as its owner sees it, from the caches alone: the same page
  /// and context the engines' `statuses(in: .home(owner), feature:, page:, viewer: owner)` read, or nil when
  /// anything it needs is not held (the engine then reads the database, and fills the caches for the next time).
  /// A filtered feed's `total` is the engine's to give (`WeiboSQL.homeTotal`, kept by `HomeFeeds.total`); the whole
  /// feed's is the people's counters, held.
  package func homePage(of owner: Int64, _ page: Page, feature: StatusFeature = .all, total: Int? = nil)
    -> (page: FeedPage<StatusRecord>, context: StatusContextRows)?
  {
    let served = cachedHomePage(of: owner, page, feature: feature, total: total)
    homeFeeds.count(served: served != nil)
    return served
  }

  private func cachedHomePage(of owner: Int64, _ page: Page, feature: StatusFeature, total: Int?)
    -> (page: FeedPage<StatusRecord>, context: StatusContextRows)?
  {
    guard feature == .all || total != nil, let ids = homeFeeds.page(of: owner, page, feature: feature),
      case .relations(let relations) = userRows.relations(of: owner), let followees = userRows.followees(of: owner)
    else { return nil }
    let (size, missingCounts) = userRows.statusesCount(of: [owner] + followees, seenBy: owner)
    guard missingCounts.isEmpty else { return nil }
    return heldPage(ids, total: total ?? size, viewer: owner, relations: relations)
  }

  /// A page of `owner`'s 互相关注 (`.bilateral(owner)`, unfiltered) as its owner sees it, from the caches alone, as
  /// the engines' reads give it, or nil when anything it needs is not held: the statuses of the owner's held home
  /// feed by those they follow who follow them back, less whom the owner's held relations hide (`WeiboSQL.hidden`:
  /// kept apart, muted), and the total from those people's counters (`WeiboSQL.total`). The home feed holds them
  /// all: the public statuses of everyone followed, less the muted and suspended. At a million statuses, walking
  /// the newest statuses for a page of theirs read 1,800 rows.
  package func mutualPage(of owner: Int64, _ page: Page)
    -> (page: FeedPage<StatusRecord>, context: StatusContextRows)?
  {
    var served: (page: FeedPage<StatusRecord>, context: StatusContextRows)?
    if case .relations(let relations) = userRows.relations(of: owner) {
      var shown = relations.followees.intersection(relations.followers)
      shown.subtract(relations.apart)
      shown.subtract(relations.muting)
      shown.remove(owner)
      if let ids = homeFeeds.page(of: owner, page, authors: shown) {
        let (total, missingCounts) = userRows.statusesCount(of: Array(shown), seenBy: owner)
        if missingCounts.isEmpty { served = heldPage(ids, total: total, viewer: owner, relations: relations) }
      }
    }
    homeFeeds.count(served: served != nil)
    return served
  }

  /// A page of `author`'s statuses as `viewer` sees them (`.user(author, viewer:)`, unfiltered) from the caches
  /// alone, as the engines' reads give it, or nil when anything it needs is not held: the ids from `authorFeeds`,
  /// the total from the author's counters, nothing for someone a block or a suspension keeps apart (the viewer's
  /// held relations name them, as `Blocking` does).
  package func authorPage(of author: Int64, seenBy viewer: Int64, _ page: Page)
    -> (page: FeedPage<StatusRecord>, context: StatusContextRows)?
  {
    let served = cachedAuthorPage(of: author, seenBy: viewer, page)
    authorFeeds.count(served: served != nil)
    return served
  }

  private func cachedAuthorPage(of author: Int64, seenBy viewer: Int64, _ page: Page)
    -> (page: FeedPage<StatusRecord>, context: StatusContextRows)?
  {
    guard case .relations(let relations) = userRows.relations(of: viewer) else { return nil }
    if relations.apart.contains(author) {
      return (FeedPage(items: [], total: 0), StatusContextRows(
        originals: [:], users: [:], apps: [:], favorited: [], liked: [], following: [], followers: []))
    }
    guard let ids = authorFeeds.page(of: author, seenBy: viewer, page) else { return nil }
    let (total, missingCounts) = userRows.statusesCount(of: [author], seenBy: viewer)
    guard missingCounts.isEmpty else { return nil }
    return heldPage(ids, total: total, viewer: viewer, relations: relations)
  }

  /// A page of a topic's statuses or of the public timeline as `viewer` sees it, from the caches alone, as the
  /// engines' reads give it, or nil when anything it needs is not held: the ids and total from `publicFeeds`, less
  /// the statuses of those the viewer's held relations hide (`PublicFeeds.hidden`).
  package func publicPage(_ key: PublicFeeds.Key, seenBy viewer: Int64, _ page: Page)
    -> (page: FeedPage<StatusRecord>, context: StatusContextRows)?
  {
    var served: (page: FeedPage<StatusRecord>, context: StatusContextRows)?
    if case .relations(let relations) = userRows.relations(of: viewer),
      let (ids, total) = publicFeeds.page(of: key, hiding: PublicFeeds.hidden(key, relations), page)
    {
      served = heldPage(ids, total: total, viewer: viewer, relations: relations)
    }
    publicFeeds.count(served: served != nil)
    return served
  }

  /// `ids` (a held feed's page, in order) with their rows and context as `viewer` sees them, from the caches alone;
  /// nil when any of it is not held.
  private func heldPage(_ ids: [Int64], total: Int, viewer: Int64, relations: UserRowCache.Relations)
    -> (page: FeedPage<StatusRecord>, context: StatusContextRows)?
  {
    let (rows, missingRows) = statusRows.rows(ids)
    guard missingRows.isEmpty else { return nil }
    let items = ids.compactMap { rows[$0] }
    guard let context = context(for: items, viewer: viewer, relations: relations) else { return nil }
    return (FeedPage(items: items, total: total), context)
  }

  /// The context of `statuses` as `viewer` sees it (their originals; the people and clients of both, and `people`
  /// and `apps` besides; the viewer's marks among them) from the caches alone: what the engines'
  /// `context(for:people:apps:viewer:)` reads, or nil when any of it is not held.
  package func context(for statuses: [StatusRecord], people: [Int64] = [], apps extraApps: [Int64] = [],
                       viewer: Int64) -> StatusContextRows?
  {
    guard case .relations(let relations) = userRows.relations(of: viewer) else { return nil }
    return context(for: statuses, people: people, apps: extraApps, viewer: viewer, relations: relations)
  }

  private func context(for statuses: [StatusRecord], people: [Int64] = [], apps extraApps: [Int64] = [],
                       viewer: Int64, relations: UserRowCache.Relations) -> StatusContextRows?
  {
    let (originals, missingOriginals) = statusRows.rows(statuses.compactMap(\.retweetedID))
    guard missingOriginals.isEmpty else { return nil }
    // The people, apps and marks of every original, shown or not, as the engines' reads give them.
    let all = statuses + originals.values
    let (users, missingUsers) = userRows.users(all.map(\.userID) + people)
    guard missingUsers.isEmpty else { return nil }
    let (apps, missingApps) = apps.lookup(all.map(\.appID) + extraApps)
    guard missingApps.isEmpty else { return nil }
    let marks = relations.marks(statuses: all.map(\.id), people: Array(users.keys))
    return StatusContextRows(
      // An original the viewer may not see (hidden since it was reposted, or by someone a block keeps them apart
      // from) is shown as gone, as the engines' reads do.
      originals: originals.filter { $0.value.isVisible(to: viewer) && !relations.apart.contains($0.value.userID) },
      users: users, apps: apps, favorited: marks.favorites, liked: marks.likes,
      following: marks.followees, followers: marks.followers)
  }
}

extension UserRowCache.Relations {
  /// Those of `statuses` favourited and liked, and those of `people` followed and following.
  package func marks(statuses: [Int64], people: [Int64]) -> Self {
    var marks = Self()
    for id in statuses {
      if favorites.contains(id) { marks.favorites.insert(id) }
      if likes.contains(id) { marks.likes.insert(id) }
    }
    for id in people {
      if followees.contains(id) { marks.followees.insert(id) }
      if followers.contains(id) { marks.followers.insert(id) }
      if apart.contains(id) { marks.apart.insert(id) }
    }
    return marks
  }
}
