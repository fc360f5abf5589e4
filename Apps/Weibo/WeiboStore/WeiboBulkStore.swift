import Foundation
import SparrowStore

/// Bulk loads of 微博 rows (the demo world, benchmark datasets) and counter repair.
package protocol WeiboBulkStore: Sendable {
  /// Recomputes every stored counter from the rows (bulk loads use it).
  func recomputeCounters() async throws
  /// Writes rows as they are, in one transaction, without touching counters (bulk loads; follow with
  /// `recomputeCounters`).
  func importRows(_ batch: ImportBatch) async throws
}
