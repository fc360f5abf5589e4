import Foundation
import Synchronization

/// The in-process caches every engine reads through, with one entry point for invalidation.
///
/// The one table of the caches (`docs/architecture.md` points here):
///
/// | cache | holds | bound | dropped by |
/// |---|---|---|---|
/// | `apps` | registered apps by id | every app (few; they rarely change) | `.app` (its scopes changed), `.everything` |
/// | `grants` | OAuth grants by token hash | `GrantCache.limit` (50,000) | `.grant` (a code or refresh token taken), `.tokens`, `.origin` (revoked), `.grantsOf` (suspended), `.app` |
/// | `userRows` | user rows, follow lists, each viewer's favourites, likes and follows | `UserRowCache.limit` (100,000) rows; `relationsLimit` (25,000) relations a reader | `.userRows`, `.everything` |
/// | `seen` | the highest seen mark per user and kind | `SeenMarks.limit` (100,000) | nothing: marks only grow, so a known one is a floor |
/// | `unreadBadges` | each reader's 消息 badge count and status mark, as last read | `UnreadCache.limit` (50,000), two generations | `.unread` (the people a write reaches), `.userRows(relationsOf:)` (follows, blocks), `.statuses(removed:)` and `.everything` (all) |
/// | `unreadCounts` | each reader's `remind/unread_count` kinds but statuses, and status mark, as last read | as `unreadBadges` | as `unreadBadges` |
/// | `reachedReads` | each reader's notifications, comments to them and naming them, likes of theirs and the ids of statuses naming them, as last read | `ReachedReads.limit` (1,000) readers a generation, two generations; 8 reads (pages) each | as `unreadBadges` |
/// | `statusRows` | status rows by id | 20,000 a generation, two generations | `.statuses` (changed or removed), `.everything` |
/// | `homeFeeds` | each reader's home feed as ids | 2,000 readers (LRU), the newest 800 ids each | `.statuses` (posted: added; removed: taken out), `.userRows` (`followeesOf`), `.everything` |
/// | `authorFeeds` | each author's statuses as ids, with whether each is public | 5,000 authors (LRU), the newest 200 ids each | `.statuses` (posted: added; removed: taken out), `.everything` (a status hidden or shown, a suspension) |
/// | `commentFeeds` | each status's comments as rows, with each commenter's numbers when not all are held | 1,000 statuses (LRU), the newest 256 comments each | `.statuses` (changed or removed: a comment posted, deleted, hidden or shown names its status), `.everything` |
/// | `commentRows` | comment rows by id, each under its status's stamp | 20,000 rows and status stamps a generation, two generations | `.statuses` (changed or removed: drops the status's stamp), `.everything` |
/// | 微博's `HotTopicsCache` (an app's, a `StatusSums`) | 热门话题 by window start and length | 16 lists | `sumsGeneration`: any status posted or removed, anyone's follows changed, `.everything` |
/// | 微博's `FeedTotals` (an app's, a `StatusSums`) | how many public statuses a search's index finds, by words; how many 互相关注 holds, by reader | 2,000 feeds | as `HotTopicsCache` |
/// | 团购's `DealRows` (an app's) | deal and shop rows by id, under the deals' stamp they were read with | 20,000 of each | itself: a read uses only rows kept under the stamp it reads first; a new stamp starts afresh |
/// | 团购's `OnSaleSets` (an app's, through `app(_:make:)`) | the cities, regions and categories with deals on sale, and how many deals each filter finds; a visitor's pages of a merchant's reviews | 2,000 entries (one set per city and kind, one total per filter); 500 places' lists; 500 pages of reviews, each also under `everythingGeneration` (a suspension) | itself: each read checks the deals' stamp (counters moved by the writes), so any process's write answered before a request arrived shows to it (on PostgreSQL one stamp read since then serves a request's reads, ended by this process's writes, and the requests that ask while a read is out share the next, `SharedRead`), and a set ends at the next publication or deadline |
///
/// Engines call `invalidate` after each write commits. `publish` hands the same change to other processes
/// that share the database (an engine that has a channel wires it); they `apply` it without publishing again.
package final class StoreCaches: Sendable {
  package let apps = AppCache()
  package let grants = GrantCache()
  package let userRows = UserRowCache()
  package let seen = SeenMarks()
  package let unreadBadges = UnreadCache<KeptBadges>()
  package let unreadCounts = UnreadCache<KeptUnreadCounts>()
  package let statusRows = StatusRowCache()
  package let homeFeeds: HomeFeeds
  /// Statuses posted and removed, for live streams.
  package let statusEvents = StatusEvents()
  private let publish: @Sendable (CacheInvalidation) -> Void
  /// Caches an app keeps beside these, one of each type per process and database (`OnSaleSets`).
  private let appCaches = Mutex<[ObjectIdentifier: any Sendable]>([:])
  private let statusChanges = Atomic<Int>(0)
  // Last of the stored properties, newest last: a module built against the earlier layout reads the others where
  // they were (an incremental build does not always rebuild the dependents of a package class whose fields moved).
  package let authorFeeds: AuthorFeeds
  package let publicFeeds: PublicFeeds
  package let commentFeeds: CommentFeeds
  private let followChanges = Atomic<Int>(0)
  package let reachedReads = ReachedReads()
  package let commentRows = CommentRowCache()
  private let everythingChanges = Atomic<Int>(0)

  package init(homeFeeds: HomeFeeds = HomeFeeds(), authorFeeds: AuthorFeeds = AuthorFeeds(),
               publicFeeds: PublicFeeds = PublicFeeds(), commentFeeds: CommentFeeds = CommentFeeds(),
               publish: @escaping @Sendable (CacheInvalidation) -> Void = { _ in }) {
    self.homeFeeds = homeFeeds
    self.authorFeeds = authorFeeds
    self.publicFeeds = publicFeeds
    self.commentFeeds = commentFeeds
    self.publish = publish
  }

  /// The app's cache of type `T`, made on first use: an app's store is a value made per use, so what it caches
  /// lives here, with the engine.
  package func app<T: Sendable>(_ type: T.Type = T.self, make: () -> T) -> T {
    appCaches.withLock { caches in
      if let cache = caches[ObjectIdentifier(type)] as? T { return cache }
      let cache = make()
      caches[ObjectIdentifier(type)] = cache
      return cache
    }
  }

  /// Moves whenever a status is posted or removed or someone's follows change (a follow, an unfollow, a block),
  /// here or in another process, and on `.everything`: what an app keeps of sums over statuses (hot topics, a
  /// search's size) and over whom people follow (互相关注's size) holds while it stands. Take it before the read
  /// whose result is kept. (Both counts only grow, so their sum moves when either does.)
  package var sumsGeneration: Int { statusChanges.load(ordering: .acquiring) + followChanges.load(ordering: .acquiring) }

  /// Moves on `.everything`, here or in another process: a suspension or its lifting among them, which changes what
  /// even a signed-out reader sees of the person's content (`Blocking.between`). What an app keeps of a signed-out
  /// reader's view beyond its own stamps holds while it stands. Take it before the read whose result is kept.
  package var everythingGeneration: Int { everythingChanges.load(ordering: .acquiring) }

  /// Hits and misses of each cache, by the name `/metrics` shows.
  package var tallies: [(cache: String, tally: CacheTally)] {
    [("apps", apps.tally), ("grants", grants.tally), ("user_rows", userRows.tally), ("status_rows", statusRows.tally),
     ("home_pages", homeFeeds.tally), ("author_pages", authorFeeds.tally), ("public_pages", publicFeeds.tally),
     ("comment_pages", commentFeeds.tally), ("comment_rows", commentRows.tally),
     ("unread_badges", unreadBadges.tally), ("unread_counts", unreadCounts.tally),
     ("reached_reads", reachedReads.tally)]
  }

  /// Drops what `change` names here and announces it to the other processes.
  package func invalidate(_ change: CacheInvalidation) {
    apply(change)
    publish(change)
  }

  /// Drops what `change` names here only: for changes another process announced.
  package func apply(_ change: CacheInvalidation) {
    switch change {
    case .userRows(let users, let followeesOf, let relationsOf):
      if !followeesOf.isEmpty { followChanges.add(1, ordering: .releasing) }
      userRows.drop(users: users, followeesOf: followeesOf, relationsOf: relationsOf)
      homeFeeds.drop(owners: followeesOf)
      // A follow moves the followee's new followers; a block between two people what each is counted of the other's.
      unreadBadges.drop(relationsOf)
      unreadCounts.drop(relationsOf)
      reachedReads.drop(relationsOf)
    case .statuses(let posted, let changed, let removed):
      if !posted.isEmpty || !removed.isEmpty { statusChanges.add(1, ordering: .releasing) }
      // Its comments, likes and mentions leave whoever they were counted for.
      if !removed.isEmpty {
        unreadBadges.dropAll()
        unreadCounts.dropAll()
        reachedReads.dropAll()
      }
      statusRows.drop(changed + removed)
      homeFeeds.removed(removed)
      authorFeeds.removed(removed)
      publicFeeds.removed(removed)
      commentFeeds.drop(statuses: changed + removed)
      commentRows.drop(statuses: changed + removed)
      posted.forEach(homeFeeds.posted)
      posted.forEach(authorFeeds.posted)
      posted.forEach(publicFeeds.posted)
      posted.forEach { statusEvents.send(.posted($0)) }
      removed.forEach { statusEvents.send(.removed($0)) }
    case .several(let changes):
      changes.forEach(apply)
    case .grant(let hash):
      grants.remove(hash: hash)
    case .tokens(let userID, let appID):
      grants.removeTokens(userID: userID, appID: appID)
    case .origin(let origin):
      grants.remove(origin: origin)
    case .grantsOf(let userID):
      grants.remove(userID: userID)
    case .app(let id):
      apps.remove(id)
      grants.remove(appID: id)
    case .unread(let users):
      if let users {
        unreadBadges.drop(users)
        unreadCounts.drop(users)
        reachedReads.drop(users)
      } else {
        unreadBadges.dropAll()
        unreadCounts.dropAll()
        reachedReads.dropAll()
      }
    case .everything:
      statusChanges.add(1, ordering: .releasing)
      everythingChanges.add(1, ordering: .releasing)
      apps.removeAll()
      userRows.dropAll()
      grants.removeAll()
      statusRows.dropAll()
      homeFeeds.dropAll()
      authorFeeds.dropAll()
      publicFeeds.dropAll()
      commentFeeds.dropAll()
      commentRows.dropAll()
      unreadBadges.dropAll()
      unreadCounts.dropAll()
      reachedReads.dropAll()
    }
  }
}

