import Foundation
import SparrowPlatform
import SparrowMedia

/// The three emoticon packs: 默认 (faces), Emoji (Unicode code points) and 小花 (a cartoon pack).
package enum Emoticons {
  /// One emoticon of a pack.
  package struct Item: Sendable {
    /// The simplified phrase with brackets, `[微笑]`; for emoji the character itself.
    package let phrase: String
    /// The drawing, or nil for emoji (clients show the character).
    let art: Art?
    /// Whether it is drawn (served as a picture) rather than an emoji character.
    package var isDrawn: Bool { art != nil }
    /// A Unicode code point as the notes' keyboard reads it (`0x1f600`), for emoji.
    let code: String?
    let hot: Bool
  }

  enum Art: Sendable {
    case face(EmoticonArt.Face)
    case flower(EmoticonArt.Face)
    case object(EmoticonArt.Object)

    var svg: String {
      switch self {
      case .face(let face): EmoticonArt.face(face)
      case .flower(let face): EmoticonArt.face(face, flower: true)
      case .object(let object): EmoticonArt.object(object)
      }
    }
  }

  /// A pack: its id (the URL folder), name and API `type`.
  package struct Pack: Sendable {
    package let id: String
    package let name: String
    let apiType: String
    let category: String
    package let items: [Item]

    /// The image file of item `index`.
    package func file(_ index: Int) -> String { "\(id)_\(String(format: "%02d", index + 1)).png" }
  }

  typealias F = EmoticonArt.Face

  private static func face(_ phrase: String, _ eyes: EmoticonArt.Eyes, _ mouth: EmoticonArt.Mouth,
                           _ extras: [EmoticonArt.Extra] = [], skin: String = "#ffcc33", hot: Bool = false) -> Item {
    Item(phrase: "[\(phrase)]", art: .face(F(skin: skin, eyes: eyes, mouth: mouth, extras: extras)), code: nil, hot: hot)
  }

  private static func thing(_ phrase: String, _ object: EmoticonArt.Object, hot: Bool = false) -> Item {
    Item(phrase: "[\(phrase)]", art: .object(object), code: nil, hot: hot)
  }

  static let defaultPack = Pack(id: "default", name: "默认", apiType: "face", category: "", items: [
    face("微笑", .dots, .smile, hot: true), face("嘻嘻", .happy, .grin, hot: true), face("哈哈", .happy, .laugh, hot: true),
    face("爱你", .hearts, .smile, [.blush], hot: true), face("晕", .dizzy, .wavy), face("泪", .crying, .frown, hot: true),
    face("馋嘴", .happy, .drool), face("抓狂", .dizzy, .teeth, [.anger]), face("哼", .angry, .pout),
    face("可爱", .stars, .smile, [.blush]), face("怒", .angry, .frown, [.anger], skin: "#ff7043"),
    face("汗", .closed, .flat, [.sweat]), face("害羞", .happy, .smile, [.blush], skin: "#ffb38a"),
    face("睡觉", .sleepy, .open, [.zzz]), face("钱", .money, .grin), face("偷笑", .happy, .smirk, [.hand]),
    face("酷", .shades, .smirk), face("衰", .closed, .frown, [.sweat], skin: "#c9d6a3"), face("吃惊", .wide, .open),
    face("闭嘴", .dots, .zipped), face("鄙视", .sideLeft, .smirk), face("挖鼻屎", .sideRight, .flat, [.nosePick]),
    face("花心", .hearts, .grin), face("鼓掌", .happy, .grin, [.hand]), face("失望", .closed, .frown),
    face("思考", .sideRight, .flat, [.hand]), face("生病", .sleepy, .flat, [.sick], skin: "#d5e8a8"),
    face("亲亲", .wink, .kiss), face("怒骂", .angry, .teeth, [.anger], skin: "#ff7043"),
    face("太开心", .happy, .laugh, [.blush, .sparkle], hot: true), face("懒得理你", .sideLeft, .flat),
    face("右哼哼", .sideRight, .pout), face("左哼哼", .sideLeft, .pout), face("嘘", .dots, .shush),
    face("委屈", .crying, .wavy), face("吐", .closed, .vomit, skin: "#c9e5a0"), face("可怜", .wide, .frown, [.tear]),
    face("打哈气", .sleepy, .yawn), face("做鬼脸", .wink, .tongue), face("笑cry", .happy, .laugh, [.tear], hot: true),
    face("挤眼", .wink, .smile), face("费解", .sideRight, .wavy), face("黑线", .closed, .flat, [.sweat, .sweat]),
    face("悲伤", .closed, .frown, [.tear]), face("白眼", .rolling, .flat), face("感冒", .sleepy, .flat, [.mask]),
    face("飞个吻", .wink, .kiss, [.heart]), face("憧憬", .stars, .open), face("拜拜", .happy, .smile, [.hand]),
    face("坏笑", .squint, .smirk), face("困", .sleepy, .flat, [.zzz]), face("惊恐", .wide, .wavy, [.sweat]),
    thing("握手", .handshake), thing("耶", .victory), thing("good", .thumbsUp, hot: true), thing("弱", .thumbsDown),
    thing("不要", .stop), thing("ok", .ok), thing("赞", .star, hot: true), thing("来", .beckon), thing("蛋糕", .cake),
    thing("心", .heart, hot: true), thing("伤心", .brokenHeart), thing("鲜花", .rose), thing("太阳", .sun),
    thing("月亮", .moon), thing("礼物", .gift), thing("给力", .clap),
  ])

  static let emojiPack = Pack(id: "emoji", name: "Emoji", apiType: "emoji", category: "emoji", items: [
    0x1F600, 0x1F603, 0x1F604, 0x1F601, 0x1F606, 0x1F605, 0x1F602, 0x1F923, 0x1F60A, 0x1F607, 0x1F642, 0x1F609,
    0x1F60C, 0x1F60D, 0x1F618, 0x1F60B, 0x1F61C, 0x1F914, 0x1F610, 0x1F644, 0x1F60F, 0x1F62A, 0x1F634, 0x1F637,
    0x1F912, 0x1F922, 0x1F60E, 0x1F615, 0x1F62E, 0x1F633, 0x1F622, 0x1F62D, 0x1F631, 0x1F621, 0x1F620, 0x1F44D,
    0x1F44E, 0x1F44C, 0x270C, 0x1F64F, 0x1F44F, 0x1F4AA, 0x2764, 0x1F494, 0x1F382, 0x1F339, 0x1F525, 0x1F389,
  ].map { scalar in
    Item(phrase: String(Character(Unicode.Scalar(scalar)!)), art: nil, code: "0x" + String(scalar, radix: 16), hot: false)
  })

  static let cartoonPack = Pack(id: "xiaohua", name: "小花", apiType: "cartoon", category: "小花", items: [
    ("小花开心", F(eyes: .happy, mouth: .grin)), ("小花害羞", F(eyes: .happy, mouth: .smile, extras: [.blush])),
    ("小花哭", F(eyes: .crying, mouth: .frown)), ("小花生气", F(eyes: .angry, mouth: .frown, extras: [.anger])),
    ("小花爱你", F(eyes: .hearts, mouth: .smile)), ("小花晕", F(eyes: .dizzy, mouth: .wavy)),
    ("小花困", F(eyes: .sleepy, mouth: .open, extras: [.zzz])), ("小花吃惊", F(eyes: .wide, mouth: .open)),
    ("小花偷笑", F(eyes: .squint, mouth: .smirk)), ("小花酷", F(eyes: .shades, mouth: .smirk)),
    ("小花馋", F(eyes: .happy, mouth: .drool)), ("小花得意", F(eyes: .closed, mouth: .smirk, extras: [.sparkle])),
    ("小花委屈", F(eyes: .wide, mouth: .wavy, extras: [.tear])), ("小花汗", F(eyes: .closed, mouth: .flat, extras: [.sweat])),
    ("小花亲亲", F(eyes: .wink, mouth: .kiss)), ("小花鬼脸", F(eyes: .wink, mouth: .tongue)),
    ("小花白眼", F(eyes: .rolling, mouth: .flat)), ("小花发财", F(eyes: .money, mouth: .grin)),
    ("小花嘘", F(eyes: .dots, mouth: .shush)), ("小花再见", F(eyes: .happy, mouth: .smile, extras: [.hand])),
    ("小花星星眼", F(eyes: .stars, mouth: .open)), ("小花无语", F(eyes: .closed, mouth: .flat)),
  ].map { Item(phrase: "[\($0.0)]", art: .flower($0.1), code: nil, hot: false) })

  package static let packs = [defaultPack, emojiPack, cartoonPack]

  /// Whether `phrase` is a known `[phrase]` (rich text turns only these into images).
  package static let phrases: Set<String> = Set(packs.flatMap { $0.items.filter { $0.art != nil }.map(\.phrase) })

  /// Where the drawn images are kept.
  static func folder(_ dataFolder: URL) -> URL { dataFolder.appendingPathComponent("emotions", isDirectory: true) }

  /// Draws every pack's images into the data folder, skipping those already there.
  static func draw(into dataFolder: URL) throws {
    let processor = ImageProcessor()
    for pack in packs {
      let folder = folder(dataFolder).appendingPathComponent(pack.id, isDirectory: true)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for (index, item) in pack.items.enumerated() {
        guard let art = item.art else { continue }
        let url = folder.appendingPathComponent(pack.file(index))
        if FileManager.default.fileExists(atPath: url.path) { continue }
        try processor.render(svg: art.svg, as: .png).write(to: url, options: .atomic)
      }
    }
  }

  // MARK: API and bundle shapes

  /// One emotion as `/2/emotions.json` lists it (both the v2 and v1 field names).
  struct Emotion: Encodable, Sendable {
    let phrase: String
    let type: String
    let url: String
    let hot: Bool
    let common: Bool
    let category: String
    let icon: String
    let value: String
    let picid: String?
    let isHot: Bool
    let isCommon: Bool
    let orderNumber: Int
    /// Sparrow addition: the code point of an emoji.
    let code: String?

    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: Keys.self)
      try c.encode(phrase, forKey: .phrase)
      try c.encode(type, forKey: .type)
      try c.encode(url, forKey: .url)
      try c.encode(hot, forKey: .hot)
      try c.encode(common, forKey: .common)
      try c.encode(category, forKey: .category)
      try c.encode(icon, forKey: .icon)
      try c.encode(value, forKey: .value)
      try c.encodeNil(forKey: .picid)
      try c.encode(isHot, forKey: .isHot)
      try c.encode(isCommon, forKey: .isCommon)
      try c.encode(orderNumber, forKey: .orderNumber)
      try c.encodeIfPresent(code, forKey: .code)
    }

    enum Keys: String, CodingKey { case phrase, type, url, hot, common, category, icon, value, picid, isHot, isCommon, orderNumber, code }
  }

  /// The emotions of the pack for an API `type`, in `language` (`cnname` or `twname`).
  static func emotions(type: String, traditional: Bool, baseURL: String) -> [Emotion]? {
    guard let pack = packs.first(where: { $0.apiType == type }) else { return nil }
    return pack.items.enumerated().map { index, item in
      let phrase = traditional ? Traditional.convert(item.phrase) : item.phrase
      let url = item.art == nil ? "" : "\(baseURL)/emotions/\(pack.id)/\(pack.file(index))"
      return Emotion(
        phrase: phrase, type: pack.apiType, url: url, hot: item.hot, common: true, category: pack.category,
        icon: url, value: phrase, picid: nil, isHot: item.hot, isCommon: true, orderNumber: index, code: item.code)
    }
  }

  /// A pack as the notes' keyboard reads its `info.plist`, as JSON: `chs`, `cht`, `png`, `type`, `code`.
  static func bundle(_ pack: Pack) -> [String: Any] {
    let emoticons: [[String: String]] = pack.items.enumerated().map { index, item in
      if let code = item.code { return ["code": code, "type": "1"] }
      return ["chs": item.phrase, "cht": Traditional.convert(item.phrase), "png": pack.file(index), "type": "0"]
    }
    return ["id": "com.sparrow.\(pack.id)", "name": pack.name, "emoticons": emoticons]
  }

  /// The bundle files, as committed under `Resources/emoticons/`.
  static func bundleFiles() throws -> [String: Data] {
    try Dictionary(uniqueKeysWithValues: packs.map { pack in
      ("\(pack.id).json", try JSONSerialization.data(withJSONObject: bundle(pack), options: [.prettyPrinted, .sortedKeys]))
    })
  }
}

