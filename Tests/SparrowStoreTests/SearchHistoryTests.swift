import Foundation
import SparrowCore
import SparrowDemo
import SparrowStore
import SparrowTestSupport
import Testing
import WeiboStore

/// A search's pages and total come from indexes of public statuses only (`weibo-v12`): walked newest first and
/// counted alone, the count kept between writes (`FeedTotals`). Over a random history of posts (public and
/// private), deletions, staff hiding and showing, and blocks, every search of one, two and three characters (case
/// folded in two scripts), by the writing process and by another one, must find exactly the public statuses whose
/// folded text holds the word, newest first, page by page, none by someone kept apart from the reader, and count
/// them.
@Test(arguments: StoreKind.available, [7, 41, 2026] as [UInt64])
func searchesAreThePublicStatusesHoldingTheWordOverARandomHistory(_ kind: StoreKind, seed: UInt64) async throws {
  try await StoreCachesTests().withTwoProcesses(kind) { store, other in
    var f = Fixture()
    var random = SplitMix(seed: seed)
    var people: [Int64] = []
    for name in ["alice", "bobby", "carol", "dave"] { people.append(try await f.user(store, name)) }
    let reader = people[0]
    // Few letters, so that words of each length match often; É and é, Σ and σ fold together.
    let letters = ["西", "湖", "边", "É", "é", "e", "Σ", "σ", "a", "A"]
    var stored: [Int64: (author: Int64, text: String, visible: Int)] = [:]
    var blocked: Set<Int64> = []  // whom the reader blocked

    func check(_ step: Int, _ store: any WeiboStore) async throws {
      for _ in 0..<4 {
        let length = Int.random(in: 1...3, using: &random)
        let word = (0..<length).map { _ in letters.randomElement(using: &random)! }.joined()
        let folded = SearchFolding.folded(word)
        let truth = stored.filter { id, status in
          status.visible == 0 && !blocked.contains(status.author) && SearchFolding.folded(status.text).contains(folded)
        }.keys.sorted(by: >)
        let place = "seed \(seed), step \(step), \(word)"
        // Page by page, by max_id as clients page, and the second page by number.
        var found: [Int64] = []
        var page = Page(count: 3)
        for _ in 0..<20 {
          let read = try await store.statuses(in: .search(word), feature: .all, page: page, seenBy: reader)
          #expect(read.total == truth.count, "\(place): total")
          found += read.items.map(\.id)
          guard let last = read.items.last, read.items.count == page.count else { break }
          page = Page(maxID: last.id - 1, count: 3)
        }
        #expect(found == truth, "\(place)")
        let second = try await store.statuses(in: .search(word), feature: .all, page: Page(count: 3, page: 2),
                                              seenBy: reader)
        #expect(second.items.map(\.id) == Array(truth.dropFirst(3).prefix(3)), "\(place): page 2")
        if let newest = truth.first {
          let since = try await store.statuses(in: .search(word), feature: .all, page: Page(sinceID: newest - 1),
                                               seenBy: reader)
          #expect(since.items.map(\.id) == [newest], "\(place): since")
        }
      }
    }

    for step in 0..<80 {
      let someone = people.randomElement(using: &random)!
      let target = stored.keys.sorted().randomElement(using: &random)
      switch Int.random(in: 0..<10, using: &random) {
      case 0, 1, 2, 3, 4:
        let text = (0..<Int.random(in: 1...8, using: &random)).map { _ in letters.randomElement(using: &random)! }.joined()
        let visible = Int.random(in: 0..<4, using: &random) == 0 ? 1 : 0
        let id = try await f.status(store, by: someone, text, visible: visible)
        stored[id] = (someone, text, visible)
      case 5, 6:
        if let target {
          _ = try await store.deleteStatus(id: target)
          stored[target] = nil
        }
      case 7, 8:
        if let target, let status = stored[target] {
          let hidden = Bool.random(using: &random)
          if try await store.setStatusHidden(id: target, hidden: hidden, mentions: [], topics: [], rows: []) {
            stored[target] = (status.author, status.text, hidden ? Visibility.hiddenByStaff : 0)
          }
        }
      default:
        let other = people.dropFirst().randomElement(using: &random)!
        if blocked.contains(other) {
          try await store.unblock(blocker: reader, blocked: other)
          blocked.remove(other)
        } else {
          try await store.block(blocker: reader, blocked: other, at: f.tick())
          blocked.insert(other)
        }
      }
      if step % 4 == 3 { try await check(step, Bool.random(using: &random) ? store : other) }
    }
  }
}

