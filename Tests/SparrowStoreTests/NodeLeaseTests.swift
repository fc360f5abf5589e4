import Foundation
import SparrowStore
import SparrowTestSupport
import Testing

@Test(arguments: StoreKind.available)
func liveHoldersNeverShareANodeAndADeadOnesNodeComesBack(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    let now = Date(timeIntervalSince1970: 1_750_000_000)

    let first = try await store.claimNode(holder: "a", until: now + 60, now: now)
    let second = try await store.claimNode(holder: "b", until: now + 60, now: now)
    let renewed = try await store.renewNode(first, holder: "a", until: now + 120)
    let stolen = try await store.renewNode(second, holder: "a", until: now + 120)
    // b stops renewing: after its lease ends, its node is free again, and b cannot renew it back.
    let afterB = try await store.claimNode(holder: "c", until: now + 200, now: now + 61)
    let lateB = try await store.renewNode(second, holder: "b", until: now + 200)

    #expect(first != second)
    #expect(renewed)
    #expect(!stolen)
    #expect(afterB == second)
    #expect(!lateB)
  }
}

@Test(arguments: StoreKind.available)
func everyNodeHeldRefusesAnotherClaimUntilOneIsReleased(_ kind: StoreKind) async throws {
  try await withStore(kind) { engine in
    let store = engine.store
    let now = Date(timeIntervalSince1970: 1_750_000_000)
    var nodes: [Int] = []
    for n in 0..<32 { nodes.append(try await store.claimNode(holder: "h\(n)", until: now + 60, now: now)) }

    await #expect(throws: StoreError.conflict) { _ = try await store.claimNode(holder: "late", until: now + 60, now: now) }
    try await store.releaseNode(nodes[7], holder: "h7")
    let freed = try await store.claimNode(holder: "late", until: now + 60, now: now)

    #expect(Set(nodes) == Set(0..<32))
    #expect(freed == nodes[7])
  }
}

@Test func aGeneratorMovedToAnotherNodeKeepsIdsGrowing() {
  let ids = IDGenerator(node: 3)
  let at = Date(timeIntervalSince1970: 1_750_000_000)
  let before = ids.next(at: at)

  ids.move(to: 9)
  let after = ids.next(at: at)

  #expect(after > before)
  #expect(ids.node == 9)
  #expect((after >> 7) & 31 == 9)
}
