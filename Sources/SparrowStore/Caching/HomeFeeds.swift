import Foundation

/// Each reader's home feed as status ids, newest first, kept hot so that a page needs no query: the newest
/// `depth` ids of the feed (all of it when it is shorter), filled on a first read, updated in place when a status
/// is posted or removed, and dropped when its owner follows or unfollows someone. At most `limit` feeds are held;
/// the least recently read goes first.
///
/// The feed is the one rule of the engines' home queries: the owner's statuses, and the public ones of the people
/// the owner follows (held with the feed, as read with it). A fill passes the generation it started at, and any
/// change bumps it, so a read that raced with a write does not cache what it saw.
package final class HomeFeeds: Sendable {

  /// What a held status is, as the filtered pages and the unread count ask.
  package struct Kind: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The feed owner's own (the tab bar's count leaves them out: `unread`).
    package static let mine = Kind(rawValue: 1)
    /// Not a repost (`StatusFeature.original`).
    package static let original = Kind(rawValue: 2)
    /// With pictures (`StatusFeature.picture`).
    package static let pictures = Kind(rawValue: 4)

    package init(mine: Bool, original: Bool, pictures: Bool) {
      self = Kind(rawValue: (mine ? 1 : 0) | (original ? 2 : 0) | (pictures ? 4 : 0))
    }

    /// Whether a status of this kind is in the feed filtered by `feature`.
    func shows(_ feature: StatusFeature) -> Bool {
      switch feature {
      case .all: true
      case .original: contains(.original)
      case .picture: contains(.pictures)
      }
    }
  }

  /// What a feed holds of each of its statuses: its kind, and its author (互相关注 is the feed's statuses by some of
  /// its authors: `page(of:_:authors:)`).
  struct Held {
    let kind: Kind
    let author: Int64
  }

  /// What a home feed keeps besides its ids: whom the owner follows (as read with it), and the filtered feeds'
  /// totals (`WeiboSQL.homeTotal`, counted over every followee's authored kinds), kept until the feed changes: a
  /// status of the owner or of one they see posted, or any status removed.
  struct Extra {
    let followees: Set<Int64>
    var totals: [StatusFeature: Int] = [:]
  }

  private let held: HeldFeeds<Int64, Held, Extra>
  /// Ids held per feed (forty pages of twenty by default); deeper pages are read from the database.
  package var depth: Int { held.depth }
  package var limit: Int { held.limit }

  package init(limit: Int = 2_000, depth: Int = 800) {
    held = HeldFeeds(limit: limit, depth: depth)
  }

  /// Home pages served from the caches alone, and not.
  package var tally: CacheTally { held.tally }

  /// Take this before opening the read transaction whose feed will be added.
  package var currentGeneration: Int { held.currentGeneration }

  /// Counts a home page served from the caches alone, or not.
  package func count(served: Bool) { held.count(served: served) }

  /// Whether `owner`'s feed is held.
  package func holds(_ owner: Int64) -> Bool { held.holds(owner) }

  /// The ids of `page` of `owner`'s feed filtered by `feature`, or nil when the feed is not held or the page
  /// reaches past what is.
  package func page(of owner: Int64, _ page: Page, feature: StatusFeature = .all) -> [Int64]? {
    held.read(owner) { feed in
      let shown = feature == .all
        ? feed.ids : zip(feed.ids, feed.infos).compactMap { $1.kind.shows(feature) ? $0 : nil }
      return Self.window(page, in: shown, complete: feed.complete)
    }
  }

  /// The ids of `page` of `owner`'s feed by `authors` only, or nil as `page(of:_:feature:)`. The held ids by them
  /// are all of theirs down to the oldest held, so a page within those is the page of their statuses in the feed.
  package func page(of owner: Int64, _ page: Page, authors: Set<Int64>) -> [Int64]? {
    held.read(owner) { feed in
      let shown = zip(feed.ids, feed.infos).compactMap { authors.contains($1.author) ? $0 : nil }
      return Self.window(page, in: shown, complete: feed.complete)
    }
  }

  /// `page` of a feed whose newest ids are `ids` (all of them when `complete`), as the engines' queries page:
  /// `since_id` < id ≤ `max_id`, newest first, `offset` skipped, `count` at most. Nil when it reaches past `ids`.
  package static func window(_ page: Page, in ids: [Int64], complete: Bool) -> [Int64]? {
    let start = page.maxID > 0 ? firstIndex(atMost: page.maxID, in: ids) : 0
    var found: [Int64] = []
    found.reserveCapacity(page.count)
    var index = start + page.offset
    while found.count < page.count {
      guard index < ids.count else { return complete ? found : nil }
      if ids[index] <= page.sinceID { break }
      found.append(ids[index])
      index += 1
    }
    return found
  }

  /// The total of `owner`'s feed filtered by `feature`: kept with the held feed, else `count` (the database's, read
  /// caught up) kept for the next page. A count that raced with a write is not kept (the generation moved).
  /// Counting it summed the kind counts of every followee on each page of 原创 or 图片.
  package func total(of owner: Int64, _ feature: StatusFeature, count: () async throws -> Int) async rethrows -> Int {
    let (kept, generation) = held.peek(owner) { $0.extra.totals[feature] }
    if let kept { return kept }
    let total = try await count()
    held.keep(owner, readAt: generation) { $0.extra.totals[feature] = total }
    return total
  }

  /// How many statuses of `owner`'s feed after `mark` are others', up to `cap` (the tab bar's 首页 badge, as
  /// `WeiboSQL`'s unread statuses count them); nil when the feed is not held or the count reaches past what is.
  /// Counting them in the database walked every newer status checking its author against the follow list.
  package func unread(of owner: Int64, after mark: Int64, upTo cap: Int) -> Int? {
    held.peek(owner) { feed -> Int? in
      var count = 0
      for (id, held) in zip(feed.ids, feed.infos) {
        if id <= mark || count >= cap { return count }
        if !held.kind.contains(.mine) { count += 1 }
      }
      return feed.complete || count >= cap ? count : nil
    }.0
  }

  /// Holds `owner`'s feed: the newest ids of it and the kind and author of each, `complete` when that is all of it,
  /// and whom the owner follows.
  package func add(_ ids: [Int64], kinds: [Kind], authors: [Int64], complete: Bool, of owner: Int64,
                   followees: [Int64], readAt generation: Int)
  {
    let infos = zip(kinds, authors).map { Held(kind: $0, author: $1) }
    held.add(.init(ids: ids, infos: infos, complete: complete, extra: Extra(followees: Set(followees))), of: owner,
             readAt: generation)
  }

  /// A new status joins the feeds that hold its author: the author's own, and when public, the followers'. A
  /// status of unknown kind (announced by an older process) drops those feeds instead: they are read again.
  package func posted(_ status: PostedStatus) {
    let depth = self.depth
    held.changeAll { owner, feed in
      guard owner == status.author || (status.isPublic && feed.extra.followees.contains(status.author)) else { return true }
      // Counted in the totals whether or not the held part reaches it (and cleared, not added to: a process hears
      // its own announcements again).
      feed.extra.totals.removeAll()
      guard feed.places(status.id) != nil else { return true }
      guard let original = status.isOriginal, let pictures = status.hasPictures else { return false }
      let kind = Kind(mine: owner == status.author, original: original, pictures: pictures)
      feed.insert(status.id, Held(kind: kind, author: status.author), depth: depth)
      return true
    }
  }

  /// Removed statuses leave every feed. Whose feeds held them beyond the held parts is not known here: every kept
  /// total goes.
  package func removed(_ ids: [Int64]) {
    guard !ids.isEmpty else { return }
    held.changeAll { _, feed in
      feed.extra.totals.removeAll()
      feed.remove(ids)
      return true
    }
  }

  /// The index of the first of `ids` (newest first) that is at most `id`; `ids.count` when there is none.
  static func firstIndex(atMost id: Int64, in ids: [Int64]) -> Int {
    var (low, high) = (0, ids.count)
    while low < high {
      let middle = (low + high) / 2
      if ids[middle] > id { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Forgets these owners' feeds: whom they follow changed.
  package func drop(owners: [Int64]) { held.drop(owners: owners) }

  package func dropAll() { held.dropAll() }
}

/// A status just posted, as the home feeds need it.
package struct PostedStatus: Sendable, Equatable, Codable {
  package var id: Int64
  package var author: Int64
  package var isPublic: Bool
  /// Not a repost; nil when announced by a process that did not tell (the feeds then read it again).
  package var isOriginal: Bool?
  /// With pictures; nil as `isOriginal`.
  package var hasPictures: Bool?
  /// The topics it joined (none unless public); nil as `isOriginal` (the held topic feeds then go).
  package var topics: [String]?

  package init(id: Int64, author: Int64, isPublic: Bool, isOriginal: Bool?, hasPictures: Bool?, topics: [String]?) {
    self.id = id
    self.author = author
    self.isPublic = isPublic
    self.isOriginal = isOriginal
    self.hasPictures = hasPictures
    self.topics = topics
  }

  package init(_ status: StatusRecord, topics: [String]) {
    self.init(id: status.id, author: status.userID, isPublic: status.visible == 0,
              isOriginal: status.retweetedID == nil, hasPictures: !status.pictures.isEmpty, topics: topics)
  }
}
