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
    guard feature == .all || total != nil, let ids = homeFeeds.page(of: owner, page, feature: feature) else { return nil }
    let (rows, missingRows) = statusRows.rows(ids)
    guard missingRows.isEmpty else { return nil }
    let items = ids.compactMap { rows[$0] }
    var (originals, missingOriginals) = statusRows.rows(items.compactMap(\.retweetedID))
    guard missingOriginals.isEmpty, case .relations(let relations) = userRows.relations(of: owner) else { return nil }
    // An original the owner may not see (hidden since it was reposted, or by someone a block keeps them apart from)
    // is shown as gone, as the engines' reads do.
    originals = originals.filter { $0.value.isVisible(to: owner) && !relations.apart.contains($0.value.userID) }
    let all = items + originals.values
    guard let followees = userRows.followees(of: owner) else { return nil }
    let (size, missingCounts) = userRows.statusesCount(of: [owner] + followees, seenBy: owner)
    guard missingCounts.isEmpty else { return nil }
    let (users, missingUsers) = userRows.users(all.map(\.userID))
    guard missingUsers.isEmpty else { return nil }
    let (apps, missingApps) = apps.lookup(all.map(\.appID))
    guard missingApps.isEmpty else { return nil }
    let marks = relations.marks(statuses: all.map(\.id), people: Array(users.keys))
    return (
      FeedPage(items: items, total: total ?? size),
      StatusContextRows(
        originals: originals, users: users, apps: apps, favorited: marks.favorites, liked: marks.likes,
        following: marks.followees, followers: marks.followers)
    )
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
