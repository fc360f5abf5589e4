import Foundation

/// The Weibo wire format for times: `Tue May 31 17:46:55 +0800 2011`, English names, numeric offset.
public enum WeiboDate {
  /// The zone Sparrow writes times in; clients read the offset, so any fixed zone is correct.
  public static let zone = TimeZone(secondsFromGMT: 8 * 3600)!

  private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
  private static let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    return calendar
  }()

  /// Formats by hand: DateFormatter is slow and locale-sensitive, and this runs for every object on every page.
  public static func string(from date: Date) -> String {
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
    func two(_ n: Int?) -> String { let n = n ?? 0; return n < 10 ? "0\(n)" : "\(n)" }
    return "\(days[(c.weekday ?? 1) - 1]) \(months[(c.month ?? 1) - 1]) \(two(c.day)) "
      + "\(two(c.hour)):\(two(c.minute)):\(two(c.second)) +0800 \(c.year ?? 1970)"
  }

  /// Parses the wire format with any numeric offset; nil when the text is not in that shape.
  public static func date(from text: String) -> Date? {
    let parts = text.split(separator: " ")
    guard parts.count == 6, let month = months.firstIndex(of: String(parts[1])),
      let day = Int(parts[2]), let year = Int(parts[5])
    else { return nil }
    let clock = parts[3].split(separator: ":").compactMap { Int($0) }
    let offset = parts[4]
    guard clock.count == 3, offset.count == 5, let sign = offset.first, sign == "+" || sign == "-",
      let hhmm = Int(offset.dropFirst())
    else { return nil }
    let seconds = (hhmm / 100 * 3600 + hhmm % 100 * 60) * (sign == "-" ? -1 : 1)
    guard let zone = TimeZone(secondsFromGMT: seconds) else { return nil }
    var components = DateComponents()
    components.year = year
    components.month = month + 1
    components.day = day
    components.hour = clock[0]
    components.minute = clock[1]
    components.second = clock[2]
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    return calendar.date(from: components)
  }
}
