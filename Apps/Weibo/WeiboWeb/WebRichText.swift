import Foundation
import SparrowCore
import SparrowPlatform
import SparrowStore
import Synchronization
import WeiboAPI

/// Status text as HTML: every run is escaped; mentions, topics, links (shown as 网页链接) and known
/// emoticons become elements built from the escaped text.
struct WebRichText {
  /// `[phrase]` → the emoticon image's path.
  static let emoticonImages: [String: String] = {
    var images: [String: String] = [:]
    for pack in Emoticons.packs {
      for (index, item) in pack.items.enumerated() where item.isDrawn {
        images[item.phrase] = "/emotions/\(pack.id)/\(pack.file(index))"
      }
    }
    return images
  }()

  static var phrases: Set<String> { Emoticons.phrases }

  /// `links: false` shows mentions, topics and links as spans, for text that sits inside a link itself.
  static func html(_ rich: RichText, links: Bool = true) -> String {
    rich.segments.map { segment in
      let text = HTML.escape(segment.text)
      switch segment.kind {
      case .plain:
        // Foundation's replace costs even when there is nothing to replace, as in most segments.
        return text.utf8.contains(UInt8(ascii: "\n")) ? text.replacingOccurrences(of: "\n", with: "<br>") : text
      case .mention where !links:
        return "<span class=\"mention\">\(text)</span>"
      case .mention(let name):
        return "<a class=\"mention\" href=\"/n/\(FormEncoding.escape(name))\">\(text)</a>"
      case .topic where !links:
        return "<span class=\"topic\">\(text)</span>"
      case .topic(let name):
        return "<a class=\"topic\" href=\"/topic/\(FormEncoding.escape(name))\">\(text)</a>"
      case .link where !links:
        return "<span class=\"link\">网页链接</span>"
      case .link(let url):
        return "<a class=\"link\" href=\"\(HTML.escape(url.absoluteString))\" rel=\"nofollow noopener noreferrer\" "
          + "target=\"_blank\" title=\"\(HTML.escape(url.absoluteString))\">网页链接</a>"
      case .emoticon(let phrase):
        guard let src = emoticonImages[phrase] else { return text }
        return "<img class=\"emoticon\" src=\"\(src)\" alt=\"\(text)\" title=\"\(text)\" width=\"18\" height=\"18\">"
      }
    }.joined()
  }

  static func html(_ text: String, links: Bool = true) -> String {
    if let html = kept(links, { $0[text] }) { return html }
    let html = html(RichText(text, isEmoticon: { emoticonImages[$0] != nil }), links: links)
    kept(links) { $0[text] = html }
    return html
  }

  private static func kept<R: Sendable>(_ links: Bool, _ body: (inout Generations<String, String>) -> R) -> R {
    links ? linked.withLock { body(&$0) } : unlinked.withLock { body(&$0) }
  }

  /// Texts' HTML, kept: a row's model (消息, 微博正文) is built afresh by every request, and parsing the same texts
  /// again was a tenth of 消息's time. The HTML depends on the text alone (emoticons ship with the binary), so a
  /// kept one is never stale. At most twice `limit` of each.
  private static let linked = Mutex(Generations<String, String>(limit: 5_000))
  private static let unlinked = Mutex(Generations<String, String>(limit: 5_000))
}
