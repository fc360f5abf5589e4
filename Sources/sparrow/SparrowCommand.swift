import ArgumentParser
import Foundation
import GeoData
import Hummingbird
import SparrowApps
import SparrowDemo
import SparrowPlatform
import SparrowServer
import WeiboAPI
import SparrowStore
import SparrowStoreSQLite
import SparrowStorePostgres
import TuanApp
import TuanStore

@main
struct Sparrow: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sparrow",
    abstract: "Sparrow: a self-hostable Weibo-compatible platform.",
    subcommands: [
      Serve.self, UserCommand.self, AppCommand.self, ContentCommand.self, Demo.self, MigrateData.self, Backup.self,
    ] + SparrowApps.commands)

  /// The command line, with what the environment and a settings file add (see `Settings`).
  static func main() async {
    do {
      await main(try Settings.arguments(Array(CommandLine.arguments.dropFirst())))
    } catch {
      exit(withError: error)
    }
  }
}

/// Options every command shares.
struct DataOptions: ParsableArguments {
  @Option(help: "The folder everything lives in: the SQLite database and, unless --media says otherwise, the pictures.")
  var data: String = "./data"

  @Option(help: "Where pictures, avatars and emoticon images live (default: --data). Several instances must share it (on several machines, a shared filesystem).")
  var media: String?

  var folder: URL { URL(fileURLWithPath: data, isDirectory: true) }
  var mediaFolder: URL { media.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? folder }

  @Option(help: "A PostgreSQL database instead of the SQLite file in --data: postgres://user:password@host:5432/db (or SPARROW_DATABASE_URL).")
  var database: String?

  @Option(help: "Connections to PostgreSQL at most (with --database).")
  var poolSize = 10

  @Option(help: "A settings file: `name = value` lines for any option (SPARROW_CONFIG; SPARROW_NAME variables and the command line win).")
  var config: String?

  /// The SQLite file in the data folder, or the PostgreSQL database `--database` (or `SPARROW_DATABASE_URL`) names,
  /// with every app's tables. `statementTimeout`: how long one PostgreSQL statement may run (the server's queries;
  /// not bulk commands). `replicas`: streaming replicas' URLs (the server's `--replica`), each may hold several
  /// separated by spaces.
  func openEngine(statementTimeout: Duration? = nil, replicas: [String] = []) async throws -> Engine {
    let replicas = replicas.flatMap { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
    guard let url = databaseURL else {
      guard replicas.isEmpty else { throw ValidationError("--replica needs --database: SQLite has no replicas") }
      return .sqlite(try SQLiteStore(folder: folder, schemas: SparrowApps.sqliteSchemas))
    }
    return .postgres(
      try await Self.openPostgres(url: url, poolSize: poolSize, statementTimeout: statementTimeout, replicas: replicas))
  }

  /// The engine's own store (`openEngine`), for commands that need only it.
  func openStore() async throws -> any PlatformStore { try await openEngine().shared }

  /// `--database`, else `SPARROW_DATABASE_URL`; nil for the SQLite file.
  var databaseURL: String? {
    let url = database ?? ProcessInfo.processInfo.environment["SPARROW_DATABASE_URL"]
    return url?.isEmpty == false ? url : nil
  }

  static func openPostgres(url: String, poolSize: Int, statementTimeout: Duration? = nil, replicas: [String] = [])
    async throws -> PostgresStore
  {
    var configuration = try PostgresStore.Configuration(url: url, poolSize: poolSize)
    configuration.statementTimeout = statementTimeout
    configuration.replicas = try replicas.map { url in
      var replica = try PostgresStore.Configuration(url: url, poolSize: poolSize)
      replica.statementTimeout = statementTimeout
      return replica
    }
    do {
      return try await PostgresStore.open(configuration, schemas: SparrowApps.postgresSchemas)
    } catch let error as PostgresStore.ReplicaRefused {
      throw error
    } catch {
      throw DatabaseUnavailable(configuration: configuration, error: error)
    }
  }

  /// A node leased from the database for this process's ids, so instances sharing it never collide.
  func lease(_ store: any NodeStore) async throws -> NodeLease { try await NodeLease.claim(store) }

  /// Runs a short command with a leased node, and frees the node when it is done.
  func withIDs<T>(_ store: any NodeStore, _ body: (IDGenerator) async throws -> T) async throws -> T {
    let lease = try await lease(store)
    do {
      let result = try await body(lease.ids)
      try? await lease.release()
      return result
    } catch {
      try? await lease.release()
      throw error
    }
  }

  /// The key for form tokens: random, kept in the database so that restarts keep sessions' forms valid and every
  /// instance signs alike. A key an older Sparrow kept in the data folder's `form.key` is carried over.
  func formKey(_ store: any NodeStore) async throws -> String {
    let kept = try? String(contentsOf: folder.appendingPathComponent("form.key"), encoding: .utf8)
    return try await store.secret(named: "form_key", proposing: kept.flatMap { $0.count >= 32 ? $0 : nil } ?? Secrets.random())
  }
}

struct Serve: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Run the server.")

