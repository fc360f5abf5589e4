import Foundation
import SparrowCore
import Testing

let bundledPack = """
  {"id":"com.sina.default","name":"默认","emoticons":[
    {"chs":"[哈哈]","cht":"[哈哈]","png":"d_haha.png","type":"0"},
    {"chs":"[泪]","cht":"[淚]","gif":"d_lei.gif","type":0},
    {"code":"0x1f603","type":"1"},
    {"code":"0x1f1e8-0x1f1f3","type":"1"},
    {"code":"nonsense","type":"1"},
    {"cht":"[無簡體]","png":"x.png","type":"0"},
    {"chs":"[无类型]","png":"y.png"},
    42
  ]}
  """

@Test func bundledPackReadsImagesAndEmojiAndSkipsBrokenEntries() throws {
  let data = Data(bundledPack.utf8)

  let pack = try EmoticonPack(bundleJSON: data)

  #expect(pack.id == "com.sina.default")
  #expect(pack.name == "默认")
  #expect(pack.emoticons == [
    Emoticon(kind: .image, text: "[哈哈]", traditionalText: "[哈哈]", image: "d_haha.png"),
    Emoticon(kind: .image, text: "[泪]", traditionalText: "[淚]", image: "d_lei.gif"),
    Emoticon(kind: .emoji, text: "😃"),
    Emoticon(kind: .emoji, text: "🇨🇳"),
    Emoticon(kind: .image, text: "[无类型]", image: "y.png"),
  ])
  #expect(pack.emoticons[1].isAnimated)
}

@Test(arguments: [
  ("0x1f603", "😃"), ("0X1F603", "😃"), ("1f603", "😃"), ("U+1F603", "😃"), ("0x263a", "☺"),
  ("0x1f1e8-0x1f1f3", "🇨🇳"), ("0x1f1e8 0x1f1f3", "🇨🇳"), ("", nil), ("0x", nil), ("zz", nil),
  ("0x110000", nil), ("0xd800", nil), ("0x1f603-", "😃"),
] as [(String, String?)])
func emojiCodeIsAHexCodePoint(_ code: String, _ expected: String?) {
  let emoji = Emoticon.emoji(code: code)

  #expect(emoji == expected)
}

@Test(arguments: [(0, 0), (1, 1), (19, 1), (20, 1), (21, 2), (40, 2), (41, 3), (100, 5)])
func packsPageTwentyEmoticonsAtATime(_ count: Int, _ pages: Int) {
  let pack = EmoticonPack(id: "p", name: "p", emoticons: (0..<count).map { Emoticon(kind: .image, text: "[\($0)]") })

  let result = pack.pages

  #expect(result.count == pages)
  #expect(result.map(\.emoticons.count).reduce(0, +) == count)
  #expect(result.dropLast().allSatisfy { $0.emoticons.count == 20 })
}

@Test(arguments: [20, 7, 1])
func everyPageIsSevenByThreeWithTheDeleteKeyLast(_ count: Int) throws {
  let pack = EmoticonPack(id: "p", name: "p", emoticons: (0..<count).map { Emoticon(kind: .image, text: "[\($0)]") })

  let page = try #require(pack.pages.first)

  #expect(page.keys.count == 21)
  #expect(page.keys.last == .delete)
  #expect(page.keys.filter { $0 == .delete }.count == 1)
  #expect(page.keys.filter { $0 == .blank }.count == 20 - count)
  #expect(page.key(row: 2, column: 6) == .delete)
  #expect(page.key(row: 0, column: 0) == .emoticon(pack.emoticons[0]))
  #expect(page.key(row: 3, column: 0) == nil)
  #expect(page.key(row: 0, column: 7) == nil)
}

@Test func emotionsGroupIntoPacksByCategoryWithTheDefaultFirst() {
  let emotions = [
    Emotion(phrase: "[兔子]", url: "http://i/tuzi.gif", category: "休闲"),
    Emotion(phrase: "[呵呵]", url: "http://i/hehe.gif"),
    Emotion(phrase: "[熊猫]", url: "http://i/xiongmao.gif", category: "休闲"),
    Emotion(phrase: "[哈哈]", url: "http://i/haha.gif"),
  ]

  let packs = EmoticonPack.packs(from: emotions)

  #expect(packs.map(\.name) == ["默认", "休闲"])
  #expect(packs[0].emoticons.map(\.text) == ["[呵呵]", "[哈哈]"])
  #expect(packs[1].emoticons.map(\.text) == ["[兔子]", "[熊猫]"])
  #expect(packs[1].emoticons[0].image == "http://i/tuzi.gif")
}

