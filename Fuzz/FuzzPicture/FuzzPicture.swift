import Foundation
import FuzzSupport
import SparrowCore
import SparrowMedia

/// Reading a picture's header with libvips, as every upload is before anything is decoded: hostile bytes are
/// refused or give a header within the limits, of the sniffed kind, the same every time.
///
/// libvips is not built with coverage, so libFuzzer sees only the Swift side; its loaders are fuzzed upstream
/// (OSS-Fuzz). What this adds is our use of it: limits, the sniff agreeing with the loader, no trap on any answer.
@main enum FuzzPicture {
  static func main() { FuzzTarget.main("FuzzPicture", check: check) }

  static let processor = ImageProcessor()
  // libvips warns of every broken picture, which would be all the output; read before libvips starts.
  static let quiet: Void = { _ = setenv("VIPS_WARNING", "1", 1) }()

  static func check(_ data: Data) {
    _ = quiet
    let first = Result { try processor.inspect(data) }
    switch first {
    case .success(let header):
      FuzzTarget.require(header.kind == ImageKind.sniff(data), "\(header.kind) but sniffed \(String(describing: ImageKind.sniff(data)))")
      FuzzTarget.require(header.width > 0 && header.height > 0, "size \(header.width)×\(header.height)")
      FuzzTarget.require(header.width * header.height <= ImageProcessor.maxPixels, "\(header.width)×\(header.height) passed")
      FuzzTarget.require((1...ImageProcessor.maxFrames).contains(header.frames), "\(header.frames) frames passed")
      FuzzTarget.require((1...8).contains(header.orientation), "orientation \(header.orientation)")
    case .failure(let error):
      FuzzTarget.require(error is MediaError, "not a MediaError: \(error)")
      if ImageKind.sniff(data) == nil { FuzzTarget.require(error as? MediaError == .unsupported, "\(error) for unknown bytes") }
    }
    // The same bytes, from a slice of a larger buffer, read the same.
    let again = Result { try processor.inspect((Data([0]) + data).dropFirst()) }
    FuzzTarget.require(same(first, again), "a second read disagrees: \(first) then \(again)")
  }

  static func same(_ a: Result<ImageHeader, any Error>, _ b: Result<ImageHeader, any Error>) -> Bool {
    switch (a, b) {
    case (.success(let x), .success(let y)): x == y
    case (.failure(let x as MediaError), .failure(let y as MediaError)):
      // The message is libvips's wording, not part of the answer.
      if case .broken = x, case .broken = y { true } else { x == y }
    default: false
    }
  }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  FuzzPicture.check(FuzzTarget.input(bytes, count))
  return 0
}
#endif
