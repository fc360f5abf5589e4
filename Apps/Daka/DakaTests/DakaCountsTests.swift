import DakaApp
import DakaStore
import Foundation
import SparrowDemo
import SparrowStore
import SparrowTestSupport
import Testing

/// The kept counts (`DakaCounts`) against the rows over a random history: entries added, made public or private,
/// edited and deleted by three people from two processes on one database. Every total 发现 and 我的 show, for every
/// viewer, must be the number of entries that viewer may see.
@Test(arguments: StoreKind.available, [9, 2026] as [UInt64])
func keptCountsAreTheEntriesEachViewerMaySee(_ kind: StoreKind, seed: UInt64) async throws {
  try await withStore(kind) { engine in
    let stores = [engine.journal, DakaModule.journal(on: try engine.reopen())]
    var random = SplitMix(seed: seed)
    func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
    let f = DakaFixture()
    let people = [DakaFixture.alice, DakaFixture.bob, DakaFixture.stranger]
    var entries: [CheckinRecord] = []
    for step in 0..<80 {
      switch roll(4) {
      case 0 where !entries.isEmpty:
        let gone = entries.remove(at: roll(entries.count))
        _ = try await stores[roll(2)].deleteCheckin(id: gone.id, userID: gone.userID)
      case 1 where !entries.isEmpty:
        let i = roll(entries.count)
        var edit = CheckinEdit(entries[i])
        edit.visibility = roll(2) == 0 ? .public : .private
        edit.thoughts = "改\(step)"
        entries[i] = try await stores[roll(2)].editCheckin(edit, maxPictures: 9)
      default:
        let entry = f.entry(people[roll(3)], "2025-05-\(10 + roll(9))", "某地", "第\(step)处", roll(3) == 0 ? .private : .public,
                            createdAgo: Double(100 - step))
        try await stores[roll(2)].addCheckin(entry)
        entries.append(entry)
      }
      for viewer in [nil] + people.map(Optional.some) {
        for author in [nil] + people.map(Optional.some) {
          let truth = entries.filter { entry in
            (entry.visibility == .public || entry.userID == viewer) && (author == nil || entry.userID == author)
          }.count
          let total = try await stores[roll(2)].checkins(CheckinQuery(viewer: viewer, author: author, limit: 1)).total
          #expect(total == truth, "step \(step) viewer \(String(describing: viewer)) author \(String(describing: author))")
        }
      }
    }
  }
}
