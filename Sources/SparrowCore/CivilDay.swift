/// A day of the proleptic Gregorian calendar from days since 1970-01-01, by integer arithmetic (Howard Hinnant's
/// civil_from_days): Calendar is slow on Linux, and the wire formats that need it run for every object of a page.
public struct CivilDay: Sendable, Equatable {
  public let year: Int
  public let month: Int
  public let day: Int

  public init(daysSince1970 days: Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    day = Int(dayOfYear - (153 * mp + 2) / 5 + 1)
    month = Int(mp < 10 ? mp + 3 : mp - 9)
    year = Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
  }

  /// `YYYY-MM-DD`, read without checking that the day exists (entries' dates are checked when written).
  public init?(text: String) {
    let parts = text.split(separator: "-")
    guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// The inverse (days_from_civil): days since 1970-01-01.
  public var daysSince1970: Int64 {
    let y = Int64(month <= 2 ? year - 1 : year)
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let m = Int64(month)
    let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
