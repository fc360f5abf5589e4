import Foundation
import SparrowCore
import SparrowStore

/// Fills an empty database with content worth looking at, or with a large generated dataset for
/// benchmarks. Rows go in through `importRows` in one transaction, then counters are recomputed.
public struct DemoWorld: Sendable {
  public static let username = "sparrow"
  public static let password = "sparrow123"
  /// The web client and terminal client register under these names; `wb` uses the password grant.
  public static let terminalApp = "Sparrow 终端"

  public let store: any Store
  public let ids: IDGenerator

  public init(store: any Store, ids: IDGenerator) {
    self.store = store
    self.ids = ids
  }

  /// Sizes for `sparrow demo`.
  public struct Size: Sendable {
    public var users: Int
    public var statuses: Int
    public var follows: Int
    public init(users: Int, statuses: Int, follows: Int) {
      self.users = users
      self.statuses = statuses
      self.follows = follows
    }
    /// The small world `serve --demo` loads.
    public static let standard = Size(users: 12, statuses: 120, follows: 6)
  }

  /// What was made, for printing.
  public struct Summary: Sendable {
    public var users: Int
    public var statuses: Int
    public var follows: Int
    public var appClientID: String
    public var appSecret: String
  }

  /// Whether the database has no users yet.
  public func isEmpty() async throws -> Bool {
    try await store.searchUsers("", limit: 1).isEmpty
  }

  static let names = [
    "sparrow", "小明同学", "Alice_Wang", "北京美食家", "旅行的猫", "程序员老李", "Lily-Chen", "摄影师阿杰",
    "豆瓣小组长", "深夜食堂", "BobZhang", "西湖边的风", "读书笔记君", "跑步的小林", "咖啡因中毒", "设计师Momo",
  ]
  static let places = ["北京 朝阳区", "上海 徐汇区", "广州 天河区", "杭州 西湖区", "成都 武侯区", "深圳 南山区"]
  static let topics = ["今天吃什么", "周末去哪儿", "程序员的日常", "读书打卡", "旅行日记", "跑步打卡"]
  static let phrases = [
    "今天天气真好，出门走走", "刚看完一本好书，推荐给大家", "加班到现在，终于写完了", "这家店的面太好吃了",
    "周末去爬山，风景绝美", "新买的相机到了，试拍几张", "有没有人一起跑步？", "早起的鸟儿有虫吃",
    "终于把这个 bug 修好了", "下雨天和咖啡最配", "分享一首最近循环的歌", "晚安，明天见",
  ]

