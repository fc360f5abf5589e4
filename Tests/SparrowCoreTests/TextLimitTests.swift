import SparrowCore
import Testing

@Suite struct TextLimitTests {
  static let marks = String(repeating: "\u{0301}", count: 20_000)

  @Test func aLetterUnderTwentyThousandCombiningMarksIsRefused() {
    let limit = TextLimit(50)
    let text = "a" + Self.marks
    #expect(text.count == 1)
    #expect(limit.check(text) == .tooHeavy)
    #expect(limit.check("a" + String(repeating: "\u{0301}", count: 199)) == .fits)
    #expect(limit.check("a" + String(repeating: "\u{0301}", count: 200)) == .tooHeavy)
  }

  @Test func whatAPersonSeesIsCounted() {
    let limit = TextLimit(5)
    #expect(limit.check("杭州西湖区") == .fits)
    #expect(limit.check("杭州西湖区a") == .tooLong(count: 6))
    // A family emoji is one character of seven scalars, a flag one of two: within the headroom of a field.
    #expect(limit.check("👨‍👩‍👧‍👦🇨🇳") == .fits)
    #expect(TextLimit(2).check("👨‍👩‍👧‍👦") == .fits)
    #expect(TextLimit(1).check("👨‍👩‍👧‍👦") == .tooHeavy)
  }

  @Test func anAppsOwnMeasureCountsWhatIsSeen() {
    let weibo = TextLimit(TextLength.limit, headroom: 16, measure: TextLength.count)
    #expect(weibo.check(String(repeating: "a", count: 280)) == .fits)
    #expect(weibo.check(String(repeating: "a", count: 281)) == .tooLong(count: 141))
    #expect(weibo.check("a" + Self.marks) == .tooHeavy)
  }

  @Test func aSearchBoxKeepsTheStartThatFits() {
    let limit = TextLimit(3)
    #expect(limit.prefix("杭州西湖") == "杭州西")
    #expect(limit.prefix("ab") == "ab")
    #expect(limit.prefix("a" + Self.marks) == "")
    #expect(limit.prefix("xy" + "a" + Self.marks) == "xy")
    #expect(limit.fits(limit.prefix("🇨🇳🇯🇵👨‍👩‍👧‍👦👨‍👩‍👧‍👦")))
  }
}
