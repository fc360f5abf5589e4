import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SparrowMedia
import SparrowDemo
import SparrowPlatform
import SparrowServer
@testable import WeiboAPI
import SparrowStore
import SparrowTestSupport
import Testing

@Suite struct EmotionsTests {
  @Test func threePacksInBothLanguages() async throws {
    let world = try await TestWorld()
    let token = try await world.token(for: try await world.user("alice"))

    try await world.test { client in
      let faces = try await client.get("/2/emotions.json", token: token).array
      #expect(faces.count >= 60)
      let phrases = faces.compactMap { $0["phrase"] as? String }
      for phrase in ["[微笑]", "[嘻嘻]", "[哈哈]", "[爱你]", "[泪]", "[赞]", "[good]", "[ok]", "[心]", "[伤心]", "[蛋糕]"] {
        #expect(phrases.contains(phrase), "\(phrase)")
      }
      #expect(Set(phrases).count == phrases.count)
      let first = try #require(faces.first)
      for key in ["phrase", "type", "url", "hot", "common", "category", "icon", "value", "is_hot", "is_common", "order_number"] {
        #expect(first[key] != nil, "\(key)")
      }
      #expect(first["picid"] is NSNull)
      #expect(first["type"] as? String == "face")

      let image = try await client.get(String((first["url"] as? String ?? "").dropFirst("http://sparrow.test".count)))
      #expect(image.status == .ok)
      #expect(image.headers[.contentType] == "image/png")
      #expect(try ImageProcessor().inspect(Data(buffer: image.body)).width == 64)

      let traditional = try await client.get("/2/emotions.json?language=twname", token: token).array
      #expect(traditional.compactMap { $0["phrase"] as? String }.contains("[愛你]"))
      let cartoon = try await client.get("/2/emotions.json?type=cartoon", token: token).array
      #expect(cartoon.count >= 20)
      let emoji = try await client.get("/2/emotions.json?type=emoji", token: token).array
      #expect(emoji.first?["code"] as? String == "0x1f600")
      #expect(try await client.get("/2/emotions.json?type=ani", token: token).array.isEmpty)
      #expect(try await client.get("/2/emotions.json?type=nope", token: token).errorCode == 10017)
      #expect(try await client.get("/2/emotions.json?language=fr", token: token).errorCode == 10017)
      // Answers are kept once encoded (`EmotionsController`): asked again, each pack is the same, and a refused
      // type is still refused.
      #expect(try await client.get("/2/emotions.json", token: token).array.compactMap { $0["phrase"] as? String } == phrases)
      #expect(try await client.get("/2/emotions.json?type=emoji", token: token).array.count == emoji.count)
      #expect(try await client.get("/2/emotions.json?type=nope", token: token).errorCode == 10017)
    }
  }

  /// The pack files native clients bundle are what the server serves; regenerate them with
  /// `sparrow emoticons` when the packs change.
  @Test func committedPackFilesMatchThePacks() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let folder = root.appendingPathComponent("Resources/emoticons")

    for (name, data) in try EmoticonBundle.files() {
      let committed = try Data(contentsOf: folder.appendingPathComponent(name))
      #expect(committed == data, "\(name) is stale: run `sparrow emoticons`")
      let pack = try #require(try JSONSerialization.jsonObject(with: committed) as? [String: Any])
      let items = try #require(pack["emoticons"] as? [[String: String]])
      #expect(items.allSatisfy { ($0["chs"] != nil && $0["png"] != nil && $0["cht"] != nil) || $0["code"] != nil })
    }
  }
}