  @Option(help: "Address to listen on.") var host = "127.0.0.1"
  @Option(help: "Port to listen on.") var port = 8080
  @OptionGroup var options: DataOptions
  @Flag(help: "Load demo content into an empty database.") var demo = false
  @Option(help: "The URL clients reach this server at (default: http://HOST:PORT).") var publicURL: String?
  @Option(help: "Seconds a connection may stay silent (between requests or halfway through one) before it is closed.")
  var idleTimeout = 30
  @Option(help: "Connections served at once; more wait in the listen queue.") var maxConnections = 1000
  @Option(help: "API calls per hour from one address (0: no limit).") var addressLimit = RateLimits().perAddress
  @Option(help: "API calls per hour by one user through one app (0: no limit).") var userLimit = RateLimits().perUser
  @Option(help: "Posts, reposts and comments per hour by one user, each (0: no limit).") var postLimit = 30
  @Option(help: "Follows per hour by one user (0: no limit).") var followLimit = 60
  @Option(help: "Accounts made per hour from one address (0: no limit).") var signupLimit = RateLimits().signupsPerAddress
  @Option(help: "Lets other machines read /metrics with this bearer token (otherwise only this machine can).")
  var metricsToken: String?
  @Option(help: "The address of a reverse proxy or load balancer in front (repeatable): its X-Forwarded-For names the client, for rate limits and logs.")
  var trustedProxy: [String] = []
  @Option(help: "Seconds one PostgreSQL statement may run before the database cancels it (with --database).")
  var statementTimeout = 30
  @Option(help: "A streaming replica of --database that takes heavy reads (repeatable): postgres://user:password@host:5432/db.")
  var replica: [String] = []
  @OptionGroup var logs: LogOptions

