internal import Cvips
import Foundation
import SparrowCore

/// Why a picture was refused.
package enum MediaError: Error, Equatable, Sendable {
  /// Not JPEG, PNG, GIF or WebP.
  case unsupported
  /// Over the byte limit.
  case tooLarge
  /// Over the pixel limit (a decompression bomb, or just too big).
  case tooManyPixels
  /// An animation with too many frames.
  case tooManyFrames
  /// The bytes do not decode (truncated or corrupt).
  case broken(String)
}

/// What the header of a picture says, read without decoding it.
package struct ImageHeader: Sendable, Equatable {
  package let kind: ImageKind
  /// Width and height of one frame, before EXIF rotation.
  package let width: Int
  package let height: Int
  package let frames: Int
  package let orientation: Int
}

/// An encoded picture and its pixel size.
package struct EncodedImage: Sendable {
  package let data: Data
  package let width: Int
  package let height: Int
}

/// Decoding, resizing and encoding pictures with libvips.
package struct ImageProcessor: Sendable {
  package static let maxBytes = 5 * 1024 * 1024
  package static let maxPixels = 40_000_000
  package static let maxFrames = 300

  private static let started: Bool = sp_init() == 0

  package init() {}

  /// Checks type, byte size, pixel count and frame count from the header alone, before any decoding.
  package func inspect(_ data: Data) throws -> ImageHeader {
    guard Self.started else { throw MediaError.broken("libvips did not start") }
    guard data.count <= Self.maxBytes else { throw MediaError.tooLarge }
    guard let kind = ImageKind.sniff(data) else { throw MediaError.unsupported }
    var width: Int32 = 0, height: Int32 = 0, pages: Int32 = 0, orientation: Int32 = 0
    let result = data.withUnsafeBytes { raw in
      sp_header(raw.baseAddress, raw.count, &width, &height, &pages, &orientation)
    }
    guard result == 0, width > 0, height > 0 else { throw MediaError.broken(Self.lastError()) }
    guard Int(width) * Int(height) <= Self.maxPixels else { throw MediaError.tooManyPixels }
    guard pages <= Self.maxFrames else { throw MediaError.tooManyFrames }
    return ImageHeader(kind: kind, width: Int(width), height: Int(height), frames: max(Int(pages), 1),
                       orientation: Int(orientation))
  }

  /// Decodes in full, turns upright, fits within `maxWidth` × `maxHeight` (never enlarging), keeps
  /// every frame of an animation, and encodes as `kind` without metadata.
  package func resize(_ data: Data, header: ImageHeader, maxWidth: Int, maxHeight: Int, quality: Int = 85) throws
    -> EncodedImage
  {
    var out: UnsafeMutableRawPointer?
    var length = 0
    var width: Int32 = 0, height: Int32 = 0
    let result = data.withUnsafeBytes { raw in
      sp_resize(raw.baseAddress, raw.count, header.frames > 1 ? 1 : 0, Int32(maxWidth), Int32(maxHeight),
                header.kind.cFormat, Int32(quality), &out, &length, &width, &height)
    }
    return try Self.take(result, out, length, Int(width), Int(height))
  }

  /// The first frame's pixels, upright, shrunk to fit `size` × `size`, as 8-bit RGB rows (for blur previews).
  package func pixels(_ data: Data, size: Int = 32) throws -> (width: Int, height: Int, rgb: [UInt8]) {
    guard Self.started else { throw MediaError.broken("libvips did not start") }
    var out: UnsafeMutableRawPointer?
    var length = 0
    var width: Int32 = 0, height: Int32 = 0
    let result = data.withUnsafeBytes { raw in
      sp_pixels(raw.baseAddress, raw.count, Int32(size), &out, &length, &width, &height)
    }
    guard result == 0, let out else { throw MediaError.broken(Self.lastError()) }
    defer { sp_free(out) }
    guard length == Int(width) * Int(height) * 3 else { throw MediaError.broken("unexpected pixel layout") }
    return (Int(width), Int(height), Array(UnsafeRawBufferPointer(start: out, count: length)))
  }

  /// Renders an SVG that Sparrow drew itself (avatars, emoticons, demo pictures).
  package func render(svg: String, as kind: ImageKind, quality: Int = 85) throws -> Data {
    guard Self.started else { throw MediaError.broken("libvips did not start") }
    var out: UnsafeMutableRawPointer?
    var length = 0
    let bytes = Array(svg.utf8)
    let result = sp_render_svg(bytes, bytes.count, kind.cFormat, Int32(quality), &out, &length)
    return try Self.take(result, out, length, 0, 0).data
  }

  /// Renders SVG frames into an animated GIF.
  package func renderAnimation(frames: [String], delayMilliseconds: Int) throws -> Data {
    guard Self.started else { throw MediaError.broken("libvips did not start") }
    var out: UnsafeMutableRawPointer?
    var length = 0
    let joined = frames.joined()
    var lengths = frames.map(\.utf8.count)
    let result = sp_render_animation(joined, &lengths, Int32(frames.count), Int32(delayMilliseconds), &out, &length)
    return try Self.take(result, out, length, 0, 0).data
  }

  /// A JPEG of `svg` tagged with an EXIF orientation, as cameras write them (for tests and demos).
  package func renderOrientedJPEG(svg: String, orientation: Int) throws -> Data {
    guard Self.started else { throw MediaError.broken("libvips did not start") }
    var out: UnsafeMutableRawPointer?
    var length = 0
    let bytes = Array(svg.utf8)
    let result = sp_render_svg_jpeg_oriented(bytes, bytes.count, Int32(orientation), &out, &length)
    return try Self.take(result, out, length, 0, 0).data
  }

  private static func take(_ result: Int32, _ out: UnsafeMutableRawPointer?, _ length: Int, _ width: Int, _ height: Int)
    throws -> EncodedImage
  {
    guard result == 0, let out else { throw MediaError.broken(lastError()) }
    defer { sp_free(out) }
    return EncodedImage(data: Data(bytes: out, count: length), width: width, height: height)
  }

  private static func lastError() -> String {
    var buffer = [CChar](repeating: 0, count: 512)
    sp_error(&buffer, buffer.count)
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

extension ImageKind {
  var cFormat: sp_format {
    switch self {
    case .jpeg: SP_JPEG
    case .png: SP_PNG
    case .gif: SP_GIF
    case .webp: SP_WEBP
    }
  }
}
