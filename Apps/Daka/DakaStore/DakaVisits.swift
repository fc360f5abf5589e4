import GeoData
import SparrowStore
import Synchronization

/// Where each person has been, kept (`daka_visits`, `daka-v7`): a row for each city, district, city abroad, country
/// and year of their entries, with how many entries and one of them (`sample`, the oldest by id) whose columns name
/// the place. 我的 reads its numbers, places and map from these few rows instead of grouping all of a traveller's
/// entries five ways on every visit (`CheckinStats`), so the page costs the same for a journal of ten entries or of
/// ten thousand. The names stay the entries' own, read through the sample: nothing is copied that a change to the
/// entries (`daka-v4`'s official names) would leave behind.
///
/// Kept by the store in the transactions that write entries (`moved`), as `DakaCounts` is, and not by triggers:
/// `migrate-data` copies the rows into a database whose triggers would count them again. The counts move by
/// increments, which concurrent writers add up correctly; the sample is chosen again whenever an entry comes or goes.
///
/// Kinds, in the order 我的 lists them: 1 a city of mainland China (`key` its adcode), 2 a district, 3 a city
/// elsewhere (`key` its GeoNames id), 4 a country (`code` its ISO code, `key` 0), 5 a year (`key`; no sample).
package enum DakaVisits {
  /// Each kind's grouping of entries: its key and code as `daka_visits` keeps them, what it groups by, and which
  /// entries have one.
  struct Kind {
    let number: Int
    let key: String, code: String, group: String
    let entries: String
  }

  static let city = Kind(number: 1, key: "city_adcode", code: "''", group: "city_adcode", entries: "city_adcode IS NOT NULL")
  static let district = Kind(number: 2, key: "district_adcode", code: "''", group: "district_adcode",
                             entries: "district_adcode IS NOT NULL")
  static let abroad = Kind(number: 3, key: "geoname_id", code: "''", group: "geoname_id", entries: "geoname_id IS NOT NULL")
  // An entry has a country when it has a city of either kind (`CheckinRecord`'s place).
  static let country = Kind(number: 4, key: "0", code: "country_code", group: "country_code",
                            entries: "country_code IS NOT NULL AND (city_adcode IS NOT NULL OR geoname_id IS NOT NULL)")
  static let year = Kind(number: 5, key: "CAST(substr(day, 1, 4) AS BIGINT)", code: "''",
                         group: "CAST(substr(day, 1, 4) AS BIGINT)", entries: "day IS NOT NULL")

  static let kinds = [city, district, abroad, country, year]

  /// The rows from the entries, for the migration that adds them (an empty database gets none, so a copy into it
  /// brings them as they are).
  package static let recount: [String] = kinds.map { kind in
    """
    INSERT INTO daka_visits (user_id, kind, key, code, sample, n)
    SELECT user_id, \(kind.number), \(kind.key), \(kind.code), \(kind.number == year.number ? "CAST(NULL AS BIGINT)" : "min(id)"), count(*)
    FROM daka_checkins WHERE \(kind.entries) GROUP BY user_id, \(kind.group)
    """
  }

  /// The statements that move `checkin`'s groups when it is written (`delta` 1) or removed (-1), run after the
  /// entry's own row is written or removed.
  package static func moved(_ checkin: CheckinRecord, by delta: Int) -> [SQL] {
    let user = checkin.userID
    // Each group with the entries it counts, whose oldest is its sample (a year has none).
    var groups: [(kind: Kind, key: Int64, code: String, entries: SQL?)] = []
    if let place = checkin.place {
      if let city = place.cityAdcode { groups.append((Self.city, Int64(city), "", "city_adcode = \(Int64(city))")) }
      if let district = place.districtAdcode {
        groups.append((Self.district, Int64(district), "", "district_adcode = \(Int64(district))"))
      }
      if let city = place.geonameID { groups.append((abroad, Int64(city), "", "geoname_id = \(Int64(city))")) }
      groups.append((country, 0, place.countryCode, "country_code = \(place.countryCode)"))
    }
    if let year = Int(checkin.date.prefix(4)) { groups.append((Self.year, Int64(year), "", nil)) }
    var statements: [SQL] = []
    for (kind, key, code, entries) in groups {
      let row: SQL = "user_id = \(user) AND kind = \(Int64(kind.number)) AND key = \(key) AND code = \(code)"
      statements.append("""
        INSERT INTO daka_visits (user_id, kind, key, code, n) VALUES (\(user), \(Int64(kind.number)), \(key), \(code), \(Int64(delta))) \
        ON CONFLICT (user_id, kind, key, code) DO UPDATE SET n = daka_visits.n + excluded.n
        """)
      if delta < 0 { statements.append("DELETE FROM daka_visits WHERE \(sql: row) AND n <= 0") }
      if let entries {
        statements.append("""
          UPDATE daka_visits SET sample = (SELECT min(id) FROM daka_checkins WHERE user_id = \(user) AND \(sql: entries)) \
          WHERE \(sql: row)
          """)
      }
    }
    return statements
  }

  /// `read`'s kind of a person's own exact points (`withPoints`), after the stats' kinds: `key` the entry's id,
  /// `name` its spot, `code` its country, with its date, creation and coordinates.
  static let points = 6

  /// A person's stats from the kept rows, and with `withPoints` their own exact points: one statement (我的 read
  /// them in two, each a round trip on PostgreSQL). Their count (`daka_counts`) first, then each kind in its order
  /// (most entries first, then by key; years newest first), then the points oldest first (by date, then creation).
  /// Columns: kind, key, name, parent (a place's city), code (a country's, or a city abroad's country), count, an
  /// order, a point's date, creation, latitude and longitude. `textNull`, `integerNull` and `realNull` are the
  /// engine's typed nulls (PostgreSQL needs the type in a union).
  package static func read(_ userID: Int64, withPoints: Bool = false, textNull: String = "NULL",
                           integerNull: String = "NULL", realNull: String = "NULL") -> SQL {
    let unplaced = "\(textNull) AS day, \(integerNull) AS created, \(realNull) AS latitude, \(realNull) AS longitude"
    let points: SQL = !withPoints ? "" : """
      UNION ALL SELECT \(raw: String(Self.points)), id, spot, \(raw: integerNull), country_code, 0, 0, day, created_at, \
      latitude, longitude FROM daka_checkins WHERE user_id = \(userID) AND latitude IS NOT NULL
      """
    return """
    SELECT 0 AS kind, 0 AS key, \(raw: textNull) AS name, \(raw: integerNull) AS parent, \(raw: textNull) AS code, \
    entries AS n, 0 AS s, \(raw: unplaced) FROM daka_counts WHERE user_id = \(userID)
    UNION ALL SELECT v.kind, v.key, \
    CASE v.kind WHEN 1 THEN c.city WHEN 2 THEN c.district WHEN 3 THEN c.city WHEN 4 THEN c.country END, c.city_adcode, \
    CASE v.kind WHEN 3 THEN c.country_code WHEN 4 THEN v.code END, v.n, CASE WHEN v.kind = 5 THEN -v.key ELSE -v.n END, \
    \(raw: unplaced) FROM daka_visits v LEFT JOIN daka_checkins c ON c.id = v.sample WHERE v.user_id = \(userID)
    \(sql: points)
    ORDER BY kind, s, day, created, key, code
    """
  }

  /// One of `read`'s rows: kind, key, name, parent, code and count; a point's date, latitude and longitude.
  package typealias Row = (kind: Int, key: Int64, name: String?, parent: Int?, code: String?, count: Int, day: String?,
                           latitude: Double?, longitude: Double?)

  /// `read`'s rows as the stats 我的 shows, and the points (none unless read `withPoints`).
  package static func stats(_ rows: [Row]) -> (stats: CheckinStats, points: [CheckinPoint]) {
    var stats = CheckinStats(count: 0, cities: [], districts: [], citiesAbroad: [], countries: [], years: [])
    var points: [CheckinPoint] = []
    for row in rows {
      let key = Int(row.key)
      switch row.kind {
      case 0: stats.count = row.count
      case 1: stats.cities.append(VisitedPlace(adcode: key, name: row.name ?? "", cityAdcode: key, count: row.count))
      case 2: stats.districts.append(VisitedPlace(adcode: key, name: row.name ?? "", cityAdcode: row.parent ?? 0, count: row.count))
      case 3: stats.citiesAbroad.append(VisitedCity(geonameID: key, name: row.name ?? "", countryCode: row.code ?? "", count: row.count))
      case 4: stats.countries.append(VisitedCountry(code: row.code ?? "", name: row.name ?? "", count: row.count))
      case year.number: stats.years.append((year: key, count: row.count))
      case Self.points:
        if let latitude = row.latitude, let longitude = row.longitude {
          points.append(CheckinPoint(id: row.key, date: row.day ?? "", spot: row.name ?? "",
                                     point: Coordinate(latitude: latitude, longitude: longitude), countryCode: row.code))
        }
      default: break
      }
    }
    return (stats, points)
  }
}

