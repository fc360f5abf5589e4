import Foundation
import SparrowCore
import Testing

/// `CivilDay` both ways, against Foundation's Gregorian calendar in UTC, across leap days and centuries.
@Test func civilDaysRoundTripAndAgreeWithTheCalendar() throws {
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = TimeZone(identifier: "UTC")!
  // From 1600 to 2400: before 1582 Foundation's calendar turns Julian.
  for days in stride(from: Int64(-135_000), through: 157_000, by: 97) + [-1, 0, 59, 60, 11_016, 10_957] {
    let day = CivilDay(daysSince1970: days)
    #expect(day.daysSince1970 == days)
    let date = Date(timeIntervalSince1970: Double(days) * 86_400)
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    #expect([day.year, day.month, day.day] == [parts.year, parts.month, parts.day])
  }
  #expect(CivilDay(text: "2024-02-29")?.daysSince1970 == 19_782)
  #expect(CivilDay(text: "1970-01-01")?.daysSince1970 == 0)
  #expect(CivilDay(text: "2024-13-01") == nil && CivilDay(text: "x") == nil)
}
