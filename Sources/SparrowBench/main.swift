import Foundation
import SparrowMedia

// Benchmarks that print figures (`make bench` runs them in release mode). No assertions: figures go
// into the issue notes and are compared by people.

/// Runs `body` `count` times and returns the runs per second.
func rate(_ count: Int, _ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  for _ in 0..<count { try body() }
  return Double(count) / (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}

func line(_ name: String, _ value: Double, _ unit: String) {
  print(name.padding(toLength: 44, withPad: " ", startingAt: 0) + String(format: "%10.1f %@", value, unit))
}

// A 12-megapixel photo-like JPEG: turbulence gives it the texture of a real photo, so the encoder works.
let photo = """
  <svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000">
  <filter id="n"><feTurbulence type="fractalNoise" baseFrequency="0.004" numOctaves="6" seed="7"/></filter>
  <rect width="4000" height="3000" fill="#88aadd"/><rect width="4000" height="3000" filter="url(#n)" opacity="0.9"/>
  </svg>
  """
let processor = ImageProcessor()
let jpeg = try processor.render(svg: photo, as: .jpeg, quality: 92)
print("picture: 4000×3000 JPEG, \(jpeg.count / 1024) KiB")
let header = try processor.inspect(jpeg)
_ = try processor.resize(jpeg, header: header, maxWidth: 180, maxHeight: 180)  // warm up libvips
line("thumbnail (180×180) of a 12 MP JPEG", try rate(20) {
  _ = try processor.resize(jpeg, header: header, maxWidth: 180, maxHeight: 180)
}, "/s")
line("bmiddle (440 wide) of a 12 MP JPEG", try rate(10) {
  _ = try processor.resize(jpeg, header: header, maxWidth: 440, maxHeight: 100_000)
}, "/s")
line("large (re-encoded, upright) of a 12 MP JPEG", try rate(3) {
  _ = try processor.resize(jpeg, header: header, maxWidth: 100_000, maxHeight: 100_000, quality: 90)
}, "/s")
line("header check (type, size, frames)", try rate(2000) { _ = try processor.inspect(jpeg) }, "/s")
