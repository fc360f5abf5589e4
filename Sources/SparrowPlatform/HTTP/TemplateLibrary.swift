import Foundation
import Hummingbird
import Mustache

/// Mustache templates: the platform's own (`Templates/` of this target: the base `layout`, the OAuth and
/// sign-up pages on `platform_layout`, errors, shared partials) plus an app's, in one library, so an app's
/// pages can extend the platform's layout (`{{<layout}}{{$body}}…{{/body}}{{/layout}}`) and use its partials.
/// Pages are typed models (`PageModel`); templates only print their fields.
package struct TemplateLibrary: Sendable {
  let library: MustacheLibrary
  /// The same templates as `library` parsed them, rendered by `CompiledTemplates`.
  let compiled: CompiledTemplates

  /// The platform's templates and those in `folder` (an app's `Templates/` resource folder).
  package static func load(adding folder: URL? = nil) async throws -> TemplateLibrary {
    guard let platform = Bundle.module.resourceURL?.appendingPathComponent("Templates") else {
      throw CocoaError(.fileNoSuchFile)
    }
    var texts: [(name: String, text: String)] = []
    for folder in [platform] + (folder.map { [$0] } ?? []) {
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mustache") }
      for name in names.sorted() {
        texts.append((String(name.dropLast(".mustache".count)), try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)))
      }
    }
    return try TemplateLibrary(texts)
  }

  /// The templates `texts` names, later ones replacing earlier ones of the same name.
  init(_ texts: [(name: String, text: String)]) throws {
    MustacheContentTypes.register(Escaping(), named: Escaping.name)
    var library = MustacheLibrary()
    for (name, text) in texts {
      // Every template (partials too: the library starts each with its own escaping) escapes with `HTML.escape`.
      try library.register("{{% CONTENT_TYPE: \(Escaping.name)}}" + text, named: name)
    }
    self.library = library
    compiled = try CompiledTemplates(library, names: texts.map(\.name))
  }

  /// The templates' `{{ }}`: `HTML.escape`, the same five characters as the library's own, by byte.
  struct Escaping: MustacheContentType {
    static let name = "SPARROW_HTML"
    func escapeText(_ text: String) -> String { HTML.escape(text) }
  }

  /// The text of `template` showing `page` (values are escaped by the templates' `{{ }}`).
  package func text(_ template: String, _ page: some PageModel) -> String {
    let text = compiled.render(template, page) ?? "template \(template) missing"
    #if DEBUG
    // Debug builds (every test suite) also render through the library and stop at the first difference.
    let expected = library.render(page, withTemplate: template) ?? "template \(template) missing"
    if text != expected { fatalError("CompiledTemplates differs from swift-mustache for \(template):\n\(text)\n---\n\(expected)") }
    #endif
    return text
  }

  /// `template` showing `page`, as an HTML response.
  package func render(_ template: String, _ page: some PageModel, status: HTTPResponse.Status = .ok,
                      headers: HTTPFields = [:], policy: HTML.Policy = .strict) -> Response
  {
    HTML.response(text(template, page), status: status, headers: headers, policy: policy)
  }

  /// The platform's error page.
  package func error(_ page: ErrorPage, status: HTTPResponse.Status = .badRequest) -> Response {
    render("error", page, status: status)
  }
}
