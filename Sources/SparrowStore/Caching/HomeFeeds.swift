import Foundation

/// Each reader's home feed as status ids, newest first, kept hot so that a page needs no query: the newest
/// `depth` ids of the feed (all of it when it is shorter), filled on a first read, updated in place when a status
/// is posted or removed, and dropped when its owner follows or unfollows someone. At most `limit` feeds are held;
/// the least recently read goes first.
///
/// The feed is the one rule of the engines' home queries: the owner's statuses, and the public ones of the people
/// the owner follows (held with the feed, as read with it). A fill passes the generation it started at, and any
/// change bumps it, so a read that raced with a write does not cache what it saw.
package final class HomeFeeds: @unchecked Sendable {
  /// Ids held per feed (forty pages of twenty by default); deeper pages are read from the database.
  package let depth: Int
  package let limit: Int

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

  private struct Feed {
    /// Newest first.
    var ids: [Int64]
    /// The kind of each of `ids`.
    var kinds: [Kind]
    /// Whether `ids` is the whole feed, rather than its newest part.
    var complete: Bool
    let followees: Set<Int64>
    var used: UInt64
    /// The filtered feeds' totals (`WeiboSQL.homeTotal`, counted over every followee's authored kinds), kept until
    /// the feed changes: a status of the owner or of one they see posted, or any status removed.
    var totals: [StatusFeature: Int] = [:]
  }

  private let lock = NSLock()
  private var feeds: [Int64: Feed] = [:]
  private var generation = 0
  private var clock: UInt64 = 0
  private var counted = CacheTally()

  package init(limit: Int = 2_000, depth: Int = 800) {
    self.limit = limit
    self.depth = depth
  }

  /// Home pages served from the caches alone, and not.
  package var tally: CacheTally { lock.withLock { counted } }

  /// Take this before opening the read transaction whose feed will be added.
  package var currentGeneration: Int { lock.withLock { generation } }

  /// Counts a home page served from the caches alone, or not.
  package func count(served: Bool) { lock.withLock { counted.count(hits: served ? 1 : 0, misses: served ? 0 : 1) } }

  /// Whether `owner`'s feed is held.
  package func holds(_ owner: Int64) -> Bool { lock.withLock { feeds[owner] != nil } }

  /// The ids of `page` of `owner`'s feed filtered by `feature`, or nil when the feed is not held or the page
  /// reaches past what is.
  package func page(of owner: Int64, _ page: Page, feature: StatusFeature = .all) -> [Int64]? {
    lock.lock()
    defer { lock.unlock() }
    guard let feed = feeds[owner] else { return nil }
    let shown = feature == .all ? feed.ids : zip(feed.ids, feed.kinds).compactMap { $1.shows(feature) ? $0 : nil }
    guard let ids = Self.window(page, in: shown, complete: feed.complete) else { return nil }
    clock += 1
    feeds[owner]?.used = clock
    return ids
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
    let (kept, generation) = lock.withLock { (feeds[owner]?.totals[feature], self.generation) }
    if let kept { return kept }
    let total = try await count()
    lock.withLock {
      guard generation == self.generation else { return }
      feeds[owner]?.totals[feature] = total
    }
    return total
  }

  /// How many statuses of `owner`'s feed after `mark` are others', up to `cap` (the tab bar's 首页 badge, as
  /// `WeiboSQL`'s unread statuses count them); nil when the feed is not held or the count reaches past what is.
  /// Counting them in the database walked every newer status checking its author against the follow list.
  package func unread(of owner: Int64, after mark: Int64, upTo cap: Int) -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard let feed = feeds[owner] else { return nil }
    var count = 0
    for (id, kind) in zip(feed.ids, feed.kinds) {
      if id <= mark || count >= cap { return count }
      if !kind.contains(.mine) { count += 1 }
    }
    return feed.complete || count >= cap ? count : nil
  }

  /// Holds `owner`'s feed: the newest ids of it and the kind of each, `complete` when that is all of it, and whom
  /// the owner follows.
  package func add(_ ids: [Int64], kinds: [Kind], complete: Bool, of owner: Int64, followees: [Int64],
                   readAt generation: Int)
  {
    lock.lock()
    defer { lock.unlock() }
    guard generation == self.generation else { return }
    if feeds[owner] == nil, feeds.count >= limit, let oldest = feeds.min(by: { $0.value.used < $1.value.used })?.key {
      feeds[oldest] = nil
    }
    clock += 1
    feeds[owner] = Feed(ids: ids, kinds: kinds, complete: complete, followees: Set(followees), used: clock)
  }

  /// A new status joins the feeds that hold its author: the author's own, and when public, the followers'. A
  /// status of unknown kind (announced by an older process) drops those feeds instead: they are read again.
  package func posted(_ status: PostedStatus) {
    lock.lock()
    defer { lock.unlock() }
    generation += 1
    var shown: [Int64] = []
    let places = feeds.compactMap { owner, feed -> (owner: Int64, index: Int)? in
      guard owner == status.author || (status.isPublic && feed.followees.contains(status.author)) else { return nil }
      // Counted in the totals whether or not the held part reaches it (and cleared, not added to: a process hears its
      // own announcements again).
      shown.append(owner)
      let index = Self.firstIndex(atMost: status.id, in: feed.ids)
      // Already there; or older than a partial feed's oldest id, past what it holds.
      if index < feed.ids.count ? feed.ids[index] == status.id : !feed.complete { return nil }
      return (owner, index)
    }
    for owner in shown { feeds[owner]?.totals.removeAll() }
    for (owner, index) in places {
      guard let original = status.isOriginal, let pictures = status.hasPictures else {
        feeds[owner] = nil
        continue
      }
      update(owner) { feed in
        feed.ids.insert(status.id, at: index)
        feed.kinds.insert(Kind(mine: owner == status.author, original: original, pictures: pictures), at: index)
        if feed.ids.count > depth + depth / 4 {
          feed.ids.removeLast(feed.ids.count - depth)
          feed.kinds.removeLast(feed.kinds.count - depth)
          feed.complete = false
        }
      }
    }
  }

  /// Removed statuses leave every feed.
  package func removed(_ ids: [Int64]) {
    guard !ids.isEmpty else { return }
    lock.lock()
    defer { lock.unlock() }
    generation += 1
    // Whose feeds held the removed statuses beyond the held parts is not known here: every kept total goes.
    var index = feeds.startIndex
    while index != feeds.endIndex {
      feeds.values[index].totals.removeAll()
      feeds.formIndex(after: &index)
    }
    let places = feeds.compactMap { owner, feed -> (owner: Int64, indexes: [Int])? in
      let indexes = Set(ids.compactMap { id in
        let index = Self.firstIndex(atMost: id, in: feed.ids)
        return index < feed.ids.count && feed.ids[index] == id ? index : nil
      })
      return indexes.isEmpty ? nil : (owner, indexes.sorted(by: >))
    }
    for (owner, indexes) in places {
      update(owner) { feed in
        for index in indexes {
          feed.ids.remove(at: index)
          feed.kinds.remove(at: index)
        }
      }
    }
  }

  /// Under the lock: changes a held feed, taken out of the dictionary meanwhile so that its ids are not copied.
  private func update(_ owner: Int64, _ change: (inout Feed) -> Void) {
    guard var feed = feeds.removeValue(forKey: owner) else { return }
    change(&feed)
    feeds[owner] = feed
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
  package func drop(owners: [Int64]) {
    guard !owners.isEmpty else { return }
    lock.lock()
    defer { lock.unlock() }
    generation += 1
    for owner in owners { feeds[owner] = nil }
  }

  package func dropAll() {
    lock.lock()
    defer { lock.unlock() }
    generation += 1
    feeds.removeAll()
  }
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

  package init(id: Int64, author: Int64, isPublic: Bool, isOriginal: Bool?, hasPictures: Bool?) {
    self.id = id
    self.author = author
    self.isPublic = isPublic
    self.isOriginal = isOriginal
    self.hasPictures = hasPictures
  }

  package init(_ status: StatusRecord) {
    self.init(id: status.id, author: status.userID, isPublic: status.visible == 0,
              isOriginal: status.retweetedID == nil, hasPictures: !status.pictures.isEmpty)
  }
}
