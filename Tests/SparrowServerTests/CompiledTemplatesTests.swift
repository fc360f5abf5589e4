import SparrowDemo
@testable import SparrowPlatform
import Testing

/// `CompiledTemplates` renders what swift-mustache renders, byte for byte: the hand-picked cases name the rules
/// (standalone lines, partial indentation, inheritance, the stack, sections over each kind of value), and random
/// templates over random values look for the cases nobody thought of. (Debug builds also compare every page the
/// other suites render: `TemplateLibrary.text`.)
@Suite struct CompiledTemplatesTests {
  /// Values by name, as page models give them.
  struct Bag: PageModel {
    let values: [String: Any]
    func child(named name: String) -> Any? { values[name] }
  }

  static func both(_ templates: [(name: String, text: String)], _ model: Bag, template: String = "main") throws -> (String?, String?) {
    let library = try TemplateLibrary(templates)
    return (library.compiled.render(template, model), library.library.render(model, withTemplate: template))
  }

  static var people: Bag {
    Bag(values: [
    "title": "<标题> & \"引号\"", "count": 3, "yes": true, "no": false, "none": Optional<String>.none as Any,
    "maybe": Optional("有") as Any, "empty": [Bag](), "tags": ["甲", "<乙>"],
    "people": [Bag(values: ["name": "阿一", "admin": true]), Bag(values: ["name": "<b>二</b>"])],
    "owner": Bag(values: ["name": "主人", "home": Bag(values: ["city": "北京"])]),
    ])
  }

  @Test(arguments: [
    "{{title}}|{{{title}}}|{{&title}}|{{count}}|{{yes}}|{{missing}}|{{none}}|{{maybe}}",
    "{{#yes}}真{{/yes}}{{#no}}假{{/no}}{{^no}}非假{{/no}}{{^yes}}x{{/yes}}{{#missing}}m{{/missing}}{{^missing}}无{{/missing}}",
    "{{#people}}<li>{{name}}{{#admin}}★{{/admin}} of {{title}}</li>{{/people}}{{^people}}none{{/people}}",
    "{{#empty}}x{{/empty}}{{^empty}}空{{.}}{{/empty}}{{#tags}}[{{.}}]{{/tags}}",
    "{{#owner}}{{name}} in {{home.city}} {{#home}}{{city}}/{{name}}/{{.city}}{{/home}}{{/owner}}{{owner.home.city}}",
    "{{#maybe}}<{{.}}>{{/maybe}}{{#title}}[{{count}}]{{/title}}{{#none}}none-section{{/none}}",
    "<ul>\n  {{#people}}\n  <li>{{name}}</li>\n  {{/people}}\n</ul>\n{{! a comment }}\n  {{^empty}}\n  空\n  {{/empty}}\n",
    "<div>\n  {{> row}}\n  <p>{{> row}}</p>\n    {{#people}}\n    {{> row}}\n    {{/people}}\n</div>\n",
    "{{<layout}}{{$body}}<main>\n  {{title}}\n</main>{{/body}}{{/layout}}",
    "{{<layout}}\n{{$head}}<meta>{{/head}}\n{{/layout}}\n",
    "{{<page}}{{$body}}页{{count}}{{/body}}{{/page}}",
  ])
  func rendersAsTheLibraryDoes(_ main: String) throws {
    let templates = [
      ("row", "<span>{{name}}</span>\n<i>{{title}}</i>\n"),
      ("layout", "<html>\n  <head>{{$head}}默认{{/head}}</head>\n  <body>\n    {{$body}}\n    默认正文\n    {{/body}}\n  </body>\n</html>\n"),
      ("page", "{{<layout}}{{$head}}<title>{{title}}</title>{{/head}}{{$body}}<section>{{$body}}{{/body}}</section>{{/body}}{{/layout}}"),
      ("main", main),
    ]
    let (compiled, library) = try Self.both(templates, Self.people)
    #expect(compiled != nil)
    #expect(compiled == library)
  }