  func run() async throws {
    logs.bootstrap()
    MallocTuning.apply()
    guard statementTimeout > 0 else { throw ValidationError("--statement-timeout must be positive") }
    let engine = try await options.openEngine(statementTimeout: .seconds(statementTimeout), replicas: replica)
    let store = engine.shared
    let lease = try await options.lease(store)
    let ids = lease.ids
    let url = publicURL ?? "http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)"
    var config = ServerConfig(
      publicURL: url, dataFolder: options.mediaFolder, formKey: try await options.formKey(store))
    guard idleTimeout > 0, maxConnections > 0 else { throw ValidationError("--idle-timeout and --max-connections must be positive") }
    config.idleTimeout = idleTimeout
    config.metricsToken = metricsToken.flatMap { $0.isEmpty ? nil : $0 }
    if let bad = trustedProxy.first(where: { !ForwardedFor.isAddress($0) }) {
      throw ValidationError("--trusted-proxy \(bad): not an IP address")
    }
    config.trustedProxies = Set(trustedProxy)
    config.maxConnections = maxConnections
    config.rateLimits.perAddress = max(0, addressLimit)
    config.rateLimits.perUser = max(0, userLimit)
    config.rateLimits.signupsPerAddress = max(0, signupLimit)
    config.rateLimits.perAPI = ["update_status": max(0, postLimit), "update_comment": max(0, postLimit * 2), "follow": max(0, followLimit)]
    if demo {
      let world = DemoWorld(
        store: store, ids: ids, dataFolder: options.mediaFolder, parts: SparrowApps.demoParts(on: engine))
      if let refusal = try await world.refusal() {
        say(refusal)
      } else {
        let summary = try await world.load(.standard)
        say("Loaded demo content: \(summary.users) users, \(summary.pictures) pictures, \(summary.made.described).")
        say("Terminal client (password grant): client_id \(summary.appClientID), client_secret \(summary.appSecret)")
        for note in summary.notes { say(note) }
      }
      // Printed and offered on the sign-in page only if it signs in.
      if let login = try await world.login() {
        config.demoLogin = login
        say("Demo login: \(login.username) / \(login.password)")
      }
    }
    let app = try await buildApplication(
      ServerDependencies(store: store, ids: ids, config: config), engine: engine, modules: SparrowApps.modules,
      host: host, port: port)
    say("Sparrow is running on http://\(host):\(port) (data in \(options.folder.path)\(options.media == nil ? "" : ", pictures in \(options.mediaFolder.path)"))")
    let keeper = Task { await lease.keep { error in say("Could not renew the id node's lease: \(error)") } }
    let collector = Task { await Self.collectPictures(PictureLibrary(dataFolder: options.mediaFolder, store: store)) }
    // An operator's command beside a SQLite server (`user suspend`, `content hide`, `app scopes`) writes from
    // another process: the server notices within a second and drops its caches.
    let watcher = Task { if case .sqlite(let sqlite) = engine { await sqlite.watchOtherProcesses() } }
    Thread.detachNewThread { GeoData.warmUp() }
    // On SIGTERM or SIGINT the server stops accepting, finishes the requests in flight, and returns here: then
    // the id node is released and the database's connections closed.
    try await app.runService()
    keeper.cancel()
    collector.cancel()
    watcher.cancel()
    await keeper.value
    await collector.value
    (store as? PostgresStore)?.shutdown()
    say("Sparrow stopped.")
  }

  /// Every hour, removes uploaded pictures that were never posted (after a day's grace).
  static func collectPictures(_ library: PictureLibrary) async {
    while !Task.isCancelled {
      do {
        let removed = try await library.collect(now: Date())
        if removed > 0 { say("Removed \(removed) uploaded pictures that were never used.") }
      } catch {
        say("Could not collect unused pictures: \(error)")
      }
      try? await Task.sleep(for: .seconds(3600))
    }
  }
}

