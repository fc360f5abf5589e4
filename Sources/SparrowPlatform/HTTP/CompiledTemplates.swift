import Foundation
import Mustache

/// The library's templates as the pages render them: swift-mustache parses (its rules for standalone lines,
/// partial indentation and inheritance stay the one definition), and this renders its token trees with the same
/// semantics but without the library's per-lookup dynamic casts. In `perf` of a page of twenty rows, the library's
/// name lookups (each context on the stack cast to three protocols per `{{name}}`, each value to three more) were
/// half of the page's Mustache time. Here a context is classified once when it is pushed, strings are printed
/// without `String(describing:)`, and the page is written into one buffer instead of a string per token.
///
/// What the templates do not use is refused when the templates load (transforms, dynamic partials, a content
/// type other than `TemplateLibrary.Escaping`), so a template can never silently render differently. Page models
/// give no lambdas or `NSNull`s, the library's other special values.
struct CompiledTemplates: Sendable {
  let templates: [String: Template]

  /// A class, and `Token` indirect: a copy of either is one retain. Rendering copies each token it walks, and copying
  /// the enum's payloads (strings, name lists, nested token arrays) was a sixth of a page's rendering.
  final class Template: Sendable {
    let tokens: [Token]
    init(tokens: [Token]) { self.tokens = tokens }
  }

  enum Name: Sendable {
    /// `{{.}}`: the current context.
    case current
    /// `{{a.b}}`: `a` looked up the stack, then `b` in it; `{{.a}}` looks in the current context only.
    case path(first: String, rest: [String], currentOnly: Bool)

    init(_ text: String) {
      let names = text.split(separator: ".").map(String.init)
      if let first = names.first {
        self = .path(first: first, rest: Array(names.dropFirst()), currentOnly: text.first == ".")
      } else {
        self = .current
      }
    }
  }

  indirect enum Token: Sendable {
    case text(String)
    case variable(Name, escaped: Bool)
    case section(Name, Template)
    case invertedSection(Name, Template)
    case blockExpansion(String, default: Template, indentation: String?)
    case partial(String, indentation: String?, inherits: [String: Template]?)
    /// The template's `{{% CONTENT_TYPE }}`: always `Escaping` (checked when compiled), so nothing to do.
    case contentType
  }

  struct UnsupportedTemplate: Error, CustomStringConvertible {
    let template: String
    let reason: String
    var description: String { "template \(template): \(reason)" }
  }

  /// Every template of `library` named in `names`, converted from the parsed tokens the library keeps.
  init(_ library: MustacheLibrary, names: [String]) throws {
    var templates: [String: Template] = [:]
    for name in names {
      guard let parsed = library.getTemplate(named: name) else {
        throw UnsupportedTemplate(template: name, reason: "not registered")
      }
      templates[name] = try Self.convert(parsed, in: name, open: [])
    }
    self.templates = templates
  }

  // MARK: Conversion

  /// The parsed template's tokens, read by reflection: `MustacheTemplate` keeps them internal. A library version
  /// whose tokens change shape fails here, when the templates load, with the token that did not fit.
  /// `open`: the sections (`{{#name}}`) the template is inside.
  private static func convert(_ template: MustacheTemplate, in name: String, open: Set<String>) throws -> Template {
    guard let tokens = Mirror(reflecting: template).children.first(where: { $0.label == "tokens" })?.value as? [Any] else {
      throw UnsupportedTemplate(template: name, reason: "the library's template has no tokens to read")
    }
    return Template(tokens: try tokens.map { try convert(token: $0, in: name, open: open) })
  }

