import Synchronization

/// Reads of what reaches one person, kept until a write reaching them is made: their notifications, the comments to
/// them and naming them, the likes of their statuses, the ids of the statuses naming them (`ReachedStatusPages`). Such a read merges several kinds' newest rows by several indexes and was most of
/// `/api/v1/notifications`' time (two fifths), a quarter of `comments/to_me`'s and a seventh of `attitudes/to_me`'s, though the person's list changes
/// only when someone comments to them, names them, likes or reposts theirs, follows or blocks them.
///
/// A person's reads go whenever such a write is made (`CacheInvalidation.unread`, which names the people a write
/// reaches, `.userRows(relationsOf:)` for follows and blocks on either side), everyone's on what reaches too far to
/// name (a status removed or hidden, an account suspended, `.everything`): the same writes as `UnreadCache`'s.
///
/// Each person has a stamp that moves when their reads go; a read is kept under the stamp taken before it began, and
/// only while the stamp stands: a write that committed after the read's snapshot always drops after the stamp was
/// taken. Bounded: `limit` people a generation (`Generations`), `readsPerPerson` reads each (a read is a page, 20 to
/// 50 items as clients ask: at 50, 800,000 items for 2,000 people, about what `CommentFeeds` may hold), and
/// `stampLimit` stamps.
package final class ReachedReads: Sendable {
  package static var limit: Int { 1_000 }
  package static var readsPerPerson: Int { 8 }
  package static var stampLimit: Int { 50_000 }

  /// One read: what it is (a store's name for it and a number for its variant, such as the kinds asked for) and
  /// its page.
  package struct Read: Hashable, Sendable {
    let name: String
    let variant: Int
    let page: Page
  }

  private struct Person {
    var stamp: UInt64
    var reads: [Read: any Sendable]
  }

  private struct State {
    var clock: UInt64 = 0
    /// The stamp of everyone not in `stamps`.
    var floor: UInt64 = 0
    var stamps: [Int64: UInt64] = [:]
    var held = Generations<Int64, Person>(limit: ReachedReads.limit)
    var tally = CacheTally()

    func stamp(of person: Int64) -> UInt64 { stamps[person] ?? floor }
  }

  private let state = Mutex(State())

  package init() {}

  package var tally: CacheTally { state.withLock { $0.tally } }

  /// `person`'s read `name` (of `variant`) of `page`: the kept one if no write reaching them was made since it
  /// was read, else `read`'s, kept.
  package func read<Value: Sendable>(
    _ person: Int64, _ name: String, variant: Int = 0, page: Page, _ read: () async throws -> Value
  ) async throws -> Value {
    let key = Read(name: name, variant: variant, page: page)
    let (stamp, kept): (UInt64, Value?) = state.withLock { state in
      let stamp = state.stamp(of: person)
      let kept = state.held[person].flatMap { $0.stamp == stamp ? $0.reads[key] as? Value : nil }
      state.tally.count(hits: kept == nil ? 0 : 1, misses: kept == nil ? 1 : 0)
      return (stamp, kept)
    }
    if let kept { return kept }
    let value = try await read()
    state.withLock { state in
      guard state.stamp(of: person) == stamp else { return }
      var held = state.held[person].flatMap { $0.stamp == stamp ? $0 : nil } ?? Person(stamp: stamp, reads: [:])
      if held.reads.count >= Self.readsPerPerson { held.reads = [:] }
      held.reads[key] = value
      state.held[person] = held
    }
    return value
  }

  package func drop(_ people: [Int64]) {
    guard !people.isEmpty else { return }
    state.withLock { state in
      state.clock &+= 1
      for person in people {
        state.stamps[person] = state.clock
        state.held[person] = nil
      }
      // Forgetting the stamps moves everyone's to the newest: what was kept is read afresh, never kept too long.
      if state.stamps.count > Self.stampLimit {
        state.floor = state.clock
        state.stamps = [:]
      }
    }
  }

  package func dropAll() {
    state.withLock { state in
      state.clock &+= 1
      state.floor = state.clock
      state.stamps = [:]
      state.held.removeAll()
    }
  }
}
