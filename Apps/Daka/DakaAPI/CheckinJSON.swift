import Foundation
import GeoData
import SparrowCore
import SparrowPlatform
import DakaStore
import SparrowStore

/// A check-in as the API returns it.
struct CheckinJSON: Encodable, Sendable {
  /// Where: the country, city and (mainland China) district with their codes, and the exact point for those who
  /// may see it (`CheckinRecord.seen(by:)`). Null when neither a place nor a point is known.
  struct Place: Encodable, Sendable {
    let country: String?
    let countryCode: String?
    let city: String?
    let district: String?
    /// Mainland China: the district's adcode, else the city's.
    let adcode: Int?
    /// Elsewhere: the city's GeoNames id.
    let geonameId: Int?
    let latitude: Double?
    let longitude: Double?

    enum CodingKeys: String, CodingKey {
      case country, countryCode, city, district, adcode, geonameId, latitude, longitude
    }

    /// The names are always there (null when unknown); a code only for its kind of place; the point only when seen.
    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(country, forKey: .country)
      try c.encode(countryCode, forKey: .countryCode)
      try c.encode(city, forKey: .city)
      try c.encode(district, forKey: .district)
      try c.encodeIfPresent(adcode, forKey: .adcode)
      try c.encodeIfPresent(geonameId, forKey: .geonameId)
      try c.encodeIfPresent(latitude, forKey: .latitude)
      try c.encodeIfPresent(longitude, forKey: .longitude)
    }
  }

  struct Pic: Encodable, Sendable {
    let id: String
    let thumbnail: String
    let large: String
    let width: Int
    let height: Int
  }

  let id: Int64
  let date: String
  let location: String
  let spot: String
  let thoughts: String
  let visibility: String
  let place: Place?
  let pics: [Pic]
  let user: User?
  let createdAt: String
  /// 显示精确位置, for the owner only (nil for others, and left out).
  let showExactLocation: Bool?
  /// The trip it belongs to, when the viewer may see that trip (left out otherwise).
  let tripId: Int64?

  enum CodingKeys: String, CodingKey {
    case id, date, location, spot, thoughts, visibility, place, pics, user, createdAt, showExactLocation, tripId
  }

  /// `place` and `user` are written as null when absent, not left out: clients read the key.
  func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(id, forKey: .id)
    try c.encode(date, forKey: .date)
    try c.encode(location, forKey: .location)
    try c.encode(spot, forKey: .spot)
    try c.encode(thoughts, forKey: .thoughts)
    try c.encode(visibility, forKey: .visibility)
    if let place { try c.encode(place, forKey: .place) } else { try c.encodeNil(forKey: .place) }
    try c.encode(pics, forKey: .pics)
    if let user { try c.encode(user, forKey: .user) } else { try c.encodeNil(forKey: .user) }
    try c.encode(createdAt, forKey: .createdAt)
    try c.encodeIfPresent(showExactLocation, forKey: .showExactLocation)
    try c.encodeIfPresent(tripId, forKey: .tripId)
  }
}

/// A trip as the API returns it: what its entries the caller may see add up to; `checkins` (oldest first) and
/// `route` (the points in order, those the caller may see) in `GET trips/{id}` only.
struct TripJSON: Encodable, Sendable {
  let id: Int64
  let name: String
  let visibility: String
  let cover: CheckinJSON.Pic?
  let startDate: String?
  let endDate: String?
  let days: Int
  let countries: [String]
  let cities: [String]
  let distanceKm: Double
  let checkinsCount: Int
  let user: User?
  let createdAt: String
  let checkins: [CheckinJSON]?
  let route: [[Double]]?
}

/// `GET trips`.
struct TripList: Encodable, Sendable {
  let trips: [TripJSON]
  let totalNumber: Int
}

/// A page of entries: `CheckinJSON`s, or the same as kept JSON (`CheckinPresenter.texts`).
struct CheckinList<Item: Encodable & JSONFieldWriting & Sendable>: Encodable, Sendable {
  let checkins: [Item]
  let totalNumber: Int
  let page: Int
}

/// `GET /daka/api/me`: the caller and their journal in numbers.
struct DakaMe: Encodable, Sendable {
  /// A city or district: mainland China's by adcode (a district with its city's), others by GeoNames id.
  struct Visited: Encodable, Sendable {
    let adcode: Int?
    let geonameId: Int?
    let name: String
    let cityAdcode: Int?
    let countryCode: String
    let count: Int
  }

  struct Country: Encodable, Sendable {
    let code: String
    let name: String
    let count: Int
  }

  let user: User?
  let checkinsCount: Int
  let countries: [Country]
  /// Most visited first, in mainland China and elsewhere.
  let cities: [Visited]
  let districts: [Visited]
}

/// Turns stored entries into the API's objects, with their authors loaded in one query.
struct CheckinPresenter: Sendable {
  let store: any PlatformStore
  let journal: any DakaStore
  let baseURL: String
  let viewer: Int64?

  /// What an entry's JSON is made from: its row as the viewer may see it, its author's row, the viewer, and
  /// whether its trip is named to them.
  struct Shown: Equatable, Sendable {
    let record: CheckinRecord
    let user: UserRecord?
    let viewer: Int64?
    let tripShown: Bool
  }

  func checkins(_ records: [CheckinRecord]) async throws -> [CheckinJSON] {
    let (users, trips) = try await people(of: records)
    return records.map { checkin($0, user: users[$0.userID], trips: trips) }
  }

