import Foundation
import SparrowCore
import Testing

@Test(arguments: [
  ("Test", 2),
  ("我司CEO与我司吉祥物...好大一坨！", 16),
  ("", 0),
  ("a", 1),
  ("中", 1),
  ("😀", 2),
  ("ab\r\ncd", 3),
  ("看 https://example.com/a/very/long/path/that/is/not/short", 12),
  ("http://t.cn/h4DwT1", 9),
])
func textLengthCountsAsTheWebCounter(_ text: String, _ expected: Int) {
  #expect(TextLength.count(text) == expected)
}

/// The web composer's counter (Public/js/counter.js) is checked against the same table in the browser journeys.
@Test func textLengthMatchesTheTableTheWebCounterIsCheckedAgainst() throws {
  struct Case: Decodable { let text: String; let count: Int }
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../Fixtures/text_length.json").standardizedFileURL
  let cases = try JSONDecoder().decode([Case].self, from: Data(contentsOf: url))
  #expect(cases.count > 10)
  for item in cases {
    #expect(TextLength.count(item.text) == item.count, "\(item.text)")
  }
}

@Test func textLimitIs140CountedCharacters() {
  #expect(TextLength.fits(String(repeating: "中", count: 140)))
  #expect(!TextLength.fits(String(repeating: "中", count: 141)))
  #expect(TextLength.fits(String(repeating: "a", count: 280)))
  #expect(!TextLength.fits(String(repeating: "a", count: 281)))
}

@Test func weiboDateFormatsWithEnglishNamesAndOffset() {
  let date = Date(timeIntervalSince1970: 1_306_835_215)  // 2011-05-31 09:46:55 UTC

  let text = WeiboDate.string(from: date)

  #expect(text == "Tue May 31 17:46:55 +0800 2011")
  #expect(WeiboDate.date(from: text) == date)
  #expect(WeiboDate.date(from: "Tue May 31 09:46:55 +0000 2011") == date)
  #expect(WeiboDate.date(from: "yesterday") == nil)
}

/// Integer arithmetic both ways: old dates read back as written (Calendar would switch to the Julian calendar
/// before 1582), with four-digit years; the first and last times of `yyyy` in +0800.
@Test(arguments: [
  (-62_135_625_600, "Mon Jan 01 00:00:00 +0800 0001"), (-12_220_142_400, "Tue Oct 05 12:00:00 +0800 1582"),
  (253_402_271_999, "Fri Dec 31 23:59:59 +0800 9999"),
] as [(TimeInterval, String)])
func weiboDatesReadBackAsWrittenInEveryYear(_ seconds: TimeInterval, _ text: String) {
  let date = Date(timeIntervalSince1970: seconds)

  #expect(WeiboDate.string(from: date) == text)
  #expect(WeiboDate.date(from: text) == date)
}

/// What names no time is refused, not rolled over; nor is a time `string(from:)` would not write in four digits.
@Test(arguments: [
  "Sat Feb 30 12:00:00 +0800 2020", "Tue May 31 24:00:00 +0800 2011", "Tue May 31 17:60:55 +0800 2011",
  "Tue May 31 17:46:55 +1900 2011", "Tue May 31 17:46:55 +0860 2011", "Tue May 31 +7:46:55 +0800 2011",
  "Tue May 31 17:xx:46:55 +0800 2011", "Tue May 31 17:46:55 +0800 10000", "Tue May 31 17:46:55 +0800 0",
  "Mon Jan 01 00:00:00 +1000 0001",
])
func weiboDatesThatNameNoTimeAreRefused(_ text: String) {
  #expect(WeiboDate.date(from: text) == nil)
}

