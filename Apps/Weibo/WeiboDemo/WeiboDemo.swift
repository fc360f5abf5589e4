import Foundation
import SparrowCore
import SparrowDemo
import SparrowStore
import WeiboStore

/// 微博's part of the demo: follows, statuses (originals with pictures, reposts with their chains, mentions,
/// topics), comments with replies, likes and favourites, over the last month.
package struct WeiboDemo: DemoPart {
  let store: any WeiboStore

  package init(store: any WeiboStore) { self.store = store }

  package func load(_ cast: inout DemoCast) async throws -> DemoCount {
    var batch = ImportBatch()
    var random = cast.random
    defer { cast.random = random }
    func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
    func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
    let (ids, size, start, span, users, appIDs, pool) = (cast.ids, cast.size, cast.start, cast.span, cast.users,
                                                         cast.appIDs, cast.pictures)
    let userIDs = users.map(\.id)
    // Looked up by id for every repost chain and reply: a scan of all users each time made a million statuses
    // take many minutes.
    let screenNames = Dictionary(users.map { ($0.id, $0.screenName) }, uniquingKeysWith: { a, _ in a })
    var repostsOf: [Int64: [StatusRecord]] = [:]

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
        case "t": text += pick(WeiboDemoContent.topics)
        case "e": text += pick(WeiboDemoContent.emoticons)
        case "u": text += pick(WeiboDemoContent.links)
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
        let via = repostsOf[original.id]?.last { $0.userID != author }
        var text = fill(pick(["转发微博", "说得太对了{e}", "mark 一下", "{m} 快来看"]), author: authorIndex, mentions: &mentioned)
        if let via, chance(50), let viaAuthor = screenNames[via.userID] {
          text += RepostChain.link(author: viaAuthor, text: via.text)
        }
        record = StatusRecord(id: id, userID: author, text: text, appID: pick(appIDs), createdAt: at,
                              retweetedID: original.id, parentID: via?.id ?? original.id)
      } else {
        let text = fill(pick(WeiboDemoContent.texts), author: authorIndex, mentions: &mentioned)
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
      if let original = record.retweetedID { repostsOf[original, default: []].append(record) }
      for index in Set(mentioned) where userIDs[index] != author { batch.statusMentions.append((id, userIDs[index])) }
      for topic in RichText(record.text).topics { batch.statusTopics.append((id, topic)) }

      var comments: [CommentRecord] = []
      for c in 0..<(chance(45) ? 1 + Int(random.next() % 4) : 0) {
        let commenter = Int(random.next() % UInt64(users.count))
        let when = at.addingTimeInterval(Double(60 * (c + 1)))
        var text = fill(pick(WeiboDemoContent.replies), author: commenter, mentions: &mentioned)
        var reply: Int64?
        if let previous = comments.last, chance(40), let name = screenNames[previous.userID] {
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
    let total = batch.rowCount
    var done = 0
    for part in batch.parts(of: 50_000) {
      try await store.importRows(part)
      done += part.rowCount
      cast.progress(done, total, "微博 rows")
    }
    try await store.recomputeCounters()
    return DemoCount(["statuses": batch.statuses.count, "follows": batch.follows.count])
  }
}
