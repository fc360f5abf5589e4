import Hummingbird
import SparrowMedia

/// `/favicon.ico`: the sparrow mark, drawn once at start and wrapped as an ICO file holding one PNG.
struct Favicon: Sendable {
  let bytes: ByteBuffer

  static let svg = """
    <svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">
    <rect width="32" height="32" rx="7" fill="#ff8200"/>
    <path d="M7 19c3-8 10-11 17-9l3-3 .5 4.5C26 18 20 23 12 23l-4 3 1-5z" fill="#ffffff"/>
    <circle cx="22" cy="12" r="1.4" fill="#333333"/>
    </svg>
    """

  static func make() async throws -> Favicon {
    let png = try await PictureLibrary.offload { try ImageProcessor().render(svg: svg, as: .png) }
    return Favicon(bytes: ByteBuffer(bytes: ico(png: [UInt8](png), size: 32)))
  }

  /// An ICO container (ICONDIR, one ICONDIRENTRY) around a PNG, as every browser reads it.
  static func ico(png: [UInt8], size: UInt8) -> [UInt8] {
    func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }
    let header = le16(0) + le16(1) + le16(1)
    let entry = [size, size, 0, 0] + le16(1) + le16(32) + le32(png.count) + le32(6 + 16)
    return header + entry + png
  }

  func response() -> Response {
    var headers = HTTPFields()
    headers[.contentType] = "image/x-icon"
    headers[.cacheControl] = "public, max-age=86400"
    headers[.contentLength] = String(bytes.readableBytes)
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: bytes))
  }
}
