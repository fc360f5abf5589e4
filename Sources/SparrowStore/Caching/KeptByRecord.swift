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
    if let value = kept(id, record) { return value }
    let value = make()
    keep(value, id, record)
    return value
  }

  /// The value kept under `id` if it was made from an equal record: for values made in a batch (whose making
  /// reads more first).
  package func kept(_ id: Int64, _ record: Record) -> Value? {
    guard let entry = kept.withLock({ $0[id] }), entry.record == record else { return nil }
    return entry.value
  }

  /// Keeps `value`, made from `record`, under `id`.
  package func keep(_ value: Value, _ id: Int64, _ record: Record) {
    kept.withLock { $0[id] = Entry(record: record, value: value) }
  }
}
