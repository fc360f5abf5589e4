import Foundation

/// This process's node: claimed from the store, renewed while the process runs, released when it ends. If a
/// renewal finds the lease lost (the process stalled past it), a new node is claimed and the id generator moves
/// to it, so no two live processes ever make ids with the same node.
package final class NodeLease: Sendable {
  /// How long a lease lasts without renewal; renewals come three times within it.
  package static let duration: TimeInterval = 60

  package let ids: IDGenerator
  let store: any NodeStore
  let holder: String

  /// Claims a node for this process and makes its id generator.
  package static func claim(_ store: any NodeStore, now: Date = Date()) async throws -> NodeLease {
    let holder = "\(ProcessInfo.processInfo.hostName):\(ProcessInfo.processInfo.processIdentifier):\(UUID().uuidString)"
    let node = try await store.claimNode(holder: holder, until: now + duration, now: now)
    return NodeLease(store: store, holder: holder, ids: IDGenerator(node: node))
  }

  init(store: any NodeStore, holder: String, ids: IDGenerator) {
    self.store = store
    self.holder = holder
    self.ids = ids
  }

  /// Renews the lease (or claims a new node if it was lost); the serve loop calls it every `duration / 3`.
  package func renew(now: Date = Date()) async throws {
    if try await store.renewNode(ids.node, holder: holder, until: now + Self.duration) { return }
    ids.move(to: try await store.claimNode(holder: holder, until: now + Self.duration, now: now))
  }

  /// Renews until the task is cancelled, then releases the node.
  package func keep(onError: @Sendable (any Error) -> Void) async {
    while !Task.isCancelled {
      try? await Task.sleep(for: .seconds(Self.duration / 3))
      if Task.isCancelled { break }
      do { try await renew() } catch { onError(error) }
    }
    try? await release()
  }

  /// Frees the node now.
  package func release() async throws {
    try await store.releaseNode(ids.node, holder: holder)
  }
}
