import Foundation
import GRDB
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
    self.count = count
    for index in 0..<count {
      let thread = Thread { [self] in run(index) }
      thread.name = "sparrow-read-\(index)"
      thread.start()
    }
  }

  /// Whether the calling thread is one of these.
  package static var isCurrent: Bool { pthread_getspecific(marker) != nil }

  /// The calling thread's place among these, nil on any other thread.
  static var currentIndex: Int? { pthread_getspecific(marker).map { Int(bitPattern: $0) - 1 } }

  /// How many there are.
  let count: Int

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  private func run(_ index: Int) {
    pthread_setspecific(Self.marker, UnsafeRawPointer(bitPattern: index + 1))
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

/// A store's read-only connection for each `ReadThreads` thread, opened on the thread's first read and only ever
/// used by it: a read there runs on its own connection without leasing one from GRDB's pool, whose lease (a
/// semaphore and barrier syncs on shared queues, contended between the threads) was 7–9 % of a web page.
final class ThreadReaders: @unchecked Sendable {
  private let path: String
  private let configuration: Configuration
  /// One slot per thread; slot `i` is read and written by thread `i` alone.
  private let slots: UnsafeMutablePointer<DatabaseQueue?>
  private let count: Int

  /// Readers of the database at `path`, opened with the pool's `configuration`, read-only.
  init(path: String, configuration: Configuration) {
    self.path = path
    var configuration = configuration
    configuration.readonly = true
    configuration.maximumReaderCount = 1
    self.configuration = configuration
    count = ReadThreads.shared.count
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil, count: count)
  }

  deinit {
    slots.deinitialize(count: count)
    slots.deallocate()
  }

  /// The calling thread's connection, opened if it has none yet; nil off `ReadThreads`.
  func current() throws -> DatabaseQueue? {
    guard let index = ReadThreads.currentIndex, index < count else { return nil }
    if let reader = slots[index] { return reader }
    let reader = try DatabaseQueue(path: path, configuration: configuration)
    slots[index] = reader
    return reader
  }
}
