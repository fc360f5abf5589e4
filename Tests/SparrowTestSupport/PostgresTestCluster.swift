import Foundation
import SparrowStorePostgres
#if canImport(Glibc)
import Glibc
#endif

/// A throwaway PostgreSQL server for the store contract, started once per test process on a free loopback port
/// when PostgreSQL's programs are installed (Debian: the `postgresql` package), and stopped when the process
/// exits. Without them, or with `SPARROW_TEST_POSTGRES=0`, the PostgreSQL engine is simply not tested here.
///
/// `initdb` refuses to run as root: as root, the cluster is made and run as the `postgres` user (which Debian's
/// package creates), or `nobody`, through `runuser`.
package final class PostgresTestCluster: Sendable {
  package let port: Int
  let folder: URL
  let bin: URL
  let runAs: String?

  /// The cluster, or nil when it cannot run here.
  /// With `SPARROW_TEST_POSTGRES=1` (CI) a cluster that cannot start stops the tests instead of leaving the
  /// engine untested.
  package static let shared: PostgresTestCluster? = {
    let cluster = start()
    if cluster == nil, ProcessInfo.processInfo.environment["SPARROW_TEST_POSTGRES"] == "1" {
      fatalError("SPARROW_TEST_POSTGRES=1 but no PostgreSQL test cluster could start (initdb/pg_ctl; see /tmp/sparrow-pg-*/setup.log)")
    }
    return cluster
  }()

  /// Settings for a database on the cluster (no password: trust on loopback). Connections may wait 30 s: when
  /// every suite starts at once on two cores, the cluster is busy creating and migrating dozens of databases.
  package func configuration(database: String, poolSize: Int = 4) -> PostgresStore.Configuration {
    PostgresStore.Configuration(host: "127.0.0.1", port: port, username: "sparrow", database: database, poolSize: poolSize,
                                connectTimeout: .seconds(30))
  }

  /// Creating and migrating a test database, a few at a time: the suites start together, and dozens of
  /// CREATE DATABASE at once (each a copy of the template, flushed to disk) kept connections waiting past their
  /// timeout on a loaded machine.
  package static let setups = TestGate(slots: 4)

  init(port: Int, folder: URL, bin: URL, runAs: String?) {
    self.port = port
    self.folder = folder
    self.bin = bin
    self.runAs = runAs
  }

  /// The folder holding `initdb` and `pg_ctl`: `SPARROW_PG_BIN`, else Debian's newest
  /// `/usr/lib/postgresql/N/bin`, else the `PATH`.
  static func binaries() -> URL? {
    let fm = FileManager.default
    func has(_ dir: String) -> Bool { fm.isExecutableFile(atPath: dir + "/initdb") && fm.isExecutableFile(atPath: dir + "/pg_ctl") }
    if let dir = ProcessInfo.processInfo.environment["SPARROW_PG_BIN"], has(dir) { return URL(fileURLWithPath: dir) }
    let versions = ((try? fm.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []).compactMap(Int.init).sorted(by: >)
    for version in versions where has("/usr/lib/postgresql/\(version)/bin") {
      return URL(fileURLWithPath: "/usr/lib/postgresql/\(version)/bin")
    }
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) where has(dir) {
      return URL(fileURLWithPath: dir)
    }
    return nil
  }

  static func start() -> PostgresTestCluster? {
    if ProcessInfo.processInfo.environment["SPARROW_TEST_POSTGRES"] == "0" { return nil }
    guard let bin = binaries() else { return nil }
    let runAs: String? = geteuid() == 0 ? (getpwnam("postgres") != nil ? "postgres" : "nobody") : nil
    let folder = URL(fileURLWithPath: "/tmp/sparrow-pg-\(UUID().uuidString.prefix(8))")
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      if let runAs, let user = getpwnam(runAs) { chown(folder.path, user.pointee.pw_uid, user.pointee.pw_gid) }
      let data = folder.appendingPathComponent("data").path
      guard run(bin, "initdb", ["-D", data, "-U", "sparrow", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "-N"],
                as: runAs, log: folder) else { return nil }
      // A few ports in case one is taken; durability is off: the cluster lives as long as the test process.
      for _ in 0..<5 {
        let port = Int.random(in: 20_000..<60_000)
        let options = "-p \(port) -k \(folder.path) -c listen_addresses=127.0.0.1 -c max_connections=1000 "
          + "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        if run(bin, "pg_ctl", ["-D", data, "-l", folder.appendingPathComponent("server.log").path, "-o", options,
                               "-w", "-t", "30", "start"], as: runAs, log: folder) {
          let cluster = PostgresTestCluster(port: port, folder: folder, bin: bin, runAs: runAs)
          stopAtExit = (bin.appendingPathComponent("pg_ctl").path, data, runAs, folder.path)
          atexit { PostgresTestCluster.stop() }
          return cluster
        }
      }
    } catch {}
    if ProcessInfo.processInfo.environment["SPARROW_TEST_POSTGRES"] != "1" { try? FileManager.default.removeItem(at: folder) }
    return nil
  }

  /// What `stop` needs at exit, kept where a C exit handler (which captures nothing) can reach it.
  nonisolated(unsafe) static var stopAtExit: (pgCtl: String, data: String, runAs: String?, folder: String)?

  static func stop() {
    guard let (pgCtl, data, runAs, folder) = stopAtExit else { return }
    _ = spawn(pgCtl, ["-D", data, "-m", "immediate", "-w", "stop"], as: runAs, log: "/dev/null")
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Runs one of PostgreSQL's programs (as `user` when given); whether it succeeded. Output goes to `setup.log`.
  static func run(_ bin: URL, _ program: String, _ arguments: [String], as user: String?, log folder: URL) -> Bool {
    spawn(bin.appendingPathComponent(program).path, arguments, as: user,
          log: folder.appendingPathComponent("setup.log").path)
  }

  /// Runs `path arguments` (through `runuser` as `user` when given) to its end; whether it exited 0.
  static func spawn(_ path: String, _ arguments: [String], as user: String?, log: String) -> Bool {
    let argv = user.map { ["/usr/sbin/runuser", "-u", $0, "--", path] + arguments } ?? [path] + arguments
    return (try? ChildProcess(argv[0], Array(argv.dropFirst()), output: .file(log)).wait()) == 0
  }
}

extension PostgresTestCluster {
  /// `withStore(.postgres)` on a machine where the cluster could not start.
  package struct Unavailable: Error, CustomStringConvertible {
    package var description: String { "no PostgreSQL cluster for the tests (are PostgreSQL's programs installed?)" }
  }
}
