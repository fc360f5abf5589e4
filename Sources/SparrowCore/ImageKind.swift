import Foundation

/// The picture formats Sparrow accepts, recognised by their first bytes, never by name or header.
public enum ImageKind: String, Sendable, CaseIterable, Codable {
  case jpeg, png, gif, webp

  /// The file extension in picture URLs.
  public var ext: String { self == .jpeg ? "jpg" : rawValue }

  /// The Content-Type served.
  public var mimeType: String { "image/\(rawValue)" }

  /// The kind for a URL extension.
  public init?(ext: String) {
    switch ext.lowercased() {
    case "jpg", "jpeg": self = .jpeg
    case "png": self = .png
    case "gif": self = .gif
    case "webp": self = .webp
    default: return nil
    }
  }

  /// Sniffs the format from magic bytes; nil for anything else (SVG, HEIC, PDF, text, …).
  public static func sniff(_ bytes: some Collection<UInt8>) -> ImageKind? {
    let head = Array(bytes.prefix(12))
    if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
    if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return .gif }
    if head.count == 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) { return .webp }
    return nil
  }
}
