import Foundation
import SparrowTestSupport

/// The built `wb` executable, next to the test bundle (or at `$WB_BINARY`); nil when it was not built.
enum WBBinary {
  static let url: URL? = {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["WB_BINARY"], FileManager.default.isExecutableFile(atPath: path) {
      return URL(fileURLWithPath: path)
    }
    let argv0 = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).resolvingSymlinksInPath()
    var folders = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(), argv0.deletingLastPathComponent()]
    // macOS: <build>/debug/<package>PackageTests.xctest/Contents/MacOS/<binary>
    folders += Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }.map { $0.bundleURL.deletingLastPathComponent() }
    folders.append(argv0.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent())
    return folders.map { $0.appendingPathComponent("wb") }.first {
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(atPath: $0.path, isDirectory: &isFolder) && !isFolder.boolValue
        && FileManager.default.isExecutableFile(atPath: $0.path)
    }
  }()
}

/// What a finished run of `wb` printed and how it exited.
struct RunResult: Sendable {
  let status: Int32
  let stdout: String
  let stderr: String
}

/// Bytes a child process writes, collected as they come.
final class OutputBuffer: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()
  private var ended = false

  /// Reads `handle` on a thread of its own until end of file.
  init(reading handle: FileHandle) {
    Thread.detachNewThread { [self] in
      while true {
        let chunk = handle.availableData
        lock.lock()
        if chunk.isEmpty { ended = true } else { data.append(chunk) }
        let done = ended
        lock.unlock()
        if done { return }
      }
    }
  }

  var text: String {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: data, as: UTF8.self)
  }

  var isEnded: Bool {
    lock.lock()
    defer { lock.unlock() }
    return ended
  }
}

/// A running `wb`.
final class WBProcess: Sendable {
  private let process: ChildProcess
  private let out: OutputBuffer
  private let err: OutputBuffer

  /// The longest any test waits for `wb`.
  static let limit: Duration = .seconds(60)

  /// Starts `wb arguments` with only `environment` (plus PATH and a throwaway HOME).
  init(_ arguments: [String], environment: [String: String] = [:], home: URL) throws {
    guard let binary = WBBinary.url else { throw WBTestError.notBuilt }
    // A clean environment: no DISPLAY (so no browser opens), no WB_* from the developer's shell.
    process = try ChildProcess(
      binary.path, arguments,
      environment: ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": home.path, "LANG": "C.UTF-8"].merging(environment) { $1 },
      output: .pipes)
    out = OutputBuffer(reading: process.standardOutput!)
    err = OutputBuffer(reading: process.standardError!)
  }

  /// The first stdout line containing `needle`, once it has been printed.
  func line(containing needle: String) async throws -> String {
    let deadline = ContinuousClock.now + Self.limit
    while ContinuousClock.now < deadline {
      if let line = out.text.split(separator: "\n").first(where: { $0.contains(needle) }) { return String(line) }
      if out.isEnded { break }
      try await Task.sleep(for: .milliseconds(20))
    }
    throw WBTestError.noSuchLine(needle, stdout: out.text, stderr: err.text)
  }

  /// Waits for the exit (killing `wb` after `limit`) and the end of its output.
  func finish() async throws -> RunResult {
    let deadline = ContinuousClock.now + Self.limit
    while true {
      if let status = process.status, out.isEnded, err.isEnded {
        return RunResult(status: status, stdout: out.text, stderr: err.text)
      }
      if ContinuousClock.now > deadline {
        process.terminate()
        throw WBTestError.hung(stdout: out.text, stderr: err.text)
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }
}

enum WBTestError: Error {
  case notBuilt
  case noSuchLine(String, stdout: String, stderr: String)
  case hung(stdout: String, stderr: String)
}
