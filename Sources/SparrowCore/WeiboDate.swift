import Foundation

/// The Weibo wire format for times: `Tue May 31 17:46:55 +0800 2011`, English names, numeric offset.
public enum WeiboDate {
  /// The zone Sparrow writes times in; clients read the offset, so any fixed zone is correct.
  public static let zone = TimeZone(secondsFromGMT: 8 * 3600)!

  private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
  /// Formats with integer arithmetic (days-from-civil), byte by byte into the string: Calendar is slow on Linux,
  /// and this runs for every status and user on every page (joining a dozen small strings was most of it).
  public static func string(from date: Date) -> String {
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down)) + 8 * 3600
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = Int(seconds - days * 86_400)
    let civil = CivilDay(daysSince1970: days)
    let weekday = Int(((days % 7) + 11) % 7)  // 1970-01-01 was a Thursday
    // `yyyy`: at least four digits, as DateFormatter writes the years before 1000.
    guard (0..<10_000).contains(civil.year) else {
      func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
      return "\(weekdays[weekday]) \(months[civil.month - 1]) \(two(civil.day)) \(two(secondOfDay / 3600)):"
        + "\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60)) +0800 \(civil.year)"
    }
    return String(unsafeUninitializedCapacity: 30) { out in
      func put(_ bytes: [UInt8], at start: Int) { for (i, byte) in bytes.enumerated() { out[start + i] = byte } }
      func digits(_ n: Int, _ count: Int, at start: Int) {
        var rest = n
        for i in (0..<count).reversed() {
          out[start + i] = UInt8(ascii: "0") + UInt8(rest % 10)
          rest /= 10
        }
      }
      put(weekdayBytes[weekday], at: 0)
      out[3] = space
      put(monthBytes[civil.month - 1], at: 4)
      out[7] = space
      digits(civil.day, 2, at: 8)
      out[10] = space
      digits(secondOfDay / 3600, 2, at: 11)
      out[13] = colon
      digits(secondOfDay / 60 % 60, 2, at: 14)
      out[16] = colon
      digits(secondOfDay % 60, 2, at: 17)
      put(zoneBytes, at: 19)
      digits(civil.year, 4, at: 26)
      return 30
    }
  }

  /// Parses the wire format with any numeric offset; nil when the text is not in that shape, names no real
  /// time (Feb 30, 24:00, an offset past ±18 hours), or a time `string(from:)` would not write in four digits
  /// (outside the years 1–9999 in +0800). The weekday is not checked. Integer arithmetic, as `string(from:)`:
  /// Calendar's switch to the Julian calendar before 1582 would read old dates days away from how they were
  /// written.
  public static func date(from text: String) -> Date? {
    if let date = canonicalDate(text) { return date }
    return anyShapeDate(text)
  }

  /// `date(from:)` for text in exactly the shape `string(from:)` writes (30 bytes, single spaces, two-digit
  /// fields, four-digit year), read by byte position: every card on every page reads its time back, and splitting
  /// it into substrings was two-fifths of building a card's model. Nil for any other text, which then goes
  /// the general way (`anyShapeDate`); where it answers, the answer is the general way's (the fuzz target checks).
  package static func canonicalDate(_ text: String) -> Date? {
    var text = text
    return text.withUTF8 { b -> Date? in
      guard b.count == 30, b[0] != space, b[1] != space, b[2] != space, b[3] == space, b[7] == space,
        b[10] == space, b[13] == colon, b[16] == colon, b[19] == space, b[25] == space,
        let day = digits(b, 8, 2), let hour = digits(b, 11, 2), let minute = digits(b, 14, 2),
        let second = digits(b, 17, 2), let hhmm = digits(b, 21, 4), let year = digits(b, 26, 4),
        b[20] == plus || b[20] == minus,
        let month = monthBytes.firstIndex(where: { $0[0] == b[4] && $0[1] == b[5] && $0[2] == b[6] }).map({ $0 + 1 })
      else { return nil }
      return date(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                  offset: hhmm, negative: b[20] == minus)
    }
  }

  private static let (space, colon, plus, minus) = (UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: "+"), UInt8(ascii: "-"))
  private static let monthBytes = months.map { Array($0.utf8) }
  private static let weekdayBytes = weekdays.map { Array($0.utf8) }
  private static let zoneBytes = Array(" +0800 ".utf8)

  /// The `count` ASCII digits at `start` as a number; nil if any is not a digit.
  private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
    var value = 0
    for byte in bytes[start..<start + count] {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }

  /// The general way: fields split at runs of spaces.
  package static func anyShapeDate(_ text: String) -> Date? {
    let parts = text.split(separator: " ")
    guard parts.count == 6, let month = months.firstIndex(of: String(parts[1])).map({ $0 + 1 }),
      let day = number(parts[2], digits: 1...2), let year = number(parts[5], digits: 1...4)
    else { return nil }
    let clock = parts[3].split(separator: ":", omittingEmptySubsequences: false)
    guard clock.count == 3, let hour = number(clock[0], digits: 1...2), let minute = number(clock[1], digits: 1...2),
      let second = number(clock[2], digits: 1...2)
    else { return nil }
    let offset = parts[4].utf8
    guard offset.count == 5, let sign = offset.first, sign == plus || sign == minus,
      let hhmm = number(parts[4].dropFirst(), digits: 4...4)
    else { return nil }
    return date(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: hhmm,
                negative: sign == minus)
  }

  /// The checks both ways share, and the time they name; `offset` as `hhmm`.
  private static func date(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offset hhmm: Int,
                           negative: Bool) -> Date?
  {
    guard year >= 1, (1...daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60, second < 60,
      hhmm % 100 < 60, hhmm <= 1800
    else { return nil }
    let offsetSeconds = (hhmm / 100 * 3600 + hhmm % 100 * 60) * (negative ? -1 : 1)
    let local = daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
    guard writable.contains(local - offsetSeconds) else { return nil }
    return Date(timeIntervalSince1970: TimeInterval(local - offsetSeconds))
  }

  /// 0001-01-01 00:00:00 to 9999-12-31 23:59:59 in +0800, in seconds since 1970.
  private static let writable = -62_135_625_600...253_402_271_999

  /// ASCII digits only: `Int` would also take a sign.
  private static func number(_ text: Substring, digits: ClosedRange<Int>) -> Int? {
    guard digits.contains(text.utf8.count), text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
    else { return nil }
    return Int(text)
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
  }

  /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's days_from_civil).
  private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
