import Foundation
import SparrowKit

/// Where output goes: stdout for results, stderr for errors and notes.
enum Terminal {
  /// Prints a result line to stdout.
  static func print(_ text: String) {
    Swift.print(text)
  }

  /// Prints to stdout and flushes at once, for lines another program waits for (the authorize URL).
  static func printNow(_ text: String) {
    Swift.print(text)
    // fflush(NULL): every stream, and no reference to the global `stdout`, which Swift 6 deems unsafe.
    fflush(nil)
  }

  /// Prints to stderr.
  static func error(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }

  /// Pretty-prints a JSON body (keys sorted) to stdout; a body that is not JSON is printed as it came.
  static func printJSON(_ data: Data) {
    print(prettyJSON(data))
  }

  /// `data` as indented JSON with sorted keys.
  static func prettyJSON(_ data: Data) -> String {
    guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
      let pretty = try? JSONSerialization.data(
        withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
    else { return String(decoding: data, as: UTF8.self) }
    return String(decoding: pretty, as: UTF8.self)
  }

  /// What a write command got back: `title` and the status as a block, or the raw JSON.
  static func printStatus(_ answer: Answer<Status>, title: String, json: Bool) {
    if json { return printJSON(answer.json) }
    let palette = Palette.forStdout()
    print(palette.bold(title))
    print(StatusBlock(StatusViewModel(status: answer.value), now: Date(), palette: palette).text)
  }

  /// Several JSON bodies as one object, `{"user": …, "timeline": …}`, so `--json` always prints one document.
  static func printJSON(_ parts: [(key: String, json: Data)]) {
    var object: [String: Any] = [:]
    for part in parts { object[part.key] = (try? JSONSerialization.jsonObject(with: part.json, options: [.fragmentsAllowed])) ?? NSNull() }
    guard let data = try? JSONSerialization.data(withJSONObject: object) else { return }
    printJSON(data)
  }
}

/// ANSI styles, applied only when stdout is a terminal and `NO_COLOR` is unset.
struct Palette: Sendable {
  /// Whether escapes are written at all.
  let enabled: Bool

  /// The palette for this process's stdout.
  static func forStdout(environment: [String: String] = ProcessInfo.processInfo.environment) -> Palette {
    Palette(enabled: isatty(1) == 1 && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb")
  }

  /// `text` wrapped in the SGR `codes`, or as it is when colours are off.
  func paint(_ text: String, _ codes: String) -> String {
    enabled && !text.isEmpty ? "\u{1B}[\(codes)m\(text)\u{1B}[0m" : text
  }

  func bold(_ text: String) -> String { paint(text, "1") }
  func dim(_ text: String) -> String { paint(text, "2") }
  /// Weibo's orange, for members' names and the VIP mark.
  func orange(_ text: String) -> String { paint(text, "38;5;208") }
  func yellow(_ text: String) -> String { paint(text, "33") }
  func blue(_ text: String) -> String { paint(text, "34") }
  /// @mentions and #topics#.
  func link(_ text: String) -> String { paint(text, "34") }
  /// URLs: underlined as well.
  func url(_ text: String) -> String { paint(text, "4;34") }
}