  /// Loads a world of `size`, deterministic for a given size. Returns what it made.
  @discardableResult
  public func load(_ size: Size, now: Date = Date()) async throws -> Summary {
    var batch = ImportBatch()
    var random = SplitMix(seed: UInt64(size.users * 31 + size.statuses))
    let span: TimeInterval = 30 * 24 * 3600
    let start = now.addingTimeInterval(-span - 24 * 3600)
    let passwordHash = Accounts.hashPassword(Self.password)

    let appSecret = Secrets.random(bytes: 16)
    let clientID = String(2_000_000_000 + Int(random.next() % 1_000_000_000))
    let apps = [
      AppRecord(id: ids.next(at: start), clientID: clientID, secretHash: Secrets.hash(appSecret),
                name: Self.terminalApp, url: "https://github.com/sparrow/wb", redirectURI: "http://127.0.0.1/callback",
                firstParty: true, createdAt: start),
      AppRecord(id: ids.next(at: start), clientID: String(Int(clientID)! + 1), secretHash: Secrets.hash(Secrets.random()),
                name: "微博 iPhone客户端", url: "https://example.org/iphone", redirectURI: "https://example.org/callback",
                firstParty: false, createdAt: start),
      AppRecord(id: ids.next(at: start), clientID: String(Int(clientID)! + 2), secretHash: Secrets.hash(Secrets.random()),
                name: "Sparrow 网页版", url: "https://example.org/web", redirectURI: "https://example.org/web/callback",
                firstParty: false, createdAt: start),
    ]
    batch.apps = apps

    for index in 0..<size.users {
      let name = index < Self.names.count ? Self.names[index] : "user\(index)"
      var user = UserRecord(
        id: ids.next(at: start), screenName: name, passwordHash: passwordHash,
        description: "你好，我是\(name)", location: Self.places[index % Self.places.count],
        gender: index % 2 == 0 ? "m" : "f", createdAt: start)
      user.verifiedType = index % 7 == 1 ? 0 : (index % 11 == 2 ? 2 : (index % 5 == 3 ? 220 : -1))
      user.verifiedReason = user.verifiedType >= 0 ? "Sparrow 认证" : ""
      user.mbtype = index % 4 == 0 ? 12 : 0
      user.mbrank = index % 4 == 0 ? 1 + index % 6 : 0
      batch.users.append(user)
    }
    let userIDs = batch.users.map(\.id)
    var followed = Set<[Int64]>()
    for (index, follower) in userIDs.enumerated() {
      let wanted = min(size.follows, userIDs.count - 1)
      var made = 0
      var step = 1
      while made < wanted {
        // Neighbours first, so the small world's graph has mutual follows; then strides.
        let other = userIDs[(index + step * (1 + Int(random.next() % 3))) % userIDs.count]
        step += 1
        if other == follower || !followed.insert([follower, other]).inserted { if step > 4 * wanted + 8 { break }; continue }
        batch.follows.append((follower, other, ids.next(at: start), start))
        made += 1
      }
    }
    for n in 0..<size.statuses {
      let at = start.addingTimeInterval(span * Double(n) / Double(max(size.statuses, 1)))
      let author = userIDs[Int(random.next() % UInt64(userIDs.count))]
      let app = apps[Int(random.next() % UInt64(apps.count))].id
      var text = Self.phrases[Int(random.next() % UInt64(Self.phrases.count))]
      if n % 5 == 0 { text = "#\(Self.topics[n / 5 % Self.topics.count])# " + text }
      var mention: Int64?
      if n % 7 == 0 {
        let other = Int(random.next() % UInt64(userIDs.count))
        text += " @\(batch.users[other].screenName)"
        mention = userIDs[other]
      }
      let id = ids.next(at: at)
      var record = StatusRecord(id: id, userID: author, text: text + " (\(n + 1))", appID: app, createdAt: at)
      if n % 9 == 4, let original = batch.statuses.last(where: { $0.retweetedID == nil && $0.userID != author }) {
        record.retweetedID = original.id
        record.parentID = original.id
        record.text = "转发一下 (\(n + 1))"
      }
      batch.statuses.append(record)
      if let mention, mention != author { batch.statusMentions.append((id, mention)) }
      if n % 5 == 0 { batch.statusTopics.append((id, Self.topics[n / 5 % Self.topics.count])) }
      if n % 3 == 0 {
        let commenter = userIDs[Int(random.next() % UInt64(userIDs.count))]
        batch.comments.append(CommentRecord(
          id: ids.next(at: at.addingTimeInterval(60)), statusID: id, userID: commenter, text: "说得好！", appID: app,
          createdAt: at.addingTimeInterval(60)))
      }
      if n % 4 == 1 {
        let liker = userIDs[Int(random.next() % UInt64(userIDs.count))]
        batch.likes.append(Mark(id: ids.next(at: at.addingTimeInterval(90)), userID: liker, statusID: id,
                                createdAt: at.addingTimeInterval(90)))
      }
    }
    // Comment and like ids were made slightly ahead of their status; keep every id unique and ordered.
    batch.comments.sort { $0.id < $1.id }
    try await store.importRows(batch)
    try await store.recomputeCounters()
    return Summary(
      users: batch.users.count, statuses: batch.statuses.count, follows: batch.follows.count, appClientID: clientID,
      appSecret: appSecret)
  }
}

/// A small deterministic generator, so a given size always makes the same world.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
