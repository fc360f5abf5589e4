import Foundation
import SparrowCore
import WeiboAPI

/// Sparrow's drawn emoticons as Mastodon custom emoji: `[哈哈]` in 微博's text is `:haha:` in Mastodon's, with its
/// picture in the status's `emojis`; a `:haha:` posted through the Mastodon API is stored as `[哈哈]`, so the Weibo
/// side shows the emoticon. Shortcodes: `EmoticonShortcodes.swift` (generated).
enum CustomEmoji {
  struct Item: Sendable {
    let phrase: String
    let shortcode: String
    /// The picture's path, as `/emotions/<pack>/<file>` serves it.
    let path: String
    let category: String
  }

  static let items: [Item] = Emoticons.packs.flatMap { pack in
    pack.items.enumerated().compactMap { index, item -> Item? in
      guard item.isDrawn, let code = emoticonShortcodes[item.phrase] else { return nil }
      return Item(phrase: item.phrase, shortcode: code, path: "/emotions/\(pack.id)/\(pack.file(index))", category: pack.name)
    }
  }
  static let byPhrase = Dictionary(items.map { ($0.phrase, $0) }, uniquingKeysWith: { first, _ in first })
  static let byShortcode = Dictionary(items.map { ($0.shortcode, $0) }, uniquingKeysWith: { first, _ in first })

  static func emoji(_ item: Item, baseURL: String) -> Emoji {
    Emoji(shortcode: item.shortcode, url: baseURL + item.path, staticUrl: baseURL + item.path, visibleInPicker: true,
          category: item.category)
  }

  /// 微博's text with its emoticons known, as Mastodon's content reads it.
  static func rich(_ text: String) -> RichText { RichText(text, isEmoticon: { byPhrase[$0] != nil }) }

  /// The emoji of `rich`'s emoticons, each once, in order.
  static func emojis(_ rich: RichText, baseURL: String) -> [Emoji] {
    var seen = Set<String>()
    return rich.segments.compactMap { segment -> Emoji? in
      guard case .emoticon(let phrase) = segment.kind, let item = byPhrase[phrase], seen.insert(phrase).inserted else {
        return nil
      }
      return emoji(item, baseURL: baseURL)
    }
  }

  /// Text posted through the Mastodon API with its `:shortcode:`s of Sparrow's emoticons as 微博 writes them.
  static func weiboText(_ text: String) -> String {
    guard text.contains(":") else { return text }
    return text.replacing(/:([a-z0-9_]{2,}):/) { match in byShortcode[String(match.output.1)]?.phrase ?? String(match.output.0) }
  }
}
