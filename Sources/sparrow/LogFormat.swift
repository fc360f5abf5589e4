import ArgumentParser
import Foundation
import Logging

/// How the server logs: the level and, for log collectors, one JSON object per line.
struct LogOptions: ParsableArguments {
  @Option(help: "Least severe level logged: trace, debug, info (each request), notice, warning, error, critical.")
  var logLevel: Logger.Level = .info

  @Option(help: "text (key=value metadata) or json (one object per line).")
  var logFormat: LogFormat = .text

  enum LogFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
  }

  /// Before any logger is made.
  func bootstrap() {
    let (level, format) = (logLevel, logFormat)
    LoggingSystem.bootstrap { label in
      var handler: any LogHandler =
        format == .json ? JSONLogHandler(label: label) : TextLogHandler(label: label)
      handler.logLevel = level
      return handler
    }
  }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}

/// swift-log's `StreamLogHandler` line (`time level label: key=value… [source] message`) for a fraction of its
/// cost, which was a quarter of a trivial request's: the local time is formatted once a second, not per line
/// (glibc's `localtime` looks at /etc/localtime each call), and the line goes out in one `write(2)`, whole (no
/// `FILE` lock, no flush).
struct TextLogHandler: LogHandler {
  let label: String
  var logLevel: Logger.Level = .info
  var metadata: Logger.Metadata = [:]

  init(label: String) { self.label = label }

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    var line = LocalSecond.shared.text()
    line += " \(event.level) \(label):"
    let fields = (event.metadata ?? [:]).isEmpty ? metadata : metadata.merging(event.metadata ?? [:]) { _, new in new }
    for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
      line += " \(key)=\(value)"
    }
    line += " [\(event.source)] \(event.message)\n"
    let bytes = Array(line.utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress! + written, $0.count - written) }
      if count <= 0 {
        if count < 0 && errno == EINTR { continue }
        return
      }
      written += count
    }
  }
}

/// The current second as local time, `2026-11-23T23:18:30+0000`, formatted when the second changes.
final class LocalSecond: @unchecked Sendable {
  static let shared = LocalSecond()
  private let lock = NSLock()
  private var second = 0
  private var formatted = ""

  func text() -> String {
    var now = time(nil)
    if let cached = lock.withLock({ second == now ? formatted : nil }) { return cached }
    var parts = tm()
    localtime_r(&now, &parts)
    var buffer = [CChar](repeating: 0, count: 64)
    strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
    let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    lock.withLock { (second, formatted) = (now, text) }
    return text
  }
}

/// One JSON object per line on standard error: `time`, `level`, `label`, `message`, then the metadata's keys.
struct JSONLogHandler: LogHandler {
  let label: String
  var logLevel: Logger.Level = .info
  var metadata: Logger.Metadata = [:]
  private static let lock = NSLock()

  init(label: String) { self.label = label }

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    var fields: [String: String] = [:]
    for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { _, new in new }) {
      fields[key] = "\(value)"
    }
    fields["time"] = Date().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    fields["level"] = event.level.rawValue
    fields["label"] = label
    fields["message"] = "\(event.message)"
    if event.source != "" && logLevel <= .debug { fields["source"] = event.source }
    guard var line = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys, .withoutEscapingSlashes])
    else { return }
    line.append(0x0A)
    Self.lock.withLock { FileHandle.standardError.write(line) }
  }
}