  /// `checkins` as JSON kept in `kept` while what each is made from (`Shown`) stays the same: writing twenty
  /// entries with their authors was a third of a list.
  func texts(_ records: [CheckinRecord], kept: KeptByRecord<Shown, JSONFragment>) async throws -> [JSONFragment] {
    let (users, trips) = try await people(of: records)
    return records.map { text($0, user: users[$0.userID], tripShown: $0.tripID.map(trips.contains) ?? false, kept: kept) }
  }

  /// One entry's JSON, kept in `kept`.
  func text(_ record: CheckinRecord, user: UserRecord?, tripShown: Bool, kept: KeptByRecord<Shown, JSONFragment>)
    -> JSONFragment
  {
    kept.value(record.id, Shown(record: record, user: user, viewer: viewer, tripShown: tripShown)) {
      var out = JSONOutput(capacity: 2_048)
      checkin(record, user: user, trips: tripShown ? Set(record.tripID.map { [$0] } ?? []) : []).writeJSON(&out)
      return JSONFragment(out.bytes)
    }
  }

  /// The authors of `records`, and the trips among theirs named to the viewer.
  private func people(of records: [CheckinRecord]) async throws -> (users: [Int64: UserRecord], trips: Set<Int64>) {
    let users = try await store.users(ids: Array(Set(records.map(\.userID))))
    // A trip is named only to who may see it; a page holds entries of a few trips at most.
    var trips: Set<Int64> = []
    for id in Set(records.compactMap(\.tripID)) where try await journal.trip(id: id, viewer: viewer) != nil { trips.insert(id) }
    return (users, trips)
  }

  func checkin(_ record: CheckinRecord) async throws -> CheckinJSON {
    try await checkins([record])[0]
  }

  func checkin(_ record: CheckinRecord, user: UserRecord?, trips: Set<Int64> = []) -> CheckinJSON {
    CheckinJSON(
      id: record.id, date: record.date, location: record.location, spot: record.spot, thoughts: record.thoughts,
      visibility: record.visibility.rawValue, place: place(record),
      pics: record.pictures.map(pic), user: user.map { User($0, baseURL: baseURL, viewer: viewer) },
      createdAt: WeiboDate.string(from: record.createdAt),
      showExactLocation: viewer == record.userID ? record.showsPoint : nil,
      tripId: record.tripID.flatMap { trips.contains($0) ? $0 : nil })
  }

  /// The entry's place and point, as `record` (already `seen(by:)` the viewer) holds them.
  func place(_ record: CheckinRecord) -> CheckinJSON.Place? {
    guard record.place != nil || record.point != nil else { return nil }
    let place = record.place
    return CheckinJSON.Place(
      country: place?.country, countryCode: place?.countryCode, city: place?.city, district: place?.district,
      adcode: place?.adcode, geonameId: place?.geonameID, latitude: record.point?.latitude,
      longitude: record.point?.longitude)
  }

  func pic(_ picture: PictureRef) -> CheckinJSON.Pic {
    CheckinJSON.Pic(
      id: picture.id, thumbnail: "\(baseURL)/pics/thumbnail/\(picture.fileName)",
      large: "\(baseURL)/pics/large/\(picture.fileName)", width: picture.width, height: picture.height)
  }

  /// A trip as `viewer` sees it (`TripSummary`), with its entries and route when `detailed`.
  func trip(_ summary: TripSummary, user: UserRecord?, detailed: Bool) -> TripJSON {
    let trip = summary.trip
    let ids = Set([trip.id])
    return TripJSON(
      id: trip.id, name: trip.name, visibility: trip.visibility.rawValue, cover: summary.cover.map(pic),
      startDate: summary.firstDate, endDate: summary.lastDate, days: summary.days, countries: summary.countries,
      cities: summary.cities, distanceKm: (summary.distance * 10).rounded() / 10, checkinsCount: summary.entries.count,
      user: user.map { User($0, baseURL: baseURL, viewer: viewer) }, createdAt: WeiboDate.string(from: trip.createdAt),
      checkins: detailed ? summary.entries.map { checkin($0, user: user, trips: ids) } : nil,
      route: detailed ? summary.route.map { [$0.latitude, $0.longitude] } : nil)
  }

  func me(_ user: UserRecord?, stats: CheckinStats) -> DakaMe {
    func visited(_ place: VisitedPlace) -> DakaMe.Visited {
      DakaMe.Visited(adcode: place.adcode, geonameId: nil, name: place.name, cityAdcode: place.cityAdcode,
                     countryCode: GeoData.shared.city(adcode: place.cityAdcode)?.countryCode ?? "CN", count: place.count)
    }
    let abroad = stats.citiesAbroad.map {
      DakaMe.Visited(adcode: nil, geonameId: $0.geonameID, name: $0.name, cityAdcode: nil, countryCode: $0.countryCode,
                     count: $0.count)
    }
    // Most visited first; a stable sort keeps each list's own order within a count.
    let cities = (stats.cities.map(visited) + abroad).enumerated()
      .sorted { ($1.element.count, $0.offset) < ($0.element.count, $1.offset) }.map(\.element)
    return DakaMe(
      user: user.map { User($0, baseURL: baseURL, viewer: viewer) }, checkinsCount: stats.count,
      countries: stats.countries.map { DakaMe.Country(code: $0.code, name: $0.name, count: $0.count) },
      cities: cities, districts: stats.districts.map(visited))
  }
}
