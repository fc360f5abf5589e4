import Foundation

/// A value made on first use, once, whichever thread asks first.
final class Lazy<Value: Sendable>: @unchecked Sendable {
  // @unchecked: `value` is only read or written while holding `lock`. (Mutex needs macOS 15; we support 14.)
  private let lock = NSLock()
  private var value: Value?
  private let make: @Sendable () -> Value

  init(_ make: @escaping @Sendable () -> Value) { self.make = make }

  var wrapped: Value {
    lock.withLock {
      if let value { return value }
      let made = make()
      value = made
      return made
    }
  }
}
