import Foundation

/// Weibo's status length rule, as the Sina web counter computes it.
///
/// ASCII counts as half a character and any other UTF-16 unit as one (so an emoji counts two);
/// links count as 10 characters unless they are short links; the total is rounded up.
public enum TextLength {
  /// The most counted characters a status, repost or comment may have.
  public static let limit = 140

  /// Counted characters of `text`.
  public static func count(_ text: String) -> Int {
    // Scans UTF-16 units by hand: this runs for every status shown, and a regex was the slowest part.
    let units = Array(text.utf16)
    var bytes = 0
    var i = 0
    while i < units.count {
      if units[i] == 0x0D, i + 1 < units.count, units[i + 1] == 0x0A {  // \r\n counts as \n
        i += 1
        continue
      }
      if units[i] == 0x68 /* h */, let end = linkEnd(units, from: i) {
        bytes += linkBytes(String(decoding: units[i..<end], as: UTF16.self))
        i = end
        continue
      }
      bytes += units[i] <= 0xFF ? 1 : 2
      i += 1
    }
    return (bytes + 1) / 2
  }

  /// The end of a link `https?://host(.part)+path` starting at `start`, as the Sina counter matches it.
  static func linkEnd(_ u: [UInt16], from start: Int) -> Int? {
    func at(_ i: Int, _ s: String) -> Bool {
      let chars = Array(s.utf16)
      return i + chars.count <= u.count && Array(u[i..<i + chars.count]) == chars
    }
    var i: Int
    if at(start, "http://") { i = start + 7 } else if at(start, "https://") { i = start + 8 } else { return nil }
    func alnum(_ c: UInt16) -> Bool {
      (0x30...0x39).contains(c) || (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c)
    }
    let hostStart = i
    while i < u.count, alnum(u[i]) { i += 1 }
    guard i > hostStart else { return nil }
    var parts = 0
    while i + 1 < u.count, u[i] == 0x2E /* . */, alnum(u[i + 1]) {
      i += 1
      while i < u.count, alnum(u[i]) { i += 1 }
      parts += 1
    }
    guard parts > 0 else { return nil }
    let pathCharacters = Set("-_$.+!*()/\\,:;@&=?~#%".utf16)
    while i < u.count, alnum(u[i]) || pathCharacters.contains(u[i]) { i += 1 }
    return i
  }

  /// Characters left before the limit; negative when over.
  public static func remaining(_ text: String) -> Int { limit - count(text) }

  /// The platform's rule over this count: long links count little, so a status may carry 16 scalars a character.
  public static let rule = TextLimit(limit, headroom: 16, measure: count)

  /// Whether `text` is within the limit, by the platform's rule.
  public static func fits(_ text: String) -> Bool { rule.fits(text) }

  private static func linkBytes(_ url: String) -> Int {
    let length = url.utf8.count
    if url.hasPrefix("http://t.cn/") { return length }
    if url.contains("weibo.com") || url.contains("weibo.cn"), length <= 41 { return length }
    return length <= 140 ? 20 : length - 140 + 20
  }
}
