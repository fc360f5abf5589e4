import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which its headers declare only for
/// `_GNU_SOURCE`, so not to Swift.
private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
private let addCloseFrom: AddCloseFrom? =
  dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: AddCloseFrom.self) }

/// A program the tests run (PostgreSQL's tools, `wb`), started with posix_spawn.
///
/// Not Foundation's `Process`: in Swift 6.3.1 its `run()` copies a whole 256-byte `d_name` out of each
/// `/proc/self/fd` entry, which reads past glibc's buffer when an entry ends a page; with the suite's many open
/// descriptors that crashed the test process (swift-corelibs-foundation pull request 5472). Its `waitUntilExit`
/// was also seen never to return after `pg_ctl start`.
package final class ChildProcess: @unchecked Sendable {
  /// Where the child's standard output and error go.
  package enum Output: Sendable {
    /// Both appended to a file.
    case file(String)
    /// Each to a pipe of its own, read through `standardOutput` and `standardError`.
    case pipes
  }

  private let pid: pid_t
  private let lock = NSLock()
  private var exit: Int32?
  /// The read ends of the pipes (`.pipes` only).
  package let standardOutput: FileHandle?
  package let standardError: FileHandle?

  /// Starts `path arguments` with standard input from /dev/null and only descriptors 0–2 open; `environment`
  /// nil keeps this process's.
  package init(_ path: String, _ arguments: [String], environment: [String: String]? = nil, output: Output) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    var childEnds: [Int32] = []
    switch output {
    case .file(let log):
      posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o644)
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
      standardOutput = nil
      standardError = nil
    case .pipes:
      var outPipe: [Int32] = [0, 0]
      var errPipe: [Int32] = [0, 0]
      guard pipe(&outPipe) == 0 else { throw SpawnError(path: path, code: errno) }
      guard pipe(&errPipe) == 0 else {
        let code = errno
        close(outPipe[0]); close(outPipe[1])
        throw SpawnError(path: path, code: code)
      }
      // Close-on-exec too, for programs started by other means meanwhile: a write end held open elsewhere would
      // delay the reader's end of file.
      for fd in outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
      posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
      posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
      childEnds = [outPipe[1], errPipe[1]]
      standardOutput = FileHandle(fileDescriptor: outPipe[0], closeOnDealloc: true)
      standardError = FileHandle(fileDescriptor: errPipe[0], closeOnDealloc: true)
    }
    defer { for fd in childEnds { close(fd) } }
    // Whatever else this process has open (sockets, databases, other children's pipes) stays out of the child.
    guard let addCloseFrom else { throw SpawnError(path: path, code: ENOSYS) }
    _ = addCloseFrom(&actions, 3)
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
    defer { for pair in envp ?? [] { free(pair) } }
    var pid: pid_t = 0
    let code = envp.map { posix_spawn(&pid, path, &actions, nil, argv, $0) } ?? posix_spawn(&pid, path, &actions, nil, argv, environ)
    guard code == 0 else { throw SpawnError(path: path, code: code) }
    self.pid = pid
  }

  /// The exit status once the child has ended (128 + the signal when one ended it); nil while it runs.
  package var status: Int32? {
    lock.lock()
    defer { lock.unlock() }
    if exit == nil { reap(WNOHANG) }
    return exit
  }

  /// Waits for the end (blocking this thread) and gives the exit status.
  package func wait() -> Int32 {
    lock.lock()
    defer { lock.unlock() }
    while exit == nil { reap(0) }
    return exit!
  }

  /// Asks the child to stop (SIGTERM).
  package func terminate() {
    if status == nil { kill(pid, SIGTERM) }
  }

  /// One waitpid; records the status when the child has ended. Called under the lock.
  private func reap(_ options: Int32) {
    var raw: Int32 = 0
    let result = waitpid(pid, &raw, options)
    if result == pid {
      // WIFEXITED/WEXITSTATUS/WTERMSIG by hand: Glibc's macros do not come through to Swift.
      exit = raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
    } else if result == -1 && errno != EINTR {
      exit = -1
    }
  }

  package struct SpawnError: Error, CustomStringConvertible {
    let path: String
    let code: Int32
    package var description: String { "could not start \(path): \(String(cString: strerror(code)))" }
  }
}