/// A word in a thousand statuses or more (its kept count at `WeiboSQL.totalCap`) is paged from the newest statuses
/// where an engine can check them one by one (`WeiboSQL.newestRows`), and from its index when its page lies past
/// them: a common word among the newest, one as common whose statuses are all older than the walk reaches, private
/// statuses and a blocked author among them. Every page, by `max_id`, by number and by `since_id`, must be the
/// public statuses holding the word, newest first, none by the blocked author.
@Test(arguments: StoreKind.available)
func aCommonWordsPagesAreItsNewestStatusesWhereverTheyLie(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    var f = Fixture()
    let reader = try await f.user(store, "reader")
    let (alice, bobby) = (try await f.user(store, "alice"), try await f.user(store, "bobby"))
    var batch = ImportBatch()
    var stored: [(id: Int64, author: Int64, text: String, visible: Int)] = []
    func add(_ author: Int64, _ text: String, visible: Int = 0) {
      let at = f.tick()
      let status = StatusRecord(id: f.ids.next(at: at), userID: author, text: text, appID: 0, createdAt: at, visible: visible)
      batch.statuses.append(status)
      stored.append((status.id, author, text, visible))
    }
    // Oldest: a word in 1,100 statuses, then more statuses without it than the walk reaches, then a word in one
    // status of four among the newest.
    for n in 0..<1_100 { add(n % 5 == 0 ? bobby : alice, "第\(n)条旧词") }
    for n in 0..<(WeiboSQL.newestReach + 200) { add(alice, "第\(n)条别的") }
    for n in 0..<4_800 {
      add(n % 9 == 0 ? bobby : alice, n % 4 == 0 ? "周末第\(n)条" : "第\(n)条平日", visible: n % 13 == 0 ? 1 : 0)
    }
    try await store.importRows(batch)
    try await store.recomputeCounters()
    try await store.block(blocker: reader, blocked: bobby, at: f.tick())

    for word in ["周末", "旧词"] {
      let truth = stored.filter { $0.visible == 0 && $0.author != bobby && $0.text.contains(word) }.map(\.id).sorted(by: >)
      #expect(truth.count > 800, "\(word)")
      #expect(try await pagedByMaxID(store, .search(word), count: 50, seenBy: reader) == truth, "\(word): by max_id")
      let third = try await store.statuses(in: .search(word), feature: .all, page: Page(count: 20, page: 3), seenBy: reader)
      #expect(third.items.map(\.id) == Array(truth.dropFirst(40).prefix(20)), "\(word): page 3")
      let since = try await store.statuses(in: .search(word), feature: .all, page: Page(sinceID: truth[5], count: 20),
                                           seenBy: reader)
      #expect(since.items.map(\.id) == Array(truth.prefix(5)), "\(word): since_id")
    }
  }
}

/// Every status of `feed` as a client pages through it: `count` at a time, each page below the last one's `max_id`.
func pagedByMaxID(_ store: any WeiboStore, _ feed: StatusFeed, count: Int, seenBy reader: Int64) async throws -> [Int64] {
  var found: [Int64] = []
  var page = Page(count: count)
  while true {
    let read = try await store.statuses(in: feed, feature: .all, page: page, seenBy: reader)
    found += read.items.map(\.id)
    guard let last = read.items.last, read.items.count == page.count, found.count < 100_000 else { return found }
    page = Page(maxID: last.id - 1, count: count)
  }
}
