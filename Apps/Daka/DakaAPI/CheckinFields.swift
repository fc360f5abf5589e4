import Foundation
import SparrowCore
import SparrowPlatform
import DakaStore
import GeoData
import SparrowStore

/// The text fields of a check-in, read and checked: date `YYYY-MM-DD` of a day that exists, location and spot
/// (one line, required, at most 50 characters), thoughts (at most 2,000), visibility (`public` or `private`), and
/// the exact point: `latitude` and `longitude` together (both empty: none), `show_exact_location` (`1`/`true`).
package struct CheckinFields: Equatable, Sendable {
  package var date: String
  package var location: String
  package var spot: String
  package var thoughts: String
  package var visibility: CheckinVisibility
  package var point: Coordinate?
  package var showsPoint: Bool

  static let shortLimit = 50
  static let thoughtsLimit = 2_000

  /// The fields of a new entry (`current` nil: every required field must come; private unless said), or of an
  /// edit of `current` (a field not sent keeps its value; one sent empty is refused if required). A date sent may
  /// not be later than today anywhere on Earth at `now`: a journal records what happened.
  package init(_ params: Params, current: CheckinRecord?, now: Date) throws(CheckinInputError) {
    date = try Self.date(params.values["date"]?.last ?? current?.date)
    if params.values["date"] != nil || current == nil, date > Self.latestDay(at: now) { throw .futureDate(date) }
    location = try Self.line(params, "location", current: current?.location)
    spot = try Self.line(params, "spot", current: current?.spot)
    let thoughts = (params.values["thoughts"]?.last ?? current?.thoughts ?? "").replacingOccurrences(of: "\r\n", with: "\n")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    try Self.check("thoughts", thoughts, limit: Self.thoughtsLimit, allowing: ["\n", "\t"])
    self.thoughts = thoughts
    point = try Self.point(params, current: current?.point)
    showsPoint = try Self.flag(params, "show_exact_location", current: current?.showsPoint ?? false)
    guard let visibility = params.values["visibility"]?.last else {
      visibility = current?.visibility ?? .private
      return
    }
    guard let chosen = CheckinVisibility(rawValue: visibility) else {
      throw .badVisibility(visibility)
    }
    self.visibility = chosen
  }

  /// `latitude` and `longitude`, both or neither; both sent empty clear the point; neither sent keeps `current`.
  static func point(_ params: Params, current: Coordinate?) throws(CheckinInputError) -> Coordinate? {
    let latitude = params.values["latitude"]?.last?.trimmingCharacters(in: .whitespaces)
    let longitude = params.values["longitude"]?.last?.trimmingCharacters(in: .whitespaces)
    switch (latitude, longitude) {
    case (nil, nil): return current
    case ("", ""): return nil
    case (let lat?, let lng?):
      guard lat.count <= 20, lng.count <= 20, let y = Double(lat), let x = Double(lng), (-90...90).contains(y),
        (-180...180).contains(x), y.isFinite, x.isFinite
      else { throw .badPoint }
      // Six decimals (~10 cm) is all a phone's GPS knows.
      return Coordinate(latitude: (y * 1e6).rounded() / 1e6, longitude: (x * 1e6).rounded() / 1e6)
    default: throw .badPoint
    }
  }

  /// A checkbox or boolean: `1`, `true`, `on` or `0`, `false`, `off`, `` ; not sent keeps `current`.
  static func flag(_ params: Params, _ name: String, current: Bool) throws(CheckinInputError) -> Bool {
    guard let value = params.values[name]?.last?.lowercased() else { return current }
    switch value {
    case "1", "true", "on", "yes": return true
    case "0", "false", "off", "no", "": return false
    default: throw .badFlag(name)
    }
  }

  /// A required one-line field.
  private static func line(_ params: Params, _ name: String, current: String?) throws(CheckinInputError) -> String {
    let value = (params.values[name]?.last ?? current ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    guard !value.isEmpty else { throw .missing(name) }
    try check(name, value, limit: shortLimit, allowing: [])
    return value
  }

  /// Refuses text over `limit` characters, or with control characters other than `allowing`.
  private static func check(_ name: String, _ value: String, limit: Int, allowing: Set<Character>) throws(CheckinInputError) {
    switch TextLimit(limit).check(value) {
    case .fits: break
    case .tooLong(let count): throw .tooLong(name, limit: limit, count: count)
    case .tooHeavy: throw .tooHeavy(name, limit: limit)
    }
    if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && !allowing.contains(Character($0)) }) {
      throw .controlCharacter(name, multiline: !allowing.isEmpty)
    }
  }

  /// `YYYY-MM-DD` naming a day that exists, between 1900 and 2100.
  static func date(_ text: String?) throws(CheckinInputError) -> String {
    guard let text, !text.isEmpty else { throw .missing("date") }
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard text.utf8.count == 10, parts.count == 3, parts.map(\.count) == [4, 2, 2],
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1900...2100).contains(year),
      isDay(year: year, month: month, day: day)
    else { throw .badDate(text) }
    return text
  }

  /// The date it already is at `now` where the day begins first (UTC+14), as `YYYY-MM-DD`.
  static func latestDay(at now: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 14 * 3600)!
    let day = calendar.dateComponents([.year, .month, .day], from: now)
    return String(format: "%04d-%02d-%02d", day.year ?? 0, day.month ?? 0, day.day ?? 0)
  }

  private static func isDay(year: Int, month: Int, day: Int) -> Bool {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    guard (1...12).contains(month), day >= 1,
      let date = calendar.date(from: DateComponents(year: year, month: month, day: day))
    else { return false }
    return calendar.component(.day, from: date) == day && calendar.component(.month, from: date) == month
  }

  /// A value sent by the client, cut short for a message.
  static func shown(_ value: String) -> String { value.count > 40 ? String(value.prefix(40)) + "…" : value }
}
