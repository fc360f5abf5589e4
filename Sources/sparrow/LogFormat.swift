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
        format == .json ? JSONLogHandler(label: label) : StreamLogHandler.standardError(label: label)
      handler.logLevel = level
      return handler
    }
  }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}

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
