import Foundation
import FuzzSupport
import SparrowCore

/// The status-text tokenizer: its segments cover the text exactly once, in order, with in-bounds UTF-16
/// ranges, and every token is what its kind says.
@main enum FuzzRichText {
  static func main() { FuzzTarget.main("FuzzRichText", check: check) }

  // Half of all `[phrases]` count as emoticons, so both outcomes are reached without knowing a pack.
  static func isEmoticon(_ phrase: String) -> Bool {
    FuzzTarget.require(phrase.hasPrefix("[") && phrase.hasSuffix("]"), "emoticon candidate \(phrase.debugDescription)")
    return phrase == "[哈哈]" || phrase.unicodeScalars.count % 2 == 0
  }

  static func check(_ data: Data) {
    let text = String(decoding: data, as: UTF8.self)
    let rich = RichText(text, isEmoticon: isEmoticon)

    // Byte for byte: `==` on String would forgive a change of normalisation.
    FuzzTarget.require(Array(rich.plainText.utf8) == Array(text.utf8), "segments do not spell the text")
    var offset = 0
    for (index, segment) in rich.segments.enumerated() {
      let range = segment.utf16Range
      FuzzTarget.require(!segment.text.isEmpty, "empty segment \(index)")
      FuzzTarget.require(range.lowerBound == offset, "segment \(index) starts at \(range.lowerBound), not \(offset)")
      FuzzTarget.require(range.count == segment.text.utf16.count, "segment \(index) range \(range) is not its text")
      if index > 0, segment.kind == .plain {
        FuzzTarget.require(rich.segments[index - 1].kind != .plain, "two plain runs in a row at \(index)")
      }
      checkToken(segment)
      offset = range.upperBound
    }
    FuzzTarget.require(offset == text.utf16.count, "segments end at \(offset) of \(text.utf16.count)")
    FuzzTarget.require(Set(rich.mentions).count == rich.mentions.count, "repeated mention")
    FuzzTarget.require(Set(rich.topics).count == rich.topics.count, "repeated topic")

    // What a compose view is given back spells the same text, its ranges tiling it. An attachment stands for
    // its pack's spelling of the phrase: `[à]` typed with U+0340 comes back with U+0300 (the two are one key of
    // the pack), so the text is the same as a String, and byte for byte outside the emoticons.
    let emoticons = Dictionary(
      rich.segments.compactMap { if case .emoticon(let p) = $0.kind { (p, Emoticon(kind: .image, text: p)) } else { nil } },
      uniquingKeysWith: { first, _ in first })
    let compose = RichText.composeSegments(text, emoticons: emoticons)
    let composed = RichText.plainText(compose)
    FuzzTarget.require(composed == text, "compose segments do not spell the text")
    let typed = compose.compactMap { if case .text(let run) = $0 { Array(run.utf8) } else { nil } }
    let original = RichText(text, isEmoticon: { emoticons[$0] != nil }).segments
      .filter { if case .emoticon = $0.kind { false } else { true } }.map { Array($0.text.utf8) }
    FuzzTarget.require(typed.joined().elementsEqual(original.joined()), "compose changed typed text")
    let ranges = RichText.plainRanges(compose)
    FuzzTarget.require(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound }, "compose ranges gap")
    FuzzTarget.require((ranges.last?.upperBound ?? 0) == composed.utf16.count, "compose ranges do not reach the end")
  }

  static func checkToken(_ segment: RichText.Segment) {
    let text = segment.text
    switch segment.kind {
    case .plain:
      break
    case .mention(let name):
      FuzzTarget.require(text == "@" + name && !name.isEmpty && name.count <= 30, "mention \(text.debugDescription)")
      FuzzTarget.require(name.allSatisfy(RichText.isNameCharacter), "mention with a stray character \(name.debugDescription)")
    case .topic(let topic):
      FuzzTarget.require(text == "#" + topic + "#" && !topic.isEmpty && topic.count <= 64, "topic \(text.debugDescription)")
      // By characters, as the tokenizer reads: a `#` joined to a mark before or after it is not a delimiter.
      FuzzTarget.require(!topic.contains(where: { $0 == "#" || $0.isNewline }), "topic \(topic.debugDescription)")
      FuzzTarget.require(!topic.allSatisfy(\.isWhitespace), "blank topic \(topic.debugDescription)")
    case .link(let url):
      FuzzTarget.require(text.hasPrefix("http://") || text.hasPrefix("https://"), "link \(text.debugDescription)")
      FuzzTarget.require(text.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isWhitespace == false },
                         "link with a stray character \(text.debugDescription)")
      FuzzTarget.require(url.scheme == "http" || url.scheme == "https", "link \(url) with scheme \(url.scheme ?? "nil")")
    case .emoticon(let phrase):
      FuzzTarget.require(text == phrase && text.count <= 12 && isEmoticon(phrase), "emoticon \(text.debugDescription)")
    }
  }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  FuzzRichText.check(FuzzTarget.input(bytes, count))
  return 0
}
#endif