@Suite struct DemoWorldTests {
  @Test func theDemoWorldIsRichAndConsistent() async throws {
    let world = try await TestWorld()
    let demo = DemoWorld(store: world.store, ids: world.ids, dataFolder: world.folder, parts: world.demoParts)
    #expect(try await demo.isEmpty())

    let summary = try await demo.load(.standard, now: world.clock.now)

    #expect(summary.users == 40)
    #expect(summary["statuses"] == 360)
    let users = try await world.store.searchUsers("", limit: 100)
    #expect(users.count == 40)
    #expect(Set(users.map(\.verifiedType)).isSuperset(of: [-1, 0, 2, 220]))
    #expect(users.filter { $0.mbrank > 0 }.count >= 10)
    #expect(users.contains { $0.screenName.allSatisfy(\.isASCII) } && users.contains { !$0.screenName.allSatisfy(\.isASCII) })
    let all = try await world.store.statuses(in: .everyone, feature: .all, page: Page(count: 1000), seenBy: 0).items
    #expect(all.count == 360)
    #expect(all.contains { $0.retweetedID != nil })
    #expect(all.contains { $0.retweetedID != nil && $0.parentID != $0.retweetedID })
    #expect(Set(all.filter { $0.retweetedID == nil }.map(\.pictures.count)).isSuperset(of: [0, 1, 2, 3, 4, 6, 9]))
    #expect(all.contains { $0.pictures.contains { $0.height > 3 * $0.width } })
    #expect(all.contains { $0.pictures.contains { $0.frames > 1 } })
    #expect(all.contains { $0.text.contains("[") } && all.contains { $0.text.contains("#") } && all.contains { $0.text.contains("http") })
    #expect(Set(all.map(\.appID)).count >= 4)
    let times = all.map(\.createdAt)
    #expect(times.min()! > world.clock.now.addingTimeInterval(-32 * 24 * 3600))
    #expect(try await world.store.hotTopics(since: world.clock.now.addingTimeInterval(-30 * 24 * 3600), limit: 5).count == 5)
    #expect(!(try await world.store.hotTopics(since: world.clock.now.addingTimeInterval(-24 * 3600), limit: 5).isEmpty))
    #expect(times.max()! > world.clock.now.addingTimeInterval(-3600) && times.max()! < world.clock.now)

    // Every counter matches its rows: recomputing changes nothing.
    let before = try await world.store.users(ids: users.map(\.id))
    let statusesBefore = try await world.store.statuses(ids: all.map(\.id), visibleTo: 0)
    try await world.store.recomputeCounters()
    #expect(try await world.store.users(ids: users.map(\.id)) == before)
    #expect(try await world.store.statuses(ids: all.map(\.id), visibleTo: 0) == statusesBefore)
    #expect(statusesBefore.values.contains { $0.commentsCount > 1 } && statusesBefore.values.contains { $0.attitudesCount > 0 })
    #expect(!(try await demo.isEmpty()))
  }

  /// `serve --demo` on a database that has people loads nothing, says why in one line, and offers the demo login
  /// only while it signs in.
  @Test func onADatabaseWithPeopleTheDemoSaysWhyItDidNotLoadAndOffersOnlyALoginThatWorks() async throws {
    let world = try await TestWorld()
    let demo = DemoWorld(store: world.engine.shared, ids: world.ids, dataFolder: world.folder, parts: world.demoParts)
    #expect(try await demo.refusal() == nil)
    #expect(try await demo.login() == nil)

    try await world.user("alice")
    #expect(try await demo.refusal() == "Demo content not loaded: the database already has 1 user.")
    #expect(try await demo.login() == nil)

    // An account of the demo's name with a password of its own: not the demo's login.
    _ = try await Accounts(store: world.store, ids: world.ids).create(name: DemoWorld.username, password: "not-the-demo-1")
    #expect(try await demo.refusal() == "Demo content not loaded: the database already has 2 users.")
    #expect(try await demo.login() == nil)

    let fresh = try await TestWorld()
    let loaded = DemoWorld(store: fresh.engine.shared, ids: fresh.ids, dataFolder: fresh.folder, parts: fresh.demoParts)
    try await loaded.load(.standard, now: fresh.clock.now)
    #expect(try await loaded.refusal() == "Demo content not loaded: the database already has 40 users.")
    #expect(try await loaded.login().map { [$0.username, $0.password] } == [DemoWorld.username, DemoWorld.password])
    await world.finish()
    await fresh.finish()
  }
}
