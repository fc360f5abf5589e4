import Foundation
import Logging
import NIOCore
import PostgresNIO
import SparrowStore

/// At most `size` connections to one PostgreSQL server, each leased to one request at a time: the server's
/// (`keepsOpen`) opened all at once and reopened when lost, a command's opened as its reads need them.
///
/// In place of PostgresNIO's pool (1.33), which queues every request while a connection it is opening keeps
/// failing, even with idle connections at hand: a server the database refused one connection (`max_connections`
/// reached, a role's connection limit) waited for ever at start. Here an open connection always serves; a request
/// waits only while every open connection is leased; and while none can be opened at all, it fails at once with
/// `StoreError.unavailable` (the reason is logged). No timer runs per lease (PostgresNIO's pool armed an idle and a
/// keep-alive timer at every return): the database's TCP probes keep an idle connection (`Configuration.pooled`).
final class ConnectionPool: @unchecked Sendable {
  let size: Int
  private let configuration: PostgresConnection.Configuration
  private let keepsOpen: Bool
  private let logger: Logger
  /// The server, for logs.
  private let address: String

  private let lock = NSLock()
  private var idle: [PostgresConnection] = []
  /// Open and not yet seen closed: idle or leased.
  private var open = 0
  private var opening = 0
  private var leased = 0
  private var waiters: [(id: Int, resume: CheckedContinuation<PostgresConnection, any Error>)] = []
  private var lastWaiter = 0
  private var lastConnection = 0
  /// Opening failed this many times in a row (logged with the reason at the first; a request refused while none is
  /// open gets `StoreError.unavailable`).
  private var failures = 0
  /// A retry after a failure is scheduled: nothing is opened before it.
  private var backingOff = false
  private var shutDown = false
  /// Failed tries in a row (0.25 s, 0.5 s, then 1 s apart) after which, with nothing open, requests are refused.
  static let triesBeforeRefusing = 3

  init(_ configuration: PostgresConnection.Configuration, size: Int, keepsOpen: Bool, address: String, logger: Logger) {
    self.configuration = configuration
    self.size = max(1, size)
    self.keepsOpen = keepsOpen
    self.address = address
    self.logger = logger
    if keepsOpen { openWhatIsMissing() }
  }

  /// Leased connections and requests waiting for one, for `/metrics`.
  var use: (leased: Int, waiting: Int) { lock.withLock { (leased, waiters.count) } }