struct UserCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "user", abstract: "Manage users and the instance's staff.",
    subcommands: [Create.self, Promote.self, Suspend.self, Unsuspend.self, Audit.self])

  /// The user named `name`, or a clear error.
  static func named(_ name: String, in store: any PlatformStore) async throws -> UserRecord {
    guard let user = try await store.user(screenName: name) else { throw ValidationError("there is no user named \(name)") }
    return user
  }

  /// A staff action as the operator, its refusals in words.
  static func asOperator(_ options: DataOptions, _ action: (Staff) async throws -> Void) async throws {
    let store = try await options.openStore()
    do {
      try await options.withIDs(store) { try await action(Staff(store: store, ids: $0)) }
    } catch let refusal as Staff.Refusal {
      throw ValidationError(refusal.description)
    }
  }

  struct Promote: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Make a user staff (moderator or admin), or take it away with --role none; kept in the audit log.")
    @Argument var name: String
    @Option(help: "moderator, admin or none.") var role: String
    @Option(help: "Why, for the audit log.") var reason: String
    @OptionGroup var options: DataOptions

    func validate() throws {
      if role != "none" && StaffRole(rawValue: role) == nil { throw ValidationError("--role is moderator, admin or none") }
    }

    func run() async throws {
      try await UserCommand.asOperator(options) { staff in
        let user = try await UserCommand.named(name, in: staff.store)
        try await staff.setRole(StaffRole(rawValue: role), of: user, by: AuditEntry.operatorID, reason: reason)
        try printJSON(["id": user.id, "screen_name": user.screenName, "role": role] as [String: any Sendable])
      }
    }
  }

  struct Suspend: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Suspend a user: they cannot sign in, and every token and session of theirs ends at once.")
    @Argument var name: String
    @Option(help: "Why, for the audit log and what they are told when they sign in.") var reason: String
    @OptionGroup var options: DataOptions

    func run() async throws {
      try await UserCommand.asOperator(options) { staff in
        let user = try await UserCommand.named(name, in: staff.store)
        try await staff.suspend(user, by: AuditEntry.operatorID, reason: reason)
        try printJSON(["id": user.id, "screen_name": user.screenName, "suspended": true] as [String: any Sendable])
      }
    }
  }

  struct Unsuspend: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Lift a user's suspension.")
    @Argument var name: String
    @Option(help: "Why, for the audit log.") var reason: String
    @OptionGroup var options: DataOptions

    func run() async throws {
      try await UserCommand.asOperator(options) { staff in
        let user = try await UserCommand.named(name, in: staff.store)
        guard try await staff.lift(user, by: AuditEntry.operatorID, reason: reason) else {
          throw ValidationError("\(name) is not suspended")
        }
        try printJSON(["id": user.id, "screen_name": user.screenName, "suspended": false] as [String: any Sendable])
      }
    }
  }

  struct Audit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the staff audit log, newest first, one JSON object a line.")
    @Option(help: "How many entries.") var limit = 50
    @OptionGroup var options: DataOptions

    func run() async throws {
      let store = try await options.openStore()
      for entry in try await store.auditLog(limit: max(1, min(limit, 10_000))) {
        try printJSON([
          "at": ISO8601DateFormatter().string(from: entry.at), "actor": entry.actorID == AuditEntry.operatorID ? "operator" : String(entry.actorID),
          "action": entry.action, "target": entry.target, "reason": entry.reason,
        ] as [String: any Sendable])
      }
    }
  }

  struct Create: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Create a user; prints it as JSON.")
    @Option var name: String
    @Option var password: String
    @OptionGroup var options: DataOptions

    func run() async throws {
      let store = try await options.openStore()
      do {
        let user = try await options.withIDs(store) { try await Accounts(store: store, ids: $0).create(name: name, password: password) }
        try printJSON(["id": user.id, "idstr": String(user.id), "screen_name": user.screenName] as [String: any Sendable])
      } catch StoreError.conflict {
        throw ValidationError("the name \(name) is taken")
      } catch let error as AccountError {
        throw ValidationError(error.description)
      }
    }
  }
}

