import Foundation
import SparrowStore
import Synchronization
import Testing

/// `SharedRead`: every caller gets a value read by a read that began after it asked, one read is out at a time, and
/// callers who ask meanwhile share the next instead of reading one each.
@Suite struct SharedReadTests {
  /// Numbers its reads as they begin; each read answers its own number after a pause, and at most one may be out.
  final class Source: Sendable {
    private let state = Mutex<(begun: Int, out: Int, most: Int)>((0, 0, 0))
    var begun: Int { state.withLock { $0.begun } }
    var most: Int { state.withLock { $0.most } }

    func read(failing: Bool = false) async throws -> Int {
      let number = state.withLock { state in
        state.begun += 1
        state.out += 1
        state.most = max(state.most, state.out)
        return state.begun
      }
      try? await Task.sleep(for: .milliseconds(3))
      state.withLock { $0.out -= 1 }
      if failing { throw CancellationError() }
      return number
    }
  }

  @Test func eachCallerIsServedByAReadBegunAfterItAsked() async throws {
    let shared = SharedRead<Int>()
    let source = Source()
    let answers = try await withThrowingTaskGroup(of: (asked: Int, got: Int).self) { group in
      for n in 0..<64 {
        group.addTask {
          try await Task.sleep(for: .milliseconds(n % 16))
          // The reads begun before this caller asked: the one that serves it must be a later one.
          let asked = source.begun
          return (asked, try await shared.value { try await source.read() })
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(answers.count == 64)
    for answer in answers { #expect(answer.got > answer.asked, "served by read \(answer.got), asked after \(answer.asked)") }
    #expect(source.most == 1, "one read out at a time")
    #expect(shared.readCount == source.begun)
    #expect(source.begun < 64, "callers share reads (\(source.begun) reads for 64)")
  }

  @Test func aLoneCallerReadsAtOnce() async throws {
    let shared = SharedRead<Int>()
    let source = Source()
    for expected in 1...3 { #expect(try await shared.value { try await source.read() } == expected) }
    #expect(source.begun == 3)
  }

  /// A failed read is its own caller's error: those who waited on it read for themselves.
  @Test func aFailedReadFailsOnlyItsCaller() async throws {
    let shared = SharedRead<Int>()
    let source = Source()
    let answers = await withTaskGroup(of: (failing: Bool, value: Int?).self) { group in
      group.addTask { (true, try? await shared.value { try await source.read(failing: true) }) }
      for _ in 0..<8 {
        group.addTask {
          try? await Task.sleep(for: .milliseconds(1))
          return (false, try? await shared.value { try await source.read() })
        }
      }
      return await group.reduce(into: [(failing: Bool, value: Int?)]()) { $0.append($1) }
    }
    #expect(answers.filter(\.failing).allSatisfy { $0.value == nil }, "the failing read's caller gets its error")
    #expect(answers.filter { !$0.failing }.allSatisfy { $0.value != nil }, "every other caller gets a value")
  }
}
