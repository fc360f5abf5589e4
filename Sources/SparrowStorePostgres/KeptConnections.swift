import PostgresNIO
import Synchronization

/// Connections leased from PostgresNIO's pool once and kept, each handed to one read at a time: the reads that find
/// one here skip the pool. PostgresNIO's pool (1.33) arms an idle timer and a keep-alive timer each time a
/// connection comes back, a child task that sleeps and is cancelled at the next lease: a sixth of the server's CPU
/// on `/healthz`, more on a page of several reads. Keeping the whole pool open instead (`minimumConnections`) made
/// a server whose database refused one connection queue every request for ever (stop 64), and a pool of our own lost
/// a wake-up; here nothing ever waits: a read finds a kept connection or takes the pool's way, as before.
///
/// At most `capacity` are kept, half the pool, so that the pool always has connections for the reads that find
/// none here (it can never be left with every connection kept and requests queued for them). A kept connection
/// goes back to the pool (which drops it) when it is found closed or when a read on it ended its session.
final class KeptConnections: Sendable {
  struct Kept: Sendable {
    let connection: PostgresConnection
    /// Ends the lease that holds the connection: back to PostgresNIO's pool.
    fileprivate let giveBack: CheckedContinuation<Void, Never>
  }

  private struct State {
    var idle: [Kept] = []
    /// Leases held or being made.
    var held = 0
    var shutDown = false
  }

  let capacity: Int
  private let client: PostgresClient
  private let state = Mutex(State())

  init(client: PostgresClient, poolSize: Int) {
    self.client = client
    capacity = poolSize / 2
  }

  /// A kept connection no read is using, if there is one (those found closed go back on the way).
  func take() -> Kept? {
    let (found, closed) = state.withLock { state -> (Kept?, [Kept]) in
      var closed: [Kept] = []
      while let kept = state.idle.popLast() {
        guard kept.connection.isClosed else { return (kept, closed) }
        closed.append(kept)
      }
      return (nil, closed)
    }
    closed.forEach { $0.giveBack.resume() }
    return found
  }

  /// `kept` is free again; it goes back to the pool instead when the read ended its session.
  func put(_ kept: Kept, sessionEnded: Bool) {
    let keep = !sessionEnded && !kept.connection.isClosed && state.withLock { state in
      guard !state.shutDown else { return false }
      state.idle.append(kept)
      return true
    }
    if !keep { kept.giveBack.resume() }
  }

  /// Leases one more connection to keep when fewer than `capacity` are, in the background (the lease may wait for
  /// the pool): called by a read that found none.
  func grow() {
    let grows = state.withLock { state in
      guard !state.shutDown, state.held < capacity else { return false }
      state.held += 1
      return true
    }
    guard grows else { return }
    Task {
      // A failed lease keeps nothing: the next read that finds none here tries again.
      try? await client.withConnection { connection in
        await withCheckedContinuation { giveBack in put(Kept(connection: connection, giveBack: giveBack), sessionEnded: false) }
      }
      state.withLock { $0.held -= 1 }
    }
  }

  /// Gives every idle connection back, and each one in use when its read is done.
  func shutdown() {
    let idle = state.withLock { state in
      state.shutDown = true
      defer { state.idle = [] }
      return state.idle
    }
    idle.forEach { $0.giveBack.resume() }
  }

  /// Whether `error`, thrown by a read, ended the connection's session: a fatal error from the server (the session
  /// terminated, the server shutting down) or the connection lost. Such a connection may not look closed yet.
  static func endsTheSession(_ error: any Error) -> Bool {
    guard let error = error as? PSQLError else { return error is ChannelError || error is IOError }
    if let severity = error.serverInfo?[.severity] { return severity == "FATAL" || severity == "PANIC" }
    return [.serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .connectionError].contains(error.code)
  }
}