/// What a write changed, for the caches that hold it. Codable, so it can travel between processes.
package enum CacheInvalidation: Sendable, Equatable, Codable {
  /// These users' rows (profile, counters), the follow lists of `followeesOf` and the relations (favourites,
  /// likes, follows both ways) of `relationsOf`.
  case userRows(users: [Int64] = [], followeesOf: [Int64] = [], relationsOf: [Int64] = [])
  /// Statuses posted (for the home feeds that hold their author), changed (their counters) and removed.
  case statuses(posted: [PostedStatus] = [], changed: [Int64] = [], removed: [Int64] = [])
  /// Several changes of one write, announced together.
  case several([CacheInvalidation])
  /// One grant, taken (a code or refresh token is used once).
  case grant(hash: String)
  /// A user's access and refresh grants for an app, revoked.
  case tokens(userID: Int64, appID: Int64)
  /// The grants issued from one authorization code (by its hash), revoked when the code was used again.
  case origin(String)
  /// Every grant of a user, of every kind and app (a suspended account).
  case grantsOf(userID: Int64)
  /// An app's registration changed (its scopes), and grants of it may have ended.
  case app(Int64)
  /// What reaches these people may have moved: their unread counts and notifications (a comment to them, a like or
  /// a repost of theirs, a mention, their mark, a notification dismissed); nil: anyone's (a write whose reach was
  /// not learned, say its answer was lost).
  case unread(users: [Int64]?)
  /// Everything that can change: after bulk imports and counter repairs.
  case everything
}
