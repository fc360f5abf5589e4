import Foundation
import Guestbook
import HummingbirdTesting
import SparrowApps
import SparrowDemo
import SparrowPlatform
import SparrowServer
import SparrowStore
import SparrowStoreSQLite
import SparrowTestSupport
import Testing

/// A fourth app, composed only in these tests: its folder and its entry in a list of modules are all it takes.
/// Its table, route, demo part and subcommand work on every engine beside the binary's apps.
@Suite struct GuestbookTests {
  static let modules: [any AppModule.Type] = SparrowApps.modules + [GuestbookModule.self]
  static let now = Date(timeIntervalSince1970: 1_764_000_000)

  @Test(arguments: StoreKind.available)
  func theGuestbookKeepsItsLinesOnEveryEngine(_ kind: StoreKind) async throws {
    try await withStore(kind, modules: Self.modules) { engine in
      let store = GuestbookModule.store(on: engine.engine)
      let first = GuestbookEntry(id: 10, userID: 1, text: "你好", createdAt: Self.now)
      let second = GuestbookEntry(id: 11, userID: 2, text: "再见 'quoted' \"text\"", createdAt: Self.now + 1)

      try await store.sign(first)
      try await store.sign(second)

      let page = try await store.entries(limit: 10)
      #expect(page.items == [second, first])
      #expect(page.total == 2)
      #expect(try await store.entries(limit: 1).items == [second])
      await #expect(throws: StoreError.conflict) { try await store.sign(first) }
    }
  }

  @Test func itsRouteAnswersBesideTheOtherApps() async throws {
    let world = try await TestWorld(modules: Self.modules)
    try await GuestbookModule.store(on: world.engine).sign(
      GuestbookEntry(id: 7, userID: 1, text: "<b>hi</b>", createdAt: Self.now))

    try await world.test { client in
      let list = try await client.get("/guestbook/api/entries?count=5")
      #expect(list.status == .ok)
      #expect((list.object["entries"] as? [[String: Any]])?.first?["text"] as? String == "<b>hi</b>")
      #expect(list.object["total_number"] as? Int == 1)
      let bad = try await client.get("/guestbook/api/entries?count=500")
      #expect(bad.status == .badRequest)
      #expect(bad.errorCode == 10017)
      #expect(try await client.get("/healthz").status == .ok)
      #expect(try await client.get("/daka/api/checkins").status == .ok)
    }
  }

  /// The platform's dispatcher gives a new app what the others have: its routes by method, auth modes, body limits,
  /// where the caller stands, and every failure in the app's format.
  @Test func itsAPIRunsOnThePlatformsDispatcher() async throws {
    var limits = RateLimits()
    limits.perUser = 10
    let world = try await TestWorld(rateLimits: limits, modules: Self.modules)
    let alice = try await world.user("alice")
    let token = try await world.token(for: alice)

    try await world.test { client in
      let signed = try await client.post("/guestbook/api/entries/", [("text", "来过")], token: token)
      #expect(signed.status == .ok && signed.object["uid"] as? Int64 == alice.id)
      #expect(signed.headers[.init("X-RateLimit-Limit")!] == "10" && signed.headers[.init("X-RateLimit-Remaining")!] == "9")
      #expect(signed.headers[.cacheControl] == "no-store")

      let anonymous = try await client.post("/guestbook/api/entries", [("text", "匿名")])
      #expect(anonymous.status == .unauthorized && anonymous.errorCode == 21301)
      let badToken = try await client.get("/guestbook/api/entries", token: "nonsense")
      #expect(badToken.errorCode == 21332, "a bad token is refused even where none is needed")
      #expect(try await client.get("/guestbook/api/entries").object["total_number"] as? Int == 1)

      let put = try await client.execute(uri: "/guestbook/api/entries", method: .put)
      #expect(put.status == .badRequest && put.object["error_code"] as? Int == 10021)
      let unknown = try await client.get("/guestbook/api/nothing")
      #expect(unknown.status == .notFound && unknown.errorCode == 10020)
      let large = try await client.post("/guestbook/api/entries", [("text", String(repeating: "长", count: 5_000))], token: token)
      #expect(large.status == .contentTooLarge && large.errorCode == 10018)
      #expect(try await client.get("/guestbook/api/entries").object["total_number"] as? Int == 1, "refused calls change nothing")
    }
  }

  @Test func itsDemoPartLoadsWithTheOthers() async throws {
    let world = try await TestWorld(modules: Self.modules)
    let demo = DemoWorld(store: world.store, ids: world.ids, dataFolder: world.folder, parts: world.demoParts)

    let summary = try await demo.load(.standard, now: Self.now)

    #expect(try await GuestbookModule.store(on: world.engine).entries(limit: 10).total == 3)
    #expect(summary.notes.contains { $0.hasPrefix("留言簿") })
    #expect(summary.notes.contains { $0.hasPrefix("打卡") })
    await world.finish()
  }

  @Test func itsSubcommandIsTheModulesAndCountsTheLines() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sparrow-guestbook-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let engine = try SQLiteStore(folder: folder, schemas: Self.modules.sqliteSchemas)
    try await GuestbookModule.store(on: .sqlite(engine)).sign(GuestbookEntry(id: 1, userID: 1, text: "x", createdAt: Self.now))

    #expect(Self.modules.commands.contains { $0 == GuestbookCommand.self })
    #expect(!SparrowApps.commands.contains { $0 == GuestbookCommand.self }, "the binary does not run the test app")
    let command = try #require(try GuestbookCommand.parseAsRoot(["--data", folder.path]) as? GuestbookCommand)
    #expect(try await command.lines() == 1)
  }
}