  @Test func tagsTheTemplatesDoNotUseAreRefusedWhenTheyLoad() throws {
    #expect(throws: CompiledTemplates.UnsupportedTemplate.self) { try TemplateLibrary([("main", "{{#first(people)}}x{{/first(people)}}")]) }
    #expect(throws: CompiledTemplates.UnsupportedTemplate.self) { try TemplateLibrary([("main", "{{>*dynamic}}")]) }
    #expect(throws: (any Error).self) { try TemplateLibrary([("main", "{{#open}}")]) }
    #expect(try TemplateLibrary([("main", "{{x}}")]).compiled.render("other", Self.people) == nil)
    // A list's section reopened inside itself would write the whole list once per item.
    #expect(throws: CompiledTemplates.UnsupportedTemplate.self) {
      try TemplateLibrary([("main", "{{#tags}}<ul>{{#tags}}<li>{{.}}</li>{{/tags}}</ul>{{/tags}}")])
    }
    #expect(throws: CompiledTemplates.UnsupportedTemplate.self) {
      try TemplateLibrary([("main", "{{#people}}{{#admin}}{{#people}}x{{/people}}{{/admin}}{{/people}}")])
    }
    #expect(try TemplateLibrary([("main", "{{#tags}}{{.}}{{/tags}}{{#tags}}{{.}}{{/tags}}{{#tags}}{{^tags}}-{{/tags}}{{/tags}}")])
      .compiled.render("main", Self.people) == "甲&lt;乙&gt;甲&lt;乙&gt;")
  }

  /// `HTML.escape(_:into:)` appends exactly the text with its five characters replaced, whatever comes before it
  /// in the buffer and wherever they stand (first, last, side by side, beside multibyte text and combining marks).
  @Test func escapingAppendsTheTextWithItsFiveCharactersReplaced() {
    var random = SplitMix(seed: 25)
    let pieces = ["&", "<", ">", "\"", "'", "a", "多字节", "\u{0338}", "é", "🙂", " ", "\n", "&amp;"]
    func reference(_ text: String) -> String {
      text.unicodeScalars.map { scalar in
        switch scalar {
        case "&": "&amp;"
        case "<": "&lt;"
        case ">": "&gt;"
        case "\"": "&quot;"
        case "'": "&#39;"
        default: String(scalar)
        }
      }.joined()
    }
    for _ in 0..<500 {
      let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
      var out = "前文<b>"
      HTML.escape(text, into: &out)
      #expect(out == "前文<b>" + reference(text), "\(text.debugDescription)")
      #expect(HTML.escape(text) == reference(text))
    }
  }

  /// Random templates (text with newlines and indents, variables, sections, inverted sections, partials alone on
  /// their lines or inline) over random nested values.
  @Test(arguments: [1, 7, 2026])
  func randomTemplatesRenderAsTheLibraryDoes(seed: UInt64) throws {
    var random = SplitMix(seed: seed)
    let names = ["a", "b", "c", "list", "flag"]
    func value(_ depth: Int) -> Any {
      switch Int.random(in: 0..<8, using: &random) {
      case 0: return Bool.random(using: &random)
      case 1: return Int.random(in: -5...500, using: &random)
      case 2: return ["", "x", "<&>", "多字节 文本", "line\nbreak"].randomElement(using: &random)!
      case 3 where depth < 3: return (0..<Int.random(in: 0...3, using: &random)).map { _ in bag(depth + 1) }
      case 4 where depth < 3: return bag(depth + 1)
      case 5: return ["p", "<q>"]
      default: return Optional<Int>.none as Any
      }
    }
    func bag(_ depth: Int) -> Bag {
      Bag(values: Dictionary(uniqueKeysWithValues: names.filter { _ in Bool.random(using: &random) }.map { ($0, value(depth)) }))
    }
    // `open`: the sections around; one inside another of its name is refused when the templates load.
    func template(_ depth: Int, partials: [String], open: Set<String> = []) -> String {
      (0..<Int.random(in: 1...6, using: &random)).map { _ in
        let name = names.randomElement(using: &random)!
        let indent = String(repeating: " ", count: Int.random(in: 0...2, using: &random))
        switch Int.random(in: 0..<9, using: &random) {
        case 0: return ["文字", " ", "\n", "  <p>", "</p>\n", "\r\n"].randomElement(using: &random)!
        case 1: return "{{\(name)}}"
        case 2: return "{{{\(name)}}}"
        case 3 where depth < 3 && !open.contains(name):
          return "{{#\(name)}}\(template(depth + 1, partials: partials, open: open.union([name]))){{/\(name)}}"
        case 4 where depth < 3:
          return "\(indent){{^\(name)}}\n\(template(depth + 1, partials: partials, open: open))\n\(indent){{/\(name)}}\n"
        case 5 where depth < 3 && !open.contains(name):
          return "\n\(indent){{#\(name)}}\n\(template(depth + 1, partials: partials, open: open.union([name])))\(indent){{/\(name)}}\n"
        case 6 where !partials.isEmpty: return "\n\(indent){{> \(partials.randomElement(using: &random)!)}}\n"
        case 7 where !partials.isEmpty: return "{{> \(partials.randomElement(using: &random)!)}}"
        default: return "{{.}}"
        }
      }.joined()
    }
    for round in 0..<200 {
      let leaf = template(1, partials: [])
      let middle = template(1, partials: ["leaf"])
      let main = template(0, partials: ["leaf", "middle"])
      let model = bag(0)
      let (compiled, library) = try Self.both([("leaf", leaf), ("middle", middle), ("main", main)], model)
      #expect(compiled == library, "round \(round): \(main.debugDescription) with middle \(middle.debugDescription), leaf \(leaf.debugDescription)")
      if compiled != library { return }
    }
  }
}
