import Foundation
import Logging
import PostgresNIO
import SparrowStore

/// Streaming replicas of the primary (`sparrow serve --replica URL`), which take the heavy reads: timelines,
/// comments, searches, deals and check-ins. A read goes to a replica only when the replica has replayed everything
/// the primary had written when the read began (the primary's WAL position, asked first; for timelines in the same
/// query as the caches' catch-up), so a read that starts after a write's response, on any instance, sees that write, exactly as on the
/// primary. A replica that lags behind that position, cannot be reached, or cancels the read (a conflict with
/// recovery) leaves the read to the primary; one that cannot be reached is left alone until a connection of its own
/// succeeds. Writes, sessions, tokens and rate limits stay on the primary.
final class Replicas: @unchecked Sendable {
  final class Member: @unchecked Sendable {
    let client: PostgresClient
    let configuration: PostgresStore.Configuration
    /// host:port, for logs.
    let address: String
    private let lock = NSLock()
    /// The furthest WAL position seen replayed here: a read needing no more skips asking again.
    private var replayed: Int64 = 0
    /// Could not be reached: left alone until a connection of its own succeeds (`probeUntilBack`).
    private var down = false

    init(_ configuration: PostgresStore.Configuration) {
      self.configuration = configuration
      client = PostgresClient(configuration: configuration.client)
      address = "\(configuration.host):\(configuration.port)"
    }

    var isDown: Bool { lock.withLock { down } }

    /// Marks it down; true when it was up until now (so its loss is logged and probed once).
    func fail() -> Bool {
      lock.withLock {
        defer { (down, replayed) = (true, 0) }
        return !down
      }
    }

    /// Tries a connection of its own every second until one succeeds, then takes reads again.
    func probeUntilBack() async {
      while !Task.isCancelled {
        try? await Task.sleep(for: .seconds(1))
        if (try? await PostgresStore.probe(configuration)) != nil { break }
      }
      lock.withLock { down = false }
    }

    func hasReplayed(_ position: Int64) -> Bool { lock.withLock { replayed >= position } }
    func saw(_ position: Int64) { lock.withLock { replayed = max(replayed, position) } }

    /// The pool waits for ever for a server that is gone, reconnecting in the background; a read waits at most
    /// `wait` for a connection here (it has the primary to go to), then throws `StoreError.unavailable`.
    func withConnection<T: Sendable>(wait: Duration, _ body: @escaping @Sendable (PostgresConnection) async throws -> T)
      async throws -> T
    {
      let leased = Flag()
      return try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask {
          try await self.client.withConnection { connection in
            leased.set()
            return try await withTaskExecutorPreference(ConnectionExecutor.of(connection)) { try await body(connection) }
          }
        }
        group.addTask {
          try await Task.sleep(for: wait)
          return nil
        }
        while let next = try await group.next() {
          if let answer = next {
            group.cancelAll()
            return answer
          }
          if !leased.isSet {
            group.cancelAll()
            throw StoreError.unavailable
          }
        }
        throw StoreError.unavailable
      }
    }
  }

  /// Set once, read from any task.
  final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
  }

  /// How reads that could have gone to a replica went, for `/metrics`.
  enum Outcome: String, CaseIterable, Sendable { case replica, lagging, unavailable }

  let members: [Member]
  /// How long a read waits for a replica's connection before going to the primary.
  static let leaseWait = Duration.seconds(1)
  private let state = NSLock()
  private var turn = 0
  private var counts: [Outcome: Int] = [:]
  private let runners: [Task<Void, Never>]
  private let logger = Logger(label: "sparrow.store.replicas")

  init(_ configurations: [PostgresStore.Configuration]) {
    members = configurations.map(Member.init)
    runners = members.map { member in Task { await member.client.run() } }
  }

  func shutdown() { runners.forEach { $0.cancel() } }

  var tallies: [(outcome: String, count: Int)] {
    state.withLock { Outcome.allCases.map { ($0.rawValue, counts[$0] ?? 0) } }
  }

  private func count(_ outcome: Outcome) { state.withLock { counts[outcome, default: 0] += 1 } }

  /// The next replica in turn that is not down.
  private func pick() -> Member? {
    let start = state.withLock {
      defer { turn &+= 1 }
      return turn
    }
    for offset in 0..<members.count {
      let member = members[(start &+ offset) % members.count]
      if !member.isDown { return member }
    }
    return nil
  }

  /// Runs `body` on a replica that has replayed up to `position`; nil when none could take it now.
  func read<T: Sendable>(after position: Int64, logger storeLogger: Logger,
                         _ body: @escaping @Sendable (Connection) async throws -> T) async throws -> T? {
    guard let member = pick() else {
      count(.unavailable)
      return nil
    }
    do {
      let answer = try await member.withConnection(wait: Self.leaseWait) { connection -> T? in
        let db = Connection(connection: connection, logger: storeLogger)
        if !member.hasReplayed(position) {
          let replayed = try await db.value(
            "SELECT coalesce((pg_last_wal_replay_lsn() - '0/0')::bigint, 0)", as: Int64.self) ?? 0
          member.saw(replayed)
          guard replayed >= position else { return nil }
        }
        return try await body(db)
      }
      count(answer == nil ? .lagging : .replica)
      return answer
    } catch {
      if PostgresStore.storeError(error) as? StoreError == .unavailable {
        if member.fail() {
          logger.warning("The replica at \(member.address) cannot be reached (\(PostgresStore.explain(error))); reading from the primary until it is back")
          Task { [logger] in
            await member.probeUntilBack()
            logger.notice("The replica at \(member.address) is back")
          }
        }
      } else if PostgresStore.sqlState(error) != "40001" {  // 40001: cancelled by a conflict with recovery
        throw PostgresStore.storeError(error)
      }
      count(.unavailable)
      return nil
    }
  }
}

