import Synchronization

/// At most `slots` bodies at once; the others wait, suspended, in the order they came.
package final class TestGate: Sendable {
  private let state: Mutex<(free: Int, waiting: [CheckedContinuation<Void, Never>])>

  package init(slots: Int) { state = Mutex((slots, [])) }

  package func run<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    await enter()
    defer { leave() }
    return try await body()
  }

  private func enter() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let go = state.withLock { state -> Bool in
        if state.free > 0 {
          state.free -= 1
          return true
        }
        state.waiting.append(continuation)
        return false
      }
      if go { continuation.resume() }
    }
  }

  private func leave() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      if state.waiting.isEmpty {
        state.free += 1
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}
