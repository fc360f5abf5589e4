import Foundation
import SparrowStore
import Synchronization
import Testing

/// Whoever holds a key holds it alone, on threads and in tasks alike, and keys do not wait on each other.
@Suite struct KeyedGateTests {
  /// How many hold each key at once, and the most seen.
  final class Occupancy: Sendable {
    private let state = Mutex<(inside: [String: Int], most: Int, entries: Int)>(([:], 0, 0))
    func enter(_ key: String) {
      state.withLock { state in
        state.inside[key, default: 0] += 1
        state.most = max(state.most, state.inside[key]!)
        state.entries += 1
      }
    }
    func leave(_ key: String) { state.withLock { $0.inside[key]! -= 1 } }
    var most: Int { state.withLock { $0.most } }
    var entries: Int { state.withLock { $0.entries } }
  }

  @Test func tasksHoldAKeyOneAtATime() async {
    let gate = KeyedGate<String>()
    let occupancy = Occupancy()
    await withTaskGroup(of: Void.self) { group in
      for n in 0..<64 {
        group.addTask {
          let key = n % 2 == 0 ? "regions 110100" : "cities"
          await gate.holding(key) {
            occupancy.enter(key)
            for _ in 0..<5 { await Task.yield() }
            occupancy.leave(key)
          }
        }
      }
    }
    #expect(occupancy.entries == 64)
    #expect(occupancy.most == 1)
  }

  @Test func threadsHoldAKeyOneAtATime() {
    let gate = KeyedGate<String>()
    let occupancy = Occupancy()
    DispatchQueue.concurrentPerform(iterations: 64) { n in
      let key = n % 2 == 0 ? "regions 110100" : "cities"
      gate.holding(key) {
        occupancy.enter(key)
        Thread.sleep(forTimeInterval: 0.0002)
        occupancy.leave(key)
      }
    }
    #expect(occupancy.entries == 64)
    #expect(occupancy.most == 1)
  }

  /// A holder of one key can take another (a gate is per key, not one lock), and a key is free again after a throw.
  @Test func keysAreApartAndFreedOnThrow() async throws {
    struct Failed: Error {}
    let gate = KeyedGate<String>()
    let inner = await gate.holding("a") { () async in await gate.holding("b") { () async in 2 } }
    #expect(inner == 2)
    #expect(throws: Failed.self) { try gate.holding("a") { throw Failed() } }
    #expect(gate.holding("a") { 3 } == 3)
  }
}
