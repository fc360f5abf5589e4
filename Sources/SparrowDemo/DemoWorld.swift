import Foundation
import SparrowPlatform
import SparrowCore
import SparrowMedia
import SparrowStore

/// Fills an empty database with a world worth looking at, or with a large generated dataset for
/// benchmarks: the platform's people, apps and picture pool, then each app's part (`DemoPart`) with them.
/// Rows go in through bulk imports (`importAccounts`, then each part's own).
package struct DemoWorld: Sendable {
  package static let username = "sparrow"
  package static let password = "sparrow123"

  /// Each app's part of the demo, in the order they load (the composition's, `AppModule.demo`).
  let parts: [any DemoPart]

  package let store: any PlatformStore
  package let ids: IDGenerator
  let pictures: PictureLibrary
  /// Told how far a long step has got: done, of total, and what it is counting (for a progress bar).
  let progress: @Sendable (Int, Int, String) -> Void

  package init(store: any PlatformStore, ids: IDGenerator, dataFolder: URL, parts: [any DemoPart],
               progress: @escaping @Sendable (Int, Int, String) -> Void = { _, _, _ in }) {
    self.store = store
    self.parts = parts
    self.ids = ids
    self.pictures = PictureLibrary(dataFolder: dataFolder, store: store)
    self.progress = progress
  }

  /// Sizes for `sparrow demo`.
  package struct Size: Sendable {
    package var users: Int
    package var statuses: Int
    package var follows: Int
    /// 团购 deals at least: the covering world, topped up to this many.
    package var deals: Int
    package init(users: Int, statuses: Int, follows: Int, deals: Int = 0) {
      self.users = users
      self.statuses = statuses
      self.follows = follows
      self.deals = deals
    }
    /// The world `serve --demo` loads.
    package static let standard = Size(users: 40, statuses: 360, follows: 14)
  }

  /// What was made, for printing.
  package struct Summary: Sendable {
    package var users: Int
    package var pictures: Int
    /// What each app's part made, and what it wants printed (the deals API's demo keys).
    package var made: DemoCount
    package var notes: [String] { made.notes }
    package subscript(name: String) -> Int { made[name] }
    /// The first-party app of the terminal client, whose secret is shown only now.
    package var appClientID: String
    package var appSecret: String
  }

  /// Whether the database has no users yet.
  package func isEmpty() async throws -> Bool {
    try await store.searchUsers("", limit: 1).isEmpty
  }

  /// Why the demo is not loaded here, in one line: the database already has users (it loads only into an empty
  /// one, never beside someone's data). Nil when it has none, so it may load.
  package func refusal() async throws -> String? {
    guard !(try await isEmpty()) else { return nil }
    // The engines count rows for `migrate-data`; a store that cannot only loses the number.
    let count = try await (store as? any TableTransfer)?.count(table: "users")
    let users = count.map { "\($0) user\($0 == 1 ? "" : "s")" } ?? "users"
    return "Demo content not loaded: the database already has \(users)."
  }

  /// The demo's sign-in, only when it works: the account exists and still has the demo password. A database that
  /// had people before `--demo` may have no such account, or one with a password of its own.
  package func login() async throws -> (username: String, password: String)? {
    guard let user = try await store.user(screenName: Self.username),
      Secrets.verifyPassword(Self.password, hash: user.passwordHash)
    else { return nil }
    return (Self.username, Self.password)
  }

  /// Draws and stores the picture pool: landscapes of varied sizes, long pictures and animations.
  func picturePool(at now: Date) async throws -> [PictureRef] {
    let processor = ImageProcessor()
    let sizes = [(1200, 800), (800, 1200), (1000, 1000), (1600, 900), (640, 2400), (900, 600), (750, 1000), (1080, 1080)]
    var pool: [PictureRef] = []
    for index in 0..<24 {
      let (width, height) = sizes[index % sizes.count]
      let data: Data
      if index % 8 == 7 {
        let frames = (0..<6).map { DemoContent.animationFrame(index, frame: $0, count: 6, size: 360) }
        data = try processor.renderAnimation(frames: frames, delayMilliseconds: 120)
      } else {
        data = try processor.render(svg: DemoContent.picture(index, width: width, height: height), as: .jpeg, quality: 88)
      }
      pool.append(try await pictures.ingest(data, at: now))
    }
    return pool
  }

  /// Loads a world of `size`, the same world for the same size. Returns what it made.
  @discardableResult
  package func load(_ size: Size, now: Date = Date()) async throws -> Summary {
    var users: [UserRecord] = []
    var apps: [AppRecord] = []
    var random = SplitMix(seed: UInt64(size.users * 31 + size.statuses))
    func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
    let span: TimeInterval = 30 * 24 * 3600
    let start = now.addingTimeInterval(-span - 24 * 3600)
    let passwordHash = Accounts.hashPassword(Self.password)
    let pool = try await picturePool(at: start)

    var appSecret = ""
    var clientID = ""
    for (index, (name, url, firstParty)) in DemoContent.apps.enumerated() {
      let secret = Secrets.random(bytes: 16)
      let id = String(2_000_000_000 + Int(random.next() % 1_000_000_000))
      if index == 0 { (appSecret, clientID) = (secret, id) }
      apps.append(AppRecord(
        id: ids.next(at: start), clientID: id, secretHash: Secrets.hash(secret), name: name, url: url,
        redirectURI: firstParty ? "http://127.0.0.1/callback" : "\(url)/callback", firstParty: firstParty,
        createdAt: start))
    }
    for index in 0..<size.users {
      let person = index < DemoContent.people.count ? DemoContent.people[index] : nil
      var user = UserRecord(
        id: ids.next(at: start), screenName: person?.name ?? "user\(index)", passwordHash: passwordHash,
        description: person?.bio ?? "Sparrow 用户 \(index)", location: person?.location ?? pick(DemoContent.people).location,
        gender: person?.gender ?? (index % 2 == 0 ? "m" : "f"), createdAt: start)
      user.verifiedType = person?.verifiedType ?? (index % 50 == 7 ? 0 : -1)
      user.verifiedReason = person?.reason ?? (user.verifiedType >= 0 ? "Sparrow 认证" : "")
      user.mbrank = person?.rank ?? (index % 5 == 0 ? 1 + index % 6 : 0)
      user.mbtype = user.mbrank > 0 ? 12 : 0
      users.append(user)
    }

    try await store.importAccounts(users: users, apps: apps)

    var cast = DemoCast(
      store: store, ids: ids, size: size, start: start, span: span, users: users, appIDs: apps.map(\.id),
      pictures: pool, library: pictures, random: random, progress: progress)
    var made = DemoCount()
    for part in parts { made += try await part.load(&cast) }
    return Summary(
      users: users.count, pictures: pool.count, made: made, appClientID: clientID, appSecret: appSecret)
  }
}

/// A small deterministic generator, so a given size always makes the same world (and a test's random history
/// can be replayed from its seed).
package struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  package init(seed: UInt64) { state = seed }
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
