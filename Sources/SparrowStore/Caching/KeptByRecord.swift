import Synchronization

/// Values made from a record (rendered JSON, a page's parts), kept by id and used only while the record just read
/// equals the one the value was made from: any change to the row makes a new one, on any instance, so nothing is
/// invalidated by hand and nothing stale can be shown. Bounded by `Generations`.
package final class KeptByRecord<Record: Equatable & Sendable, Value: Sendable>: Sendable {
  // A class, so a lookup hands out one reference rather than copies of every field.
  private final class Entry: Sendable {
    let record: Record
    let value: Value

    init(record: Record, value: Value) {
      self.record = record
      self.value = value
    }
  }

  private let kept: Mutex<Generations<Int64, Entry>>

  /// `limit` entries a generation: at most twice that are kept.
  package init(limit: Int = 10_000) { kept = Mutex(Generations(limit: limit)) }

  /// The value made from `record` (kept under `id`); `make` makes it when none is kept for an equal record.
  package func value(_ id: Int64, _ record: Record, make: () -> Value) -> Value {
    if let entry = kept.withLock({ $0[id] }), entry.record == record { return entry.value }
    let value = make()
    kept.withLock { $0[id] = Entry(record: record, value: value) }
    return value
  }
}
