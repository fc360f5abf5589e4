import Foundation

#if FUZZING
import CLibFuzzer
#endif

/// The shared half of every fuzz target: one `check` per target, run by libFuzzer or on saved inputs.
///
/// Built with `-sanitize=fuzzer -DFUZZING` (`make fuzz`), libFuzzer calls the target's
/// `LLVMFuzzerTestOneInput`, which calls its `check`. Built normally, the executable replays the files (and
/// folders of files) it is given through the same `check`: `make test` replays the committed corpus.
public enum FuzzTarget {
  /// The program's entry point: replays the inputs named on the command line, or, in a fuzzing build, hands
  /// over to libFuzzer.
  public static func main(_ name: String, check: @escaping @Sendable (Data) -> Void) -> Never {
    #if FUZZING
    // libFuzzer links its own `main`, which calls `LLVMFuzzerTestOneInput`; whether the linker keeps that
    // one or SwiftPM's alias to this program's, fuzzing runs the same `check`.
    Self.check = check
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv) { bytes, count in
      FuzzTarget.check?(FuzzTarget.input(bytes, count))
      return 0
    })
    #else
    let paths = CommandLine.arguments.dropFirst().filter { !$0.hasPrefix("-") }
    guard !paths.isEmpty else {
      FileHandle.standardError.write(Data("usage: \(name) FILE_OR_FOLDER…  (replays inputs through the checks)\n".utf8))
      exit(2)
    }
    var count = 0
    for path in paths {
      for file in files(at: path) {
        guard let data = FileManager.default.contents(atPath: file) else { fail("\(file): cannot be read") }
        current = file
        check(data)
        count += 1
      }
    }
    print("\(name): \(count) inputs, every check holds")
    exit(0)
    #endif
  }

  /// Fails the run unless `condition` holds: libFuzzer saves the input; a replay names the file.
  public static func require(
    _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
  ) {
    guard !condition else { return }
    fail("\(file):\(line): \(message())" + (current.map { " (input \($0))" } ?? ""))
  }

  /// The bytes libFuzzer hands over, as `Data`.
  public static func input(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Data {
    guard let bytes, count > 0 else { return Data() }
    return Data(bytes: bytes, count: count)
  }

  private static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("check failed: \(message)\n".utf8))
    // A trap, not exit: libFuzzer writes the crash input only for a deadly signal.
    fatalError(message)
  }

  /// A file, or the files of a folder (not recursive), sorted so replays are repeatable.
  private static func files(at path: String) -> [String] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { fail("\(path): no such file") }
    guard isFolder.boolValue else { return [path] }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 }
  }

  nonisolated(unsafe) private static var current: String?
  #if FUZZING
  nonisolated(unsafe) private static var check: (@Sendable (Data) -> Void)?
  #endif
}
