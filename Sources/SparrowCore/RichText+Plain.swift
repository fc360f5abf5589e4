import Foundation

/// One piece of what a compose view holds: a run of typed text or an emoticon attachment.
public enum ComposeSegment: Sendable, Equatable {
  /// Text as typed, emoji included.
  case text(String)
  /// An emoticon drawn as an image (an attachment); it stands for its `[phrase]`.
  case emoticon(Emoticon)

  /// What the segment contributes to the plain string.
  public var plainText: String {
    switch self {
    case .text(let text): text
    case .emoticon(let emoticon): emoticon.text
    }
  }
}

extension RichText {
  /// The plain string a compose view sends (the notes' `stringValue`): text runs as they are, each
  /// attachment as its `[phrase]`.
  public static func plainText(_ segments: [ComposeSegment]) -> String {
    segments.map(\.plainText).joined()
  }

  /// Each segment's range in `plainText(segments)`, in UTF-16 units.
  public static func plainRanges(_ segments: [ComposeSegment]) -> [Range<Int>] {
    var offset = 0
    return segments.map { segment in
      let length = segment.plainText.utf16.count
      defer { offset += length }
      return offset..<offset + length
    }
  }

  /// The compose segments for plain text: known `[phrase]`s become attachments, the rest stays text
  /// (adjacent runs merged), so a draft can be put back into a compose view.
  public static func composeSegments(_ text: String, emoticons: [String: Emoticon]) -> [ComposeSegment] {
    var segments: [ComposeSegment] = []
    for segment in RichText(text, isEmoticon: { emoticons[$0] != nil }).segments {
      if case .emoticon(let phrase) = segment.kind, let emoticon = emoticons[phrase] {
        segments.append(.emoticon(emoticon))
      } else if case .text(let previous)? = segments.last {
        segments[segments.count - 1] = .text(previous + segment.text)
      } else {
        segments.append(.text(segment.text))
      }
    }
    return segments
  }

  /// The text the segments were made from.
  public var plainText: String { segments.map(\.text).joined() }
}
