import Foundation
import SparrowDemo
import SparrowServer
import SparrowStore
import SparrowTestSupport
import Testing
import TuanApp
import TuanStore

/// A visitor's kept pages of a merchant's reviews (`ReviewSQL.keptPage`, under the `reviews` stamp and the caches'
/// `everythingGeneration`) against the rows, over a random history of reviews written, edited, deleted, voted on,
/// replied to and hidden by this process and another one on the same database, and people suspended and let back.
/// Every page of every filter, in both processes, must be what a reader whose pages are never kept sees.
@Test(arguments: StoreKind.available, [3, 2027] as [UInt64])
func keptReviewPagesAreTheRowsOverARandomHistory(_ kind: StoreKind, seed: UInt64) async throws {
  try await withStore(kind) { engine in
    var random = SplitMix(seed: seed)
    func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
    let reader = engine.tuan
    let otherEngine = try engine.reopen()
    let other = TuanModule.store(on: otherEngine)
    let users: [Int64] = Array(1...8)
    let r = try await ReviewFixture(reader, users: users, coupons: 3)
    // Someone nobody blocks, whose pages are never kept: the rows as they are.
    let outsider: Int64 = 999_999
    var open = users.flatMap { user in (0..<3).map { (user: user, coupon: $0) } }
    var written: [(id: Int64, user: Int64)] = []
    var hidden: Set<Int64> = []
    var suspended: Set<Int64> = []
    var nextID: Int64 = 1
    for step in 0..<50 {
      let byReader = roll(2) == 0
      let writer = byReader ? reader : other
      // As in the deals' history: a request to `reader`'s process reads, writes and reads again, and sees its own
      // write; another process's write shows to requests that arrive after it.
      let arrived = ContinuousClock.now
      _ = try await RequestStart.$instant.withValue(arrived) {
        try await reader.reviews(merchantID: r.shop.id, filter: .all, viewer: nil, limit: 10, offset: 0)
      }
      let picked = written.isEmpty ? nil : written[roll(written.count)]
      switch roll(8) {
      case 0, 1:
        if !open.isEmpty {
          let (user, coupon) = open.remove(at: roll(open.count))
          _ = try await writer.addReview(r.review(nextID, by: user, coupon: coupon, stars: 1 + roll(5), pictures: roll(3) == 0 ? 1 : 0))
          written.append((nextID, user))
          nextID += 1
        }
      case 2:
        if let picked {
          var edit = r.review(picked.id, by: picked.user, stars: 1 + roll(5), pictures: roll(2))
          edit.text = "改过的点评 \(step)"
          _ = try await writer.editReview(edit, now: TuanFixture.now)
        }
      case 3:
        if let picked, try await writer.deleteReview(id: picked.id, userID: picked.user) {
          written.removeAll { $0.id == picked.id }
        }
      case 4:
        // A vote on a hidden review by anyone but its author is refused, and changes nothing.
        if let picked, let voter = users.filter({ $0 != picked.user }).randomElement(using: &random) {
          _ = try? await writer.setHelpful(reviewID: picked.id, userID: voter, helpful: roll(3) != 0)
        }
      case 5:
        if let picked { try await writer.reply(toReview: picked.id, merchantID: r.shop.id, text: "谢谢 \(step)", at: TuanFixture.now) }
      case 6:
        if let picked {
          let hide = !hidden.contains(picked.id)
          #expect(try await writer.setReviewHidden(id: picked.id, hidden: hide, rows: []))
          if hide { hidden.insert(picked.id) } else { hidden.remove(picked.id) }
        }
      default:
        // Suspensions are the platform's: they move no stamp of 团购's, only the caches' `everythingGeneration`.
        let user = users[roll(users.count)]
        let audit = AuditEntry(id: Int64(10_000 + step), actorID: AuditEntry.operatorID, action: "suspend",
                               target: "user:\(user)", reason: "测试", at: TuanFixture.now)
        if suspended.remove(user) != nil {
          _ = try await engine.store.liftSuspension(userID: user, audit: audit)
        } else {
          try await engine.store.suspend(Suspension(userID: user, reason: "测试", at: TuanFixture.now), audit: audit)
          suspended.insert(user)
        }
        // Another SQLite process hears of it as the server does (`watchOtherProcesses`, within a second of the
        // commit); PostgreSQL's through the cache channel.
        if case .sqlite(let sqlite) = otherEngine { sqlite.caches.apply(.everything) }
      }
      try await RequestStart.$instant.withValue(byReader ? arrived : .now) {
        for filter in ReviewFilter.allCases {
          for (offset, limit) in [(0, 10), (10, 10), (0, 3), (3, 3), (0, 40)] {
            let truth = try await reader.reviews(merchantID: r.shop.id, filter: filter, viewer: outsider, limit: limit,
                                                 offset: offset)
            let label = "step \(step) \(filter) \(offset)+\(limit)"
            #expect(truth.items.allSatisfy { !hidden.contains($0.id) && !suspended.contains($0.userID) }, "\(label)")
            for (name, process) in [("reader", reader), ("other", other)] {
              let page = try await process.reviews(merchantID: r.shop.id, filter: filter, viewer: nil, limit: limit, offset: offset)
              #expect(page.items == truth.items, "\(label) \(name)")
              #expect(page.total == truth.total, "\(label) \(name)")
            }
          }
        }
      }
    }
    // The history wrote reviews, and pages had something to keep.
    #expect(nextID > 5 && !written.isEmpty)
  }
}
