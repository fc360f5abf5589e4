import Foundation

/// Users, whom they follow and what they marked, as read, for what every timeline page reads: the
/// authors on the page, the home feed's size (the status counts of the user and everyone they follow,
/// a hundred rows for a typical user) and the viewer's favourites, likes and relationships on the page.
///
/// Every engine method that writes user rows, follows, favourites or likes invalidates what it wrote (or
/// everything, for bulk writes) through `StoreCaches.invalidate` after its transaction commits; a read passes
/// the generation it started at, so one that raced with a write does not cache what it saw. That makes this
/// exact for one process; other processes learn of the write when the engine delivers the invalidation to
/// them (`StoreCaches.apply`).
package final class UserRowCache: @unchecked Sendable {
  /// Past this many users, follow lists or relations the cache starts over: a bound, not a policy.
  package static let limit = 100_000
  /// At most this many marks and follows in all are held per user (a few hundred kilobytes); past it their pages
  /// read their marks. Followers count too, so it is well above what a popular account has on a small server.
  package static let relationsLimit = 25_000

  private let lock = NSLock()
  private var users: [Int64: UserRecord] = [:]
  private var followees: [Int64: [Int64]] = [:]
  private var relations: [Int64: Held] = [:]
  /// Bumped by every drop, so that a read which raced with a write does not cache what it saw.
  private var generation = 0
  /// Users, follow lists and relations looked up, together.
  private var counted = CacheTally()

  package var tally: CacheTally { lock.withLock { counted } }

  /// Everything a user has favourited and liked, whom they follow (and which of them as 特别关注), who follows them,
  /// whom a block or a suspension keeps them apart from (either way), and whom they blocked and muted themselves.
  package struct Relations: Sendable {
    package var favorites: Set<Int64> = []
    package var likes: Set<Int64> = []
    package var followees: Set<Int64> = []
    /// Those of `followees` followed as 特别关注.
    package var special: Set<Int64> = []
    package var followers: Set<Int64> = []
    package var apart: Set<Int64> = []
    /// Those of `apart` they blocked.
    package var blocking: Set<Int64> = []
    package var muting: Set<Int64> = []
    package init() {}

    /// The kinds both engines' statements tag their rows with (`relations(of:)`, and the marks among some).
    package enum Kind: Int {
      case favorite = 0, like, followee, follower, apart, specialFollowee, blocked, muted
    }

    /// Adds a row of `kind` (`Kind`'s raw value) about `id`.
    package mutating func add(kind: Int, id: Int64) {
      switch Kind(rawValue: kind) {
      case .favorite: favorites.insert(id)
      case .like: likes.insert(id)
      case .followee: followees.insert(id)
      case .specialFollowee: followees.insert(id); special.insert(id)
      case .follower: followers.insert(id)
      case .apart: apart.insert(id)
      case .blocked: apart.insert(id); blocking.insert(id)
      case .muted: muting.insert(id)
      case nil: break
      }
    }
  }

  /// A user's relations, or the note that they were too many to hold (their pages read their marks).
  package enum Held: Sendable {
    case relations(Relations)
    case tooMany
  }

  /// Take this before opening the read transaction whose rows will be added.
  package var currentGeneration: Int {
    lock.lock()
    defer { lock.unlock() }
    return generation
  }

  /// The cached users among `ids`, and the ids still to read.
  package func users(_ ids: [Int64]) -> (found: [Int64: UserRecord], missing: [Int64]) {
    // Sized for all at once: grown from empty, a page's fifty were rehashed four times (2 % of `comments/to_me`).
    var found = [Int64: UserRecord](minimumCapacity: ids.count)
    var missing: [Int64] = []
    lock.lock()
    defer { lock.unlock() }
    for id in ids where found[id] == nil {
      if let user = users[id] { found[id] = user } else { missing.append(id) }
    }
    counted.count(hits: found.count, misses: missing.count)
    return (found, missing)
  }

  /// The sum of the cached status counts of `ids` as `viewer` sees them (each as often as it is listed), and the ids not cached.
  package func statusesCount(of ids: [Int64], seenBy viewer: Int64) -> (sum: Int, missing: [Int64]) {
    var sum = 0
    var missing: [Int64] = []
    lock.lock()
    defer { lock.unlock() }
    for id in ids {
      if let user = users[id] { sum += user.statusesCount(seenBy: viewer) } else { missing.append(id) }
    }
    counted.count(hits: ids.count - missing.count, misses: missing.count)
    return (sum, missing)
  }

  package func followees(of user: Int64) -> [Int64]? {
    lock.lock()
    defer { lock.unlock() }
    let list = followees[user]
    counted.count(hits: list == nil ? 0 : 1, misses: list == nil ? 1 : 0)
    return list
  }

  package func relations(of user: Int64) -> Held? {
    lock.lock()
    defer { lock.unlock() }
    let held = relations[user]
    counted.count(hits: held == nil ? 0 : 1, misses: held == nil ? 1 : 0)
    return held
  }

  package func add(_ held: Held, of user: Int64, readAt generation: Int) {
    lock.lock()
    defer { lock.unlock() }
    guard generation == self.generation else { return }
    if relations.count >= Self.limit { relations.removeAll(keepingCapacity: true) }
    relations[user] = held
  }

  package func add(users read: some Collection<UserRecord>, readAt generation: Int) {
    lock.lock()
    defer { lock.unlock() }
    guard generation == self.generation else { return }
    if users.count + read.count > Self.limit { users.removeAll(keepingCapacity: true) }
    for user in read { users[user.id] = user }
  }
  /// Read-through, the one way both engines read user rows: the cached ones, and those missing `load`ed and kept
  /// unless a write raced the read (`generation`, taken before it started).
  package func users(_ ids: [Int64], readAt generation: Int, load: ([Int64]) throws -> [Int64: UserRecord]) rethrows
    -> [Int64: UserRecord]
  {
    var (found, missing) = users(ids)
    guard !missing.isEmpty else { return found }
    let loaded = try load(missing)
    add(users: loaded.values, readAt: generation)
    found.merge(loaded) { a, _ in a }
    return found
  }

  /// `users(_:readAt:load:)` for an engine whose reads are asynchronous.
  package func users(_ ids: [Int64], readAt generation: Int, load: ([Int64]) async throws -> [Int64: UserRecord])
    async rethrows -> [Int64: UserRecord]
  {
    var (found, missing) = users(ids)
    guard !missing.isEmpty else { return found }
    let loaded = try await load(missing)
    add(users: loaded.values, readAt: generation)
    found.merge(loaded) { a, _ in a }
    return found
  }


  package func add(followees list: [Int64], of user: Int64, readAt generation: Int) {
    lock.lock()
    defer { lock.unlock() }
    guard generation == self.generation else { return }
    if followees.count >= Self.limit { followees.removeAll(keepingCapacity: true) }
    followees[user] = list
  }

  /// Forgets these users' rows, follow lists and relations.
  ///
  /// A status's deletion leaves its id in its favouriters' and likers' relations: ids are never reused
  /// and a deleted status is on no page, so the id is never asked about again.
  package func drop(users ids: [Int64] = [], followeesOf followers: [Int64] = [], relationsOf people: [Int64] = []) {
    lock.lock()
    defer { lock.unlock() }
    generation += 1
    for id in ids { users[id] = nil }
    for id in followers { followees[id] = nil }
    for id in people { relations[id] = nil }
  }

  package func dropAll() {
    lock.lock()
    defer { lock.unlock() }
    generation += 1
    users.removeAll()
    followees.removeAll()
    relations.removeAll()
  }
}
