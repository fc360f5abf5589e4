import Foundation
import FuzzSupport
import SparrowCore

/// The Weibo date parser and formatter: whatever parses formats back to text that parses to the same date,
/// every date of the years 1 to 9999 formats to text that parses back to it, and the byte-position reading of
/// the written shape agrees with the general one.
@main enum FuzzWeiboDate {
  static func main() { FuzzTarget.main("FuzzWeiboDate", check: check) }

  /// 0001-01-01 00:00:00 and 9999-12-31 23:59:59 in +0800, the offset Sparrow writes.
  static let firstSecond: Int64 = -62_135_596_800 - 28_800, lastSecond: Int64 = 253_402_300_799 - 28_800

  static func check(_ data: Data) {
    let text = String(decoding: data, as: UTF8.self)
    if let date = WeiboDate.canonicalDate(text) {
      FuzzTarget.require(WeiboDate.anyShapeDate(text) == date, "\(text.debugDescription): the two readings differ")
    }
    if let date = WeiboDate.date(from: text) {
      let formatted = WeiboDate.string(from: date)
      FuzzTarget.require(WeiboDate.date(from: formatted) == date.wholeSeconds,
                         "\(text.debugDescription) → \(date.timeIntervalSince1970) → \(formatted.debugDescription)")
    }

    // The first 9 bytes as a time of the years 1 to 9999 (what `yyyy` spells), to a 256th of a second: it
    // formats, and reads back to its whole second.
    guard data.count >= 9 else { return }
    let bits = data.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    let span = UInt64(lastSecond - firstSecond + 1)
    let seconds = firstSecond + Int64(bits % span)
    let date = Date(timeIntervalSince1970: Double(seconds) + Double(data[data.startIndex + 8]) / 256)
    let formatted = WeiboDate.string(from: date)
    FuzzTarget.require(WeiboDate.date(from: formatted) == date.wholeSeconds, "\(seconds) → \(formatted.debugDescription)")
  }
}

extension Date {
  fileprivate var wholeSeconds: Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  FuzzWeiboDate.check(FuzzTarget.input(bytes, count))
  return 0
}
#endif
