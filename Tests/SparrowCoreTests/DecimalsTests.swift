import Foundation
import SparrowCore
import Testing

/// `Decimals.one` writes what printf's `%.1f` writes: ties, values stored just below and above a tie, signs, the
/// ratings and distances the pages show, and a million random values of every size.
@Test func oneDecimalIsPrintfsText() {
  var values: [Double] = [
    0, -0.0, 0.05, 0.15, 0.25, 0.35, 0.45, 0.95, 1.25, 2.25, 4.75, 9.95, 99.95, -0.05, -0.25, -2.5, 0.04999, 1e-300,
    4.35, 4.449_999_999_999_999, 4.45, 3.8, 5, 123_456.75, 999_999_999_999.95, 1e15, 1e300, .infinity, -.infinity,
    .nan, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
  ]
  // Every tie and its neighbours below 1,000, and the means of up to 50 marks of 1 to 5 (the ratings).
  for k in 0..<20_000 {
    let tie = (Double(k) + 0.5) / 10
    values += [tie, tie.nextUp, tie.nextDown]
  }
  for count in 1...50 { for sum in count...(5 * count) { values.append(Double(sum) / Double(count)) } }
  // Fixed seed, so that a failure repeats (an xorshift: this target has no test support of its own).
  var state: UInt64 = 2026
  for _ in 0..<1_000_000 {
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    let bits = state
    let scale = Double(bits % 16)
    values.append(Double(bits >> 11) / Double(1 << 53) * pow(10, scale - 3) * (bits & 1 == 0 ? 1 : -1))
  }
  var wrong: [Double] = []
  for value in values where Decimals.one(value) != String(format: "%.1f", value) { wrong.append(value) }
  #expect(wrong.isEmpty, "\(wrong.prefix(10).map { "\($0): \(Decimals.one($0)) not \(String(format: "%.1f", $0))" })")
}
