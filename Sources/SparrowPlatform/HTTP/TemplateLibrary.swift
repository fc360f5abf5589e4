import Foundation
import Hummingbird
import Mustache

/// Mustache templates: the platform's own (`Templates/` of this target: OAuth pages, errors, shared partials)
/// plus an app's, in one library, so an app's pages can use the platform's partials and layouts.
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

  /// The text of `template` with `context` (values are escaped by the templates' `{{ }}`).
  package func text(_ template: String, _ context: Any) -> String {
    library.render(context, withTemplate: template) ?? "template \(template) missing"
  }

  /// `template` as an HTML response.
  package func render(_ template: String, _ context: Any, status: HTTPResponse.Status = .ok,
                      headers: HTTPFields = [:], policy: HTML.Policy = .strict) -> Response
  {
    HTML.response(text(template, context), status: status, headers: headers, policy: policy)
  }

  /// The platform's error page.
  package func error(title: String, message: String, code: Int? = nil, status: HTTPResponse.Status = .badRequest)
    -> Response
  {
    var context: [String: Any] = ["title": title, "message": message]
    if let code { context["code"] = code }
    return render("error", context, status: status, policy: .inline)
  }
}
