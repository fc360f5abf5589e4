import Foundation
import SparrowStore

/// The JSON columns of 团购's rows (detail sections, pictures), written the same way by every engine.
package enum TuanJSON {
  package static func encode<T: Encodable>(_ value: T) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
  }

  package static func decode<T: Decodable>(_ text: String) -> T? {
    try? JSONDecoder().decode(T.self, from: Data(text.utf8))
  }
}

/// Keyword matching, the same on every engine.
package enum TuanText {
  /// The words of a search, lowercased, at most five (the rest are ignored), each at most 40 characters.
  package static func words(_ keyword: String?) -> [String] {
    guard let keyword else { return [] }
    return keyword.lowercased().split(whereSeparator: { $0.isWhitespace || $0 == "," || $0 == "，" })
      .prefix(5).map { String($0.prefix(40)) }
  }
}

extension DealRegion {
  /// (district, 商圈) pairs in district order grouped into regions; empty 商圈 names dropped.
  package static func grouping(_ pairs: [(Int, String)]) -> [DealRegion] {
    var regions: [DealRegion] = []
    for (district, neighbourhood) in pairs {
      if regions.last?.districtAdcode != district { regions.append(DealRegion(districtAdcode: district, neighbourhoods: [])) }
      if !neighbourhood.isEmpty { regions[regions.count - 1].neighbourhoods.append(neighbourhood) }
    }
    return regions
  }
}

/// Coupon codes: 12 digits, the first never 0, from the system's random source.
package enum CouponCode {
  package static func make() -> String {
    var generator = SystemRandomNumberGenerator()
    return String(Int.random(in: 1...9, using: &generator))
      + (0..<11).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
  }

  /// Whether `text` has the shape of a code (so anything else is refused before a lookup).
  package static func isWellFormed(_ text: String) -> Bool {
    text.utf8.count == 12 && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  }
}

/// The order rules, the same on every engine: what the deal's stock and 限购 leave for an order of `quantity`.
package enum OrderRules {
  /// Throws `OrderError` when the order does not fit; `sold` is the deal's 已售 and `held` the person's 团购券.
  package static func check(quantity: Int, stock: Int?, sold: Int, limit: Int?, held: Int) throws(OrderError) {
    if let limit, held + quantity > limit { throw .overLimit(limit: limit, left: max(0, limit - held)) }
    if let stock, sold + quantity > stock { throw .soldOut(left: max(0, stock - sold)) }
  }
}
