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
    let normalised = text.replacingOccurrences(of: "\r\n", with: "\n")
    var bytes = 0
    var rest = Substring(normalised)
    while let match = rest.firstMatch(of: link) {
      bytes += halfWidthUnits(rest[rest.startIndex..<match.range.lowerBound])
      bytes += linkBytes(String(rest[match.range]))
      rest = rest[match.range.upperBound...]
    }
    bytes += halfWidthUnits(rest)
    return (bytes + 1) / 2
  }

  /// Characters left before the limit; negative when over.
  public static func remaining(_ text: String) -> Int { limit - count(text) }

  /// Whether `text` is within the limit.
  public static func fits(_ text: String) -> Bool { count(text) <= limit }

  private nonisolated(unsafe) static let link = #/https?://[a-zA-Z0-9]+(\.[a-zA-Z0-9]+)+([-A-Za-z0-9_$.+!*()/\\,:;@&=?~#%]*)/#

  private static func halfWidthUnits(_ s: Substring) -> Int {
    s.utf16.reduce(0) { $0 + ($1 <= 0xFF ? 1 : 2) }
  }

  private static func linkBytes(_ url: String) -> Int {
    let length = url.utf8.count
    if url.hasPrefix("http://t.cn/") { return length }
    if url.contains("weibo.com") || url.contains("weibo.cn"), length <= 41 { return length }
    return length <= 140 ? 20 : length - 140 + 20
  }
}
