import SparrowCore
import Testing

@Test(arguments: [
  (#"<a href="http://weibo.com/" rel="nofollow">微博 weibo.com</a>"#, "微博 weibo.com"),
  (#"<a href="https://example.org" rel="nofollow">MyClient</a>"#, "MyClient"),
  (#"<A HREF='http://x'>iPhone 客户端</A>"#, "iPhone 客户端"),
  (#"<a href="x"><b>Bold</b> app</a>"#, "Bold app"),
  (#"<a href="x">A &amp; B &lt;3&gt;</a>"#, "A & B <3>"),
  (#"<a href="x">&amp;lt;</a>"#, "&lt;"),
  ("  <a href=\"x\">  Spaced  </a>\n", "Spaced"),
  (#"<a>bare</a>"#, "bare"),
  ("iPhone客户端", "iPhone客户端"),
  ("未通过审核应用", "未通过审核应用"),
])
func sourceNameIsTheLinkText(_ source: String, _ expected: String) {
  let name = SourceText.name(in: source)

  #expect(name == expected)
  #expect(SourceText.display(source) == "来自 " + expected)
}

@Test(arguments: [
  "", "   ", "\n", "<", ">", "<>", "<<>>", "<a", "<a href=\"x\">", "<a href=\"x\">name", "name</a>", "</a>",
  "</a><a>", "<a href=\"x\"></a>", "<a href=\"x\">   </a>", "<a href=\"x\"><img src=y></a>", "<span>x</span>",
  "<abbr>x</abbr>", "x<y", "<a href=\"x\">&nbsp;</a>", "<a href=\"x\">😀</a",
])
func malformedSourceHasNoName(_ source: String) {
  let name = SourceText.name(in: source)

  #expect(name == nil)
  #expect(SourceText.display(source) == nil)
}

@Test func sourceNeverCrashesOnMarkupSoup() {
  let alphabet = Array("<a>/ \"=&;x中😀\n</a><A")
  var generator = SystemRandomNumberGenerator()

  let names = (0..<2_000).map { _ in
    SourceText.name(in: String((0..<Int.random(in: 0...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }))
  }

  #expect(names.allSatisfy { name in name.map { !$0.isEmpty && !$0.contains(">") } ?? true })
}
