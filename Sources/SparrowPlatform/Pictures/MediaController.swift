import Foundation
import Hummingbird
import SparrowCore
import SparrowMedia
import SparrowStore

/// Serves pictures and avatars: files with long-lived caching and ETags.
package struct MediaController: Sendable {
  let deps: PlatformDependencies
  let pictures: PictureLibrary

  func register(on router: Router<SparrowContext>) {
    let media = self
    router.get("/pics/:size/:file") { request, context in try await media.picture(request, context) }
    router.get("/avatars/:user/:file") { request, context in try await media.avatar(request, context) }
  }

  /// `/pics/<size>/<id>.<ext>`: content-addressed, so cacheable forever.
  func picture(_ request: Request, _ context: SparrowContext) async throws -> Response {
    guard let size = context.parameters.get("size").flatMap(PictureLibrary.Size.init(rawValue:)),
      let name = context.parameters.get("file"), let kind = Self.kind(ofSafeName: name)
    else { throw HTTPError(.notFound) }
    return try Self.serve(pictures.file(size, name), kind: kind, etag: "\"\(size.rawValue)-\(name)\"", immutable: true,
                     request: request)
  }

  /// `/avatars/<uid>/<50|180|hd>.png`: the generated avatar of a user who has not uploaded one.
  func avatar(_ request: Request, _ context: SparrowContext) async throws -> Response {
    guard let uid = context.parameters.get("user").flatMap(Int64.init), let file = context.parameters.get("file"),
      let pixels = AvatarArt.sizes[file]
    else { throw HTTPError(.notFound) }
    guard let user = try await deps.store.user(id: uid) else { throw HTTPError(.notFound) }
    let folder = deps.config.dataFolder.appendingPathComponent("avatars", isDirectory: true)
    let url = folder.appendingPathComponent("\(uid)-\(pixels).png")
    if !FileManager.default.fileExists(atPath: url.path) {
      let svg = AvatarArt(userID: uid, name: user.screenName).svg(size: pixels)
      let png = try await PictureLibrary.offload { try ImageProcessor().render(svg: svg, as: .png) }
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try png.write(to: url, options: .atomic)
    }
    // A name never changes, so neither does its avatar; a day's caching keeps it cheap.
    return try Self.serve(url, kind: .png, etag: "\"avatar-\(uid)-\(pixels)\"", immutable: false, request: request)
  }

  /// A file name made only of letters, digits, `_` and `-`, with a picture extension; nothing else is served.
  package static func kind(ofSafeName name: String) -> ImageKind? {
    let parts = name.split(separator: ".")
    guard parts.count == 2, isSafe(String(parts[0])) else { return nil }
    return ImageKind(ext: String(parts[1]))
  }

  package static func isSafe(_ part: String) -> Bool {
    !part.isEmpty && part.count <= 80
      && part.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-") }
  }

  /// A stored file with its ETag; 304 when the client has it.
  package static func serve(_ url: URL, kind: ImageKind, etag: String, immutable: Bool, request: Request) throws
    -> Response
  {
    var headers = HTTPFields()
    headers[.eTag] = etag
    headers[.cacheControl] = immutable ? "public, max-age=31536000, immutable" : "public, max-age=86400"
    if let match = request.headers[.ifNoneMatch], match.split(separator: ",").contains(where: {
      $0.trimmingCharacters(in: .whitespaces) == etag
    }) {
      return Response(status: .notModified, headers: headers)
    }
    guard let data = FileManager.default.contents(atPath: url.path) else { throw HTTPError(.notFound) }
    headers[.contentType] = kind.mimeType
    headers[.contentLength] = String(data.count)
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
  }
}

/// A generated avatar: the first character of the name on a colour chosen by the user id.
struct AvatarArt {
  /// URL file names and their pixel sizes.
  static let sizes = ["50.png": 50, "180.png": 180, "hd.png": 512]
  static let palette = ["#ff8200", "#e6553a", "#f2b01e", "#3aa757", "#1f9bd1", "#5b6ee1", "#9b59b6", "#e84a8a",
                        "#16a085", "#d35400", "#2c7be5", "#7f8c8d"]
  let userID: Int64
  let name: String

  var colour: String { Self.palette[Int(UInt64(bitPattern: userID) % UInt64(Self.palette.count))] }
  var initial: String { name.first.map { String($0).uppercased() } ?? "?" }

  func svg(size: Int) -> String {
    let s = Double(size)
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(size)" height="\(size)" viewBox="0 0 100 100">
      <rect width="100" height="100" fill="\(colour)"/>
      <text x="50" y="50" dy="0.35em" text-anchor="middle" font-size="\(s > 60 ? 52 : 56)" fill="#ffffff"
        font-family="Noto Sans CJK SC, Noto Sans CJK, WenQuanYi Zen Hei, sans-serif" font-weight="bold">\(HTML.escape(initial))</text>
      </svg>
      """
  }
}