extension PostgresStore {
  /// A replica that cannot serve this primary, in one line.
  package struct ReplicaRefused: Error, CustomStringConvertible {
    package let description: String
  }

  /// Before serving: every replica must answer, be a standby (in recovery), and copy this very database.
  func checkReplicas(_ configurations: [Configuration]) async throws {
    let identity: SQL = "SELECT pg_is_in_recovery(), (SELECT system_identifier FROM pg_control_system()), current_database()"
    func facts(_ db: Connection) async throws -> (standby: Bool, system: Int64, database: String) {
      guard let row = try await db.rows(identity).first else { return (false, 0, "") }
      return (try row[0].decode(Bool.self), try row.int64(1), try row.string(2))
    }
    let primary = try await reading { db in try await facts(db) }
    for configuration in configurations {
      let place = "the replica \(configuration.database) on \(configuration.host):\(configuration.port)"
      let replica: (standby: Bool, system: Int64, database: String)
      do {
        let connection = try await PostgresConnection.connect(
          configuration: configuration.connection, id: 2, logger: logger)
        do {
          replica = try await facts(Connection(connection: connection, logger: logger))
        } catch {
          try? await connection.close()
          throw error
        }
        try? await connection.close()
      } catch {
        throw ReplicaRefused(description: "could not use \(place) as \(configuration.username): \(Self.explain(error))")
      }
      guard replica.standby else {
        throw ReplicaRefused(description: "\(place) is not a standby (pg_is_in_recovery() is false): give it the primary's streaming copy")
      }
      guard replica.system == primary.system, replica.database == primary.database else {
        throw ReplicaRefused(description: "\(place) is not a copy of the primary's database \(primary.database)")
      }
    }
  }

  /// A read that a replica may answer (see `Replicas`); the primary's `reading` when there are none.
  package func readingReplica<T: Sendable>(_ body: @escaping @Sendable (Connection) async throws -> T) async throws -> T {
    guard let replicas else { return try await reading(body) }
    let position = try await reading { db in try await Self.walPosition(db) }
    return try await replicated(replicas, after: position, body)
  }

  /// The primary's WAL position: every write that has answered is at or before it.
  static func walPosition(_ db: Connection) async throws -> Int64 {
    try await db.value("SELECT (pg_current_wal_lsn() - '0/0')::bigint", as: Int64.self) ?? 0
  }

  func replicated<T: Sendable>(_ replicas: Replicas, after position: Int64,
                                 _ body: @escaping @Sendable (Connection) async throws -> T)
    async throws -> T
  {
    if let answer = try await replicas.read(after: position, logger: logger, body) { return answer }
    return try await reading(body)
  }
}
