import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Threads of the embedded engine's own, on which requests run (as their task executor) so that their reads run
/// right where they are, synchronously, instead of hopping to GRDB's reader queue and back: each hop woke one
/// thread and put another to sleep, a quarter of a web page's CPU (28 context switches for a status page under
/// load). Reads block these threads, never Swift's cooperative ones; there are as many as the engine's readers, so a
/// thread waiting for a reader waits for a read that is running.
package final class ReadThreads: TaskExecutor, @unchecked Sendable {
  /// One set for the process, shared by its stores (tests open hundreds).
  package static let shared = ReadThreads(count: SQLiteStore.readerCount)

  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var head = 0

  private init(count: Int) {
    for index in 0..<count {
      let thread = Thread { [self] in run() }
      thread.name = "sparrow-read-\(index)"
      thread.start()
    }
  }

  /// Whether the calling thread is one of these.
  package static var isCurrent: Bool { pthread_getspecific(marker) != nil }

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  private func run() {
    pthread_setspecific(Self.marker, UnsafeRawPointer(bitPattern: 1))
    let executor = asUnownedTaskExecutor()
    while true {
      condition.lock()
      while head == jobs.count { condition.wait() }
      let job = jobs[head]
      head += 1
      if head == jobs.count {
        jobs.removeAll(keepingCapacity: true)
        head = 0
      }
      condition.unlock()
      job.runSynchronously(on: executor)
    }
  }

  /// The thread-specific key that marks these threads.
  private static let marker: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()
}
