import Foundation
import SparrowPlatform
import SparrowCore
import SparrowMedia
import SparrowStore

/// Fills an empty database with a world worth looking at, or with a large generated dataset for
/// benchmarks. Rows go in through `importRows` in one transaction, then counters are recomputed.
package struct DemoWorld: Sendable {
  package static let username = "sparrow"
  package static let password = "sparrow123"

  package let store: any WeiboStore
  package let ids: IDGenerator
  let pictures: PictureLibrary

  package init(store: any WeiboStore, ids: IDGenerator, dataFolder: URL) {
    self.store = store
    self.ids = ids
    self.pictures = PictureLibrary(dataFolder: dataFolder, store: store)
  }

  /// Sizes for `sparrow demo`.
  package struct Size: Sendable {
    package var users: Int
    package var statuses: Int
    package var follows: Int
    package init(users: Int, statuses: Int, follows: Int) {
      self.users = users
      self.statuses = statuses
      self.follows = follows
    }
    /// The world `serve --demo` loads.
    package static let standard = Size(users: 40, statuses: 360, follows: 14)
  }

  /// What was made, for printing.
  package struct Summary: Sendable {
    package var users: Int
    package var statuses: Int
    package var follows: Int
    package var pictures: Int
    /// The first-party app of the terminal client, whose secret is shown only now.
    package var appClientID: String
    package var appSecret: String
  }

  /// Whether the database has no users yet.
  package func isEmpty() async throws -> Bool {
    try await store.searchUsers("", limit: 1).isEmpty
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
    var batch = ImportBatch()
    var random = SplitMix(seed: UInt64(size.users * 31 + size.statuses))
    func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
    func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
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
      batch.apps.append(AppRecord(
        id: ids.next(at: start), clientID: id, secretHash: Secrets.hash(secret), name: name, url: url,
        redirectURI: firstParty ? "http://127.0.0.1/callback" : "\(url)/callback", firstParty: firstParty,
        createdAt: start))
    }
    let appIDs = batch.apps.map(\.id)

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
      batch.users.append(user)
    }
    let users = batch.users
    let userIDs = users.map(\.id)

    var followed = Set<[Int64]>()
    for (index, follower) in userIDs.enumerated() {
      let wanted = min(size.follows, userIDs.count - 1)
      var made = 0
      var attempts = 0
      while made < wanted, attempts < wanted * 6 + 10 {
        attempts += 1
        // Everyone follows the demo account and their neighbours; the rest is spread out.
        let other = attempts == 1 ? userIDs[0] : userIDs[(index + attempts * (1 + Int(random.next() % 3))) % userIDs.count]
        if other == follower || !followed.insert([follower, other]).inserted { continue }
        batch.follows.append((follower, other, ids.next(at: start), start))
        made += 1
      }
    }

    func fill(_ template: String, author: Int, mentions: inout [Int]) -> String {
      var text = ""
      var rest = Substring(template)
      while let open = rest.firstIndex(of: "{") {
        text += rest[..<open]
        let key = rest[rest.index(after: open)]
        rest = rest[rest.index(open, offsetBy: 3)...]
        switch key {
        case "t": text += pick(DemoContent.topics)
        case "e": text += pick(DemoContent.emoticons)
        case "u": text += pick(DemoContent.links)
        default:
          var other = Int(random.next() % UInt64(users.count))
          if other == author { other = (other + 1) % users.count }
          mentions.append(other)
          text += "@\(users[other].screenName)"
        }
      }
      return text + rest
    }

    let pictureCounts = [1, 1, 2, 3, 4, 6, 9, 1, 3]
    var originals: [StatusRecord] = []
    for n in 0..<size.statuses {
      // From a month ago up to ten minutes ago, so the newest statuses read 10分钟前 and today has hot topics.
      let at = start.addingTimeInterval(24 * 3600 + (span - 600) * Double(n + 1) / Double(max(size.statuses, 1)))
      let authorIndex = n < 12 ? 0 : Int(random.next() % UInt64(users.count))
      let author = userIDs[authorIndex]
      var mentioned: [Int] = []
      let id = ids.next(at: at)
      var record: StatusRecord
      if chance(22), let original = originals.last(where: { $0.userID != author }) {
        // A repost; sometimes of a repost, keeping the chain as clients show it.
        let via = batch.statuses.last { $0.retweetedID == original.id && $0.userID != author }
        var text = fill(pick(["转发微博", "说得太对了{e}", "mark 一下", "{m} 快来看"]), author: authorIndex, mentions: &mentioned)
        if let via, chance(50), let viaAuthor = users.first(where: { $0.id == via.userID }) {
          text += RepostChain.link(author: viaAuthor.screenName, text: via.text)
        }
        record = StatusRecord(id: id, userID: author, text: text, appID: pick(appIDs), createdAt: at,
                              retweetedID: original.id, parentID: via?.id ?? original.id)
      } else {
        let text = fill(pick(DemoContent.texts), author: authorIndex, mentions: &mentioned)
        var attached: [PictureRef] = []
        if chance(55) {
          let count = pick(pictureCounts)
          let first = Int(random.next() % UInt64(pool.count))
          attached = (0..<count).map { pool[(first + $0 * 5) % pool.count] }
        }
        record = StatusRecord(id: id, userID: author, text: text, appID: pick(appIDs), createdAt: at, pictures: attached)
        originals.append(record)
      }
      if !TextLength.fits(record.text) { record.text = String(record.text.prefix(120)) }
      batch.statuses.append(record)
      for index in Set(mentioned) where userIDs[index] != author { batch.statusMentions.append((id, userIDs[index])) }
      for topic in RichText(record.text).topics { batch.statusTopics.append((id, topic)) }

      var comments: [CommentRecord] = []
      for c in 0..<(chance(45) ? 1 + Int(random.next() % 4) : 0) {
        let commenter = Int(random.next() % UInt64(users.count))
        let when = at.addingTimeInterval(Double(60 * (c + 1)))
        var text = fill(pick(DemoContent.replies), author: commenter, mentions: &mentioned)
        var reply: Int64?
        if let previous = comments.last, chance(40), let name = users.first(where: { $0.id == previous.userID })?.screenName {
          text = "回复@\(name):" + text
          reply = previous.id
        }
        let comment = CommentRecord(id: ids.next(at: when), statusID: id, userID: userIDs[commenter], text: text,
                                    appID: pick(appIDs), createdAt: when, replyCommentID: reply)
        comments.append(comment)
      }
      batch.comments += comments
      var likers = Set<Int64>()
      for _ in 0..<(chance(60) ? Int(random.next() % 6) : 0) {
        let liker = pick(userIDs)
        if likers.insert(liker).inserted {
          batch.likes.append(Mark(id: ids.next(at: at.addingTimeInterval(300)), userID: liker, statusID: id,
                                  createdAt: at.addingTimeInterval(300)))
        }
      }
      if chance(8) {
        let fan = pick(userIDs)
        batch.favorites.append(Mark(id: ids.next(at: at.addingTimeInterval(400)), userID: fan, statusID: id,
                                    createdAt: at.addingTimeInterval(400)))
      }
    }
    var favorited = Set<[Int64]>()
    batch.favorites = batch.favorites.filter { favorited.insert([$0.userID, $0.statusID]).inserted }
    try await store.importRows(batch)
    try await store.recomputeCounters()
    return Summary(
      users: batch.users.count, statuses: batch.statuses.count, follows: batch.follows.count, pictures: pool.count,
      appClientID: clientID, appSecret: appSecret)
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
