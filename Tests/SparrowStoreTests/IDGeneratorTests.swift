import Foundation
import SparrowStore
import Testing

@Test func idsGrowStayUniqueAndFitInJavaScriptNumbers() {
  let ids = IDGenerator(node: 3)
  let now = Date()

  let made = (0..<1000).map { _ in ids.next(at: now) }

  #expect(Set(made).count == made.count)
  #expect(made == made.sorted())
  #expect(made.allSatisfy { $0 > 0 && $0 < 1 << 53 })
  #expect(abs(IDGenerator.date(of: made[0]).timeIntervalSince(now)) < 0.01)
}

@Test func twoNodesNeverCollideInTheSameMillisecond() {
  let now = Date()
  let a = IDGenerator(node: 1)
  let b = IDGenerator(node: 2)

  let ids = (0..<300).flatMap { _ in [a.next(at: now), b.next(at: now)] }

  #expect(Set(ids).count == ids.count)
}

@Test func laterTimesMakeLargerIds() {
  let ids = IDGenerator(node: 0)
  let first = ids.next(at: Date(timeIntervalSince1970: 1_700_000_000))
  let second = ids.next(at: Date(timeIntervalSince1970: 1_700_000_001))
  #expect(second > first)
}
