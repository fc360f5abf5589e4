import Foundation
import Hummingbird

/// The files in `Public/`, read once and served at `/static/<name>` with long cache lifetimes; pages link
/// them with a `?v=` content hash, so a changed file gets a new URL.
struct WebAssets: Sendable {
  struct File: Sendable {
    let bytes: ByteBuffer
    let type: String
    let version: String
  }

  let files: [String: File]

  static func load() -> WebAssets {
    guard let folder = Bundle.module.resourceURL?.appendingPathComponent("Public"),
      let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
    else { return WebAssets(files: [:]) }
    var files: [String: File] = [:]
    for name in names {
      guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else { continue }
      files[name] = File(bytes: ByteBuffer(bytes: data), type: type(of: name), version: Secrets.hash(
        String(decoding: data, as: UTF8.self)).prefix(10).description)
    }
    return WebAssets(files: files)
  }

  static func type(of name: String) -> String {
    switch name.split(separator: ".").last {
    case "css": "text/css; charset=utf-8"
    case "js": "text/javascript; charset=utf-8"
    case "svg": "image/svg+xml"
    case "png": "image/png"
    default: "application/octet-stream"
    }
  }

  /// The versioned URL of a file.
  func url(_ name: String) -> String { "/static/\(name)?v=\(files[name]?.version ?? "0")" }

  func response(_ name: String) -> Response {
    guard let file = files[name] else { return Response(status: .notFound) }
    var headers = HTTPFields()
    headers[.contentType] = file.type
    headers[.cacheControl] = "public, max-age=31536000, immutable"
    headers[.eTag] = "\"\(file.version)\""
    headers[.contentLength] = String(file.bytes.readableBytes)
    headers[.init("X-Content-Type-Options")!] = "nosniff"
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: file.bytes))
  }
}
