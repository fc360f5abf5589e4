import Foundation

/// `application/x-www-form-urlencoded` and query-string encoding.
public enum FormEncoding {
  /// `a=1&b=x%20y`, keys sorted so requests are repeatable.
  public static func encode(_ parameters: [String: String]) -> String {
    parameters.keys.sorted().map { escape($0) + "=" + escape(parameters[$0] ?? "") }.joined(separator: "&")
  }

  /// `a=1&b=x%20y` in the order given (OAuth redirects put `code` first, as clients parse it).
  public static func encode(pairs: [(String, String)]) -> String {
    pairs.map { escape($0) + "=" + escape($1) }.joined(separator: "&")
  }

  /// Percent-encodes everything except RFC 3986's unreserved characters (so `+`, `&` and `=` survive), by UTF-8
  /// byte, upper-case hex as Foundation writes it. By byte rather than through Foundation's `CharacterSet` (a
  /// bridged string per call): a page of menu links spent a seventh of its time there.
  public static func escape(_ string: String) -> String {
    let utf8 = string.utf8
    guard !utf8.allSatisfy(isUnreserved) else { return string }
    var out: [UInt8] = []
    out.reserveCapacity(utf8.count * 3)
    for byte in utf8 {
      if isUnreserved(byte) {
        out.append(byte)
      } else {
        out.append(UInt8(ascii: "%"))
        out.append(hex[Int(byte >> 4)])
        out.append(hex[Int(byte & 0xF)])
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  private static let hex = Array("0123456789ABCDEF".utf8)

  /// `escape` undone, as Foundation's `removingPercentEncoding` does it (`+` stays `+`): nil when a `%` is not
  /// followed by two hex digits or the bytes are not UTF-8. By byte: Foundation's bridged it, 2 % of a topic page,
  /// whose name comes percent-encoded in the path.
  public static func unescape(_ string: String) -> String? {
    guard string.utf8.contains(UInt8(ascii: "%")) else { return string }
    return unescape(string.utf8, plusAsSpace: false)
  }

  /// `%XX` decoded, and `+` as a space when `plusAsSpace` (a form body's or a query's values); nil as `unescape`.
  /// Inlinable, so that it is specialized where the forms are read: unspecialized, each byte was an iterator's call
  /// through a witness table (half of its cost, 1.7 % of a signed deals call's CPU).
  @inlinable
  public static func unescape(_ encoded: some Collection<UInt8>, plusAsSpace: Bool) -> String? {
    var out: [UInt8] = []
    out.reserveCapacity(encoded.count)
    var iterator = encoded.makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "+") where plusAsSpace: out.append(UInt8(ascii: " "))
      case UInt8(ascii: "%"):
        guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
        out.append(high << 4 | low)
      default: out.append(byte)
      }
    }
    return String(validating: out, as: UTF8.self)
  }

  @usableFromInline
  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
  }

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
    default: false
    }
  }
}
