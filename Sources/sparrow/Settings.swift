import ArgumentParser
import Foundation

/// Settings from three places, the first that has one winning: the command line (`--port 8081`), the
/// environment (`SPARROW_PORT=8081`: `SPARROW_` and the option's name in capitals, `-` as `_`), and a file named
/// by `--config FILE` or `SPARROW_CONFIG` (`port = 8081`, one per line, `#` comments; a repeatable option may
/// appear on several lines). They become command-line arguments before the command is parsed, so every option
/// of every command can be set each way, and its checks and errors are the same.
enum Settings {
  /// One option of a command: its name without `--`, and whether it takes a value (else it is a flag).
  struct Option: Hashable {
    let name: String
    let takesValue: Bool
  }

  struct BadFile: Error, CustomStringConvertible {
    let description: String
  }

  static func arguments(_ given: [String], environment: [String: String] = ProcessInfo.processInfo.environment)
    throws -> [String]
  {
    var command: any ParsableCommand.Type = Sparrow.self
    var depth = 0
    while depth < given.count,
      let sub = command.configuration.subcommands.first(where: { Self.name(of: $0) == given[depth] })
    {
      command = sub
      depth += 1
    }
    let known = options(of: command)
    guard !known.isEmpty, !given.contains("--help"), !given.contains("-h") else { return given }
    let named = Set(given.compactMap { $0.hasPrefix("--") ? String($0.dropFirst(2).prefix { $0 != "=" }) : nil })
    var extra: [String] = []

    func add(_ option: Option, _ value: String) {
      if option.takesValue {
        extra += ["--" + option.name, value]
      } else if ["1", "true", "yes", "on"].contains(value.lowercased()) {
        extra.append("--" + option.name)
      }
    }

    var fromEnvironment = Set<String>()
    for option in known.sorted(by: { $0.name < $1.name }) where !named.contains(option.name) && option.name != "config" {
      if let value = environment["SPARROW_" + option.name.uppercased().replacingOccurrences(of: "-", with: "_")] {
        add(option, value)
        fromEnvironment.insert(option.name)
      }
    }
    let file = value(of: "config", in: given) ?? environment["SPARROW_CONFIG"]
    if let file {
      let everyOption = Set(allCommands().flatMap { options(of: $0).map(\.name) })
      for (number, line) in try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let text = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first?
          .trimmingCharacters(in: .whitespaces) ?? ""
        guard !text.isEmpty else { continue }
        guard let equals = text.firstIndex(of: "=") else {
          throw BadFile(description: "\(file):\(number + 1): expected `name = value`")
        }
        let key = text[..<equals].trimmingCharacters(in: .whitespaces)
        let value = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        guard everyOption.contains(key) else { throw BadFile(description: "\(file):\(number + 1): no command has --\(key)") }
        // A setting of another command (a file shared by `serve` and `user create`) is no concern of this one.
        guard let option = known.first(where: { $0.name == key }), !named.contains(key), !fromEnvironment.contains(key)
        else { continue }
        add(option, value)
      }
    }
    return Array(given[..<depth]) + extra + Array(given[depth...])
  }

  /// The options a command's help lists (`  --port <port>`, `  --demo`).
  static func options(of command: any ParsableCommand.Type) -> Set<Option> {
    guard command.configuration.subcommands.isEmpty else { return [] }
    let help = Sparrow.helpMessage(for: command, includeHidden: true, columns: 10_000)
    var found = Set<Option>()
    for line in help.split(separator: "\n") {
      guard let match = line.firstMatch(of: /^\s{2}(?:-[a-z], )?--([a-z0-9-]+)( <[^>]+>)?/) else { continue }
      found.insert(Option(name: String(match.1), takesValue: match.2 != nil))
    }
    found.remove(Option(name: "help", takesValue: false))
    return found
  }

  static func allCommands(_ root: any ParsableCommand.Type = Sparrow.self) -> [any ParsableCommand.Type] {
    [root] + root.configuration.subcommands.flatMap { allCommands($0) }
  }

  /// As ArgumentParser names it: the configured name, else the type's (every type of two words names itself).
  static func name(of command: any ParsableCommand.Type) -> String {
    command.configuration.commandName ?? String(describing: command).lowercased()
  }

  static func value(of option: String, in arguments: [String]) -> String? {
    for (index, argument) in arguments.enumerated() {
      if argument == "--" + option, index + 1 < arguments.count { return arguments[index + 1] }
      if argument.hasPrefix("--\(option)=") { return String(argument.dropFirst(option.count + 3)) }
    }
    return nil
  }
}
