import Foundation
import SparrowDemo
import SparrowStore
import SparrowTestSupport
import Testing
import WeiboStore

/// 热门话题 kept between posts (`HotTopicsCache`): every list, from the writing process and from another one,
/// is the one the statuses give, whatever was posted, deleted or hidden between reads.
@Suite struct HotTopicsCacheTests {
  @Test(arguments: StoreKind.available, [5, 41] as [UInt64])
  func keptHotTopicsAreTheStatusesOverARandomHistoryOfWrites(_ kind: StoreKind, seed: UInt64) async throws {
    try await StoreCachesTests().withTwoProcesses(kind) { writer, reader in
      var f = Fixture()
      var random = SplitMix(seed: seed)
      var people: [Int64] = []
      for name in ["amy", "bo", "cy"] { people.append(try await f.user(writer, name)) }
      let start = f.now
      let names = ["春节", "旅行", "美食", "电影", "读书", "天气"]
      /// What the statuses are: topics, time, and whether others see them (public and shown).
      var posted: [(id: Int64, topics: [String], at: Date, shown: Bool)] = []

      func expected(since: Date, limit: Int) -> [TopicCount] {
        var uses: [String: (n: Int, latest: Int64)] = [:]
        for status in posted where status.shown && status.at >= since {
          for topic in status.topics {
            let before = uses[topic] ?? (0, 0)
            uses[topic] = (before.n + 1, max(before.latest, status.id))
          }
        }
        return uses.sorted { ($0.value.n, $0.value.latest) > ($1.value.n, $1.value.latest) }.prefix(limit)
          .map { TopicCount(name: $0.key, count: $0.value.n) }
      }

      for step in 0..<80 {
        switch Int.random(in: 0..<6, using: &random) {
        case 0, 1, 2:
          let at = start + Double(Int.random(in: 0..<(3 * 3600), using: &random))
          // One topic a status: two of one status tie (count and latest), and ties have no order to check.
          let topics = [names.randomElement(using: &random)!]
          let visible = Int.random(in: 0..<5, using: &random) == 0 ? 1 : 0
          let record = StatusRecord(id: f.ids.next(at: at), userID: people.randomElement(using: &random)!,
                                    text: "#\(topics[0])# 第\(step)条", appID: 0, createdAt: at, visible: visible)
          try await writer.insertStatus(record, mentions: [], topics: topics, comments: [])
          posted.append((record.id, topics, at, visible == 0))
        case 3:
          if let index = posted.indices.randomElement(using: &random) {
            _ = try await writer.deleteStatus(id: posted[index].id)
            posted.remove(at: index)
          }
        case 4:
          if let index = posted.indices.randomElement(using: &random) {
            let hide = posted[index].shown
            if try await writer.setStatusHidden(id: posted[index].id, hidden: hide, mentions: [], topics: posted[index].topics, rows: []) {
              posted[index].shown = !hide
            }
          }
        default:
          break  // reads only: the kept lists answer
        }
        for _ in 0..<3 {
          // A few windows, so that kept lists are asked for again after writes.
          let since = start + Double(Int.random(in: -1...6, using: &random) * 1_800)
          let limit = Int.random(in: 1...3, using: &random)
          let truth = expected(since: since, limit: limit)
          for (process, store) in [("writer", writer), ("reader", reader)] {
            for _ in 0..<2 {  // the first read may keep the list, the second is served from it
              let found = try await store.hotTopics(since: since, limit: limit)
              #expect(found == truth, "seed \(seed), step \(step), \(process), since \(since), limit \(limit)")
            }
          }
        }
      }
    }
  }
}
