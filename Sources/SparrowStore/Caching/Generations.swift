/// A bounded map: entries go into a young generation; when it is full it becomes the old one and the
/// old one is dropped. Reading an old entry moves it back, so what is in use stays.
package struct Generations<Key: Hashable, Value> {
  package let limit: Int
  private var young: [Key: Value] = [:]
  private var old: [Key: Value] = [:]

  package init(limit: Int) { self.limit = limit }

  package subscript(key: Key) -> Value? {
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

  package mutating func removeAll() {
    young = [:]
    old = [:]
  }
}
