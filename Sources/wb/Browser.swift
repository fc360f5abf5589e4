import Foundation

/// Opens a URL in the user's browser when there is one to open; never fails.
enum Browser {
  /// Launches `open` (macOS) or `xdg-open` (with a graphical session) on `url`; false when it did not.
  @discardableResult
  static func open(_ url: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
    #if os(macOS)
      let tool = "/usr/bin/open"
    #else
      // Without a display, xdg-open falls back to a text browser that would take over this terminal.
      guard !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty,
        let tool = executable("xdg-open", path: environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")
      else { return false }
    #endif
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = [url.absoluteString]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
      return true
    } catch {
      return false
    }
  }

  /// The first executable `name` on `path`.
  static func executable(_ name: String, path: String) -> String? {
    path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }
}

/// Reads a line from the terminal, without echo for secrets.
enum Prompt {
  /// Asks on stderr and reads stdin; echo is off while a terminal types `secret`s.
  static func line(_ question: String, secret: Bool = false) -> String? {
    FileHandle.standardError.write(Data(question.utf8))
    guard secret, isatty(0) == 1 else { return readLine() }
    var saved = termios()
    guard tcgetattr(0, &saved) == 0 else { return readLine() }
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ECHO)
    tcsetattr(0, TCSAFLUSH, &quiet)
    defer {
      tcsetattr(0, TCSAFLUSH, &saved)
      FileHandle.standardError.write(Data("\n".utf8))
    }
    return readLine()
  }
}
