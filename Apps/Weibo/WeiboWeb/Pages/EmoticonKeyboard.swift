import SparrowCore
import SparrowPlatform
import WeiboAPI

/// The composer's emoticon keyboard: each pack in pages of `EmoticonPack.perPage` keys, drawn ones as images.
/// The same for every sheet, so it is built once.
enum EmoticonKeyboard {
  /// A pack: its tab, and its keys in pages.
  struct Pack: PageModel {
    let id, name: String
    let pages: [Page]
    /// The first pack is shown; the others wait behind their tabs.
    let first: Bool

    func child(named name: String) -> Any? {
      switch name {
      case "id": id
      case "name": self.name
      case "pages": pages
      case "first": first
      default: nil
      }
    }
  }

  /// A page of keys.
  struct Page: PageModel {
    let keys: [Key]

    func child(named name: String) -> Any? { name == "keys" ? keys : nil }
  }

  /// A key inserting `phrase`: its image, or the phrase itself when it has none.
  struct Key: PageModel {
    let phrase: String
    let img: String?

    func child(named name: String) -> Any? {
      switch name {
      case "phrase": phrase
      case "img": img
      default: nil
      }
    }
  }

  static let packs: [Pack] = Emoticons.packs.enumerated().map { index, pack in
    let keys = pack.items.map { Key(phrase: $0.phrase, img: WebRichText.emoticonImages[$0.phrase]) }
    let pages = stride(from: 0, to: keys.count, by: EmoticonPack.perPage).map {
      Page(keys: Array(keys[$0..<min($0 + EmoticonPack.perPage, keys.count)]))
    }
    return Pack(id: pack.id, name: pack.name, pages: pages, first: index == 0)
  }

  /// The keyboard (`weibo_emoticon_keyboard`): the same for every sheet, so rendered once (`WeiboWeb.emoticonKeyboard`).
  /// Rendering its hundreds of keys was half of a compose sheet's time.
  struct Board: PageModel {
    func child(named name: String) -> Any? { name == "packs" ? EmoticonKeyboard.packs : nil }
  }
}
