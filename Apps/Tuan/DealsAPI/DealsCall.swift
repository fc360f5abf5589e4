import Foundation
import GeoData
import SparrowCore
import SparrowPlatform
import SparrowStore
import TuanStore

/// One verified call: its parameters (each sent once), the caller's key, the time.
package struct DealsCall: Sendable {
  let values: [String: String]
  let key: DealsKeyRecord
  let now: Date

  /// Checks the key and the signature before anything else is read; duplicate names are refused, since the
  /// signature would not say which value was meant.
  static func verify(_ params: Params, store: any DealsKeyStore, keys: KeptDealsKeys, now: Date) async throws -> DealsCall {
    var values: [String: String] = [:]
    for (name, list) in params.values {
      guard list.count == 1 else { throw DealsError.invalid(DealsError.shown(name), "sent more than once") }
      values[name] = list[0]
    }
    guard let appKey = values["appkey"], !appKey.isEmpty else { throw DealsError.badKey("missing required parameter: appkey") }
    guard let sign = values["sign"], !sign.isEmpty else { throw DealsError.badSign("missing required parameter: sign") }
    guard appKey.utf8.count <= 64, let key = try await keys.key(appKey, { try await store.dealsKey(clientID: appKey) }) else {
      throw DealsError.badKey("unknown appkey: \(DealsError.shown(appKey))")
    }
    let expected = DealsSignature.sign(appKey: appKey, secret: key.secret, params: values.map { ($0.key, $0.value) })
    guard Secrets.equal(expected, sign.uppercased()) else { throw DealsError.badSign("invalid sign") }
    if let format = values["format"], format.lowercased() != "json" { throw DealsError.unsupportedFormat }
    return DealsCall(values: values, key: key, now: now)
  }

  // MARK: Reading parameters

  /// A parameter's value; empty counts as absent.
  func string(_ name: String) -> String? {
    guard let value = values[name].map(Self.trimmed), !value.isEmpty else { return nil }
    return value
  }

  /// `text` without the spaces around it; most values have none, and are returned without Foundation's trimming
  /// (a tenth of a small call's own time).
  static func trimmed(_ text: String) -> String {
    guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
      first.properties.isWhitespace || last.properties.isWhitespace
    else { return text }
    return text.trimmingCharacters(in: .whitespaces)
  }

  func require(_ name: String) throws -> String {
    guard let value = string(name) else { throw DealsError.missing(name) }
    return value
  }

  /// An integer in `range`, `fallback` when absent.
  func int(_ name: String, default fallback: Int, in range: ClosedRange<Int>) throws -> Int {
    guard let text = string(name) else { return fallback }
    guard let value = Int(text) else { throw DealsError.invalid(name, "expected an integer, got \(DealsError.shown(text))") }
    guard range.contains(value) else {
      throw DealsError.invalid(name, "must be between \(range.lowerBound) and \(range.upperBound)")
    }
    return value
  }

  /// A 0/1 flag, nil when absent.
  func flag(_ name: String) throws -> Bool? {
    guard string(name) != nil else { return nil }
    return try int(name, default: 0, in: 0...1) == 1
  }

  func double(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
    guard let text = string(name) else { return nil }
    guard let value = Double(text), value.isFinite, text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" })
    else { throw DealsError.invalid(name, "expected a number, got \(DealsError.shown(text))") }
    guard range.contains(value) else {
      throw DealsError.invalid(name, "must be between \(range.lowerBound) and \(range.upperBound)")
    }
    return value
  }

  /// `latitude` and `longitude` together, with `radius` (1…5000 m, 1000 by default), or nil without them.
  func circle() throws -> GeoCircle? {
    let latitude = try double("latitude", in: -90...90)
    let longitude = try double("longitude", in: -180...180)
    let radius = try int("radius", default: 1000, in: 1...5000)
    switch (latitude, longitude) {
    case (nil, nil): return nil
    case (nil, _): throw DealsError.missing("latitude")
    case (_, nil): throw DealsError.missing("longitude")
    case let (latitude?, longitude?): return GeoCircle(latitude: latitude, longitude: longitude, radius: Double(radius))
    }
  }

  /// `limit` (1…40, 20) and `page` (1-based) as a limit and an offset.
  func paging() throws -> (limit: Int, offset: Int) {
    let limit = try int("limit", default: 20, in: 1...40)
    let page = try int("page", default: 1, in: 1...100_000)
    return (limit, (page - 1) * limit)
  }

  // MARK: Names

  /// The city a name means: the short name (长沙) or the official one (长沙市).
  func city(_ name: String = "city") throws -> City {
    let text = try require(name)
    guard let city = GeoData.shared.city(named: text) else { throw DealsError.unknownName(name, text) }
    return city
  }

  /// Comma-separated cities, at most `max`.
  func cities(_ name: String = "city", max: Int) throws -> [City] {
    let names = try list(name)
    guard names.count <= max else { throw DealsError.invalid(name, "at most \(max) cities") }
    return try names.map {
      guard let city = GeoData.shared.city(named: $0) else { throw DealsError.unknownName(name, $0) }
      return city
    }
  }

  /// `region` in `city`: one of its districts (全称 or short name), or a 商圈 of one of them.
  func region(in city: City) throws -> (district: District?, neighbourhood: String?) {
    guard let text = string("region") else { return (nil, nil) }
    let geo = GeoData.shared
    if let district = geo.district(named: text, in: city) { return (district, nil) }
    for district in geo.districts(of: city) where geo.neighbourhoods(of: district).contains(where: { $0.name == text }) {
      return (district, text)
    }
    throw DealsError.unknownName("region", text)
  }

  /// `category`: comma-separated names of categories or subcategories (at most `max`), as top-level names and
  /// subcategory names; 全部 and 全部分类 are no filter.
  func categories(max: Int = 10) throws -> (categories: [String], subcategories: [String]) {
    let names = try list("category").filter { $0 != DealCategory.all && $0 != DealCategory.allCategories }
    guard names.count <= max else { throw DealsError.invalid("category", "at most \(max) categories") }
    var top: [String] = [], sub: [String] = []
    for name in names {
      if DealCategory.named(name) != nil {
        top.append(name)
      } else if !DealCategory.parents(of: name).isEmpty {
        sub.append(name)
      } else {
        throw DealsError.unknownName("category", name)
      }
    }
    return (top, sub)
  }

  func list(_ name: String) throws -> [String] {
    guard let text = string(name) else { return [] }
    return text.split(whereSeparator: { $0 == "," || $0 == "，" }).map { Self.trimmed(String($0)) }
      .filter { !$0.isEmpty }
  }

  // MARK: Dates

  static let zone = TimeZone(secondsFromGMT: 8 * 3600)!

  /// `YYYY-MM-DD`, the start of that day in China.
  func day(_ name: String) throws -> Date {
    let text = try require(name)
    guard let date = Self.parse(text, format: "yyyy-MM-dd") else {
      throw DealsError.invalid(name, "expected YYYY-MM-DD, got \(DealsError.shown(text))")
    }
    return date
  }

  /// `YYYY-MM-DD hh:mm:ss` (24 h), China time.
  func time(_ name: String) throws -> Date {
    let text = try require(name)
    guard let date = Self.parse(text, format: "yyyy-MM-dd HH:mm:ss") else {
      throw DealsError.invalid(name, "expected YYYY-MM-DD hh:mm:ss, got \(DealsError.shown(text))")
    }
    return date
  }

  static func parse(_ text: String, format: String) -> Date? {
    guard text.count == format.count, text.allSatisfy({ $0.isASCII }) else { return nil }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = zone
    formatter.dateFormat = format
    formatter.isLenient = false
    guard let date = formatter.date(from: text), formatter.string(from: date) == text else { return nil }
    return date
  }

  /// `YYYY-MM-DD` in China (UTC+8, no daylight saving), or with `withTime` `YYYY-MM-DD hh:mm:ss`. By arithmetic:
  /// a DateFormatter per deal cost more than the whole search.
  package static func format(_ date: Date, withTime: Bool = false) -> String {
    let seconds = Int64((date.timeIntervalSince1970).rounded(.down)) + 8 * 3600
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let second = seconds - days * 86_400
    let civil = CivilDay(daysSince1970: days)
    let (year, month, day) = (Int64(civil.year), Int64(civil.month), Int64(civil.day))
    func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : String(n) }
    let text = "\(year)-\(two(month))-\(two(day))"
    guard withTime else { return text }
    return text + " \(two(second / 3600)):\(two(second % 3600 / 60)):\(two(second % 60))"
  }

  // MARK: Ids

  /// A deal id `n-m` (ours are `1-<id>`): nil for a well-formed id that cannot be ours; 10002 when malformed.
  package static func dealID(_ text: String, parameter: String) throws -> Int64? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 18 && $0.allSatisfy { $0.isASCII && $0.isNumber } })
    else { throw DealsError.invalid(parameter, "expected a deal id like 1-219960, got \(DealsError.shown(text))") }
    guard parts[0] == "1", let id = Int64(parts[1]), id > 0 else { return nil }
    return id
  }

  package static func dealID(_ id: Int64) -> String { "1-\(id)" }
}
