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
    var library = try await MustacheLibrary(directory: platform.path)
    if let folder {
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mustache") }
      for name in names.sorted() {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        try library.register(text, named: String(name.dropLast(".mustache".count)))
      }
    }
    return TemplateLibrary(library: library)
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
