import Foundation
import SparrowCore

/// The two JSON forms of a type that writes itself by hand (`JSONFieldWriting`), for tests that compare them byte for
/// byte: what `writeJSON` writes, and what its `Encodable` form encodes to. Values nested inside still go by hand in
/// the second (the writer picks that for them), so each type is compared on its own.
package enum JSONForms {
  package static func byHand(_ value: some JSONFieldWriting) -> String {
    var out = JSONOutput()
    value.writeJSON(&out)
    return String(decoding: out.bytes, as: UTF8.self)
  }

  package static func throughEncoder(_ value: some Encodable) throws -> String {
    String(decoding: try JSONWriter().encode(PlainEncodable(value: value)), as: UTF8.self)
  }

  /// Hides the value's own `JSONFieldWriting`, so the writer goes through `encode(to:)`.
  private struct PlainEncodable<T: Encodable>: Encodable {
    let value: T
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
  }
}
