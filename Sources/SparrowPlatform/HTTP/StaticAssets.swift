import Foundation
import Hummingbird

/// The files of a `Public/` resource folder, read once and served under a prefix with long cache
/// lifetimes; pages link them with a `?v=` content hash, so a changed file gets a new URL.
package struct StaticAssets: Sendable {
  struct File: Sendable {
    let bytes: ByteBuffer
    let type: String
    let version: String
  }

  let files: [String: File]
  /// The URL path the files are served under, e.g. `/static`.
  let prefix: String

  /// The files in `folder` (one level), served at `prefix/<name>`.
  package static func load(_ folder: URL?, prefix: String) -> StaticAssets {
    guard let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
      return StaticAssets(files: [:], prefix: prefix)
    }
    var files: [String: File] = [:]
    for name in names {
      guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else { continue }
      files[name] = File(bytes: ByteBuffer(bytes: data), type: type(of: name), version: Secrets.hash(
        String(decoding: data, as: UTF8.self)).prefix(10).description)
    }
    return StaticAssets(files: files, prefix: prefix)
  }

  static func type(of name: String) -> String {
    switch name.split(separator: ".").last {
    case "css": "text/css; charset=utf-8"
    case "js": "text/javascript; charset=utf-8"
    case "svg": "image/svg+xml"
    case "png": "image/png"
    case "ico": "image/x-icon"
    default: "application/octet-stream"
    }
  }

  /// The versioned URL of a file.
  package func url(_ name: String) -> String { "\(prefix)/\(name)?v=\(files[name]?.version ?? "0")" }

  /// Serves `prefix/:file`.
  package func register(on router: Router<SparrowContext>) {
    let assets = self
    router.get(RouterPath("\(prefix)/:file")) { _, context in assets.response(context.parameters.get("file") ?? "") }
  }

  package func response(_ name: String) -> Response {
    guard let file = files[name] else { return Response(status: .notFound) }
    var headers = HTTPFields()
    headers[.contentType] = file.type
    headers[.cacheControl] = "public, max-age=31536000, immutable"
    headers[.eTag] = "\"\(file.version)\""
    headers[.contentLength] = String(file.bytes.readableBytes)
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: file.bytes))
  }
}
