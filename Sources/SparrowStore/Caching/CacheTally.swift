/// Lookups one cache answered and missed since the process started, for `/metrics`. Each cache counts under
/// its own lock.
package struct CacheTally: Sendable, Equatable {
  package var hits = 0
  package var misses = 0

  package init(hits: Int = 0, misses: Int = 0) {
    self.hits = hits
    self.misses = misses
  }

  mutating func count(hits: Int, misses: Int) {
    self.hits &+= hits
    self.misses &+= misses
  }
}
