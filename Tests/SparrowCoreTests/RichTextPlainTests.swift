import Foundation
import SparrowCore
import Testing

let haha = Emoticon(kind: .image, text: "[哈哈]", traditionalText: "[哈哈]", image: "d_haha.png")
let tears = Emoticon(kind: .image, text: "[泪]", traditionalText: "[淚]", image: "d_lei.png")
let smiley = Emoticon(kind: .emoji, text: "😃")
let known = ["[哈哈]": haha, "[泪]": tears, "[淚]": tears]

@Test(arguments: [
  ([ComposeSegment.text("今天"), .emoticon(haha), .text("好")], "今天[哈哈]好"),
  ([.emoticon(haha), .emoticon(tears)], "[哈哈][泪]"),
  ([.text("😀"), .emoticon(smiley), .text("👨‍👩‍👧"), .emoticon(haha)], "😀😃👨‍👩‍👧[哈哈]"),
  ([.text("[不是表情]")], "[不是表情]"),
  ([], ""),
])
func composeSegmentsBecomePlainTextWithPhrases(_ segments: [ComposeSegment], _ expected: String) {
  let plain = RichText.plainText(segments)

  #expect(plain == expected)
}

@Test(arguments: [
  [ComposeSegment.text("今天"), .emoticon(haha), .text("好")],
  [.text("😀a"), .emoticon(smiley), .text("𠀀🇨🇳"), .emoticon(tears), .text("e\u{301}")],
])
func plainRangesAreUTF16RangesOfEachSegment(_ segments: [ComposeSegment]) {
  let plain = RichText.plainText(segments) as NSString

  let ranges = RichText.plainRanges(segments)

  #expect(ranges.count == segments.count)
  for (range, segment) in zip(ranges, segments) {
    #expect(plain.substring(with: NSRange(location: range.lowerBound, length: range.count)) == segment.plainText)
  }
  #expect(ranges.last?.upperBound ?? 0 == plain.length)
}

@Test(arguments: [
  "今天[哈哈]好", "😀[泪]😀", "[淚]繁体", "[不是表情][哈哈]", "@小明 #话题# http://t.cn/x [哈哈]", "", "[哈哈", "👨‍👩‍👧[哈哈]🇨🇳",
])
func plainTextSurvivesTheRoundTripThroughComposeSegments(_ text: String) {
  let segments = RichText.composeSegments(text, emoticons: known)

  let plain = RichText.plainText(segments)

  #expect(plain == text.replacingOccurrences(of: "[淚]", with: "[泪]"))
  #expect(segments.filter { if case .emoticon = $0 { true } else { false } }.count
    == RichText(text, isEmoticon: { known[$0] != nil }).segments.filter { if case .emoticon = $0.kind { true } else { false } }.count)
}

@Test func composeSegmentsMergeAdjacentTextRuns() {
  let segments = RichText.composeSegments("@小明 看#话题#[哈哈]", emoticons: known)

  #expect(segments == [.text("@小明 看#话题#"), .emoticon(haha)])
}

@Test(arguments: [
  "😀@小明 hi", "👨‍👩‍👧[哈哈]#话题#😀", "𠀀@Bob http://a.cn/x 🇨🇳 end", "e\u{301}@x😀", "#😀话题#@名字[哈哈]", "🇨🇳🇨🇳[泪]", "@😀",
])
func tokenizerUTF16RangesMatchTheTextAroundSurrogatePairs(_ text: String) {
  let rich = RichText(text, isEmoticon: { known[$0] != nil })

  let ns = text as NSString
  var next = 0
  for segment in rich.segments {
    #expect(segment.utf16Range.lowerBound == next)
    #expect(ns.substring(with: NSRange(location: segment.utf16Range.lowerBound, length: segment.utf16Range.count)) == segment.text)
    next = segment.utf16Range.upperBound
  }
  #expect(next == ns.length)
  #expect(rich.plainText == text)
}
