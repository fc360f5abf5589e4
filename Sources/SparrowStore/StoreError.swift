/// What a store reports besides engine failures.
package enum StoreError: Error, Equatable, Sendable {
  /// A row the operation needs does not exist.
  case notFound
  /// The row exists already (a second follow, like or favourite; a taken name).
  case conflict
  /// A block (拉黑) between the two people forbids it; `byActor` when the one acting made the block.
  case blocked(byActor: Bool)
  /// The same user posted the same text as their previous status.
  case duplicateText
  /// The database cannot be reached now (restarting, unreachable, out of connections): try again later.
  case unavailable
}