/// Each person's numbers and points (`DakaVisits.read`) as last read, by their journal's version
/// (`DakaCounts.version`): 我的 reads the version with its list, in the same statement, and reads the visits again
/// only when it moved, which only a write of one of the person's entries does. So a visit to 我的 is one round trip
/// on PostgreSQL, not two. What is kept under a version was read after the version was (in the same snapshot on
/// SQLite), never older; a version kept is not replaced by an older one.
package final class KeptVisits: Sendable {
  package typealias Visits = (stats: CheckinStats, points: [CheckinPoint])

  private final class Kept: Sendable {
    let version: Int64
    let stats: CheckinStats
    let points: [CheckinPoint]
    init(version: Int64, _ visits: Visits) {
      self.version = version
      (stats, points) = visits
    }
  }

  private let kept: Mutex<Generations<Int64, Kept>>
  private let pointLimit: Int

  /// `limit` people a generation. A person's numbers are a few hundred bytes and each point about a hundred more:
  /// one with more than `pointLimit` points is read each time, as before, so the keep stays within tens of megabytes.
  package init(limit: Int = 1_000, pointLimit: Int = 500) {
    kept = Mutex(Generations(limit: limit))
    self.pointLimit = pointLimit
  }

  /// `user`'s visits as kept at `version`, if they are.
  package func visits(of user: Int64, at version: Int64) -> Visits? {
    guard let found = kept.withLock({ $0[user] }), found.version == version else { return nil }
    return (found.stats, found.points)
  }

  /// Keeps `visits`, read after `user`'s journal was at `version`; gives them back.
  @discardableResult
  package func keep(_ visits: Visits, of user: Int64, at version: Int64) -> Visits {
    guard visits.points.count <= pointLimit else { return visits }
    kept.withLock { kept in
      if let held = kept[user], held.version > version { return }
      kept[user] = Kept(version: version, visits)
    }
    return visits
  }
}
