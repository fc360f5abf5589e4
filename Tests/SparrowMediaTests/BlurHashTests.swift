import SparrowMedia
import Testing

/// BlurHash against the reference encoder (PyPI `blurhash` 1.1.4, by the author of Mastodon.py): the same pixels give
/// the same string.
@Suite struct BlurHashTests {
  @Test func matchesTheReferenceEncoder() {
    let (w, h) = (6, 4)
    var gradient: [UInt8] = []
    for y in 0..<h {
      for x in 0..<w { gradient += [UInt8((x * 40) % 256), UInt8((y * 60) % 256), UInt8((x * y * 10) % 256)] }
    }
    #expect(BlurHash.encode(width: w, height: h, rgb: gradient) == "LXEL[o3MN@-n*iI]Wqrsd[e?fRe:")
    let solid: [UInt8] = Array(repeating: [58, 167, 87] as [UInt8], count: 6).flatMap { $0 }
    #expect(BlurHash.encode(width: 3, height: 2, rgb: solid) == "L$6x}VptfQptudpGfQpGfQfQfQfQ")
  }

  @Test func aPictureGetsOneFromItsPixels() throws {
    let png = try ImageProcessor().render(svg: """
      <svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><rect width="64" height="48" fill="#ff8200"/></svg>
      """, as: .png)
    let pixels = try ImageProcessor().pixels(png)
    #expect(pixels.width == 32 && pixels.height == 24 && pixels.rgb.count == 32 * 24 * 3)
    #expect(Array(pixels.rgb.prefix(3)) == [255, 130, 0])
    #expect(BlurHash.encode(width: pixels.width, height: pixels.height, rgb: pixels.rgb).count == 28)
  }
}
