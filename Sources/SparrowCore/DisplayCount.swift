import Foundation

/// 9999 → "9999", 12_345 → "1.2万", 150_000_000 → "1.5亿"
public enum DisplayCount {
  /// The short form of a count: the number under 10,000, then 万 and 亿 with one truncated decimal.
  public static func short(_ n: Int) -> String {
    switch n {
    case ..<10_000: String(n)
    case ..<100_000_000: compact(n, per: 10_000, suffix: "万")
    default: compact(n, per: 100_000_000, suffix: "亿")
    }
  }

  // Truncate: a count must never read higher than it is.
  private static func compact(_ n: Int, per unit: Int, suffix: String) -> String {
    let tenths = n / (unit / 10)
    return (tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)") + suffix
  }

  /// A toolbar button title: the button's word when nothing was counted (`转发`), else the short count.
  public static func toolbar(_ n: Int, word: String) -> String {
    n <= 0 ? word : short(n)
  }

  /// The 转发 button title.
  public static func reposts(_ n: Int) -> String { toolbar(n, word: "转发") }

  /// The 评论 button title.
  public static func comments(_ n: Int) -> String { toolbar(n, word: "评论") }

  /// The 赞 button title.
  public static func attitudes(_ n: Int) -> String { toolbar(n, word: "赞") }
}
