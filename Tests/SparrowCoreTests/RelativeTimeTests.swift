import Foundation
import SparrowCore
import Testing

/// `2023-03-08T14:05:30+08:00` as a date.
func instant(_ text: String) -> Date {
  let formatter = ISO8601DateFormatter()
  guard let date = formatter.date(from: text) else { fatalError("bad test date \(text)") }
  return date
}

let beijing = TimeZone(secondsFromGMT: 8 * 3600)!

@Test(arguments: [
  ("2023-03-08T14:05:30+08:00", "刚刚"),
  ("2023-03-08T14:04:31+08:00", "刚刚"),
  ("2023-03-08T14:10:30+08:00", "刚刚"),  // five minutes ahead: clock skew
  ("2024-01-01T00:00:00+08:00", "刚刚"),  // far ahead
  ("2023-03-08T14:04:30+08:00", "1分钟前"),
  ("2023-03-08T13:06:00+08:00", "59分钟前"),
  ("2023-03-08T13:05:30+08:00", "1小时前"),
  ("2023-03-08T00:00:00+08:00", "14小时前"),
  ("2023-03-07T23:59:59+08:00", "昨天 23:59"),  // under a day, but yesterday
  ("2023-03-07T14:05:31+08:00", "昨天 14:05"),
  ("2023-03-07T00:00:00+08:00", "昨天 00:00"),
  ("2023-03-06T23:59:59+08:00", "03-06 23:59"),
  ("2023-01-01T00:00:00+08:00", "01-01 00:00"),
  ("2022-12-31T23:59:59+08:00", "2022-12-31 23:59"),
  ("2009-08-28T09:07:00+08:00", "2009-08-28 09:07"),
])
func relativeTimeReadsAsTheNotesSay(_ created: String, _ expected: String) {
  let now = instant("2023-03-08T14:05:30+08:00")

  let text = RelativeTime.text(for: instant(created), now: now, timeZone: beijing)

  #expect(text == expected)
}

@Test(arguments: [
  ("2023-01-01T00:30:00+08:00", "2022-12-31T23:45:00+08:00", "45分钟前"),
  ("2023-01-01T00:30:00+08:00", "2022-12-31T20:00:00+08:00", "昨天 20:00"),
  ("2023-01-01T10:00:00+08:00", "2022-12-31T09:00:00+08:00", "昨天 09:00"),
  ("2023-01-01T10:00:00+08:00", "2022-12-30T23:59:00+08:00", "2022-12-30 23:59"),
  ("2024-03-01T08:00:00+08:00", "2024-02-29T21:00:00+08:00", "昨天 21:00"),
  ("2024-03-01T08:00:00+08:00", "2024-02-28T21:00:00+08:00", "02-28 21:00"),
])
func relativeTimeAcrossYearAndMonthBoundaries(_ now: String, _ created: String, _ expected: String) {
  let text = RelativeTime.text(for: instant(created), now: instant(now), timeZone: beijing)

  #expect(text == expected)
}

@Test(arguments: [
  ("Asia/Shanghai", "10小时前"),
  ("UTC", "昨天 20:00"),
  ("America/Los_Angeles", "10小时前"),
  ("Asia/Tokyo", "10小时前"),
  ("America/New_York", "昨天 15:00"),
  ("Pacific/Kiritimati", "10小时前"),
])
func relativeTimeTakesCalendarDaysInTheGivenTimeZone(_ zone: String, _ expected: String) throws {
  let created = instant("2023-03-07T20:00:00Z")
  let now = instant("2023-03-08T06:00:00Z")
  let timeZone = try #require(TimeZone(identifier: zone))

  let text = RelativeTime.text(for: created, now: now, timeZone: timeZone)

  #expect(text == expected)
}

@Test(arguments: [
  ("Tue Mar 07 23:00:00 +0800 2023", "昨天 23:00"),
  ("Tue Mar 07 15:00:00 +0000 2023", "昨天 23:00"),
  ("Wed Mar 08 14:00:00 +0800 2023", "5分钟前"),
  ("yesterday", ""),
  ("", ""),
])
func relativeTimeReadsTheWireFormatAndIsEmptyForGarbage(_ createdAt: String, _ expected: String) {
  let now = instant("2023-03-08T14:05:30+08:00")

  let text = RelativeTime.text(for: createdAt, now: now, timeZone: beijing)

  #expect(text == expected)
}

/// The Gregorian arithmetic says what Foundation's calendar says, in zones with and without daylight saving and
/// across their changes, for times from seconds to years apart (the calendar path is taken through a calendar
/// that is not Gregorian but counts days the same way: ISO 8601).
@Test(arguments: ["Asia/Shanghai", "America/New_York", "Europe/London", "Australia/Lord_Howe", "UTC", "Pacific/Kiritimati"])
func relativeTimeArithmeticAgreesWithTheCalendar(_ zone: String) throws {
  let timeZone = try #require(TimeZone(identifier: zone))
  var random = SystemRandomNumberGenerator()
  let iso = Calendar(identifier: .iso8601)
  for _ in 0..<3_000 {
    // Around the daylight-saving changes of 2023 and far back.
    let now = Date(timeIntervalSince1970: Double.random(in: 1_672_531_200...1_704_067_200, using: &random))
    let back = [Double.random(in: 0...7_200, using: &random), Double.random(in: 0...200_000, using: &random),
                Double.random(in: 0...400_000_000, using: &random)].randomElement(using: &random)!
    let date = now - back
    #expect(RelativeTime.text(for: date, now: now, timeZone: timeZone)
            == RelativeTime.text(for: date, now: now, timeZone: timeZone, calendar: iso), "\(zone) \(date) \(now)")
  }
}
