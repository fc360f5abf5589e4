import Foundation
import SparrowDemo
import SparrowStore
import WeiboStore
import SparrowStoreSQLite
import SparrowTestSupport
import Synchronization
import Testing

/// The hot home feeds (`HomeFeeds`, `StatusRowCache`, `StoreCaches.homePage`): pages served from them must be
/// exactly the pages the database gives, whatever was written, in the writing process and in another one.
@Suite struct HomeFeedCacheTests {
  @Test func aWindowOfHeldIdsIsTheWindowOfTheWholeFeed() {
    var random = SplitMix(seed: 11)
    for _ in 0..<2_000 {
      let feed = (0..<Int.random(in: 0...30, using: &random)).map { _ in Int64.random(in: 1...100, using: &random) }
      let whole = Array(Set(feed)).sorted(by: >)
      let held = Int.random(in: 0...whole.count, using: &random)
      var page = Page(count: Int.random(in: 1...6, using: &random), page: Int.random(in: 1...4, using: &random))
      if Bool.random(using: &random) { page.maxID = Int64.random(in: 1...110, using: &random) }
      if Bool.random(using: &random) { page.sinceID = Int64.random(in: 0...100, using: &random) }
      let expected = Array(whole.filter { (page.maxID == 0 || $0 <= page.maxID) && $0 > page.sinceID }
        .dropFirst(page.offset).prefix(page.count))
      let window = HomeFeeds.window(page, in: Array(whole.prefix(held)), complete: held == whole.count)
      // What a partial feed answers is right; it declines only pages that reach past what it holds.
      if let window { #expect(window == expected, "\(page) of \(whole) holding \(held)") }
      if held == whole.count { #expect(window != nil) }
    }
  }

  @Test func theUnreadCountIsOthersHeldIdsAfterTheMark() {
    var random = SplitMix(seed: 12)
    let owner: Int64 = 1
    for _ in 0..<2_000 {
      let ids = Array(Set((0..<Int.random(in: 0...30, using: &random)).map { _ in Int64.random(in: 1...100, using: &random) }))
        .sorted(by: >)
      let authors = ids.map { _ in Int64.random(in: 1...3, using: &random) }
      let held = Int.random(in: 0...ids.count, using: &random)
      let (mark, cap) = (Int64.random(in: 0...100, using: &random), Int.random(in: 1...12, using: &random))
      let feeds = HomeFeeds()
      let kinds = authors.prefix(held).map { HomeFeeds.Kind(mine: $0 == owner, original: true, pictures: false) }
      feeds.add(Array(ids.prefix(held)), kinds: kinds, authors: Array(authors.prefix(held)),
                complete: held == ids.count, of: owner, followees: [2, 3], readAt: feeds.currentGeneration)
      let expected = min(cap, zip(ids, authors).filter { $0 > mark && $1 != owner }.count)
      let counted = feeds.unread(of: owner, after: mark, upTo: cap)
      // A partial feed answers right or not at all; it declines only when the count reaches past what it holds.
      if let counted { #expect(counted == expected, "\(ids) by \(authors) holding \(held), after \(mark) up to \(cap)") }
      if held == ids.count || zip(ids.prefix(held), authors).filter({ $0 > mark && $1 != owner }).count >= cap
        || (held > 0 && ids[held - 1] <= mark)
      {
        #expect(counted != nil)
      }
      #expect(feeds.unread(of: 2, after: mark, upTo: cap) == nil)
    }
  }

  /// Two processes on one database of `kind` (see `StoreCachesTests.withTwoProcesses`); on SQLite their home
  /// feeds hold only `depth` ids, so partial feeds are exercised too, and on both engines the reader's comment
  /// feeds hold `commentDepth` comments. `truth` gives a store that reads the database afresh (on SQLite, one whose
  /// caches are emptied first; PostgreSQL's other feeds read no cached rows).
  func withTwoProcesses(
    _ kind: StoreKind, depth: Int, commentDepth: Int = CommentFeeds().depth,
    _ body: (_ writer: any WeiboStore, _ reader: any WeiboStore, _ truth: () -> any WeiboStore) async throws -> Void
  ) async throws {
    switch kind {
    case .sqlite:
      try await withSQLiteStore { store in
        // Wired both ways, as PostgreSQL's processes are: the reader writes too (its seen marks).
        let heardByWriter = Mutex<StoreCaches?>(nil)
        // The reader's topic feeds hold a few statuses only (partial), the writer's all of them.
        let readerCaches = StoreCaches(homeFeeds: HomeFeeds(depth: depth), publicFeeds: PublicFeeds(depth: 3),
                                       commentFeeds: CommentFeeds(depth: commentDepth),
                                       publish: { change in heardByWriter.withLock { $0 }?.apply(change) })
        let writerCaches = StoreCaches(homeFeeds: HomeFeeds(depth: depth), publish: { readerCaches.apply($0) })
        heardByWriter.withLock { $0 = writerCaches }
        let truthCaches = StoreCaches()
        let truth = try SQLiteStore(path: store.path, caches: truthCaches, countingStatements: false, denseFeed: 12).weibo
        try await body(
          try SQLiteStore(path: store.path, caches: writerCaches, countingStatements: false, denseFeed: 12).weibo,
          try SQLiteStore(path: store.path, caches: readerCaches, countingStatements: false, denseFeed: 2000).weibo,
          {
            truthCaches.apply(.everything)
            return truth
          })
      }
    case .postgres:
      // The truth is a third process whose caches are emptied before each use, so that it reads the database.
      try await withStore(.postgres) { engine in
        let (reopened, third) = (try engine.reopenWith(StoreCaches(publicFeeds: PublicFeeds(depth: 3),
                                                                   commentFeeds: CommentFeeds(depth: commentDepth))),
                                 try engine.reopen())
        guard case .postgres(let listening) = reopened, case .postgres(let truth) = third else {
          Issue.record("not PostgreSQL")
          return
        }
        for _ in 0..<500 where !listening.isListening { try await Task.sleep(for: .milliseconds(10)) }
        #expect(listening.isListening)
        try await body(engine.store, reopened.weibo, {
          truth.caches.apply(.everything)
          return third.weibo
        })
      }
    }
  }

  /// The random histories' first-party app and five people, on `store`.
  static func cast(on store: any WeiboStore, _ f: inout Fixture) async throws -> (app: AppRecord, people: [Int64]) {
    let app = AppRecord(id: f.ids.next(at: f.tick()), clientID: "c", secretHash: "h", name: "应用", url: "",
                        redirectURI: "http://127.0.0.1/cb", firstParty: true, createdAt: f.now)
    try await store.createApp(app)
    var people: [Int64] = []
    for name in ["alice", "bobby", "carol", "dave", "erin"] { people.append(try await f.user(store, name)) }
    return (app, people)
  }

  @Test(arguments: StoreKind.available, [2026, 7, 99] as [UInt64])
  func hotHomePagesAreTheDatabasesOverARandomHistoryOfWrites(_ kind: StoreKind, seed: UInt64) async throws {
    try await withTwoProcesses(kind, depth: 7) { writer, reader, truth in
      var f = Fixture()
      var random = SplitMix(seed: seed)
      let (app, people) = try await HomeFeedCacheTests.cast(on: writer, &f)
      var statuses: [Int64] = []
      var comments: [Int64] = []
      /// The topics each status was posted with (a status shown again joins them again).
      var topicsOf: [Int64: [String]] = [:]
      let topics = ["话题", "别的话题"]

      func post(by author: Int64, retweeting original: StatusRecord? = nil) async throws {
        let at = f.tick()
        let id = f.ids.next(at: at)
        var record = StatusRecord(
          id: id, userID: author, text: "第\(id)条", appID: app.id, createdAt: at,
          retweetedID: original.map { $0.retweetedID ?? $0.id }, parentID: original?.id,
          pictures: Bool.random(using: &random) ? [PictureRef(id: "p\(id)", ext: "jpg", width: 10, height: 10)] : [],
          visible: Int.random(in: 0..<5, using: &random) == 0 ? 1 : 0)
        if original != nil { record.visible = 0 }
        let comment = original != nil && Bool.random(using: &random)
          ? [CommentRecord(id: f.ids.next(at: at), statusID: original!.id, userID: author, text: "顺便评论",
                           appID: app.id, createdAt: at)] : []
        let joined = topics.filter { _ in Int.random(in: 0..<3, using: &random) > 0 }
        do {
          try await writer.insertStatus(record, mentions: [], topics: joined, comments: comment)
        } catch StoreError.notFound where original != nil {
          return  // a repost of a repost whose original is gone
        }
        topicsOf[record.id] = joined
        statuses.append(record.id)
        comments += comment.map(\.id)
      }

      var marks: [Int64: Int64] = [:]
      var suspended: Set<Int64> = []

      /// Each person's home pages, from both processes, against the database's page and context; and their
      /// badges (the held feed counts the new statuses) against the database's home feed after their mark.
      func check(_ step: Int) async throws {
        for viewer in people {
          if Int.random(in: 0..<3, using: &random) == 0, let id = statuses.randomElement(using: &random) {
            try await writer.markSeen(userID: viewer, kind: .status, upTo: id)
            marks[viewer] = max(marks[viewer] ?? viewer, id)
          }
          let cap = [2, 5, 100].randomElement(using: &random)!
          let whole = try await writer.statuses(in: .home(viewer), feature: .all, page: Page(count: 500), seenBy: 0)
          let unread = min(cap, whole.items.filter { $0.id > (marks[viewer] ?? viewer) && $0.userID != viewer }.count)
          for store in [writer, reader] {
            #expect(try await store.unreadBadges(userID: viewer, upTo: cap).statuses == unread, "seed \(seed), step \(step)")
            #expect(try await store.unreadCounts(userID: viewer, upTo: cap)[.status] == unread, "seed \(seed), step \(step)")
          }
          try await checkFilteredTotals(of: viewer, whole: whole.items, "seed \(seed), step \(step)")
          if viewer == people[step % people.count] { try await checkOtherFeeds(of: viewer, "seed \(seed), step \(step)") }
          var page = Page(count: Int.random(in: 1...5, using: &random), page: Int.random(in: 1...3, using: &random))
          if Bool.random(using: &random), let id = statuses.randomElement(using: &random) { page.maxID = id }
          if Int.random(in: 0..<4, using: &random) == 0, let id = statuses.randomElement(using: &random) { page.sinceID = id }
          // The whole feed, or filtered (the held kinds pick the page, the authors' kind counts give the total).
          let feature = [StatusFeature.all, .all, .original, .picture].randomElement(using: &random)!
          let truth = try await writer.statuses(in: .home(viewer), feature: feature, page: page, seenBy: 0)
          let context = try await writer.context(for: truth.items, viewer: viewer)
          for (process, store) in [("writer", writer), ("reader", reader)] {
            for _ in 0..<2 {  // the first read may fill the caches, the second is served from them
              let (found, rows) = try await store.statuses(in: .home(viewer), feature: feature, page: page, viewer: viewer)
              let place = "seed \(seed), step \(step), \(process), viewer \(viewer), \(page), \(feature)"
              #expect(found.items == truth.items, "\(place)")
              #expect(found.total == truth.total, "\(place)")
              #expect(rows.originals == context.originals, "\(place)")
              #expect(rows.users == context.users, "\(place)")
              #expect(Set(rows.apps.keys) == Set(context.apps.keys), "\(place)")
              #expect(rows.favorited == context.favorited && rows.liked == context.liked, "\(place)")
              #expect(rows.following == context.following && rows.followers == context.followers, "\(place)")
            }
          }
        }
      }

      /// The public timeline, a person's and the viewer's 互相关注, and the statuses comments are on: their rows come
      /// from the row cache where it holds them, and must be what the database holds now.
      func checkOtherFeeds(of viewer: Int64, _ place: String) async throws {
        let author = people.randomElement(using: &random)!
        let page = Page(count: Int.random(in: 1...6, using: &random), page: Int.random(in: 1...2, using: &random))
        let ids = Array(statuses.shuffled(using: &random).prefix(4))
        // The public timeline filtered too (`PublicFeeds` holds each).
        let everyone = [StatusFeature.all, .original, .picture].randomElement(using: &random)!
        // 互相关注 too: from the viewer's held home feed (`StoreCaches.mutualPage`), a partial one on SQLite. And a
        // search of the texts' digits, by either index (two characters, three), held as a topic is.
        let words = ["\(Int.random(in: 10...99, using: &random))", "\(Int.random(in: 0...9, using: &random))条",
                     "\(Int.random(in: 100...999, using: &random))"].randomElement(using: &random)!
        for (feed, feature) in [(StatusFeed.everyone, everyone), (.user(author, viewer: viewer), .all),
                                (.topic(topics.randomElement(using: &random)!), .all), (.bilateral(viewer), .all),
                                (.search(words), .all)] {
          let fresh = truth()
          // First, before a read holds the viewer's relations in the truth's caches too.
          let truthTies = try await fresh.ties(viewer, among: people)
          let truthPage = try await fresh.statuses(in: feed, feature: feature, page: page, seenBy: viewer)
          let truthContext = try await fresh.context(for: truthPage.items, viewer: viewer)
          let truthByID = try await fresh.statuses(ids: ids, visibleTo: viewer)
          let truthAuthor = try await fresh.user(id: author)
          let truthPeople = try await fresh.users(ids: people)
          for (process, store) in [("writer", writer), ("reader", reader)] {
            for _ in 0..<2 {
              let found = try await store.statuses(in: feed, feature: feature, page: page, seenBy: viewer)
              #expect(found.items == truthPage.items, "\(place), \(process), \(feed), \(feature), \(page)")
              #expect(found.total == truthPage.total, "\(place), \(process), \(feed)")
              let (withContext, rows) = try await store.statuses(in: feed, feature: feature, page: page, viewer: viewer)
              #expect(withContext.items == truthPage.items, "\(place), \(process), \(feed), \(feature), \(page)")
              #expect(rows.originals == truthContext.originals, "\(place), \(process), \(feed)")
              #expect(try await store.statuses(ids: ids, visibleTo: viewer) == truthByID, "\(place), \(process)")
              for id in ids.prefix(1) {
                #expect(try await store.status(id: id, visibleTo: viewer) == truthByID[id], "\(place), \(process), \(id)")
              }
              // The user rows every signed-in request reads (its viewer's) and lists read: through the row cache.
              #expect(try await store.user(id: author) == truthAuthor, "\(place), \(process)")
              #expect(try await store.users(ids: people) == truthPeople, "\(place), \(process)")
              // Follows (特别关注 among them), blocks and mutes: from the viewer's held relations.
              #expect(try await store.ties(viewer, among: people) == truthTies, "\(place), \(process)")
            }
          }
        }
      }

      /// The totals of the filtered home feeds (originals, pictures: the authors' kind counts) against the feed,
      /// and of the filtered public timeline (the site's counters) against its rows.
      func checkFilteredTotals(of viewer: Int64, whole: [StatusRecord], _ place: String) async throws {
        let everyone = try await writer.statuses(in: .everyone, feature: .all, page: Page(count: 500), seenBy: viewer).items
        for (feature, shows) in [(StatusFeature.original, { (s: StatusRecord) in s.retweetedID == nil }),
                                 (.picture, { (s: StatusRecord) in !s.pictures.isEmpty })] {
          let total = try await writer.statuses(in: .home(viewer), feature: feature, page: Page(count: 3), seenBy: 0).total
          #expect(total == whole.filter(shows).count, "\(place), \(feature)")
          let publicTotal = try await writer.statuses(in: .everyone, feature: feature, page: Page(count: 3), seenBy: viewer).total
          #expect(publicTotal == everyone.filter(shows).count, "\(place), public \(feature)")
        }
      }

      for author in people { try await post(by: author) }
      for step in 0..<120 {
        let someone = people.randomElement(using: &random)!
        let other = people.randomElement(using: &random)!
        let target = statuses.randomElement(using: &random)
        switch Int.random(in: 0..<16, using: &random) {
        case 0, 1, 2:
          try await post(by: someone)
        case 3:
          if let target, let original = try await writer.status(id: target, visibleTo: someone), original.visible == 0 {
            try await post(by: someone, retweeting: original)
          }
        case 4:
          if let target {
            _ = try? await writer.deleteStatus(id: target)
            statuses.removeAll { $0 == target }
          }
        case 5:
          if someone != other {
            try? await writer.follow(follower: someone, followee: other, id: f.ids.next(at: f.tick()), at: f.now)
          }
        case 6:
          try? await writer.unfollow(follower: someone, followee: other)
        case 7:
          if let target {
            let mark = Mark(id: f.ids.next(at: f.tick()), userID: someone, statusID: target, createdAt: f.now)
            if (try? await writer.like(mark)) == nil { _ = try? await writer.unlike(userID: someone, statusID: target) }
          }
        case 8:
          if let target {
            let mark = Mark(id: f.ids.next(at: f.tick()), userID: someone, statusID: target, createdAt: f.now)
            if (try? await writer.favorite(mark)) == nil { _ = try? await writer.unfavorite(userID: someone, statusID: target) }
          }
        case 9 where Int.random(in: 0..<3, using: &random) == 0:
          // Staff hide or show a status: their author alone sees it while hidden.
          if let target {
            _ = try await writer.setStatusHidden(id: target, hidden: Bool.random(using: &random), mentions: [],
                                                 topics: topicsOf[target] ?? [], rows: [])
          }
        case 9:
          if let target {
            let at = f.tick()
            let comment = CommentRecord(id: f.ids.next(at: at), statusID: target, userID: someone, text: "评论",
                                        appID: app.id, createdAt: at)
            // Refused (`.notFound`) on someone else's private status.
            if (try? await writer.insertComments([comment], mentions: [])) != nil { comments.append(comment.id) }
          }
        case 10:
          // A profile edited: what every page shows of its author changes.
          if var profile = try await writer.user(id: someone) {
            profile.description = "简介\(step)"
            profile.verifiedType = [-1, 0, 2].randomElement(using: &random)!
            try await writer.updateUser(profile)
          }
        case 12:
          // A block keeps two people's pages from each other (the held author feeds ask the viewer's relations).
          if someone != other, (try? await writer.block(blocker: someone, blocked: other, at: f.now)) == nil {
            try? await writer.unblock(blocker: someone, blocked: other)
          }
        case 13 where Int.random(in: 0..<3, using: &random) == 0:
          // A suspension keeps a person's page from everyone else.
          try await f.suspendOrLift(someone, writer, &suspended)
        case 14:
          if someone != other, (try? await writer.mute(muter: someone, muted: other, at: f.now)) == nil {
            try? await writer.unmute(muter: someone, muted: other)
          }
        case 15:
          // 特别关注 set or cleared (refused when they do not follow).
          try? await writer.setSpecial(follower: someone, followee: other, special: Bool.random(using: &random))
        default:
          if let id = comments.randomElement(using: &random) {
            _ = try? await writer.deleteComment(id: id)
            comments.removeAll { $0 == id }
          }
        }
        try await check(step)
      }

      // The kind counts kept write by write are those a recount (bulk loads) makes.
      try await writer.recomputeCounters()
      for viewer in people {
        let whole = try await writer.statuses(in: .home(viewer), feature: .all, page: Page(count: 500), seenBy: 0)
        try await checkFilteredTotals(of: viewer, whole: whole.items, "after the recount")
      }

      // The caches were really used, in both processes: the comparison above was not of the database with itself.
      for store in [writer, reader] {
        let served = try #require(store.statistics.caches.first { $0.cache == "home_pages" }?.tally)
        #expect(served.hits > 200, "\(served)")
        #expect(served.misses > 0)
        let rows = try #require(store.statistics.caches.first { $0.cache == "status_rows" }?.tally)
        #expect(rows.hits > 200, "\(rows)")
        let authors = try #require(store.statistics.caches.first { $0.cache == "author_pages" }?.tally)
        #expect(authors.hits > 100 && authors.misses > 0, "\(authors)")
        let publicPages = try #require(store.statistics.caches.first { $0.cache == "public_pages" }?.tally)
        #expect(publicPages.hits > 20 && publicPages.misses > 0, "\(publicPages)")
      }
    }
  }
}
