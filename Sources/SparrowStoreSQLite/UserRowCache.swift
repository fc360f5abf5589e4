import Foundation
import SparrowStore

/// Users and whom they follow, as read, for what every timeline page reads: the authors on the page
/// and the home feed's size (the status counts of the user and everyone they follow, a hundred rows
/// for a typical user).
///
/// Every store method that writes user rows or follows drops what it wrote (or everything, where it
/// cannot name the rows), after its transaction commits; a read passes the generation it started at,
/// so one that raced with a write does not cache what it saw. That makes this exact for one process,
/// the server. Rows another process writes are seen once this process writes them, or restarts.
final class UserRowCache: @unchecked Sendable {
  /// Past this many users or follow lists the cache starts over: a bound, not a policy.
  static let limit = 100_000

  private let lock = NSLock()
  private var users: [Int64: UserRecord] = [:]
  private var followees: [Int64: [Int64]] = [:]
  private var generation = 0

  /// Take this before opening the read transaction whose rows will be added.
  var currentGeneration: Int {
    lock.lock()
    defer { lock.unlock() }
    return generation
  }

  /// The cached users among `ids`, and the ids still to read.
  func users(_ ids: [Int64]) -> (found: [Int64: UserRecord], missing: [Int64]) {
    var found: [Int64: UserRecord] = [:]
    var missing: [Int64] = []
    lock.lock()
    defer { lock.unlock() }
    for id in ids where found[id] == nil {
      if let user = users[id] { found[id] = user } else { missing.append(id) }
    }
    return (found, missing)
  }

  /// The sum of the cached status counts of `ids` (each as often as it is listed), and the ids not cached.
  func statusesCount(of ids: [Int64]) -> (sum: Int, missing: [Int64]) {
    var sum = 0
    var missing: [Int64] = []
    lock.lock()
    defer { lock.unlock() }
    for id in ids {
      if let user = users[id] { sum += user.statusesCount } else { missing.append(id) }
    }
    return (sum, missing)
  }

  func followees(of user: Int64) -> [Int64]? {
    lock.lock()
    defer { lock.unlock() }
    return followees[user]
  }

  func add(users read: some Collection<UserRecord>, readAt generation: Int) {
    lock.lock()
    defer { lock.unlock() }
    guard generation == self.generation else { return }
    if users.count + read.count > Self.limit { users.removeAll(keepingCapacity: true) }
    for user in read { users[user.id] = user }
  }

  func add(followees list: [Int64], of user: Int64, readAt generation: Int) {
    lock.lock()
    defer { lock.unlock() }
    guard generation == self.generation else { return }
    if followees.count >= Self.limit { followees.removeAll(keepingCapacity: true) }
    followees[user] = list
  }

  /// Forgets these users' rows and these users' follow lists.
  func drop(users ids: [Int64], followeesOf followers: [Int64] = []) {
    lock.lock()
    defer { lock.unlock() }
    generation += 1
    for id in ids { users[id] = nil }
    for id in followers { followees[id] = nil }
  }

  func dropAll() {
    lock.lock()
    defer { lock.unlock() }
    generation += 1
    users.removeAll()
    followees.removeAll()
  }
}