  private static func convert(token: Any, in name: String, open: Set<String>) throws -> Token {
    guard let child = Mirror(reflecting: token).children.first, let kind = child.label else {
      throw UnsupportedTemplate(template: name, reason: "unreadable token \(token)")
    }
    let fields = Mirror(reflecting: child.value).children.map(\.value)
    func field<T>(_ index: Int, _ type: T.Type) throws -> T {
      guard index < fields.count, let value = fields[index] as? T else {
        throw UnsupportedTemplate(template: name, reason: "unexpected \(kind) token \(token)")
      }
      return value
    }
    func noTransforms(_ index: Int) throws {
      guard try field(index, [String].self).isEmpty else {
        throw UnsupportedTemplate(template: name, reason: "transforms are not supported: \(token)")
      }
    }
    func inherits(_ value: [String: MustacheTemplate]?) throws -> [String: Template]? {
      try value?.mapValues { try convert($0, in: name, open: open) }
    }
    switch kind {
    case "text":
      guard let text = child.value as? String else { throw UnsupportedTemplate(template: name, reason: "unreadable text") }
      return .text(text)
    case "variable", "unescapedVariable":
      try noTransforms(1)
      return .variable(Name(try field(0, String.self)), escaped: kind == "variable")
    case "section", "invertedSection":
      try noTransforms(1)
      let text = try field(0, String.self)
      // Inside `{{#tips}}` over a list, `{{#tips}}` finds the list again (the item has no `tips`): each item wrote
      // the whole list, the section N times over (团购's 购买须知 six times). The outer section takes a flag instead.
      if kind == "section", open.contains(text) {
        throw UnsupportedTemplate(template: name, reason: "{{#\(text)}} inside {{#\(text)}}: open the outer one on a flag (has_\(text))")
      }
      let body = try convert(try field(2, MustacheTemplate.self), in: name, open: kind == "section" ? open.union([text]) : open)
      let variable = Name(text)
      return kind == "section" ? .section(variable, body) : .invertedSection(variable, body)
    case "blockExpansion":
      return .blockExpansion(try field(0, String.self), default: try convert(try field(1, MustacheTemplate.self), in: name, open: open),
                             indentation: try field(2, String?.self))
    case "partial":
      return .partial(try field(0, String.self), indentation: try field(1, String?.self),
                      inherits: try inherits(try field(2, [String: MustacheTemplate]?.self)))
    case "contentType":
      guard child.value is TemplateLibrary.Escaping else {
        throw UnsupportedTemplate(template: name, reason: "only the \(TemplateLibrary.Escaping.name) content type is supported")
      }
      return .contentType
    default:
      // Block definitions only occur inside `{{<partial}}`, which the library has already gathered into `inherits`.
      throw UnsupportedTemplate(template: name, reason: "\(kind) tags are not supported")
    }
  }

  // MARK: Rendering

  /// A context on the stack, classified once when pushed.
  private enum Frame {
    case parent(any MustacheParent)
    /// A string or number: no children (their mirrors have none), so no name is looked up in them.
    case plain(Any)
    case value(Any)

    init(_ object: Any) {
      if Self.isExactlyPlain(object) {
        self = .plain(object)
      } else if let parent = object as? any MustacheParent {
        // Before `isPlain`'s casts, which fail for every model: no plain value is a `MustacheParent` (of the
        // library's types only dictionaries are), so the order gives the same frames.
        self = .parent(parent)
      } else if Self.isPlain(object) {
        self = .plain(object)
      } else {
        self = .value(object)
      }
    }

    /// Strings and numbers, told by their concrete types (cheap) before any protocol is asked about (dear): the
    /// sections the pages open on a string (`{{#csrf}}`) were a tenth of a page's rendering in casts and mirrors.
    static func isPlain(_ object: Any) -> Bool {
      object is String || object is Int || object is Int64 || object is Double
    }

    /// `isPlain` for a value of exactly one of those types, by comparing its type (no cast at all): a cast that
    /// fails costs the runtime a search, and a section over a model failed five of them before its own.
    static func isExactlyPlain(_ object: Any) -> Bool {
      let type = Swift.type(of: object)
      return type == String.self || type == Int.self || type == Int64.self || type == Double.self
    }

    var object: Any {
      switch self {
      case .parent(let parent): parent
      case .plain(let value), .value(let value): value
      }
    }

    func child(named name: String) -> Any? {
      switch self {
      case .parent(let parent): parent.child(named: name)
      case .plain: nil
      case .value(let value): Self.reflectedChild(named: name, of: value)
      }
    }

    /// The library's answer for a context that does not answer by name: its stored property of that name.
    static func reflectedChild(named name: String, of object: Any) -> Any? {
      guard let matched = Mirror(reflecting: object).children.first(where: { $0.label == name }) else { return nil }
      let mirror = Mirror(reflecting: matched.value)
      guard mirror.displayStyle == .optional else { return matched.value }
      return mirror.children.first?.value
    }
  }

  private struct Context {
    var stack: [Frame]
    var indentation: String?
    var inherited: [String: Template]?
  }

  /// `name` showing `object`, or nil when there is no template of that name.
  func render(_ name: String, _ object: Any) -> String? {
    guard let template = templates[name] else { return nil }
    var out = ""
    out.reserveCapacity(16_384)
    var context = Context(stack: [Frame(object)], indentation: nil, inherited: nil)
    render(template, into: &out, context: &context)
    return out
  }

  private func render(_ template: Template, into out: inout String, context: inout Context) {
    if let indentation = context.indentation, !indentation.isEmpty {
      // As the library: a token's non-empty output that starts a line of this template's output is indented.
      let start = out.utf8.count
      for token in template.tokens {
        let before = out.utf8.count
        let atLineStart = before > start && out.last == "\n"
        renderToken(token, into: &out, context: &context)
        if atLineStart, out.utf8.count > before {
          out.insert(contentsOf: indentation, at: out.utf8.index(out.utf8.startIndex, offsetBy: before))
        }
      }
    } else {
      for token in template.tokens {
        renderToken(token, into: &out, context: &context)
      }
    }
  }

