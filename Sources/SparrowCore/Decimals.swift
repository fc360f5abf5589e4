import Foundation

/// A number with one decimal, as `String(format: "%.1f", x)` writes it, without Foundation's formatter: it was 2–3 %
/// of the pages that show ratings and distances (团购's cards, 商家后台, 全部点评). The text is printf's for every
/// value: the exact binary value rounded to the nearest tenth, a tie (exactly halfway, as 0.25 is) to the even one,
/// which is not what rounding `x * 10` gives (0.35 is stored a little below, 0.45 a little above).
public enum Decimals {
  public static func one(_ value: Double) -> String {
    let magnitude = value.magnitude
    // Beyond exact integers (and for NaN and the infinities) printf's own text.
    guard magnitude < 1e15 else { return String(format: "%.1f", value) }
    // k ≤ 10·|x| < k + 1, each side decided exactly: `fma` rounds once, so its sign is the exact difference's.
    var tenths = (magnitude * 10).rounded(.down)
    while fma(magnitude, 10, -tenths) < 0 { tenths -= 1 }
    while fma(magnitude, 10, -(tenths + 1)) >= 0 { tenths += 1 }
    // Up past halfway, down below it; exactly halfway to the even tenth.
    let past = fma(magnitude, 20, -(2 * tenths + 1))
    var k = Int(tenths)
    if past > 0 || (past == 0 && k % 2 == 1) { k += 1 }
    return (value.sign == .minus ? "-" : "") + String(k / 10) + "." + String(k % 10)
  }
}