/// Simplified → traditional for the characters the packs use (`language=twname`).
enum Traditional {
  static let map: [Character: Character] = [
    "爱": "愛", "晕": "暈", "泪": "淚", "馋": "饞", "觉": "覺", "钱": "錢", "惊": "驚", "闭": "閉", "视": "視",
    "亲": "親", "骂": "罵", "开": "開", "懒": "懶", "嘘": "噓", "怜": "憐", "气": "氣", "脸": "臉", "赞": "讚",
    "来": "來", "伤": "傷", "费": "費", "线": "線", "悲": "悲", "拜": "拜", "坏": "壞", "恐": "恐", "鲜": "鮮",
    "阳": "陽", "礼": "禮", "给": "給", "力": "力", "飞": "飛", "个": "個", "吻": "吻", "憧": "憧", "冒": "冒",
    "挤": "擠", "鬼": "鬼", "发": "發", "财": "財", "无": "無", "语": "語", "见": "見", "再": "再", "星": "星",
    "欢": "歡", "头": "頭", "们": "們", "这": "這", "说": "說", "时": "時", "会": "會", "对": "對", "样": "樣",
  ]

  static func convert(_ text: String) -> String { String(text.map { map[$0] ?? $0 }) }
}

/// The packs as files, for the command line and native clients.
package enum EmoticonBundle {
  /// File name → pretty JSON of each pack, in the notes' keyboard shape.
  package static func files() throws -> [String: Data] { try Emoticons.bundleFiles() }

  /// Draws every image into `dataFolder/emotions/<pack>/`.
  package static func drawImages(into dataFolder: URL) throws { try Emoticons.draw(into: dataFolder) }
}
