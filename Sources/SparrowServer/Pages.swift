import Foundation
import Hummingbird
import Mustache

/// The HTML pages of the platform (authorize, sign-up, errors), from the templates in `Templates/`.
struct Pages: Sendable {
  let library: MustacheLibrary

  static func load() async throws -> Pages {
    guard let folder = Bundle.module.resourceURL?.appendingPathComponent("Templates") else {
      throw CocoaError(.fileNoSuchFile)
    }
    return Pages(library: try await MustacheLibrary(directory: folder.path))
  }

  /// Renders `template` with `context` (values are escaped by the templates' `{{ }}`).
  func render(_ template: String, _ context: [String: Any], status: HTTPResponse.Status = .ok,
              headers extra: HTTPFields = [:]) -> Response
  {
    let html = library.render(context, withTemplate: template) ?? "template \(template) missing"
    var headers = extra
    headers[.contentType] = "text/html; charset=utf-8"
    headers[.cacheControl] = "no-store"
    headers[.init("X-Frame-Options")!] = "DENY"
    headers[.init("Content-Security-Policy")!] = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; script-src 'unsafe-inline'; frame-ancestors 'none'"
    let buffer = ByteBuffer(string: html)
    headers[.contentLength] = String(buffer.readableBytes)
    return Response(status: status, headers: headers, body: .init(byteBuffer: buffer))
  }

  func error(title: String, message: String, code: Int? = nil, status: HTTPResponse.Status = .badRequest) -> Response {
    var context: [String: Any] = ["title": title, "message": message]
    if let code { context["code"] = code }
    return render("error", context, status: status)
  }
}
