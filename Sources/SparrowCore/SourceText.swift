import Foundation

/// The client a status was posted from, read out of the wire `source`
/// (`<a href="http://weibo.com/" rel="nofollow">微博 weibo.com</a>`).
public enum SourceText {
  /// The client's name: the text of the `<a …>…</a>` element, or a source without any markup as it is;
  /// nil when the source is empty or malformed.
  public static func name(in source: String) -> String? {
    let trimmed = source.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return nil }
    guard trimmed.contains("<") || trimmed.contains(">") else { return clean(trimmed) }
    guard let open = trimmed.range(of: "<a", options: .caseInsensitive),
      let openEnd = trimmed[open.upperBound...].firstIndex(of: ">"),
      let close = trimmed[trimmed.index(after: openEnd)...].range(of: "</a>", options: .caseInsensitive)
    else { return nil }
    // `<a` must start a tag name, not `<abbr`.
    if let next = trimmed[open.upperBound...].first, !(next.isWhitespace || next == ">") { return nil }
    let inner = trimmed[trimmed.index(after: openEnd)..<close.lowerBound]
    return clean(withoutTags(inner))
  }

  /// `来自 X`, or nil when the source names no client.
  public static func display(_ source: String) -> String? {
    name(in: source).map { "来自 " + $0 }
  }

  private static func withoutTags(_ html: Substring) -> String {
    var out = ""
    var inTag = false
    for c in html {
      if c == "<" { inTag = true } else if c == ">" { inTag = false } else if !inTag { out.append(c) }
    }
    return out
  }

  private static func clean(_ text: String) -> String? {
    // A stray bracket left after removing tags means the markup was broken.
    guard !text.contains("<"), !text.contains(">") else { return nil }
    var text = text
    // Most names have no entity; Foundation's replacing costs a bridge each time, on every status shown.
    if text.contains("&") {
      for (entity, character) in entities { text = text.replacingOccurrences(of: entity, with: character) }
    }
    let result = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return result.isEmpty ? nil : result
  }

  // `&amp;` last, so `&amp;lt;` reads `&lt;` rather than `<`.
  private static let entities = [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&nbsp;", " "), ("&amp;", "&")]
}