@Test func indexFindsEmoticonsBySimplifiedAndTraditionalPhrase() throws {
  let pack = try EmoticonPack(bundleJSON: Data(bundledPack.utf8))

  let index = EmoticonPack.index([pack])

  #expect(index["[泪]"]?.image == "d_lei.gif")
  #expect(index["[淚]"]?.text == "[泪]")
  #expect(index["😃"] == nil)
}

@Test(arguments: [
  (#"{"phrase":"[呵呵]","type":"face","url":"http://img.t.sinajs.cn/t35/style/images/common/face/ext/normal/eb/smile.gif","hot":false,"common":true,"category":"休闲","icon":"http://img.t.sinajs.cn/icon.gif","value":"[呵呵]","picid":null}"#,
   Emotion(phrase: "[呵呵]", url: "http://img.t.sinajs.cn/t35/style/images/common/face/ext/normal/eb/smile.gif", hot: false, common: true, category: "休闲", icon: "http://img.t.sinajs.cn/icon.gif")),
  (#"{"phrase":"[哈哈]","type":"face","url":"u","is_hot":true,"is_common":"false","order_number":3}"#,
   Emotion(phrase: "[哈哈]", url: "u", hot: true, common: false)),
])
func emotionsDecodeV2AndV1FieldNames(_ json: String, _ expected: Emotion) throws {
  let emotion = try WeiboCoding.decoder().decode(Emotion.self, from: Data(json.utf8))

  #expect(emotion == expected)
}

@Test func recentsPutTheLatestFirstWithoutDuplicates() {
  var recents = EmoticonRecents()

  recents.use(haha)
  recents.use(tears)
  recents.use(haha)

  #expect(recents.emoticons == [haha, tears])
  #expect(recents.pack.name == "最近")
}

@Test func recentsKeepAtMostTwenty() {
  var recents = EmoticonRecents()

  for n in 0..<25 { recents.use(Emoticon(kind: .image, text: "[\(n)]")) }

  #expect(recents.emoticons.count == 20)
  #expect(recents.emoticons.first?.text == "[24]")
  #expect(recents.emoticons.last?.text == "[5]")
}

@Test func recentsSurviveSavingAndApplyTheRulesWhenRead() throws {
  var recents = EmoticonRecents()
  recents.use(smiley)
  recents.use(haha)
  let edited = Data(#"{"emoticons":[{"kind":"image","text":"[a]"},{"kind":"image","text":"[a]"},{"kind":"emoji","text":"😃"}]}"#.utf8)

  let saved = try JSONDecoder().decode(EmoticonRecents.self, from: JSONEncoder().encode(recents))
  let repaired = try JSONDecoder().decode(EmoticonRecents.self, from: edited)

  #expect(saved == recents)
  #expect(repaired.emoticons.map(\.text) == ["[a]", "😃"])
}

@Test(arguments: [
  (Emotion(phrase: "😀", type: "emoji", url: "", category: "emoji", code: "0x1f600"), Emoticon(kind: .emoji, text: "😀")),
  (Emotion(phrase: "😀", type: "emoji", url: ""), Emoticon(kind: .emoji, text: "😀")),
  (Emotion(phrase: "[微笑]", url: "http://s/emotions/default/default_01.png"), Emoticon(kind: .image, text: "[微笑]", image: "http://s/emotions/default/default_01.png")),
  (Emotion(phrase: "[微笑]", url: ""), Emoticon(kind: .image, text: "[微笑]", image: "")),
])
func serverEmotionsWithACodeAndNoImageAreEmoji(_ emotion: Emotion, _ expected: Emoticon) {
  #expect(Emoticon(emotion) == expected)
}

/// The packs the server ships under `Resources/emoticons/`, when they are there.
let shippedPacks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("Resources/emoticons", isDirectory: true)

@Test(.enabled(if: FileManager.default.fileExists(atPath: shippedPacks.path)), arguments: ["default.json", "emoji.json", "xiaohua.json"])
func theShippedBundleFilesReadAsPacks(_ file: String) throws {
  let url = shippedPacks.appendingPathComponent(file)
  try #require(FileManager.default.fileExists(atPath: url.path))

  let pack = try EmoticonPack(bundleJSON: Data(contentsOf: url))

  #expect(!pack.emoticons.isEmpty)
  #expect(!pack.pages.isEmpty)
  #expect(pack.emoticons.allSatisfy { $0.kind == .emoji ? $0.image == nil : $0.text.hasPrefix("[") && $0.image != nil })
}
