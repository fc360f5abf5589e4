import Foundation

/// Node numbers for the id generators of running server processes.
public protocol NodeStore: Sendable {
  /// A node number for this process's id generator, distinct among running instances.
  func claimNode() async throws -> Int
}
