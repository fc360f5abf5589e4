import Foundation

/// One emotion of `GET /2/emotions.json`: `{"phrase":"[呵呵]","type":"face","url":…,"hot":false,"common":true,…}`.
public struct Emotion: Codable, Sendable, Equatable {
  /// `[呵呵]`: what status text carries.
  public var phrase: String
  /// `face`, `ani` or `cartoon`.
  public var type: String
  /// The image.
  public var url: String
  /// Whether it is among the popular ones.
  public var hot: Bool
  /// Whether it is on the default palette.
  public var common: Bool
  /// The tab it belongs to; empty for the default tab.
  public var category: String
  /// A small image for the tab or list.
  public var icon: String
  /// The phrase again, as the API sends it.
  public var value: String
  /// The picture id, usually null.
  public var picid: String?
  /// Sparrow addition: the hex code point (`0x1f600`) of an emoji, which has no image.
  public var code: String?

  public init(
    phrase: String, type: String = "face", url: String, hot: Bool = false, common: Bool = true,
    category: String = "", icon: String = "", value: String? = nil, picid: String? = nil, code: String? = nil
  ) {
    self.phrase = phrase
    self.type = type
    self.url = url
    self.hot = hot
    self.common = common
    self.category = category
    self.icon = icon
    self.value = value ?? phrase
    self.picid = picid
    self.code = code
  }

  /// Reads v2 names and v1's `is_hot`/`is_common`; only the phrase is required.
  public init(from decoder: any Decoder) throws {
    let f = try WireFields(decoder)
    guard let phrase = f.string("phrase") ?? f.string("value"), !phrase.isEmpty else {
      throw DecodingError.keyNotFound(WireKey("phrase"), .init(codingPath: decoder.codingPath, debugDescription: "no phrase"))
    }
    self.init(
      phrase: phrase, type: f.string("type") ?? "face", url: f.string("url") ?? "",
      hot: f.bool("hot") ?? f.bool("is_hot") ?? false, common: f.bool("common") ?? f.bool("is_common") ?? false,
      category: f.string("category") ?? "", icon: f.string("icon") ?? "", value: f.string("value"),
      picid: f.string("picid"), code: f.string("code"))
  }
}

/// One key of an emoticon keyboard.
public struct Emoticon: Codable, Sendable, Hashable {
  /// How an emoticon is drawn and inserted.
  public enum Kind: String, Codable, Sendable {
    /// An image, inserted into text as its `[phrase]`.
    case image
    /// A Unicode emoji, inserted as itself.
    case emoji
  }

  /// Image or emoji.
  public var kind: Kind
  /// What goes into status text: `[哈哈]` for an image, the character for an emoji.
  public var text: String
  /// The traditional-Chinese phrase (`cht`), when the pack has one.
  public var traditionalText: String?
  /// The image: a bundled file name or a URL; nil for an emoji.
  public var image: String?

  public init(kind: Kind, text: String, traditionalText: String? = nil, image: String? = nil) {
    self.kind = kind
    self.text = text
    self.traditionalText = traditionalText
    self.image = image
  }

  /// An emoticon from the server's list: an image, or an emoji when it comes with a code point and no image.
  public init(_ emotion: Emotion) {
    if emotion.url.isEmpty, let emoji = emotion.code.flatMap(Self.emoji(code:)) ?? (emotion.phrase.hasPrefix("[") ? nil : emotion.phrase) {
      self.init(kind: .emoji, text: emoji)
    } else {
      self.init(kind: .image, text: emotion.phrase, image: emotion.url)
    }
  }

  /// Whether the image is animated (a `.gif`).
  public var isAnimated: Bool { image?.lowercased().hasSuffix(".gif") ?? false }

  /// The emoji for a code such as `0x1f603` (several code points may be joined by `-`, `,` or spaces).
  public static func emoji(code: String) -> String? {
    let parts = code.split(whereSeparator: { $0 == "-" || $0 == "," || $0 == " " })
    guard !parts.isEmpty else { return nil }
    var scalars = String.UnicodeScalarView()
    for part in parts {
      var hex = part.lowercased()[...]
      if hex.hasPrefix("0x") || hex.hasPrefix("u+") { hex = hex.dropFirst(2) }
      guard !hex.isEmpty, let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
      scalars.append(scalar)
    }
    return String(scalars)
  }
}

/// A tab of the emoticon keyboard: 默认, Emoji, 浪小花, or a category of the server's list.
public struct EmoticonPack: Codable, Sendable, Equatable, Identifiable {
  /// Emoticons on one page: 7 × 3 keys, the last of them the delete key.
  public static let perPage = 20

  /// The folder name or category.
  public var id: String
  /// The tab's title.
  public var name: String
  /// Every emoticon, in keyboard order.
  public var emoticons: [Emoticon]

  public init(id: String, name: String, emoticons: [Emoticon]) {
    self.id = id
    self.name = name
    self.emoticons = emoticons
  }

  /// Reads a bundled pack file: `{"id","name","emoticons":[{"chs","cht","png"|"gif","type","code"}]}` where
  /// type `"0"` is an image and `"1"` an emoji given by its hex `code`. Entries that make no key are skipped.
  public init(bundleJSON data: Data) throws {
    let file = try JSONDecoder().decode(BundleFile.self, from: data)
    self.init(id: file.id, name: file.name ?? file.id, emoticons: file.emoticons.compactMap(\.value?.emoticon))
  }

