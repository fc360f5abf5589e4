import Synchronization

/// Values made from a record (rendered JSON, a page's parts), kept by id and used only while the record just read
/// equals the one the value was made from: any change to the row makes a new one, on any instance, so nothing is
/// invalidated by hand and nothing stale can be shown. Bounded by `Generations`.
///
/// Public and inlinable, as `Generations` is, so that each use is specialized for its record and value types.
public final class KeptByRecord<Record: Equatable & Sendable, Value: Sendable>: Sendable {
  // A class, so a lookup hands out one reference rather than copies of every field.
  @usableFromInline final class Entry: Sendable {
    @usableFromInline let record: Record
    @usableFromInline let value: Value

    @inlinable init(record: Record, value: Value) {
      self.record = record
      self.value = value
    }
  }

  @usableFromInline let kept: Mutex<Generations<Int64, Entry>>

  /// `limit` entries a generation: at most twice that are kept.
  public init(limit: Int) { kept = Mutex(Generations(limit: limit)) }

  /// 10,000 entries a generation. (Not a default argument: a public one is emitted by each module that uses it.)
  public convenience init() { self.init(limit: 10_000) }

  /// The value made from `record` (kept under `id`); `make` makes it when none is kept for an equal record.
  @inlinable public func value(_ id: Int64, _ record: Record, make: () -> Value) -> Value {
    if let value = kept(id, record) { return value }
    let value = make()
    keep(value, id, record)
    return value
  }

  /// The value kept under `id` if it was made from an equal record: for values made in a batch (whose making
  /// reads more first).
  @inlinable public func kept(_ id: Int64, _ record: Record) -> Value? {
    guard let entry = kept.withLock({ $0[id] }), entry.record == record else { return nil }
    return entry.value
  }

  /// The values kept for `records` (under `id(record)`), in order, nil where none was made from an equal record:
  /// a page's worth under one lock.
  @inlinable public func kept(_ records: [Record], id: (Record) -> Int64) -> [Value?] {
    let ids = records.map(id)
    let entries = kept.withLock { kept in ids.map { kept[$0] } }
    return zip(entries, records).map { entry, record in entry.flatMap { $0.record == record ? $0.value : nil } }
  }

  /// Keeps `value`, made from `record`, under `id`.
  @inlinable public func keep(_ value: Value, _ id: Int64, _ record: Record) {
    kept.withLock { $0[id] = Entry(record: record, value: value) }
  }
}