  /// Runs `body` with a connection of its own, returned afterwards unless what `body` threw ended its session.
  func withConnection<T>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
    let connection = try await lease()
    do {
      let value = try await body(connection)
      release(connection)
      return value
    } catch {
      release(connection, ended: Self.endsTheSession(error))
      throw error
    }
  }

  /// A fatal error from the server (one closing the session, `pg_terminate_backend`, a server shutting down), or
  /// the connection lost: it may not look closed yet, and must not serve the next request.
  static func endsTheSession(_ error: any Error) -> Bool {
    guard let error = error as? PSQLError else { return error is ChannelError || error is IOError }
    if let severity = error.serverInfo?[.severity] { return severity == "FATAL" || severity == "PANIC" }
    return [.serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .connectionError].contains(error.code)
  }

  /// Closes the idle connections, and each leased one when it comes back; what waits is refused.
  func shutdown() {
    let (connections, refused) = lock.withLock { () -> ([PostgresConnection], [CheckedContinuation<PostgresConnection, any Error>]) in
      shutDown = true
      defer { (idle, waiters) = ([], []) }
      return (idle, waiters.map(\.resume))
    }
    connections.forEach { Self.close($0) }
    refused.forEach { $0.resume(throwing: StoreError.unavailable) }
  }

  private enum Turn { case connection(PostgresConnection), refused(any Error), waiting }

  private func lease() async throws -> PostgresConnection {
    if let connection = lock.withLock({ takeIdle() }) { return connection }
    let id = lock.withLock { lastWaiter += 1; return lastWaiter }
    let connection = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (resume: CheckedContinuation<PostgresConnection, any Error>) in
        let turn = lock.withLock { () -> Turn in
          if let connection = takeIdle() { return .connection(connection) }
          if shutDown { return .refused(StoreError.unavailable) }
          if Task.isCancelled { return .refused(CancellationError()) }
          // Nothing open, the tries of the last seconds failed and the next is not due: refused now, not a wait.
          if open == 0, opening == 0, backingOff, failures >= Self.triesBeforeRefusing {
            return .refused(StoreError.unavailable)
          }
          waiters.append((id, resume))
          return .waiting
        }
        switch turn {
        case .connection(let connection): resume.resume(returning: connection)
        case .refused(let error): resume.resume(throwing: error)
        case .waiting: openWhatIsMissing()
        }
      }
    } onCancel: {
      let resume = lock.withLock { () -> CheckedContinuation<PostgresConnection, any Error>? in
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
        return waiters.remove(at: index).resume
      }
      resume?.resume(throwing: CancellationError())
    }
    return connection
  }

  /// Under the lock.
  private func takeIdle() -> PostgresConnection? {
    while let connection = idle.popLast() {
      // One the server closed is forgotten by `closed` (soon, if not yet).
      guard !connection.isClosed else { continue }
      leased += 1
      return connection
    }
    return nil
  }

  private func release(_ connection: PostgresConnection, ended: Bool = false) {
    let (waiter, close) = lock.withLock { () -> (CheckedContinuation<PostgresConnection, any Error>?, Bool) in
      leased -= 1
      // Closed here, it is forgotten (and replaced) when its close completes, in `closed`.
      if shutDown || ended { return (nil, true) }
      if connection.isClosed { return (nil, false) }
      if !waiters.isEmpty {
        leased += 1
        return (waiters.removeFirst().resume, false)
      }
      idle.append(connection)
      return (nil, false)
    }
    if close { Self.close(connection) }
    waiter?.resume(returning: connection)
  }

  /// Opens connections up to `size` (the server's pool), or as many as requests wait for beyond those being opened.
  private func openWhatIsMissing() {
    let ids = lock.withLock { () -> [Int] in
      guard !shutDown, !backingOff else { return [] }
      let room = size - open - opening
      let wanted = keepsOpen ? room : min(room, waiters.count - opening)
      guard wanted > 0 else { return [] }
      opening += wanted
      defer { lastConnection += wanted }
      return (1...wanted).map { lastConnection + $0 }
    }
    for id in ids { Task { await self.openOne(id) } }
  }

  private func openOne(_ id: Int) async {
    do {
      let connection = try await PostgresConnection.connect(
        on: PostgresConnection.defaultEventLoopGroup.next(), configuration: configuration, id: id, logger: logger)
      let (waiter, recovered, close) = lock.withLock {
        () -> (CheckedContinuation<PostgresConnection, any Error>?, Int?, Bool) in
        opening -= 1
        if shutDown { return (nil, nil, true) }
        open += 1
        let recovered = failures > 0 ? open : nil
        failures = 0
        if !waiters.isEmpty {
          leased += 1
          return (waiters.removeFirst().resume, recovered, false)
        }
        idle.append(connection)
        return (nil, recovered, false)
      }
      if close { return Self.close(connection) }
      if let recovered { logger.notice("Opened a connection to PostgreSQL at \(address) again (\(recovered) of \(size) open)") }
      connection.closeFuture.whenComplete { _ in self.closed(connection) }
      waiter?.resume(returning: connection)
    } catch {
      let (stranded, firstFailure, delay, openNow) = lock.withLock {
        () -> ([CheckedContinuation<PostgresConnection, any Error>], Bool, Duration?, Int) in
        opening -= 1
        failures += 1
        // With nothing open and nothing on the way, only a later try could hand these a connection: they wait for
        // the first few (a second and a half), not for ever.
        let stranded = open == 0 && opening == 0 && failures >= Self.triesBeforeRefusing ? waiters.map(\.resume) : []
        if !stranded.isEmpty { waiters = [] }
        let retry = !shutDown && !backingOff && (keepsOpen || !waiters.isEmpty)
        if retry { backingOff = true }
        // 0.25 s, doubling to 5 s: a database that is restarting is used again soon, one that refuses is not hammered.
        let delay = retry ? Duration.milliseconds(250 * (1 << min(failures - 1, 4))) : nil
        return (stranded, failures == 1, delay.map { min($0, .seconds(5)) }, open)
      }
      if firstFailure {
        logger.warning("Could not open a connection to PostgreSQL at \(address) (\(openNow) of \(size) open): \(PostgresStore.explain(error))")
      }
      stranded.forEach { $0.resume(throwing: StoreError.unavailable) }
      if let delay {
        Task {
          try? await Task.sleep(for: delay)
          self.lock.withLock { self.backingOff = false }
          self.openWhatIsMissing()
        }
      }
    }
  }

  /// Closes `connection`, kept until its channel is closed (PostgresNIO asserts that a connection it frees is).
  private static func close(_ connection: PostgresConnection) {
    let closing: EventLoopFuture<Void> = connection.close()
    closing.whenComplete { _ in withExtendedLifetime(connection) {} }
  }

  /// The server closed `connection` (or it was lost): forgotten, and the server's pool opens another.
  private func closed(_ connection: PostgresConnection) {
    lock.withLock {
      open -= 1
      idle.removeAll { $0 === connection }
    }
    openWhatIsMissing()
  }
}
