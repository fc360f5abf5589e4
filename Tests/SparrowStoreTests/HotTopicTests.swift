import Foundation
import SparrowDemo
import SparrowStore
import SparrowTestSupport
import Testing
import WeiboStore

/// 热门话题 read from the hours' kept counts (`topic_hours`) must be exactly what counting the topic rows gives, for
/// any window, and each topic page's total (`topic_totals`) its rows' count, over a random history of posts,
/// deletions and staff hiding and showing spread over days; and the counts kept write by write must be the counts a
/// bulk load's recount makes.
@Test(arguments: StoreKind.available, [5, 23, 2027] as [UInt64])
func hotTopicsAreTheTopicRowsOverARandomHistory(_ kind: StoreKind, seed: UInt64) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    var random = SplitMix(seed: seed)
    let start = f.now
    let names = ["秋天", "咖啡", "跑步", "读书", "旅行"]
    var people: [Int64] = []
    for name in ["alice", "bobby", "carol"] { people.append(try await f.user(store, name)) }
    var posted: [Int64: [String]] = [:]  // every status still stored, with the topics it was posted with

    /// Every topic's uses since a random moment (to the millisecond, often inside an hour), from the rows.
    func check(_ step: Int) async throws {
      for _ in 0..<3 {
        let span = Int64((f.now.timeIntervalSince(start) + 7200) * 1000)
        let since = Date(timeIntervalSince1970: Double(millis(start) - 3_600_000 + Int64.random(in: 0...span, using: &random)) / 1000)
        let found = try await store.hotTopics(since: since, limit: 10)
        var truth: [String: (uses: Int, latest: Int)] = [:]
        for name in names {
          let rows = "FROM status_topics WHERE topic = '\(name)' AND created_at >= \(millis(since))"
          let uses = try await engine.integer("SELECT count(*) \(rows)") ?? 0
          if uses > 0 { truth[name] = (uses, try await engine.integer("SELECT max(status_id) \(rows)") ?? 0) }
        }
        let place = "seed \(seed), step \(step), since \(millis(since))"
        #expect(Dictionary(uniqueKeysWithValues: found.map { ($0.name, $0.count) }) == truth.mapValues(\.uses), "\(place)")
        // Most used first, the latest use breaking ties (two topics of one status may tie on both).
        let order = found.compactMap { truth[$0.name] }.map { [$0.uses, $0.latest] }
        #expect(zip(order, order.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) == false }, "\(place): \(found)")
      }
      // Each topic page's total (`topic_totals`) against its rows.
      for name in names {
        let total = try await store.statuses(in: .topic(name), feature: .all, page: Page(count: 1), seenBy: 0).total
        #expect(total == (try await engine.integer("SELECT count(*) FROM status_topics WHERE topic = '\(name)'") ?? 0),
                "seed \(seed), step \(step), #\(name)#")
      }
    }

    for step in 0..<90 {
      // Time moves by up to an hour and a half a step, so windows start inside hours and span many.
      f.now += Double(Int.random(in: 0...5400, using: &random))
      let someone = people.randomElement(using: &random)!
      let target = posted.keys.sorted().randomElement(using: &random)
      switch Int.random(in: 0..<8, using: &random) {
      case 0, 1, 2, 3:
        var at = f.tick()
        if Int.random(in: 0..<5, using: &random) == 0 { at -= Double(Int.random(in: 0...86_400, using: &random)) }  // backdated
        let topics = names.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
        let record = StatusRecord(
          id: f.ids.next(at: at), userID: someone, text: "第\(step)条" + topics.map { "#\($0)#" }.joined(), appID: 0, createdAt: at,
          visible: Int.random(in: 0..<5, using: &random) == 0 ? 1 : 0)
        try await store.insertStatus(record, mentions: [], topics: topics, comments: [])
        posted[record.id] = topics
      case 4, 5:
        if let target {
          _ = try await store.deleteStatus(id: target)
          posted[target] = nil
        }
      default:
        if let target {
          _ = try await store.setStatusHidden(
            id: target, hidden: Bool.random(using: &random), mentions: [], topics: posted[target] ?? [], rows: [])
        }
      }
      try await check(step)
    }

    // The kept hours against a recount from the rows (`recomputeCounters` recounts them).
    let fingerprint = """
      SELECT count(*) + CAST(coalesce(sum(n * 7 + (hour % 1000) * 13 + (latest % 100003)), 0) AS BIGINT)
        + (SELECT CAST(coalesce(sum(n * length(topic)), 0) AS BIGINT) FROM topic_totals) FROM topic_hours
      """
    let kept = try await engine.integer(fingerprint)
    try await store.recomputeCounters()
    #expect(try await engine.integer(fingerprint) == kept)
    #expect(try await engine.integer("SELECT count(*) FROM topic_hours") ?? 0 > 0)
  }
}
