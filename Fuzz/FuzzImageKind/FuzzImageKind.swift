import Foundation
import FuzzSupport
import SparrowCore

/// Picture sniffing: decided by the first 12 bytes alone, the same for every kind of byte collection, and
/// only ever what the magic bytes say.
@main enum FuzzImageKind {
  static func main() { FuzzTarget.main("FuzzImageKind", check: check) }

  static let magic: [ImageKind: [[UInt8]]] = [
    .jpeg: [[0xFF, 0xD8, 0xFF]],
    .png: [[0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]],
    .gif: [Array("GIF87a".utf8), Array("GIF89a".utf8)],
  ]

  static func check(_ data: Data) {
    let bytes = Array(data)
    let kind = ImageKind.sniff(data)

    let counted = CountingBytes(bytes)
    FuzzTarget.require(ImageKind.sniff(counted) == kind, "an array and Data disagree")
    FuzzTarget.require(counted.highest.value < 12, "read byte \(counted.highest.value)")
    FuzzTarget.require(ImageKind.sniff(bytes.prefix(12)) == kind, "byte 13 on changed the answer")
    FuzzTarget.require(ImageKind.sniff(bytes + [0x00, 0xFF]) == kind || bytes.count < 12, "appending changed the answer")
    // A slice that does not start at index 0, as `Data` from a larger buffer is.
    let padded = Data([0x00] + bytes)
    FuzzTarget.require(ImageKind.sniff(padded.dropFirst()) == kind, "a sliced Data disagrees")

    switch kind {
    case .webp?:
      FuzzTarget.require(bytes.count >= 12 && Array(bytes[0..<4]) == Array("RIFF".utf8) && Array(bytes[8..<12]) == Array("WEBP".utf8),
                         "webp without RIFF…WEBP")
    case let kind?:
      FuzzTarget.require(magic[kind]!.contains { bytes.starts(with: $0) }, "\(kind) without its magic")
    case nil:
      FuzzTarget.require(!magic.values.joined().contains { bytes.starts(with: $0) }, "magic bytes not recognised")
    }
    if let kind { FuzzTarget.require(ImageKind(ext: kind.ext) == kind, "\(kind).ext does not name it") }
  }
}

/// Bytes that remember the furthest index read.
struct CountingBytes: Collection {
  final class Highest: @unchecked Sendable { var value = -1 }
  let base: [UInt8]
  let highest = Highest()

  init(_ base: [UInt8]) { self.base = base }
  var startIndex: Int { base.startIndex }
  var endIndex: Int { base.endIndex }
  func index(after i: Int) -> Int { i + 1 }
  subscript(position: Int) -> UInt8 {
    highest.value = Swift.max(highest.value, position)
    return base[position]
  }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  FuzzImageKind.check(FuzzTarget.input(bytes, count))
  return 0
}
#endif
