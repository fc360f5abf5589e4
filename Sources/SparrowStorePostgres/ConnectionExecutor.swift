import NIOCore
import PostgresNIO
import Synchronization

/// A leased connection's event loop as the task executor of the work done with it: a statement is written from
/// the thread that reads its answer, and the task resumes there, instead of two thread wake-ups per statement
/// (from the request's thread to the loop, and back to Swift's pool with the rows). The work done on it is the
/// statements and their rows' decoding, which never blocks.
final class ConnectionExecutor: TaskExecutor, @unchecked Sendable {
  private let loop: any EventLoop

  private init(_ loop: any EventLoop) { self.loop = loop }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    loop.execute { job.runSynchronously(on: executor) }
  }

  /// The executor of `connection`'s loop, one per loop for the process (a pool's loops are few and live as long).
  static func of(_ connection: PostgresConnection) -> ConnectionExecutor {
    let loop = connection.eventLoop
    let key = ObjectIdentifier(loop as AnyObject)
    return made.withLock { made in
      if let kept = made[key] { return kept }
      let executor = ConnectionExecutor(loop)
      made[key] = executor
      return executor
    }
  }

  private static let made = Mutex<[ObjectIdentifier: ConnectionExecutor]>([:])
}
