import Foundation

/// How a status's time reads in a list: `刚刚`, `5分钟前`, `3小时前`, `昨天 14:05`, `03-08 14:05`, `2019-03-08 14:05`.
public enum RelativeTime {
  /// The text for `date` seen at `now`, with calendar days taken in `timeZone`.
  public static func text(
    for date: Date, now: Date, timeZone: TimeZone = .current, calendar: Calendar = Calendar(identifier: .gregorian)
  ) -> String {
    let seconds = now.timeIntervalSince(date)
    // A time ahead of the clock is clock skew between server and device, not the future.
    if seconds < 60 { return "刚刚" }
    if seconds < 3600 { return "\(Int(seconds / 60))分钟前" }
    guard calendar.identifier == .gregorian else { return text(for: date, now: now, seconds: seconds, timeZone, calendar) }
    // Gregorian days by arithmetic (`CivilDay`) on the local time: the calendar's lookups were most of the cost
    // of a card's time, and a page shows twenty.
    let (dateDay, dateSecond) = localDay(date, timeZone)
    let nowDay = localDay(now, timeZone).day
    if seconds < 86_400, dateDay == nowDay { return "\(Int(seconds / 3600))小时前" }
    let clock = two(Int(dateSecond / 3600)) + ":" + two(Int(dateSecond % 3600 / 60))
    if dateDay == nowDay - 1 { return "昨天 " + clock }
    let day = CivilDay(daysSince1970: dateDay)
    let monthDay = two(day.month) + "-" + two(day.day) + " " + clock
    if day.year == CivilDay(daysSince1970: nowDay).year { return monthDay }
    return String(day.year) + "-" + monthDay
  }

  /// `date`'s day (days since 1970-01-01) and second of the day, on the clocks of `timeZone`.
  private static func localDay(_ date: Date, _ timeZone: TimeZone) -> (day: Int64, second: Int64) {
    let local = Int64(date.timeIntervalSince1970.rounded(.down)) + Int64(timeZone.secondsFromGMT(for: date))
    let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    return (day, local - day * 86_400)
  }

  /// The same text in any other calendar.
  private static func text(for date: Date, now: Date, seconds: Double, _ timeZone: TimeZone, _ calendar: Calendar)
    -> String
  {
    var calendar = calendar
    calendar.timeZone = timeZone
    if seconds < 86_400, calendar.isDate(date, inSameDayAs: now) { return "\(Int(seconds / 3600))小时前" }
    let clock = Self.clock(date, calendar)
    if let yesterday = calendar.date(byAdding: .day, value: -1, to: now), calendar.isDate(date, inSameDayAs: yesterday) {
      return "昨天 " + clock
    }
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    let monthDay = two(parts.month ?? 0) + "-" + two(parts.day ?? 0) + " " + clock
    if parts.year == calendar.component(.year, from: now) { return monthDay }
    return String(parts.year ?? 0) + "-" + monthDay
  }

  /// The text for a wire `created_at` such as `Tue May 31 17:46:55 +0800 2011`; empty when it does not parse.
  public static func text(
    for createdAt: String, now: Date, timeZone: TimeZone = .current,
    calendar: Calendar = Calendar(identifier: .gregorian)
  ) -> String {
    guard let date = WeiboDate.date(from: createdAt) else { return "" }
    return text(for: date, now: now, timeZone: timeZone, calendar: calendar)
  }

  private static func clock(_ date: Date, _ calendar: Calendar) -> String {
    let parts = calendar.dateComponents([.hour, .minute], from: date)
    return two(parts.hour ?? 0) + ":" + two(parts.minute ?? 0)
  }

  private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
}
