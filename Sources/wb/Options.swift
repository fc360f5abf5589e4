import ArgumentParser
import Foundation
import SparrowKit

/// `--config DIR`: where the login is kept.
struct ConfigOptions: ParsableArguments {
  @Option(help: "The folder the login is kept in (default: $WB_HOME, else SparrowKit's account folder).")
  var config: String?

  /// The folder: `--config`, else `$WB_HOME`, else `AccountStore.defaultFolder()`.
  func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    if let path = config ?? environment["WB_HOME"].flatMap({ $0.isEmpty ? nil : $0 }) {
      return URL(fileURLWithPath: (path as NSString).expandingTildeInPath, isDirectory: true)
    }
    return AccountStore.defaultFolder(environment: environment)
  }

  /// The session kept in that folder.
  var session: Session { Session(folder: folder()) }
}

/// `--json`: print the server's JSON instead of the readable form.
struct OutputOptions: ParsableArguments {
  @Flag(help: "Print the server's JSON (pretty-printed) instead of the readable form.")
  var json = false
}