/// The byte-position reading of the written shape answers as the general one wherever it answers, and answers
/// for every time `string(from:)` writes: random texts of that shape, each field in or out of range, some bytes
/// swapped for others (a space, a colon, a letter, a sign).
@Test func canonicalDateReadingAgreesWithTheGeneralOne() {
  var generator = SystemRandomNumberGenerator()
  let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec", "Foo", "may"]
  func two(_ range: ClosedRange<Int>) -> String { String(String(Int.random(in: range, using: &generator) + 100).suffix(2)) }
  var answered = 0
  for _ in 0..<20_000 {
    var text = "Tue \(months.randomElement()!) \(two(0...32)) \(two(0...25)):\(two(0...61)):\(two(0...61)) "
      + "\(Bool.random() ? "+" : "-")\(two(0...19))\(two(0...61)) \(String(Int.random(in: 0...9999) + 10_000).suffix(4))"
    if Int.random(in: 0..<4) == 0 {
      var bytes = Array(text.utf8)
      bytes[Int.random(in: 0..<bytes.count)] = [UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: "x"), UInt8(ascii: "-")].randomElement()!
      text = String(decoding: bytes, as: UTF8.self)
    }
    let canonical = WeiboDate.canonicalDate(text)
    if canonical != nil { answered += 1 }
    #expect(canonical == nil || canonical == WeiboDate.anyShapeDate(text), "\(text)")
    #expect(WeiboDate.date(from: text) == WeiboDate.anyShapeDate(text), "\(text)")
  }
  #expect(answered > 1_000)
  for seconds in stride(from: -62_135_625_600, through: 253_402_271_999, by: 7_777_777) {
    let text = WeiboDate.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    #expect(WeiboDate.canonicalDate(text) == Date(timeIntervalSince1970: TimeInterval(seconds)), "\(text)")
  }
  #expect(WeiboDate.canonicalDate("Tue May  31 17:46:55 +0800 2011") == nil)
  #expect(WeiboDate.anyShapeDate("Tue May  31 17:46:55 +0800 2011") != nil)
}

@Test func weiboDatesReadAnyOffset() {
  #expect(WeiboDate.date(from: "Sat Feb 29 23:59:59 -0530 2020") == Date(timeIntervalSince1970: 1_583_040_599))
  #expect(WeiboDate.date(from: "Sun Mar 01 13:59:59 +1800 2020") == Date(timeIntervalSince1970: 1_583_006_399))
}

@Test func richTextFindsMentionsTopicsLinksAndKnownEmoticons() {
  let text = "@小明 看#周末去哪儿#[哈哈][nope] http://a.cn/x 😀@Bob_1"

  let rich = RichText(text, isEmoticon: { $0 == "[哈哈]" })

  #expect(rich.mentions == ["小明", "Bob_1"])
  #expect(rich.topics == ["周末去哪儿"])
  #expect(rich.segments.map(\.kind).contains(.emoticon("[哈哈]")))
  #expect(!rich.segments.map(\.kind).contains(.emoticon("[nope]")))
  #expect(rich.segments.map(\.text).joined() == text)
  let last = rich.segments.last!
  #expect(last.kind == .mention("Bob_1"))
  #expect(last.utf16Range == (text.utf16.count - 6)..<text.utf16.count)
}

@Test(arguments: [
  ("小明", nil), ("abcd", nil), ("abc", ScreenName.Problem.length), ("a b c d", .characters),
  (String(repeating: "中", count: 16), .length), ("user_name-1", nil), ("<script>", .characters),
])
func screenNameRule(_ name: String, _ problem: ScreenName.Problem?) {
  #expect(ScreenName.problem(name) == problem)
}

@Test func weiboDateAgreesWithDateFormatterAcrossCenturies() {
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: "en_US_POSIX")
  formatter.timeZone = TimeZone(secondsFromGMT: 8 * 3600)
  formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
  var generator = SystemRandomNumberGenerator()
  let samples = [0, 951_782_400, 4_107_542_399, -86_400] + (0..<500).map { _ in
    Int.random(in: -2_000_000_000...4_000_000_000, using: &generator)
  }

  for seconds in samples {
    let date = Date(timeIntervalSince1970: TimeInterval(seconds))
    #expect(WeiboDate.string(from: date) == formatter.string(from: date), "\(seconds)")
  }
}