/// The staff's queue and actions from the command line, as on `/admin`, each in the audit log as the operator's.
struct ContentCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "content", abstract: "Reported content: the open reports, hiding and showing, dismissing.",
    subcommands: [Reports.self, Hide.self, Show.self, Dismiss.self])

  /// Every app's moderation on the engine `options` open, as the server composes it.
  static func moderation(_ engine: Engine) -> Moderation {
    Moderation(SparrowApps.modules.compactMap { $0.moderation(on: engine) }, people: engine.shared)
  }

  /// `TARGET` as `kind:id` (`status:12`, `comment:34`, `checkin:56`, `review:7`, `user:78`).
  static func target(_ text: String) throws -> ContentRef {
    guard let ref = ContentRef(text) else { throw ValidationError("the target is kind:id, such as status:12 or user:78") }
    return ref
  }

  struct Reports: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the open reports, oldest first, one JSON object a line.")
    @Option(help: "How many reports.") var limit = 100
    @OptionGroup var options: DataOptions

    func run() async throws {
      let store = try await options.openStore()
      for report in try await store.openReports(limit: max(1, min(limit, 10_000))) {
        try printJSON([
          "id": report.id, "target": report.target.description, "reporter": report.reporterID,
          "reason": report.reason.rawValue, "note": report.note, "at": ISO8601DateFormatter().string(from: report.at),
        ] as [String: any Sendable])
      }
    }
  }

  /// Hides or shows `target` as the operator.
  static func setHidden(_ target: String, _ hidden: Bool, reason: String, _ options: DataOptions) async throws {
    let ref = try Self.target(target)
    let engine = try await options.openEngine()
    let moderation = Self.moderation(engine)
    guard moderation.canHide(ref) else { throw ValidationError("\(ref.kind) is not a kind of content") }
    let changed = try await options.withIDs(engine.shared) { ids in
      do {
        return try await Staff(store: engine.shared, ids: ids)
          .setHidden(ref, hidden, in: moderation, by: AuditEntry.operatorID, reason: reason)
      } catch let refusal as Staff.Refusal {
        throw ValidationError(refusal.description)
      }
    }
    guard changed else {
      throw ValidationError(hidden ? "\(ref) is gone, already hidden, or not public" : "\(ref) is gone or not hidden")
    }
    try printJSON(["target": ref.description, "hidden": hidden] as [String: any Sendable])
  }

  struct Hide: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Hide content from everyone but its author (who is told); a user:ID hides their profile's words, link and picture.")
    @Argument(help: "kind:id, such as status:12.") var target: String
    @Option(help: "Why, for the audit log and the author's notice.") var reason: String
    @OptionGroup var options: DataOptions

    func run() async throws { try await ContentCommand.setHidden(target, true, reason: reason, options) }
  }

  struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show hidden content again.")
    @Argument(help: "kind:id, such as status:12.") var target: String
    @Option(help: "Why, for the audit log.") var reason: String
    @OptionGroup var options: DataOptions

    func run() async throws { try await ContentCommand.setHidden(target, false, reason: reason, options) }
  }

  struct Dismiss: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Close the open reports on a target with nothing done to it.")
    @Argument(help: "kind:id, such as status:12.") var target: String
    @Option(help: "Why, for the audit log.") var reason: String
    @OptionGroup var options: DataOptions

    func run() async throws {
      let ref = try ContentCommand.target(target)
      try await UserCommand.asOperator(options) { staff in
        let closed = try await staff.dismissReports(on: ref, by: AuditEntry.operatorID, reason: reason)
        try printJSON(["target": ref.description, "dismissed": closed] as [String: any Sendable])
      }
    }
  }
}