  /// Packs from an `emotions.json` answer: one per category in order of first appearance, the uncategorised
  /// ones first as `默认`.
  public static func packs(from emotions: [Emotion]) -> [EmoticonPack] {
    var order: [String] = []
    var grouped: [String: [Emoticon]] = [:]
    for emotion in emotions {
      if grouped[emotion.category] == nil { order.append(emotion.category) }
      grouped[emotion.category, default: []].append(Emoticon(emotion))
    }
    let sorted = order.filter(\.isEmpty) + order.filter { !$0.isEmpty }
    return sorted.map { EmoticonPack(id: $0.isEmpty ? "default" : $0, name: $0.isEmpty ? "默认" : $0, emoticons: grouped[$0] ?? []) }
  }

  /// Emoticons by the text they stand for, simplified and traditional: what `RichText` needs to tell a known
  /// `[phrase]` from brackets.
  public static func index(_ packs: [EmoticonPack]) -> [String: Emoticon] {
    var index: [String: Emoticon] = [:]
    for emoticon in packs.flatMap(\.emoticons) where emoticon.kind == .image {
      if index[emoticon.text] == nil { index[emoticon.text] = emoticon }
      if let traditional = emoticon.traditionalText, index[traditional] == nil { index[traditional] = emoticon }
    }
    return index
  }

  /// The pack's keyboard pages, 20 emoticons each.
  public var pages: [EmoticonPage] {
    stride(from: 0, to: emoticons.count, by: Self.perPage).map { start in
      EmoticonPage(emoticons: Array(emoticons[start..<min(start + Self.perPage, emoticons.count)]))
    }
  }

  private struct BundleFile: Decodable {
    let id: String
    let name: String?
    let emoticons: [Lossy<BundleEntry>]
  }

  private struct BundleEntry: Decodable {
    let emoticon: Emoticon?

    init(from decoder: any Decoder) throws {
      let f = try WireFields(decoder)
      let isEmoji = f.string("type") == "1" || (f.string("type") == nil && f.has("code"))
      if isEmoji {
        emoticon = f.string("code").flatMap(Emoticon.emoji(code:)).map { Emoticon(kind: .emoji, text: $0) }
      } else if let phrase = f.string("chs"), !phrase.isEmpty {
        emoticon = Emoticon(kind: .image, text: phrase, traditionalText: f.string("cht"), image: f.string("png") ?? f.string("gif"))
      } else {
        emoticon = nil
      }
    }
  }
}

/// One page of an emoticon keyboard: 7 columns × 3 rows, up to 20 emoticons and the delete key last.
public struct EmoticonPage: Sendable, Equatable {
  /// Keys per row.
  public static let columns = 7
  /// Rows per page.
  public static let rows = 3

  /// What one cell of the page holds.
  public enum Key: Sendable, Equatable {
    case emoticon(Emoticon)
    /// An empty cell on a short last page.
    case blank
    /// The delete key, always the bottom-right cell.
    case delete
  }

  /// The page's emoticons, at most 20.
  public let emoticons: [Emoticon]

  public init(emoticons: [Emoticon]) {
    self.emoticons = Array(emoticons.prefix(EmoticonPack.perPage))
  }

  /// All 21 cells, row by row.
  public var keys: [Key] {
    let cells = Self.columns * Self.rows
    return (0..<cells).map { index in
      if index == cells - 1 { return .delete }
      return index < emoticons.count ? .emoticon(emoticons[index]) : .blank
    }
  }

  /// The cell at `row`, `column`; nil outside the page.
  public func key(row: Int, column: Int) -> Key? {
    guard (0..<Self.rows).contains(row), (0..<Self.columns).contains(column) else { return nil }
    return keys[row * Self.columns + column]
  }
}

/// The 最近 tab: emoticons most recently used first, no duplicates, at most 20. Codable, to be saved as is.
public struct EmoticonRecents: Codable, Sendable, Equatable {
  /// The most emoticons kept.
  public static let capacity = 20

  /// Most recent first.
  public private(set) var emoticons: [Emoticon] = []

  public init(emoticons: [Emoticon] = []) {
    for emoticon in emoticons.reversed() { use(emoticon) }
  }

  /// Reads a saved list, applying the rules again in case the file was edited.
  public init(from decoder: any Decoder) throws {
    let saved = try decoder.container(keyedBy: WireKey.self).decode([Emoticon].self, forKey: WireKey("emoticons"))
    self.init(emoticons: saved)
  }

  /// Puts `emoticon` first, removing an earlier use of the same text and the oldest beyond the capacity.
  public mutating func use(_ emoticon: Emoticon) {
    emoticons.removeAll { $0.text == emoticon.text }
    emoticons.insert(emoticon, at: 0)
    if emoticons.count > Self.capacity { emoticons.removeLast(emoticons.count - Self.capacity) }
  }

  /// The recents as a keyboard tab.
  public var pack: EmoticonPack { EmoticonPack(id: "recent", name: "最近", emoticons: emoticons) }
}
