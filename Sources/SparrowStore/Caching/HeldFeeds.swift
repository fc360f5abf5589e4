import Foundation

/// Feeds of status ids by owner, newest first, each id with what its readers need of it (`Info`) and each feed with
/// what it needs besides (`Extra`): the one way `HomeFeeds` and `AuthorFeeds` hold theirs. At most `limit` feeds,
/// the least recently read dropped first; the newest `depth` ids of each (all of them when `complete`). Every change
/// moves a generation, and a fill that started before it is not kept (it may have raced with the write).
final class HeldFeeds<Owner: Hashable, Info, Extra>: @unchecked Sendable {
  struct Feed {
    /// Newest first.
    var ids: [Int64]
    /// What is known of each of `ids`.
    var infos: [Info]
    /// Whether `ids` is the whole feed, rather than its newest part.
    var complete: Bool
    var extra: Extra
    fileprivate var used: UInt64 = 0

    init(ids: [Int64], infos: [Info], complete: Bool, extra: Extra) {
      self.ids = ids
      self.infos = infos
      self.complete = complete
      self.extra = extra
    }

    /// Whether `id` belongs where this feed holds it: not there already, and not older than a partial feed's oldest.
    func places(_ id: Int64) -> Int? {
      let index = HomeFeeds.firstIndex(atMost: id, in: ids)
      if index < ids.count ? ids[index] == id : !complete { return nil }
      return index
    }

    /// Puts `id` in its place (`places`), keeping at most `depth` ids once it holds a quarter more.
    mutating func insert(_ id: Int64, _ info: Info, depth: Int) {
      guard let index = places(id) else { return }
      ids.insert(id, at: index)
      infos.insert(info, at: index)
      if ids.count > depth + depth / 4 {
        ids.removeLast(ids.count - depth)
        infos.removeLast(infos.count - depth)
        complete = false
      }
    }

    /// Takes out those of `removed` it holds.
    mutating func remove(_ removed: [Int64]) {
      for id in removed {
        let index = HomeFeeds.firstIndex(atMost: id, in: ids)
        if index < ids.count, ids[index] == id {
          ids.remove(at: index)
          infos.remove(at: index)
        }
      }
    }
  }

  let depth: Int
  let limit: Int
  private let lock = NSLock()
  private var feeds: [Owner: Feed] = [:]
  private var generation = 0
  private var clock: UInt64 = 0
  private var counted = CacheTally()

  init(limit: Int, depth: Int) {
    self.limit = limit
    self.depth = depth
  }

  /// Pages served from the feeds alone, and not.
  var tally: CacheTally { lock.withLock { counted } }

  func count(served: Bool) { lock.withLock { counted.count(hits: served ? 1 : 0, misses: served ? 0 : 1) } }

  /// Take this before opening the read whose feed (or anything kept with one) will be added.
  var currentGeneration: Int { lock.withLock { generation } }

  func holds(_ owner: Owner) -> Bool { lock.withLock { feeds[owner] != nil } }

  /// `body`'s answer from `owner`'s feed, or nil when it is not held; a feed that answers counts as read.
  func read<T>(_ owner: Owner, _ body: (Feed) -> T?) -> T? {
    lock.lock()
    defer { lock.unlock() }
    guard let feed = feeds[owner], let answer = body(feed) else { return nil }
    clock += 1
    feeds[owner]?.used = clock
    return answer
  }

  /// `body`'s answer from `owner`'s feed without counting it as read, with the generation to keep a value by.
  func peek<T>(_ owner: Owner, _ body: (Feed) -> T?) -> (T?, generation: Int) {
    lock.withLock { (feeds[owner].flatMap(body), generation) }
  }

  /// Holds `feed` as `owner`'s, unless something changed since `generation`.
  func add(_ feed: Feed, of owner: Owner, readAt generation: Int) {
    lock.lock()
    defer { lock.unlock() }
    guard generation == self.generation else { return }
    if feeds[owner] == nil, feeds.count >= limit, let oldest = feeds.min(by: { $0.value.used < $1.value.used })?.key {
      feeds[oldest] = nil
    }
    clock += 1
    var feed = feed
    feed.used = clock
    feeds[owner] = feed
  }

  /// Changes `owner`'s held feed, unless something changed since `generation` (a value counted before then).
  func keep(_ owner: Owner, readAt generation: Int, _ change: (inout Feed) -> Void) {
    lock.withLock {
      guard generation == self.generation, var feed = feeds.removeValue(forKey: owner) else { return }
      change(&feed)
      feeds[owner] = feed
    }
  }

  /// A write: moves the generation and changes each held feed in place; `change` answers false for a feed to drop.
  func changeAll(_ change: (Owner, inout Feed) -> Bool) {
    lock.withLock {
      generation += 1
      var dropped: [Owner] = []
      var index = feeds.startIndex
      while index != feeds.endIndex {
        let owner = feeds.keys[index]
        if !change(owner, &feeds.values[index]) { dropped.append(owner) }
        feeds.formIndex(after: &index)
      }
      for owner in dropped { feeds[owner] = nil }
    }
  }

  /// A write to `owner`'s feed alone: moves the generation and changes it in place when held.
  func change(_ owner: Owner, _ change: (inout Feed) -> Void) {
    lock.withLock {
      generation += 1
      guard var feed = feeds.removeValue(forKey: owner) else { return }
      change(&feed)
      feeds[owner] = feed
    }
  }

  func drop(owners: [Owner]) {
    guard !owners.isEmpty else { return }
    lock.withLock {
      generation += 1
      for owner in owners { feeds[owner] = nil }
    }
  }

  func dropAll() {
    lock.withLock {
      generation += 1
      feeds.removeAll()
    }
  }
}
