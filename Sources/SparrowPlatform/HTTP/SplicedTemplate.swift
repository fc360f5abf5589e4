import Foundation

/// A template cut where its values go, for the parts a page repeats many times (cards): rendered once with a
/// marker for each value, then every use joins the literal pieces with its values, escaped where the template
/// escapes them. The template stays the one source of the markup; the lookups Mustache would make for every card
/// (a third of a page of twenty cards, in `perf`) are made once. Sections that depend on whether a value is there
/// or true are fixed when the template is cut: keep one cut for each combination a use may need.
package struct SplicedTemplate: Sendable, Equatable {
  enum Piece: Sendable, Equatable {
    case text(String)
    /// The value at this index, escaped (`{{ }}`) or as it is (`{{{ }}}`).
    case value(Int, escaped: Bool)
  }

  let pieces: [Piece]
  /// How many values a use must give: one more than the highest index the template showed.
  package let arity: Int
  /// The UTF-8 length of the text between the values: with theirs, about what a use writes, reserved at once (a
  /// card grew its string four times, copying it, a tenth of a page of cards).
  let textLength: Int

  /// `template` showing the model `make` builds with `marker(i)` standing for value `i`.
  package init<Model: PageModel>(_ template: String, in library: TemplateLibrary, _ make: (_ marker: (Int) -> String) -> Model) {
    self.init(text: library.text(template, make(Self.marker)))
  }

  init(text: String) {
    var pieces: [Piece] = []
    var rest = Substring(text)
    while let start = rest.firstIndex(of: Self.edge) {
      let inside = rest[rest.index(after: start)...]
      guard let end = inside.firstIndex(of: Self.edge) else { break }
      if start > rest.startIndex { pieces.append(.text(String(rest[..<start]))) }
      let body = inside[..<end]
      let digits = body.prefix(while: \.isASCII).prefix(while: \.isNumber)
      // The marker's "&" tells whether the template escaped it: "&amp;" when it did.
      pieces.append(.value(Int(digits) ?? 0, escaped: body.dropFirst(digits.count) == "&amp;"))
      rest = inside[inside.index(after: end)...]
    }
    if !rest.isEmpty { pieces.append(.text(String(rest))) }
    self.pieces = pieces
    arity = pieces.reduce(0) { if case .value(let i, _) = $1 { max($0, i + 1) } else { $0 } }
    textLength = pieces.reduce(0) { if case .text(let text) = $1 { $0 + text.utf8.count } else { $0 } }
  }

  /// The template showing `values`, by the indexes their markers had.
  package func text(_ values: [String]) -> String {
    var out = ""
    // Escaping may add a little; a value shown twice is rare.
    out.reserveCapacity(textLength + values.reduce(0) { $0 + $1.utf8.count } + 64)
    for piece in pieces {
      switch piece {
      case .text(let text): out += text
      case .value(let index, let escaped):
        if escaped { HTML.escape(values[index], into: &out) } else { out += values[index] }
      }
    }
    return out
  }

  /// A control character no template or marker index contains, around each marker.
  static let edge: Character = "\u{1}"
  static func marker(_ index: Int) -> String { "\u{1}\(index)&\u{1}" }
}
