import Crypto
import Foundation
import Hummingbird

/// The files of a `Public/` resource folder, read once and served under a prefix. Pages link them as
/// `prefix/<version>/<path>`, where the version is a hash of the whole folder: a changed file gets new URLs
/// for every file, and an ES module's relative `import` keeps its importer's version, so a module graph is
/// cached as one. URLs with the current version are cached for a year; any other URL is revalidated.
package struct StaticAssets: Sendable {
  struct File: Sendable {
    let bytes: ByteBuffer
    let type: String
    let version: String
  }

  /// By path inside the folder: `web.css`, `js/main.js`.
  let files: [String: File]
  /// The URL path the files are served under, e.g. `/static`.
  let prefix: String
  /// A hash of every path and file in the folder.
  let version: String

  /// The files in `folder` and its subfolders, served at `prefix/<version>/<path>`.
  package static func load(_ folder: URL?, prefix: String) -> StaticAssets {
    var files: [String: File] = [:]
    if let folder, let paths = try? FileManager.default.subpathsOfDirectory(atPath: folder.path) {
      for path in paths {
        let full = folder.appendingPathComponent(path).path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue,
              let data = FileManager.default.contents(atPath: full) else { continue }
        files[path] = File(bytes: ByteBuffer(bytes: data), type: type(of: path), version: hash(data))
      }
    }
    return StaticAssets(files: files, prefix: prefix, version: version(of: files))
  }

  /// These files and `name` of `other`'s as `path`: an app serving a module of the platform's (the picture
  /// browser) among its own, under its own version, so that its modules import it relatively and cache it as one.
  package func including(_ name: String, of other: StaticAssets, as path: String) -> StaticAssets {
    var files = self.files
    files[path] = other.files[name]
    return StaticAssets(files: files, prefix: prefix, version: Self.version(of: files))
  }

  static func version(of files: [String: File]) -> String {
    hash(Data(files.keys.sorted().map { "\($0)\u{0}\(files[$0]!.version)\n" }.joined().utf8))
  }

  static func hash(_ data: Data) -> String {
    String(Secrets.hex(SHA256.hash(data: data)).prefix(10))
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

  /// The versioned URL of a file, e.g. `/static/0123456789/js/main.js`.
  package func url(_ path: String) -> String { "\(prefix)/\(version)/\(path)" }

  /// Serves `prefix/<version>/<path>`, and `prefix/<path>` without a version.
  package func register(on router: Router<SparrowContext>) {
    let assets = self
    router.get(RouterPath("\(prefix)/**")) { _, context in
      assets.response(context.parameters.getCatchAll().joined(separator: "/"))
    }
  }

  /// `path` is what follows the prefix: a version and a file's path, or a file's path alone. Only the current
  /// version is cached for good: an old page after a deploy still gets files, but must not keep them.
  package func response(_ path: String) -> Response {
    var name = path
    var current = false
    if files[path] == nil, let slash = path.firstIndex(of: "/") {
      name = String(path[path.index(after: slash)...])
      current = path[..<slash] == version
    }
    guard let file = files[name] else { return Response(status: .notFound) }
    var headers = HTTPFields()
    headers[.contentType] = file.type
    headers[.cacheControl] = current ? "public, max-age=31536000, immutable" : "no-cache"
    headers[.eTag] = "\"\(file.version)\""
    headers[.contentLength] = String(file.bytes.readableBytes)
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: file.bytes))
  }
}