struct AppCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "app", abstract: "Manage OAuth client apps.", subcommands: [Create.self, Scopes.self])

  struct Scopes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Change the scopes an app may ask for; grants holding a scope it loses end at once.",
      discussion: "Give every scope the app keeps (none: the Weibo API's only). Prints the app's scopes and how many grants ended.")
    @Option var clientID: String
    @Option(help: "A scope the app may ask people for (repeat, or separate by commas).") var scope: [String] = []
    @OptionGroup var options: DataOptions

    func run() async throws {
      let store = try await options.openStore()
      let scopes = scope.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
      do {
        let (app, ended) = try await options.withIDs(store) {
          try await Accounts(store: store, ids: $0).setScopes(clientID: clientID, scopes: scopes, catalog: SparrowApps.scopes)
        }
        try printJSON(["client_id": app.clientID, "name": app.name, "scopes": app.scopes, "grants_ended": ended])
      } catch let error as AccountError {
        throw ValidationError(error.description)
      }
    }
  }

  struct Create: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Register an app; prints its client_id and client_secret.")
    @Option var name: String
    @Option var redirectURI: String
    @Option(help: "The app's home page, shown in `source`.") var url = ""
    @Flag(help: "Allow the password grant (first-party clients such as wb).") var firstParty = false
    @Flag(name: .customLong("public"), help: "A native app that keeps no secret: PKCE required, any loopback port.")
    var isPublic = false
    @Flag(help: "Let the app sign 团购 deals API calls (/v1/…): its client_id is the appkey. The Dianping signature needs the secret itself, so Sparrow keeps it for this app.")
    var deals = false
    @Option(help: "A shop's app: links it to this 团购 merchant (business id), so it may verify that merchant's 团购券 with /v1/coupon/consume. Implies --deals.")
    var business: Int64?
    @Option(help: "A scope beyond the Weibo API's that the app may ask people for (repeat, or separate by commas): \(SparrowApps.scopes.scopes.filter { !$0.byDefault }.map(\.name).joined(separator: ", ")).")
    var scope: [String] = []
    @OptionGroup var options: DataOptions

    func validate() throws {
      let unknown = SparrowApps.scopes.unknown(scopes)
      if !unknown.isEmpty { throw ValidationError("no such scope: \(unknown.joined(separator: ", "))") }
    }

    var scopes: [String] { Array(Set(scope.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } })).sorted() }

    func run() async throws {
      let engine = try await options.openEngine()
      let store = engine.shared
      // The deals API's keys are 团购's: its store keeps them (`--deals`, `--business`).
      let tuan = TuanModule.store(on: engine)
      let signsDeals = deals || business != nil
      if signsDeals && isPublic { throw ValidationError("a public app keeps no secret, so it cannot sign deals API calls") }
      if let business, try await tuan.merchant(id: business) == nil {
        throw ValidationError("there is no 团购 merchant with business id \(business)")
      }
      do {
        let (app, secret) = try await options.withIDs(store) {
          try await Accounts(store: store, ids: $0).createApp(
            name: name, redirectURI: redirectURI, url: url, firstParty: firstParty, isPublic: isPublic, scopes: scopes)
        }
        if signsDeals {
          try await tuan.saveDealsKey(DealsKeyRecord(clientID: app.clientID, secret: secret, merchantID: business, createdAt: Date()))
        }
        var printed: [String: any Sendable] = [
          "client_id": app.clientID, "name": app.name, "redirect_uri": app.redirectURI, "first_party": app.firstParty,
          "public": app.isPublic, "deals_api": signsDeals, "scopes": app.scopes,
        ]
        if let business { printed["business_id"] = business }
        if !app.isPublic { printed["client_secret"] = secret }
        try printJSON(printed)
      } catch let error as AccountError {
        throw ValidationError(error.description)
      }
    }
  }
}

struct Demo: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Generate a dataset into an empty database.")
  @Option var users = 1000
  @Option var statuses = 100_000
  @Option var follows = 100
  @Option(help: "团购 deals at least: every district covered, then topped up to this many (mostly in the 热门 cities).")
  var deals = 0
  @OptionGroup var options: DataOptions

  func run() async throws {
    let engine = try await options.openEngine()
    let store = engine.shared
    let started = Date()
    let bar = ProgressBar()
    let summary = try await options.withIDs(store) { ids in
      let world = DemoWorld(
        store: store, ids: ids, dataFolder: options.mediaFolder, parts: SparrowApps.demoParts(on: engine),
        progress: bar.show)
      guard try await world.isEmpty() else { throw ValidationError("the database in \(options.data) is not empty") }
      return try await world.load(.init(users: users, statuses: statuses, follows: follows, deals: deals))
    }
    bar.finish()
    print(String(format: "Generated %d users, %@ in %.1f s", summary.users, summary.made.described,
                 Date().timeIntervalSince(started)))
    for note in summary.notes { print(note) }
  }
}

func printJSON(_ object: [String: any Sendable]) throws {
  let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
  print(String(decoding: data, as: UTF8.self))
}

/// A database that would not open, in one line (ArgumentParser prints it after "Error:").
struct DatabaseUnavailable: Error, CustomStringConvertible {
  let configuration: PostgresStore.Configuration
  let error: any Error

  var description: String {
    "could not use the database \(configuration.database) on \(configuration.host):\(configuration.port) as \(configuration.username): "
      + PostgresStore.explain(error)
  }
}

/// Prints a line at once, even when stdout is a pipe (`make run | tee`), so the banner is never stuck in a buffer.
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
