import Foundation

/// Splits status text into plain runs, @mentions, #topics#, links and [emoticons].
public struct RichText: Sendable, Equatable {
  /// What a run of text is.
  public enum Kind: Sendable, Equatable {
    case plain
    /// `@name`; the payload is the name without `@`.
    case mention(String)
    /// `#topic#`; the payload is the topic without the `#`s.
    case topic(String)
    case link(URL)
    /// `[phrase]` for a known emoticon; the payload includes the brackets.
    case emoticon(String)
  }

  /// One run of text.
  public struct Segment: Sendable, Equatable {
    public let kind: Kind
    public let text: String
    /// Offsets in UTF-16 units, as UIKit and JavaScript count.
    public let utf16Range: Range<Int>
  }

  public let segments: [Segment]

  /// Tokenizes `text`; `[x]` is an emoticon only when `isEmoticon("[x]")` says so.
  public init(_ text: String, isEmoticon: (String) -> Bool = { _ in false }) {
    var segments: [Segment] = []
    var plainStart = text.startIndex
    var index = text.startIndex
    var utf16Offset = 0
    var plainOffset = 0

    func flushPlain(upTo end: String.Index) {
      guard plainStart < end else { return }
      let run = String(text[plainStart..<end])
      segments.append(Segment(kind: .plain, text: run, utf16Range: plainOffset..<plainOffset + run.utf16.count))
    }

    while index < text.endIndex {
      if let (kind, end) = Self.token(in: text, at: index, isEmoticon: isEmoticon) {
        flushPlain(upTo: index)
        let run = String(text[index..<end])
        let length = run.utf16.count
        segments.append(Segment(kind: kind, text: run, utf16Range: utf16Offset..<utf16Offset + length))
        utf16Offset += length
        index = end
        plainStart = end
        plainOffset = utf16Offset
      } else {
        utf16Offset += text[index].utf16.count
        index = text.index(after: index)
      }
    }
    flushPlain(upTo: text.endIndex)
    self.segments = segments
  }

  /// Names mentioned with `@`, in order, without duplicates.
  public var mentions: [String] {
    var seen = Set<String>()
    return segments.compactMap { if case .mention(let n) = $0.kind, seen.insert(n).inserted { n } else { nil } }
  }

  /// Topics between `#…#`, in order, without duplicates.
  public var topics: [String] {
    var seen = Set<String>()
    return segments.compactMap { if case .topic(let t) = $0.kind, seen.insert(t).inserted { t } else { nil } }
  }

  /// Screen names: Chinese, letters, digits, `_` and `-`.
  public static func isNameCharacter(_ c: Character) -> Bool {
    if c == "_" || c == "-" { return true }
    guard let scalar = c.unicodeScalars.first, c.unicodeScalars.count == 1 else { return false }
    if scalar.isASCII { return scalar.properties.isAlphabetic || ("0"..."9").contains(c) }
    return (0x4E00...0x9FFF).contains(scalar.value) || (0x3400...0x4DBF).contains(scalar.value)
  }

  private static let maxTopicLength = 64

  private static func token(in text: String, at i: String.Index, isEmoticon: (String) -> Bool)
    -> (Kind, String.Index)?
  {
    switch text[i] {
    case "@":
      var end = text.index(after: i)
      var length = 0
      while end < text.endIndex, isNameCharacter(text[end]), length < 30 {
        end = text.index(after: end)
        length += 1
      }
      return length == 0 ? nil : (.mention(String(text[text.index(after: i)..<end])), end)
    case "#":
      let start = text.index(after: i)
      guard let close = text[start...].prefix(maxTopicLength + 1).firstIndex(of: "#"), close > start else {
        return nil
      }
      let topic = text[start..<close]
      guard !topic.contains(where: \.isNewline), !topic.allSatisfy(\.isWhitespace) else { return nil }
      return (.topic(String(topic)), text.index(after: close))
    case "[":
      guard let close = text[i...].prefix(12).firstIndex(of: "]") else { return nil }
      let phrase = String(text[i...close])
      return isEmoticon(phrase) ? (.emoticon(phrase), text.index(after: close)) : nil
    case "h":
      let rest = text[i...]
      guard rest.hasPrefix("http://") || rest.hasPrefix("https://"),
        let match = rest.prefixMatch(of: link), let url = URL(string: String(match.output.0))
      else { return nil }
      return (.link(url), match.range.upperBound)
    default:
      return nil
    }
  }

  private nonisolated(unsafe) static let link = #/https?://[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)+(:[0-9]+)?([-A-Za-z0-9_$.+!*()/,:;@&=?~#%]*)/#
}
