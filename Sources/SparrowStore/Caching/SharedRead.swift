import Synchronization

/// A small value of the database's (a sequence, a stamp) as a statement begun after the caller asked reads it, with
/// one such read out at a time: those who ask while a read is out wait for the next, which the first of them makes
/// for all. Alone, a caller reads at once, as before; under load one round trip serves every caller that arrived
/// while the last was out, instead of one each. Every value given was read by a statement that began after its
/// caller asked, so it holds whatever committed before (what a read of the caller's own would have seen).
///
/// `CacheChannel`'s epoch and 团购's deals stamp (`OnSaleSets.stamp(reading:)`) are read this way.
package final class SharedRead<Value: Sendable>: Sendable {
  /// What a waiting caller is told: read (for itself and those who arrived meanwhile), the value a read begun after
  /// it asked found, or read alone (that read failed: one caller's error is not the others').
  private enum Turn: Sendable {
    case read
    case heard(Value)
    case alone
  }

  /// Whether a read is out, and those waiting for the next one, first come first served.
  private let state = Mutex<(reading: Bool, waiting: [CheckedContinuation<Turn, Never>])>((false, []))
  private let reads = Atomic<Int>(0)

  package init() {}

  /// How many reads were made: a test's measure of the sharing.
  package var readCount: Int { reads.load(ordering: .relaxed) }

  /// The value, read by `read` (this caller's, or another's begun after this call).
  package func value(reading read: () async throws -> Value) async throws -> Value {
    let turn = await withCheckedContinuation { (turn: CheckedContinuation<Turn, Never>) in
      let readNow = state.withLock { state in
        guard !state.reading else {
          state.waiting.append(turn)
          return false
        }
        state.reading = true
        return true
      }
      if readNow { turn.resume(returning: .read) }
    }
    switch turn {
    case .heard(let value): return value
    case .alone:
      reads.add(1, ordering: .relaxed)
      return try await read()
    case .read: break
    }
    // Those waiting now asked before this read begins, so it serves them; later ones wait for the next, which the
    // first of them makes.
    let riders = state.withLock { state in
      defer { state.waiting = [] }
      return state.waiting
    }
    reads.add(1, ordering: .relaxed)
    let result: Result<Value, any Error>
    do { result = .success(try await read()) } catch { result = .failure(error) }
    let next = state.withLock { state -> CheckedContinuation<Turn, Never>? in
      if state.waiting.isEmpty {
        state.reading = false
        return nil
      }
      return state.waiting.removeFirst()
    }
    for rider in riders {
      if case .success(let value) = result { rider.resume(returning: .heard(value)) } else { rider.resume(returning: .alone) }
    }
    next?.resume(returning: .read)
    return try result.get()
  }
}
