import Foundation

/// BlurHash (blurha.sh): a picture's colours in a short string clients draw as a blurred placeholder while the
/// picture loads, as Mastodon's `blurhash` gives it. The reference algorithm: a few cosine components of the
/// linear-light image, quantised and written in base 83.
package enum BlurHash {
  /// The hash of `rgb` (8-bit sRGB rows of `width` × `height`), with 4 × 3 components (Mastodon's choice).
  package static func encode(width: Int, height: Int, rgb: [UInt8], componentsX: Int = 4, componentsY: Int = 3) -> String {
    precondition((1...9).contains(componentsX) && (1...9).contains(componentsY) && rgb.count == width * height * 3)
    let linear = rgb.map { linearFromSRGB[Int($0)] }
    var factors: [(Double, Double, Double)] = []
    for j in 0..<componentsY {
      for i in 0..<componentsX {
        let normalisation = (i == 0 && j == 0) ? 1.0 : 2.0
        var (r, g, b) = (0.0, 0.0, 0.0)
        for y in 0..<height {
          let cy = cos(Double.pi * Double(j) * Double(y) / Double(height))
          for x in 0..<width {
            let basis = normalisation * cos(Double.pi * Double(i) * Double(x) / Double(width)) * cy
            let at = (y * width + x) * 3
            r += basis * linear[at]
            g += basis * linear[at + 1]
            b += basis * linear[at + 2]
          }
        }
        let scale = 1.0 / Double(width * height)
        factors.append((r * scale, g * scale, b * scale))
      }
    }
    var hash = base83((componentsX - 1) + (componentsY - 1) * 9, length: 1)
    let ac = factors.dropFirst()
    let maximum: Double
    if ac.isEmpty {
      maximum = 1
      hash += base83(0, length: 1)
    } else {
      let actual = ac.map { max(abs($0.0), abs($0.1), abs($0.2)) }.max() ?? 0
      let quantised = Int(max(0, min(82, (actual * 166 - 0.5).rounded(.down))))
      maximum = Double(quantised + 1) / 166
      hash += base83(quantised, length: 1)
    }
    let dc = factors[0]
    hash += base83((sRGB(dc.0) << 16) + (sRGB(dc.1) << 8) + sRGB(dc.2), length: 4)
    for factor in ac {
      func quantise(_ value: Double) -> Int {
        let scaled = signedRoot(value / maximum) * 9 + 9.5
        return Int(max(0, min(18, scaled.rounded(.down))))
      }
      hash += base83(quantise(factor.0) * 19 * 19 + quantise(factor.1) * 19 + quantise(factor.2), length: 2)
    }
    return hash
  }

  private static let linearFromSRGB: [Double] = (0..<256).map { byte in
    let v = Double(byte) / 255
    return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
  }

  private static func sRGB(_ linear: Double) -> Int {
    let v = max(0, min(1, linear))
    return v <= 0.003_130_8 ? Int(v * 12.92 * 255 + 0.5) : Int((1.055 * pow(v, 1 / 2.4) - 0.055) * 255 + 0.5)
  }

  private static func signedRoot(_ value: Double) -> Double { (value < 0 ? -1 : 1) * pow(abs(value), 0.5) }

  private static let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")

  private static func base83(_ value: Int, length: Int) -> String {
    var out = ""
    for i in 1...length {
      var divisor = 1
      for _ in 0..<(length - i) { divisor *= 83 }
      out.append(digits[(value / divisor) % 83])
    }
    return out
  }
}
