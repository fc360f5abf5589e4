/// The one rule for the length of every text field of every app. A limit counts what a person sees (characters, or
/// an app's own visible measure such as Weibo's `TextLength`) and also caps the Unicode scalars and UTF-8 bytes
/// behind it: a letter carrying thousands of combining marks shows as one character, and must not pass as one into
/// a page everyone loads.
public struct TextLimit: Sendable {
  /// The most a person may see.
  public let visible: Int
  /// The most Unicode scalars behind it.
  public let scalars: Int
  /// The most UTF-8 bytes behind it.
  public let bytes: Int
  private let measure: @Sendable (String) -> Int

  /// `headroom` is how many scalars one visible character may take (4 covers flags, skin tones and most emoji
  /// sequences); a scalar takes at most 4 bytes.
  public init(_ visible: Int, headroom: Int = 4, measure: @escaping @Sendable (String) -> Int = { $0.count }) {
    self.visible = visible
    scalars = visible * headroom
    bytes = visible * headroom * 4
    self.measure = measure
  }

  /// What a text is, measured against the limit.
  public enum Verdict: Sendable, Equatable {
    case fits
    /// More than `visible`: `count` is what a person sees.
    case tooLong(count: Int)
    /// Within `visible` to the eye but over the scalars or bytes behind it.
    case tooHeavy
  }

  /// The cheap caps first, so a huge text is refused without being walked character by character.
  public func check(_ text: String) -> Verdict {
    if text.utf8.count > bytes { return .tooHeavy }
    var count = 0
    for _ in text.unicodeScalars {
      count += 1
      if count > scalars { return .tooHeavy }
    }
    let seen = measure(text)
    return seen > visible ? .tooLong(count: seen) : .fits
  }

  public func fits(_ text: String) -> Bool { check(text) == .fits }

  /// The longest start of `text` within the limit, by characters: for what is cut rather than refused (a search
  /// box's words).
  public func prefix(_ text: String) -> String {
    var seen = 0, scalarCount = 0, byteCount = 0
    var end = text.startIndex
    for character in text {
      seen += 1
      scalarCount += character.unicodeScalars.count
      byteCount += character.utf8.count
      guard seen <= visible, scalarCount <= scalars, byteCount <= bytes else { break }
      end = text.index(after: end)
    }
    return String(text[..<end])
  }
}
