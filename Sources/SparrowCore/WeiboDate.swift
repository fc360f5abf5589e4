import Foundation

/// The Weibo wire format for times: `Tue May 31 17:46:55 +0800 2011`, English names, numeric offset.
public enum WeiboDate {
  /// The zone Sparrow writes times in; clients read the offset, so any fixed zone is correct.
  public static let zone = TimeZone(secondsFromGMT: 8 * 3600)!

  private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
  /// Formats with integer arithmetic (days-from-civil): Calendar is slow on Linux, and this runs for
  /// every status and user on every page.
  public static func string(from date: Date) -> String {
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down)) + 8 * 3600
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = Int(seconds - days * 86_400)
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = Int(dayOfYear - (153 * mp + 2) / 5 + 1)
    let month = Int(mp < 10 ? mp + 3 : mp - 9)
    let year = Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
    let weekday = Int(((days % 7) + 11) % 7)  // 1970-01-01 was a Thursday
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(weekdays[weekday]) \(months[month - 1]) \(two(day)) \(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):"
      + "\(two(secondOfDay % 60)) +0800 \(year)"
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
