import Foundation
import SparrowCore
import Hummingbird
import HummingbirdTesting
import SparrowApps
import SparrowDemo
import SparrowPlatform
import SparrowServer
import SparrowStore
import SparrowStoreSQLite
import SparrowStorePostgres
import WeiboApp
import WeiboStore

/// A clock tests move by hand.
package final class TestClock: @unchecked Sendable {
  private let lock = NSLock()
  private var current: Date
  package init(_ start: Date = Date()) { current = start }
  package var now: Date {
    lock.lock()
    defer { lock.unlock() }
    return current
  }
  package func advance(_ seconds: TimeInterval) {
    lock.lock()
    current += seconds
    lock.unlock()
  }
}

/// A real SQLite store in a fresh temporary folder, removed afterwards. For tests of the SQLite engine itself;
/// store behaviour every engine must share is tested with `withStore(_:_:)` over `StoreKind.available`.
package func withSQLiteStore<T>(_ body: (SQLiteStore) async throws -> T) async throws -> T {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sparrow-test-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: folder) }
  return try await body(try SQLiteStore(folder: folder, schemas: SparrowApps.sqliteSchemas))
}

extension Engine {
  /// 微博's store over this engine (the platform's too, `PlatformPart`).
  package var weibo: any WeiboStore { WeiboModule.store(on: self) }
}

extension SQLiteStore {
  /// 微博's store over this engine (the platform's too, `PlatformPart`).
  package var weibo: any WeiboStore { Engine.sqlite(self).weibo }
}

/// A storage engine the store contract runs against.
package enum StoreKind: String, CaseIterable, Sendable, CustomStringConvertible {
  case sqlite, postgres

  /// The engines this machine can test: SQLite always; PostgreSQL when a throwaway cluster could start
  /// (`PostgresTestCluster`). None with `SPARROW_TEST_EVERY_ENGINE=0`: `make test`'s second pass runs the API and
  /// web suites again on PostgreSQL, and the tests over every engine already ran on both in the first, so they are
  /// skipped there (Swift Testing reports them as having no test cases).
  package static var available: [StoreKind] {
    if ProcessInfo.processInfo.environment["SPARROW_TEST_EVERY_ENGINE"] == "0" { return [] }
    return PostgresTestCluster.shared == nil ? [.sqlite] : [.sqlite, .postgres]
  }

  package var description: String { rawValue }
}

/// An engine under test: the engine (for the apps' own stores over it), its own store, and a way to open a
/// second store on the same database (what another process, or this one after a restart, would read).
package struct TestEngine: Sendable {
  package let engine: Engine
  /// The apps whose tables the engine has (the binary's, unless a test composes others).
  package let modules: [any AppModule.Type]
  /// A second store on the same database with caches of its own making (another process's, say with small feeds).
  package let reopenWith: @Sendable (StoreCaches) throws -> Engine
  package var reopen: @Sendable () throws -> Engine { { [reopenWith] in try reopenWith(StoreCaches()) } }
  /// 微博's store over the engine, which is the platform's too (`PlatformPart`): what most tests write through.
  package var store: any WeiboStore { engine.weibo }
  /// Every app's part of the demo world on this engine.
  package var demoParts: [any DemoPart] { modules.demoParts(on: engine) }

  /// One integer read by `sql` (the same text on both engines): for tests that check a stored column directly.
  package func integer(_ sql: String) async throws -> Int? {
    switch engine {
    case .sqlite(let store): try await store.pool.read { db in try Int.fetchOne(db, sql: sql) }
    case .postgres(let store): try await store.reading { db in try await db.value(SQL(stringLiteral: sql), as: Int.self) }
    }
  }
}

/// A fresh, empty database of `kind`, removed afterwards.
/// `modules`: the apps whose tables it has (the binary's by default).
package func withStore<T>(_ kind: StoreKind, modules: [any AppModule.Type] = SparrowApps.modules,
                          _ body: (TestEngine) async throws -> T) async throws -> T {
  switch kind {
  case .sqlite:
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sparrow-test-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try SQLiteStore(folder: folder, schemas: modules.sqliteSchemas)
    let path = store.path
    return try await body(TestEngine(engine: .sqlite(store), modules: modules, reopenWith: { caches in
      .sqlite(try SQLiteStore(path: path, caches: caches, countingStatements: false, denseFeed: 2000))
    }))
  case .postgres:
    guard let cluster = PostgresTestCluster.shared else { throw PostgresTestCluster.Unavailable() }
    let name = "sparrow_test_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())"
    let admin = cluster.configuration(database: "postgres")
    let config = cluster.configuration(database: name)
    // Every store opened on the database, the reopened ones too, is shut down before the database is dropped.
    let opened = OpenedStores()
    do {
      let store = try await PostgresTestCluster.setups.run {
        try await PostgresStore.createDatabase(name, admin: admin)
        return try await PostgresStore.open(config, schemas: modules.postgresSchemas, keepingStatements: true)
      }
      opened.add(store)
      let result = try await body(TestEngine(engine: .postgres(store), modules: modules, reopenWith: { caches in
        let store = PostgresStore(config, caches: caches)
        opened.add(store)
        return .postgres(store)
      }))
      opened.shutdown()
      try await PostgresStore.dropDatabase(name, admin: admin)
      return result
    } catch {
      opened.shutdown()
      try? await PostgresStore.dropDatabase(name, admin: admin)
      throw error
    }
  }
}

