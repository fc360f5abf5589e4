import Foundation
import Hummingbird
import Mustache

/// Mustache templates: the platform's own (`Templates/` of this target: the base `layout`, the OAuth and
/// sign-up pages on `platform_layout`, errors, shared partials) plus an app's, in one library, so an app's
/// pages can extend the platform's layout (`{{<layout}}{{$body}}…{{/body}}{{/layout}}`) and use its partials.
/// Pages are typed models (`PageModel`); templates only print their fields.
package struct TemplateLibrary: Sendable {
  let library: MustacheLibrary

  /// The platform's templates and those in `folder` (an app's `Templates/` resource folder).
  package static func load(adding folder: URL? = nil) async throws -> TemplateLibrary {
    guard let platform = Bundle.module.resourceURL?.appendingPathComponent("Templates") else {
      throw CocoaError(.fileNoSuchFile)
    }
    MustacheContentTypes.register(Escaping(), named: Escaping.name)
    var library = MustacheLibrary()
    for folder in [platform] + (folder.map { [$0] } ?? []) {
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mustache") }
      for name in names.sorted() {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        // Every template (partials too: the library starts each with its own escaping) escapes with `HTML.escape`.
        try library.register("{{% CONTENT_TYPE: \(Escaping.name)}}" + text, named: String(name.dropLast(".mustache".count)))
      }
    }
    return TemplateLibrary(library: library)
  }

  /// The templates' `{{ }}`: `HTML.escape`, the same five characters as the library's own, by byte.
  struct Escaping: MustacheContentType {
    static let name = "SPARROW_HTML"
    func escapeText(_ text: String) -> String { HTML.escape(text) }
  }

  /// The text of `template` showing `page` (values are escaped by the templates' `{{ }}`).
  package func text(_ template: String, _ page: some PageModel) -> String {
    library.render(page, withTemplate: template) ?? "template \(template) missing"
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
