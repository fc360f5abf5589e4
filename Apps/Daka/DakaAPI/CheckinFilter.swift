import Foundation
import GeoData
import SparrowPlatform
import DakaStore
import SparrowStore

/// What a list of entries is narrowed to, from its query: `year`, `country` (ISO 3166-1 alpha-2), `city`
/// (mainland China's adcode) or `geoname_id` (a city elsewhere). The API refuses a bad value; pages ignore it.
package struct CheckinFilter: Sendable, Equatable {
  package var year: Int?
  package var countryCode: String?
  package var cityAdcode: Int?
  package var geonameID: Int?

  package init(year: Int? = nil, countryCode: String? = nil, cityAdcode: Int? = nil, geonameID: Int? = nil) {
    self.year = year
    self.countryCode = countryCode
    self.cityAdcode = cityAdcode
    self.geonameID = geonameID
  }

  /// The filter `params` ask for; `strict` throws `EnvelopeError` at a bad value (the API), else it is left out.
  package init(_ params: Params, strict: Bool) throws {
    func number(_ name: String, _ range: ClosedRange<Int>) throws -> Int? {
      guard let text = params[name], !text.isEmpty else { return nil }
      guard let value = Int(text), range.contains(value) else {
        if strict { throw EnvelopeError.badParameter(name, expected: "an integer in \(range)", got: CheckinFields.shown(text)) }
        return nil
      }
      return value
    }
    year = try number("year", 1900...2100)
    cityAdcode = try number("city", 100_000...999_999)
    geonameID = try number("geoname_id", 1...99_999_999)
    if let code = params["country"], !code.isEmpty {
      if code.count == 2, GeoData.shared.world.country(code: code) != nil {
        countryCode = code.uppercased()
      } else if strict {
        throw EnvelopeError.badParameter("country", expected: "an ISO 3166-1 alpha-2 code", got: CheckinFields.shown(code))
      }
    }
  }

  package var isEmpty: Bool { self == CheckinFilter() }

  /// `query` narrowed by this filter.
  package func applied(to query: CheckinQuery) -> CheckinQuery {
    var query = query
    query.year = year
    query.countryCode = countryCode
    query.cityAdcode = cityAdcode
    query.geonameID = geonameID
    return query
  }

  /// The query pairs that ask for this filter again.
  package var pairs: [(String, String)] {
    [("year", year.map(String.init)), ("country", countryCode), ("city", cityAdcode.map(String.init)),
     ("geoname_id", geonameID.map(String.init))].compactMap { name, value in value.map { (name, $0) } }
  }

  /// 2025年 · 日本 · 东京, for a page's heading.
  package var label: String {
    let geo = GeoData.shared
    return [year.map { "\($0)年" }, countryCode.map { code in geo.world.country(code: code)?.name ?? code },
            cityAdcode.map { geo.city(adcode: $0)?.name ?? String($0) },
            geonameID.map { geo.world.city(geonameID: $0)?.name ?? String($0) }].compactMap { $0 }.joined(separator: " · ")
  }
}
