import Foundation

/// Makes the ids of every object: integers below 2^53 that grow with creation time and stay unique
/// across instances sharing one database.
///
/// Layout: 41 bits of milliseconds since 2020-01-01, 5 bits of node (claimed from the store), 7 bits of
/// sequence. A burst past 128 ids in a millisecond borrows the next millisecond, so ids never repeat.
package final class IDGenerator: @unchecked Sendable {
  static let epoch: Int64 = 1_577_836_800_000
  static let nodeBits: Int64 = 5
  static let sequenceBits: Int64 = 7

  private var nodeNumber: Int64
  private let lock = NSLock()
  private var lastMillis: Int64 = 0
  private var sequence: Int64 = 0

  /// A generator for node `node` (0..<32).
  package init(node: Int) {
    nodeNumber = Int64(node) & ((1 << Self.nodeBits) - 1)
  }

  /// The node this generator makes ids for.
  package var node: Int {
    lock.lock()
    defer { lock.unlock() }
    return Int(nodeNumber)
  }

  /// Moves to another node (the lease of the old one was lost). Ids keep growing: the clock part never goes back.
  package func move(to node: Int) {
    lock.lock()
    nodeNumber = Int64(node) & ((1 << Self.nodeBits) - 1)
    lock.unlock()
  }

  /// A new id for something created at `date`. Ids made for earlier dates after later ones still
  /// grow, so bulk loads must go in time order to keep ids and times in step.
  package func next(at date: Date = Date()) -> Int64 {
    let millis = Int64(date.timeIntervalSince1970 * 1000) - Self.epoch
    lock.lock()
    defer { lock.unlock() }
    if millis > lastMillis {
      lastMillis = millis
      sequence = 0
    } else {
      sequence += 1
      if sequence == 1 << Self.sequenceBits {
        lastMillis += 1
        sequence = 0
      }
    }
    return (lastMillis << (Self.nodeBits + Self.sequenceBits)) | (nodeNumber << Self.sequenceBits) | sequence
  }

  /// The smallest id of anything created at `date` or later: time windows over tables keyed by id.
  package static func floor(at date: Date) -> Int64 {
    max(Int64(date.timeIntervalSince1970 * 1000) - epoch, 0) << (nodeBits + sequenceBits)
  }

  /// The creation time an id encodes.
  package static func date(of id: Int64) -> Date {
    Date(timeIntervalSince1970: Double((id >> (nodeBits + sequenceBits)) + epoch) / 1000)
  }
}