/// The PostgreSQL stores a test opened, to close when it ends.
final class OpenedStores: @unchecked Sendable {
  private let lock = NSLock()
  private var stores: [PostgresStore] = []
  func add(_ store: PostgresStore) {
    lock.lock()
    stores.append(store)
    lock.unlock()
  }
  func shutdown() {
    lock.lock()
    defer { lock.unlock() }
    for store in stores { store.shutdown() }
    stores = []
  }
}

/// A server world for router tests: a real store, an id generator, a movable clock.
///
/// The store is SQLite's, or PostgreSQL's (a fresh database on the test cluster, dropped when the world's test
/// ends) when `SPARROW_TEST_ENGINE=postgres`: `make test` runs the API and web suites once on each engine.
package struct TestWorld: Sendable {
  /// The engine, for the apps' own stores over it (`DakaModule.journal(on:)`).
  package let engine: Engine
  /// The apps the world's server runs (the binary's, unless a test composes others).
  package let modules: [any AppModule.Type]
  /// 微博's store over the engine, which is the platform's too (`PlatformPart`).
  package var store: any WeiboStore { engine.weibo }
  /// The PostgreSQL database this world made, if any.
  let database: String?
  package let ids: IDGenerator
  package let clock: TestClock
  package let folder: URL
  package let deps: ServerDependencies

  /// One bcrypt hash for every fixture user: hashing is deliberately slow.
  package static let password = "secret123"
  static let passwordHash = Accounts.hashPassword(password)

  /// The engine router tests run on (`SPARROW_TEST_ENGINE`: `sqlite`, the default, or `postgres`).
  package static let engine: StoreKind = {
    let named = ProcessInfo.processInfo.environment["SPARROW_TEST_ENGINE"] ?? "sqlite"
    guard let kind = StoreKind(rawValue: named) else { fatalError("SPARROW_TEST_ENGINE=\(named): sqlite or postgres") }
    return kind
  }()

  package init(demoLogin: Bool = false, publicURL: String = "http://sparrow.test", rateLimits: RateLimits = RateLimits(),
               pictureQuota: Int = 500, trustedProxies: Set<String> = [],
               modules: [any AppModule.Type] = SparrowApps.modules) async throws {
    self.modules = modules
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("sparrow-test-\(UUID().uuidString)")
    switch Self.engine {
    case .sqlite:
      engine = .sqlite(try SQLiteStore(folder: folder, countingStatements: true, schemas: modules.sqliteSchemas))
      database = nil
    case .postgres:
      guard let cluster = PostgresTestCluster.shared else { throw PostgresTestCluster.Unavailable() }
      let name = "sparrow_world_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())"
      let opened = try await PostgresTestCluster.setups.run {
        try await PostgresStore.createDatabase(name, admin: cluster.configuration(database: "postgres"))
        return try await PostgresStore.open(cluster.configuration(database: name), schemas: modules.postgresSchemas,
                                            keepingStatements: true)
      }
      // As a server that has been up a moment: hearing other processes' cache changes, so its caches are used.
      for _ in 0..<500 where !opened.isListening { try await Task.sleep(for: .milliseconds(10)) }
      engine = .postgres(opened)
      database = name
    }
    ids = IDGenerator(node: 1)
    clock = TestClock()
    var config = ServerConfig(
      publicURL: publicURL, dataFolder: folder, formKey: "test-form-key-0123456789abcdef0123")
    if demoLogin { config.demoLogin = ("demo", "demo123") }
    config.allowPrivateFetch = true
    config.rateLimits = rateLimits
    config.pictureQuota = pictureQuota
    config.trustedProxies = trustedProxies
    let clock = self.clock
    deps = ServerDependencies(store: engine.shared, ids: ids, config: config, now: { clock.now })
  }

  /// Runs `body` against the router, then removes the folder.
  /// `.live` runs a real server on a loopback port (for what needs the peer's address).
  package func test<T: Sendable>(_ setup: TestingSetup = .router, _ body: @Sendable (any TestClientProtocol) async throws -> T)
    async throws -> T
  {
    do {
      let app = Application(responder: try await responder())
      let result = try await app.test(setup, body)
      await finish()
      return result
    } catch {
      await finish()
      throw error
    }
  }

  /// What answers the world's requests: the platform and every app of the binary, on the world's engine.
  package func responder() async throws -> SparrowResponder {
    try await buildResponder(deps, engine: engine, modules: modules)
  }

  /// Every app's part of the demo world on the world's engine.
  package var demoParts: [any DemoPart] { modules.demoParts(on: engine) }

  /// Every app's reportable content on the world's engine, as the server composes it.
  package func moderation() -> Moderation {
    Moderation(modules.compactMap { $0.moderation(on: engine) }, people: engine.shared)
  }

  /// Removes the world's folder and closes and drops its PostgreSQL database.
  package func finish() async {
    try? FileManager.default.removeItem(at: folder)
    guard let database, let cluster = PostgresTestCluster.shared, case .postgres(let store) = engine else { return }
    store.shutdown()
    try? await PostgresStore.dropDatabase(database, admin: cluster.configuration(database: "postgres"))
  }

  /// A user with `password`, created directly in the store.
  @discardableResult
  package func user(_ name: String) async throws -> UserRecord {
    let user = UserRecord(
      id: ids.next(at: clock.now), screenName: name, passwordHash: Self.passwordHash, createdAt: clock.now)
    try await store.createUser(user)
    return user
  }

  /// A registered app; returns it with its secret.
  package func app(name: String = "Test App", redirect: String = "https://client.test/callback", firstParty: Bool = false,
                   scopes: [String] = []) async throws -> (AppRecord, String)
  {
    try await Accounts(store: store, ids: ids).createApp(
      name: name, redirectURI: redirect, url: "https://client.test", firstParty: firstParty, scopes: scopes, at: clock.now)
  }

  /// Every scope the world's apps have.
  package var allScopes: [String] { modules.scopes.scopes.filter { !$0.byDefault }.map(\.name) }

  /// An access token for `user` issued to a fresh app, made directly, granting `scopes` (by default every app's:
  /// a test of one API's behaviour is not a test of scopes).
  package func token(for user: UserRecord, lifetime: TimeInterval = 3600, scopes: [String]? = nil) async throws -> String {
    let granted = scopes ?? allScopes
    let (app, _) = try await self.app(name: "App of \(user.screenName)", scopes: granted)
    let token = Secrets.random()
    try await store.saveGrant(GrantRecord(
      hash: Secrets.hash(token), kind: .access, userID: user.id, appID: app.id, createdAt: clock.now,
      expiresAt: clock.now.addingTimeInterval(lifetime), scopes: granted))
    return token
  }
}