  private func renderToken(_ token: Token, into out: inout String, context: inout Context) {
    switch token {
    case .text(let text):
      out += text
    case .variable(let name, let escaped):
      guard let child = lookup(name, in: context) else { return }
      // Numbers by their concrete types first: the optional check and `String(describing:)` cast to protocols.
      let text = switch child {
      case let string as String: string
      case let number as Int: String(number)
      case let number as Int64: String(number)
      default: String(describing: Self.unwrapped(child))
      }
      if escaped { HTML.escape(text, into: &out) } else { out += text }
    case .section(let name, let body):
      renderSection(lookup(name, in: context), body, into: &out, context: &context)
    case .invertedSection(let name, let body):
      renderInvertedSection(lookup(name, in: context), body, into: &out, context: &context)
    case .blockExpansion(let name, let defaultBody, let indented):
      let outer = context.indentation
      context.indentation = Self.indent(outer, indented)
      render(context.inherited?[name] ?? defaultBody, into: &out, context: &context)
      context.indentation = outer
    case .partial(let name, let indented, let inherits):
      guard let template = templates[name] else { return }
      let outer = (context.indentation, context.inherited)
      context.indentation = Self.indent(outer.0, indented)
      if let inherits {
        // The outer template's overrides win over the partial's own (the library's `merging { value, _ in value }`).
        context.inherited = outer.1?.merging(inherits) { outer, _ in outer } ?? inherits
      }
      render(template, into: &out, context: &context)
      (context.indentation, context.inherited) = outer
    case .contentType:
      break
    }
  }

  private func renderSection(_ child: Any?, _ body: Template, into out: inout String, context: inout Context) {
    guard let child else { return }
    // The kinds the pages give most, by their types first (see `Frame.isExactlyPlain`); then the general order.
    if Swift.type(of: child) == Bool.self {
      if child as! Bool { render(body, into: &out, context: &context) }
    } else if Frame.isExactlyPlain(child) {
      push(.plain(child), body, into: &out, context: &context)
    } else if let parent = child as? any MustacheParent {
      push(.parent(parent), body, into: &out, context: &context)
    } else if let bool = child as? Bool {
      if bool { render(body, into: &out, context: &context) }
    } else if Frame.isPlain(child) {
      push(.plain(child), body, into: &out, context: &context)
    } else if let sequence = child as? any MustacheSequence {
      for element in Self.elements(of: sequence) {
        push(Frame(element), body, into: &out, context: &context)
      }
    } else {
      push(.value(child), body, into: &out, context: &context)
    }
  }

  private func renderInvertedSection(_ child: Any?, _ body: Template, into out: inout String, context: inout Context) {
    guard let child else { return render(body, into: &out, context: &context) }
    if Swift.type(of: child) == Bool.self {
      if !(child as! Bool) { render(body, into: &out, context: &context) }
    } else if Frame.isExactlyPlain(child) {
      return
    } else if let bool = child as? Bool {
      if !bool { render(body, into: &out, context: &context) }
    } else if Frame.isPlain(child) {
      return
    } else if let sequence = child as? any MustacheSequence, Self.isEmpty(sequence) {
      push(.value(child), body, into: &out, context: &context)
    }
  }

  private func push(_ frame: Frame, _ body: Template, into out: inout String, context: inout Context) {
    context.stack.append(frame)
    render(body, into: &out, context: &context)
    context.stack.removeLast()
  }

  private func lookup(_ name: Name, in context: Context) -> Any? {
    switch name {
    case .current:
      return context.stack.last?.object
    case .path(let first, let rest, let currentOnly):
      var found: Any?
      if currentOnly {
        found = context.stack.last?.child(named: first)
      } else {
        for frame in context.stack.reversed() {
          if let child = frame.child(named: first) { found = child; break }
        }
      }
      for next in rest {
        guard let object = found else { return nil }
        found = Frame(object).child(named: next)
      }
      return found
    }
  }

  private static func indent(_ outer: String?, _ indented: String?) -> String? {
    guard let indented else { return outer }
    return (outer ?? "") + indented
  }

  private static func elements(of sequence: some Sequence) -> [Any] { sequence.map { $0 as Any } }
  private static func isEmpty(_ sequence: some Sequence) -> Bool { sequence.first(where: { _ in true }) == nil }

  /// An optional's value for printing, as the library prints it (`nil` stays an optional, printed "nil").
  private static func unwrapped(_ value: Any) -> Any {
    guard let optional = value as? any OptionalValue else { return value }
    return optional.wrappedAny ?? value
  }
}

private protocol OptionalValue {
  var wrappedAny: Any? { get }
}

extension Optional: OptionalValue {
  fileprivate var wrappedAny: Any? { self }
}
