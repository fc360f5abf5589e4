import ArgumentParser
import Foundation
import SparrowApps
import SparrowStore
import SparrowStorePostgres
import SparrowStoreSQLite

/// `sparrow migrate-data`: a whole SQLite instance into an empty PostgreSQL database.
struct MigrateData: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "migrate-data",
    abstract: "Copy a whole instance from its SQLite file into an empty PostgreSQL database, ids unchanged.",
    discussion: """
      Stop Sparrow first: the copy reads the source table by table, and checks at the end that every table \
      holds as many rows on both sides. Pictures stay in their folder: serve with --media pointing at it (or \
      copy its pics/ and avatars/ to the new --media).
      """)

  @Option(help: "The SQLite instance to copy: sqlite:DIR (the data folder holding sparrow.sqlite).") var from: String
  @Option(help: "The empty PostgreSQL database to fill: postgres://user:password@host:5432/db.") var to: String
  @Option(help: "Rows read and written at a time.") var batch = 2000

  func run() async throws {
    guard from.hasPrefix("sqlite:"), !from.dropFirst(7).isEmpty else {
      throw ValidationError("--from takes sqlite:DIR, the data folder holding sparrow.sqlite")
    }
    let folder = URL(fileURLWithPath: String(from.dropFirst(7)), isDirectory: true)
    let file = folder.appendingPathComponent("sparrow.sqlite")
    guard FileManager.default.fileExists(atPath: file.path) else {
      throw ValidationError("there is no Sparrow database at \(file.path)")
    }
    // Every app's tables on both sides, so every table moves.
    let source = try SQLiteStore(path: file.path, schemas: SparrowApps.sqliteSchemas)
    let target = try await DataOptions.openPostgres(url: to, poolSize: 2)
    defer { target.shutdown() }
    let bar = ProgressBar()
    let counts = try await DataMigration(from: source, to: target, batch: batch).run(progress: bar.show)
    bar.finish()
    let width = max(5, counts.map(\.table.count).max() ?? 0)
    say("table".padding(toLength: width, withPad: " ", startingAt: 0) + "      sqlite    postgres")
    for count in counts {
      say(count.table.padding(toLength: width, withPad: " ", startingAt: 0)
        + String(format: "  %10d  %10d", count.source, count.target))
    }
    say("Copied \(counts.map(\.source).reduce(0, +)) rows in \(counts.count) tables; every count matches.")
  }
}

/// A bar on standard error, redrawn at most ten times a second.
final class ProgressBar: @unchecked Sendable {
  private var last = Date.distantPast
  private let interactive = isatty(STDERR_FILENO) != 0

  func show(_ done: Int, _ total: Int, _ label: String) {
    guard Date().timeIntervalSince(last) > 0.1 || done == total else { return }
    last = Date()
    let share = total == 0 ? 1 : Double(done) / Double(total)
    let filled = Int(share * 30)
    let line = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: 30 - filled) + "] "
      + String(format: "%3.0f%%  %d/%d rows  ", share * 100, done, total) + label
    FileHandle.standardError.write(Data(((interactive ? "\r\u{1B}[K" : "") + line + (interactive ? "" : "\n")).utf8))
  }

  func finish() {
    if interactive { FileHandle.standardError.write(Data("\n".utf8)) }
  }
}

/// `sparrow backup`: an online copy of the SQLite file; for PostgreSQL, `pg_dump`.
struct Backup: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Back up the database while Sparrow runs (SQLite: an online copy of the file; PostgreSQL: pg_dump).",
    discussion: """
      Restore SQLite: stop Sparrow and put the copy in the data folder as sparrow.sqlite. Restore PostgreSQL: \
      pg_restore --clean --if-exists -d postgres://… FILE. Pictures are files in the media folder: copy it too.
      """)

  @OptionGroup var options: DataOptions
  @Option(help: "The file to write (it must not exist).") var to: String

  func run() async throws {
    guard !FileManager.default.fileExists(atPath: to) else { throw ValidationError("\(to) exists already") }
    if let url = options.databaseURL {
      try dump(url)
    } else {
      let store = try SQLiteStore(folder: options.folder, schemas: SparrowApps.sqliteSchemas)
      try store.backup(to: to)
      let size = (try? FileManager.default.attributesOfItem(atPath: to)[.size] as? Int) ?? 0
      say("Backed up \(store.path) to \(to) (\(size / 1024) KiB).")
    }
  }

  /// `pg_dump` in its custom format; the password goes by the environment, not the command line.
  func dump(_ url: String) throws {
    let configuration = try PostgresStore.Configuration(url: url, poolSize: 1)
    let candidates = ["/usr/bin/pg_dump"] + ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? [])
      .compactMap(Int.init).sorted(by: >).map { "/usr/lib/postgresql/\($0)/bin/pg_dump" }
    guard let pgDump = candidates.first(where: FileManager.default.isExecutableFile) else {
      throw ValidationError("pg_dump is not installed (Debian: apt install postgresql-client); run it yourself: "
        + "pg_dump --format=custom --file \(to) -h \(configuration.host) -p \(configuration.port) -U \(configuration.username) \(configuration.database)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: pgDump)
    process.arguments = ["--format=custom", "--file", to, "-h", configuration.host, "-p", String(configuration.port),
                         "-U", configuration.username, configuration.database]
    var environment = ProcessInfo.processInfo.environment
    if let password = configuration.password { environment["PGPASSWORD"] = password }
    process.environment = environment
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw ValidationError("pg_dump failed (exit \(process.terminationStatus))") }
    say("Backed up \(configuration.database) on \(configuration.host) to \(to) (pg_dump custom format).")
  }
}
