/// A bounded map: entries go into a young generation; when it is full it becomes the old one and the
/// old one is dropped. Reading an old entry moves it back, so what is in use stays.
///
/// Public and inlinable, so that each cache's lookups are specialized for its types in the module that uses it: called
/// generically across modules, every lookup went through the dictionaries' generic witnesses and metadata. (This
/// toolchain inlines `@inlinable package` code only within its own module; `public` is what crosses.)
public struct Generations<Key: Hashable, Value> {
  public let limit: Int
  @usableFromInline var young: [Key: Value] = [:]
  @usableFromInline var old: [Key: Value] = [:]

  @inlinable
  public init(limit: Int) { self.limit = limit }

  @inlinable
  public subscript(key: Key) -> Value? {
    mutating get {
      if let value = young[key] { return value }
      guard let value = old.removeValue(forKey: key) else { return nil }
      self[key] = value
      return value
    }
    set {
      guard let newValue else {
        young[key] = nil
        old[key] = nil
        return
      }
      if young.count >= limit {
        old = young
        young = [:]
      }
      young[key] = newValue
    }
  }

  @inlinable
  public mutating func removeAll() {
    young = [:]
    old = [:]
  }
}
