import Foundation
import Logging
import PostgresNIO
import SparrowStore

/// Keeps the caches of every Sparrow process on one database coherent: a write announces what it changed
/// (`NOTIFY`, numbered from the sequence `cache_epochs`) before its response goes out, and a read that is about
/// to use the caches first waits until this process has heard every announcement numbered up to the sequence's
/// current value. So a read on one instance that starts after a write's response on another sees the write.
///
/// While the listening connection is down (the database restarting), nothing is known to be fresh: each such
/// read drops every cache and reads the database. When it could not be made or was lost, the database is taken
/// to be down (`isDown`), and the store answers `StoreError.unavailable` at once rather than queue for the pool,
/// until the listener is back (it retries every second). A missing number (an announcement that never came, say its
/// process died between taking the number and sending it) is given up on after `patience`: the read drops every
/// cache instead.
final class CacheChannel: @unchecked Sendable {
  static let name = "sparrow_caches"
  /// A `NOTIFY` payload must stay under 8,000 bytes; a bigger change is announced as `.everything`.
  static let payloadLimit = 7_000
  let caches: StoreCaches
  let patience: Duration
  private let logger = Logger(label: "sparrow.store.caches")

  private let lock = NSLock()
  private var listening = false
  /// The listening connection could not be made or was lost: the database is taken to be down until it is back.
  private var down = false
  /// Every announcement numbered up to `heard` has been applied; `ahead` holds those above it, heard early.
  private var heard: Int64 = 0
  private var ahead: Set<Int64> = []
  private var waiters: [(epoch: Int64, resume: CheckedContinuation<Void, Never>)] = []
  /// When the latest catch-up that finished began: every write answered before then is in the caches.
  private var caughtUpFrom: ContinuousClock.Instant?
  /// The sequence's value, read by a statement begun after the caller asked, one read out at a time: each request
  /// reading its own was one of a page's three to six round trips, at every load.
  private let sharedEpoch = SharedRead<Int64>()

  init(caches: StoreCaches, patience: Duration = .seconds(1)) {
    self.caches = caches
    self.patience = patience
  }

  /// Listens for announcements until cancelled, reconnecting a second after any failure.
  func listen(_ configuration: PostgresStore.Configuration) async {
    while !Task.isCancelled {
      do {
        let connection = try await PostgresConnection.connect(
          configuration: configuration.connection, id: 1, logger: logger)
        do {
          try await connection.listen(on: Self.name) { notifications in
            // Listening from here on: what was cached before may have missed announcements, so it goes.
            started(at: try await Self.currentEpoch(Connection(connection: connection, logger: logger)))
            for try await notification in notifications { receive(notification.payload) }
          }
        } catch {
          try? await connection.close()
          throw error
        }
        try? await connection.close()
      } catch {
        if Task.isCancelled { break }
        // Only a database that cannot be reached counts as down (not, say, one that is not migrated yet).
        if PostgresStore.storeError(error) as? StoreError == .unavailable {
          if !isDown { logger.warning("The database cannot be reached (\(String(reflecting: error))); answering 503 until it is back") }
          lock.withLock { down = true }
        }
      }
      stopped()
      try? await Task.sleep(for: .seconds(1))
    }
    stopped()
  }