/// Form encoding for request bodies.
package func formBody(_ fields: [(String, String)]) -> ByteBuffer {
  ByteBuffer(string: FormEncoding.encode(pairs: fields))
}

extension TestClientProtocol {
  /// GET with the token in the `Authorization: OAuth2` header.
  package func get(_ uri: String, token: String? = nil, headers: HTTPFields = [:]) async throws -> TestResponse {
    var headers = headers
    if let token { headers[.authorization] = "OAuth2 \(token)" }
    return try await execute(uri: uri, method: .get, headers: headers)
  }

  /// POST a form with the token in the header.
  package func post(_ uri: String, _ fields: [(String, String)] = [], token: String? = nil, headers: HTTPFields = [:])
    async throws -> TestResponse
  {
    var headers = headers
    if headers[.contentType] == nil { headers[.contentType] = "application/x-www-form-urlencoded" }
    if let token { headers[.authorization] = "OAuth2 \(token)" }
    return try await execute(uri: uri, method: .post, headers: headers, body: formBody(fields))
  }
}

extension TestClientProtocol {
  /// POSTs a signed-out form (the authorize page's sign-in, `/signup`) as a browser does: with the form cookie
  /// and token that loading such a form (here `/signup`) hands out.
  package func postSignedOut(_ uri: String, _ fields: [(String, String)], headers: HTTPFields = [:]) async throws
    -> TestResponse
  {
    let page = try await get("/signup")
    let cookie = page.headers[.setCookie]?.split(separator: ";").first.map(String.init)
    let csrf = page.text.firstMatch(of: #/name="csrf" value="([0-9a-f]+)"/#).map { String($0.output.1) } ?? ""
    var headers = headers
    headers[.cookie] = [headers[.cookie], cookie].compactMap { $0 }.joined(separator: "; ")
    return try await post(uri, fields + [("csrf", csrf)], headers: headers)
  }
}

extension TestResponse {
  /// The body as a JSON object.
  package var object: [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(buffer: body))) as? [String: Any] ?? [:]
  }
  /// The body as a JSON array.
  package var array: [[String: Any]] {
    (try? JSONSerialization.jsonObject(with: Data(buffer: body))) as? [[String: Any]] ?? []
  }
  package var text: String { String(buffer: body) }
  /// `error_code` of an error envelope, or nil.
  package var errorCode: Int? { object["error_code"] as? Int }
}

extension Engine {
  /// The engine's in-process caches, for tests that read the database afresh.
  package var caches: StoreCaches {
    switch self {
    case .sqlite(let store): store.caches
    case .postgres(let store): store.caches
    }
  }
}
