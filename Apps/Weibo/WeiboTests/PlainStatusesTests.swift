import Foundation
import SparrowCore
import SparrowDemo
import SparrowStore
import SparrowTestSupport
import Testing
import WeiboAPI

/// The kept plain statuses (`PlainStatuses`, what the web client's lists are built from) against statuses built
/// afresh, over a random history of posts, reposts, likes, comments, favourites and deletions: every status a
/// presenter with the kept ones shows must equal the one a presenter without them shows. The keep is small, so its
/// generations turn over too.
@Test(arguments: [3, 1_024] as [UInt64])
func keptPlainStatusesAreTheRowsOverARandomHistory(seed: UInt64) async throws {
  let world = try await TestWorld()
  let people = [try await world.user("alice"), try await world.user("bob"), try await world.user("carol")]
  var issued: [String] = []
  for person in people { issued.append(try await world.token(for: person)) }
  let tokens = issued
  let kept = PlainStatuses(limit: 4)
  try await world.test { client in
    var random = SplitMix(seed: seed)
    func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
    var posted: [(id: Int64, author: Int)] = []
    for step in 0..<60 {
      let who = roll(people.count)
      let target = posted.isEmpty ? nil : posted[roll(posted.count)]
      switch (roll(7), target) {
      case (0, _), (1, _), (_, nil):
        let text = ["第\(step)条 http://example.com/\(step)", "#话题# 你好 @bob", "短"][roll(3)]
        let post = try await client.post("/2/statuses/update.json", [("status", text)], token: tokens[who])
        if let id = post.object["id"] as? Int64 { posted.append((id, who)) }
      case (2, let target?):
        let repost = try await client.post("/2/statuses/repost.json", [("id", String(target.id)), ("status", "转\(step)")],
                                           token: tokens[who])
        if let id = repost.object["id"] as? Int64 { posted.append((id, who)) }
      case (3, let target?):
        _ = try await client.post("/2/attitudes/create.json", [("id", String(target.id))], token: tokens[who])
      case (4, let target?):
        _ = try await client.post("/2/comments/create.json", [("id", String(target.id)), ("comment", "评\(step)")],
                                  token: tokens[who])
      case (5, let target?):
        _ = try await client.post("/2/favorites/create.json", [("id", String(target.id))], token: tokens[who])
      case (_, let target?):
        _ = try await client.post("/2/statuses/destroy.json", [("id", String(target.id))], token: tokens[target.author])
        posted.removeAll { $0.id == target.id }
      }
      for viewer in people {
        let records = Array(try await world.store.statuses(ids: posted.map(\.id), visibleTo: viewer.id).values)
          .sorted { $0.id > $1.id }
        let shown = try await Presenter(store: world.store, baseURL: "http://sparrow.test", viewer: viewer.id, plain: kept)
          .statuses(records)
        let fresh = try await Presenter(store: world.store, baseURL: "http://sparrow.test", viewer: viewer.id)
          .statuses(records)
        #expect(shown == fresh, "step \(step) viewer \(viewer.screenName)")
      }
    }
  }
}