  /// Announces `change` to every process (this one included) and applies it here. Errors are logged, not
  /// thrown: the write has committed, and the other processes drop everything when their listening breaks.
  func announce(_ change: CacheInvalidation, on db: Connection) async {
    caches.apply(change)
    var payload = (try? String(decoding: JSONEncoder().encode(change), as: UTF8.self)) ?? ""
    if payload.utf8.count > Self.payloadLimit { payload = #"{"everything":{}}"# }
    do {
      let epoch = try await db.value("""
        WITH n AS (SELECT nextval('cache_epochs') AS e) SELECT e FROM n, pg_notify(\(Self.name), e::text || ' ' || \(payload))
        """, as: Int64.self)
      if let epoch { mark(epoch) }
    } catch {
      logger.error("Could not announce a cache change (\(String(reflecting: error))); other instances may read it late")
    }
  }

  /// Waits until every announcement made before this call has been applied here (see the type's note).
  /// With `withPosition`, also returns the primary's WAL position, read in the same query (for replicas).
  @discardableResult
  func catchUp(on db: Connection, withPosition: Bool = false) async throws -> Int64 {
    guard isListening else {
      caches.apply(.everything)
      return withPosition ? try await PostgresStore.walPosition(db) : 0
    }
    // Caught up since the request arrived (see `RequestStart`): nothing to wait for. Not for replicas, which need
    // the position.
    if !withPosition, let arrived = RequestStart.instant, caughtUp(since: arrived) { return 0 }
    let began = ContinuousClock.now
    let (epoch, position) = withPosition
      ? try await Self.epochAndPosition(db) : (try await sharedEpoch.value { try await Self.currentEpoch(db) }, 0)
    guard !isHeard(epoch) else {
      caughtUp(from: began)
      return position
    }
    let patience = self.patience
    let timeout = Task {
      try await Task.sleep(for: patience)
      self.giveUp(upTo: epoch)
    }
    await withCheckedContinuation { resume in
      if !enqueue(epoch, resume) { resume.resume() }
    }
    timeout.cancel()
    caughtUp(from: began)
    return position
  }

  static func epochAndPosition(_ db: Connection) async throws -> (epoch: Int64, position: Int64) {
    guard let row = try await db.rows(
      "SELECT CASE WHEN is_called THEN last_value ELSE 0 END, (pg_current_wal_lsn() - '0/0')::bigint FROM cache_epochs"
    ).first else { return (0, 0) }
    return (try row.int64(0), try row.int64(1))
  }

  static func currentEpoch(_ db: Connection) async throws -> Int64 {
    try await db.value("SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM cache_epochs", as: Int64.self) ?? 0
  }

  // MARK: Bookkeeping (under the lock)

  var isListening: Bool { lock.withLock { listening } }
  var isDown: Bool { lock.withLock { down } }

  private func isHeard(_ epoch: Int64) -> Bool { lock.withLock { heard >= epoch } }

  /// Whether a catch-up begun since the current request arrived has finished (see `RequestStart`): its reads may use
  /// the caches without another.
  var isCaughtUpForThisRequest: Bool { RequestStart.instant.map { caughtUp(since: $0) } ?? false }

  private func caughtUp(since moment: ContinuousClock.Instant) -> Bool {
    lock.withLock { listening && caughtUpFrom.map { $0 >= moment } == true }
  }

  /// A catch-up begun at `moment` finished (while listening: otherwise it caught up with nothing).
  private func caughtUp(from moment: ContinuousClock.Instant) {
    lock.withLock { if listening, caughtUpFrom.map({ $0 < moment }) ?? true { caughtUpFrom = moment } }
  }

  private func started(at epoch: Int64) {
    caches.apply(.everything)
    let (ready, wasDown) = lock.withLock {
      listening = true
      defer { down = false }
      return (advance(to: epoch), down)
    }
    if wasDown { logger.notice("The database is back") }
    ready.forEach { $0.resume() }
  }

  private func stopped() {
    let waiting = lock.withLock {
      listening = false
      caughtUpFrom = nil
      defer { waiters = [] }
      return waiters.map(\.resume)
    }
    caches.apply(.everything)
    waiting.forEach { $0.resume() }
  }

  /// Applies an announcement: always (one sent before we listened may still arrive), and counts its number.
  private func receive(_ payload: String) {
    guard let space = payload.firstIndex(of: " "), let epoch = Int64(payload[..<space]) else { return }
    let change = (try? JSONDecoder().decode(CacheInvalidation.self, from: Data(payload[payload.index(after: space)...].utf8)))
    caches.apply(change ?? .everything)
    mark(epoch)
  }

  private func mark(_ epoch: Int64) {
    let ready = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
      guard epoch > heard else { return [] }
      ahead.insert(epoch)
      while ahead.remove(heard + 1) != nil { heard += 1 }
      return release()
    }
    ready.forEach { $0.resume() }
  }

  private func giveUp(upTo epoch: Int64) {
    caches.apply(.everything)
    let ready = lock.withLock { advance(to: epoch) }
    ready.forEach { $0.resume() }
  }

  /// Under the lock: counts everything up to `epoch` as heard.
  private func advance(to epoch: Int64) -> [CheckedContinuation<Void, Never>] {
    if epoch > heard { heard = epoch }
    ahead = ahead.filter { $0 > heard }
    while ahead.remove(heard + 1) != nil { heard += 1 }
    return release()
  }

  /// Under the lock: the waiters whose number has been reached, removed.
  private func release() -> [CheckedContinuation<Void, Never>] {
    let ready = waiters.filter { $0.epoch <= heard }.map(\.resume)
    waiters.removeAll { $0.epoch <= heard }
    return ready
  }

  /// Under the lock: false when there is nothing to wait for (any more).
  private func enqueue(_ epoch: Int64, _ resume: CheckedContinuation<Void, Never>) -> Bool {
    lock.withLock {
      guard listening, heard < epoch else { return false }
      waiters.append((epoch, resume))
      return true
    }
  }
}
