import Foundation
import SparrowCore
import Testing

/// `FormEncoding.escape` by byte is Foundation's percent-encoding of everything but RFC 3986's unreserved
/// characters, on random text of every kind of character.
@Test func formEscapingIsFoundationsPercentEncoding() {
  let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
  let pieces = Array("aZ09-._~ +&=%/?#[]@!$'()*,;:\"<>\\^`{|}\u{0}\u{7f}é火锅😀\u{301}\r\n\t")
  var generator = SystemRandomNumberGenerator()
  for _ in 0..<2_000 {
    let text = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! })
    #expect(FormEncoding.escape(text) == text.addingPercentEncoding(withAllowedCharacters: unreserved), "\(text.debugDescription)")
  }
  #expect(FormEncoding.escape("北京 a+b") == "%E5%8C%97%E4%BA%AC%20a%2Bb")
}

/// `FormEncoding.unescape` is Foundation's `removingPercentEncoding` on random text: escaped, half escaped, with
/// stray `%`s, broken hex and bytes that are not UTF-8 (the answer is nil then, as Foundation's is).
@Test func formUnescapingIsFoundationsPercentDecoding() {
  let pieces = ["a", "Z", "0", "+", " ", "%", "%2", "%20", "%2B", "%2b", "%E5%8C%97", "%E5%8C", "%FF", "%C3%A9", "%zz",
                "%%", "北", "😀", "é", "%00", "%7F", "#", "&="]
  var generator = SystemRandomNumberGenerator()
  for _ in 0..<3_000 {
    let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
    #expect(FormEncoding.unescape(text) == text.removingPercentEncoding, "\(text.debugDescription)")
    #expect(FormEncoding.unescape(FormEncoding.escape(text)) == text)
  }
  #expect(FormEncoding.unescape("%E5%91%A8%E6%9C%AB") == "周末" && FormEncoding.unescape("%E5%91") == nil)
}
