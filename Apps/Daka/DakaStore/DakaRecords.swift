import Foundation
import GeoData
import SparrowStore

/// Who may see a check-in: everyone, or only its author (the default).
package enum CheckinVisibility: String, Sendable, Equatable, CaseIterable {
  case `public`, `private`
}

/// The known place a check-in is linked to: in mainland China a city (by adcode) and maybe its district, elsewhere
/// a country or territory and a city (by GeoNames id). From the location's words (`GeoData.match(freeText:)`,
/// `World.match(freeText:)`) or from a point (`GeoData.whereabouts(of:)`).
package struct CheckinPlace: Sendable, Equatable {
  /// ISO 3166-1 alpha-2: CN for mainland China, JP, HK …
  package var countryCode: String
  /// 中国, 日本, 中国香港.
  package var country: String
  /// Mainland China's: the city's adcode.
  package var cityAdcode: Int?
  /// Elsewhere: the city's GeoNames id.
  package var geonameID: Int?
  /// The city's name: 杭州 (short, as every list of cities writes it), 东京, Reykjavík.
  package var city: String
  /// Mainland China's, nil when the location names only the city.
  package var districtAdcode: Int?
  /// The district's official name: 西湖区.
  package var district: String?
  /// The names, pinyin and initials of the country, city and district, space-separated: what search matches.
  package var keys: String

  /// A place in mainland China.
  package init(cityAdcode: Int, city: String, districtAdcode: Int? = nil, district: String? = nil, keys: String = "") {
    self.init(countryCode: "CN", country: "中国", cityAdcode: cityAdcode, geonameID: nil, city: city,
              districtAdcode: districtAdcode, district: district, keys: keys)
  }

  package init(countryCode: String, country: String, cityAdcode: Int? = nil, geonameID: Int?, city: String,
               districtAdcode: Int? = nil, district: String? = nil, keys: String) {
    self.countryCode = countryCode
    self.country = country
    self.cityAdcode = cityAdcode
    self.geonameID = geonameID
    self.city = city
    self.districtAdcode = districtAdcode
    self.district = district
    self.keys = keys
  }

  /// The most precise adcode (mainland China): the district's, else the city's.
  package var adcode: Int? { districtAdcode ?? cityAdcode }
}

/// One 打卡 entry: a day at a place, with thoughts and up to five pictures.
package struct CheckinRecord: Sendable, Equatable {
  package var id: Int64
  package var userID: Int64
  /// The day of the visit, `YYYY-MM-DD` (so text order is date order).
  package var date: String
  package var location: String
  package var spot: String
  package var thoughts: String
  package var visibility: CheckinVisibility
  package var place: CheckinPlace?
  package var pictures: [PictureRef]
  package var createdAt: Date
  /// Where exactly (the photo's GPS, or a point the owner chose): the owner's alone (`seen(by:)`), unless
  /// `showsPoint` on a public entry.
  package var point: Coordinate?
  /// 显示精确位置: the owner lets everyone who may see the (public) entry see its point.
  package var showsPoint: Bool
  /// The trip it belongs to (`DakaStore.saveTrip`), if any.
  package var tripID: Int64?

  package init(id: Int64, userID: Int64, date: String, location: String, spot: String, thoughts: String = "",
               visibility: CheckinVisibility = .private, place: CheckinPlace? = nil, pictures: [PictureRef] = [],
               createdAt: Date, point: Coordinate? = nil, showsPoint: Bool = false, tripID: Int64? = nil) {
    self.id = id
    self.userID = userID
    self.date = date
    self.location = location
    self.spot = spot
    self.thoughts = thoughts
    self.visibility = visibility
    self.place = place
    self.pictures = pictures
    self.createdAt = createdAt
    self.point = point
    self.showsPoint = showsPoint
    self.tripID = tripID
  }

  /// The entry as `viewer` may receive it: the exact point only for its owner, or for anyone when the owner chose
  /// 显示精确位置 on a public entry. Every engine's read of entries for a viewer ends here.
  package func seen(by viewer: Int64?) -> CheckinRecord {
    guard point != nil, viewer != userID, !(showsPoint && visibility == .public) else { return self }
    var seen = self
    seen.point = nil
    return seen
  }

  /// `date location spot`, as the notes' list shows it and search matches it.
  package var brief: String { "\(date) \(location) \(spot)" }

  /// What search looks in, lowercased: the brief, the thoughts, then the linked place's names and pinyin.
  package var searchText: String { (brief + "\n" + thoughts + "\n" + (place?.keys ?? "")).lowercased() }

  /// The `picture_refs` key that keeps this entry's pictures from the collector.
  package var pictureRef: String { "checkin:\(id)" }
}

/// A change to one of a user's check-ins: every field's new value, pictures added and removed.
package struct CheckinEdit: Sendable, Equatable {
  package var id: Int64
  /// Only the author may edit: anyone else's edit finds nothing (`.notFound`).
  package var userID: Int64
  package var date: String
  package var location: String
  package var spot: String
  package var thoughts: String
  package var visibility: CheckinVisibility
  package var place: CheckinPlace?
  package var point: Coordinate?
  package var showsPoint: Bool
  /// Appended after the pictures kept.
  package var adding: [PictureRef]
  /// Ids of the entry's pictures to drop.
  package var removing: Set<String>

  package init(id: Int64, userID: Int64, date: String, location: String, spot: String, thoughts: String,
               visibility: CheckinVisibility, place: CheckinPlace?, point: Coordinate? = nil, showsPoint: Bool = false,
               adding: [PictureRef] = [], removing: Set<String> = []) {
    self.id = id
    self.userID = userID
    self.date = date
    self.location = location
    self.spot = spot
    self.thoughts = thoughts
    self.visibility = visibility
    self.place = place
    self.point = point
    self.showsPoint = showsPoint
    self.adding = adding
    self.removing = removing
  }

  /// The edit that writes `record`'s fields as they are, changing no pictures.
  package init(_ record: CheckinRecord) {
    self.init(id: record.id, userID: record.userID, date: record.date, location: record.location, spot: record.spot,
              thoughts: record.thoughts, visibility: record.visibility, place: record.place, point: record.point,
              showsPoint: record.showsPoint)
  }

  /// `record` with this edit applied.
  package func applied(to record: CheckinRecord) -> CheckinRecord {
    var edited = record
    edited.date = date
    edited.location = location
    edited.spot = spot
    edited.thoughts = thoughts
    edited.visibility = visibility
    edited.place = place
    edited.point = point
    edited.showsPoint = showsPoint
    edited.pictures = record.pictures.filter { !removing.contains($0.id) }
    for picture in adding where !edited.pictures.contains(where: { $0.id == picture.id }) { edited.pictures.append(picture) }
    return edited
  }
}

/// A place a user checked in at, and how many times.
package struct VisitedPlace: Sendable, Equatable {
  package var adcode: Int
  package var name: String
  /// For a district: its city's adcode; for a city, its own.
  package var cityAdcode: Int
  package var count: Int

  package init(adcode: Int, name: String, cityAdcode: Int, count: Int) {
    self.adcode = adcode
    self.name = name
    self.cityAdcode = cityAdcode
    self.count = count
  }
}

/// A trip (旅程): a name and some of its owner's entries; its dates, places and route come from the entries each
/// viewer may see (`TripSummary`). Who may see it: everyone when public, else its owner; a trip never shows an
/// entry to someone who may not see that entry.
package struct TripRecord: Sendable, Equatable {
  package var id: Int64
  package var userID: Int64
  package var name: String
  package var visibility: CheckinVisibility
  /// The picture (id) to show for the trip, one of its entries'; the first one visible when nil or not visible.
  package var cover: String?
  package var createdAt: Date

  package init(id: Int64, userID: Int64, name: String, visibility: CheckinVisibility = .private, cover: String? = nil,
               createdAt: Date) {
    self.id = id
    self.userID = userID
    self.name = name
    self.visibility = visibility
    self.cover = cover
    self.createdAt = createdAt
  }
}

/// A trip's entry ids that are not entries of its owner's.
package struct TripEntriesError: Error, Equatable, Sendable {
  package let ids: [Int64]
  package init(ids: [Int64]) { self.ids = ids }
}

/// One of a user's entries where it exactly was: a pin on their map, a waypoint in their GPX.
package struct CheckinPoint: Sendable, Equatable {
  package var id: Int64
  package var date: String
  package var spot: String
  package var point: Coordinate
  /// The place's country, when the entry is linked to one.
  package var countryCode: String?

  package init(id: Int64, date: String, spot: String, point: Coordinate, countryCode: String?) {
    self.id = id
    self.date = date
    self.spot = spot
    self.point = point
    self.countryCode = countryCode
  }
}

/// A city outside mainland China a user checked in at (by GeoNames id), and how many times.
package struct VisitedCity: Sendable, Equatable {
  package var geonameID: Int
  package var name: String
  package var countryCode: String
  package var count: Int

  package init(geonameID: Int, name: String, countryCode: String, count: Int) {
    self.geonameID = geonameID
    self.name = name
    self.countryCode = countryCode
    self.count = count
  }
}

/// A country or territory a user checked in at, and how many times.
package struct VisitedCountry: Sendable, Equatable {
  package var code: String
  package var name: String
  package var count: Int

  package init(code: String, name: String, count: Int) {
    self.code = code
    self.name = name
    self.count = count
  }
}

/// One user's journal in numbers: every entry of theirs, private ones included.
package struct CheckinStats: Sendable, Equatable {
  package var count: Int
  /// Most visited first, then by code: mainland China's cities and districts, the cities elsewhere, countries.
  package var cities: [VisitedPlace]
  package var districts: [VisitedPlace]
  package var citiesAbroad: [VisitedCity]
  package var countries: [VisitedCountry]
  /// Each year with entries and how many, newest first.
  package var years: [(year: Int, count: Int)]

  package init(count: Int, cities: [VisitedPlace], districts: [VisitedPlace], citiesAbroad: [VisitedCity] = [],
               countries: [VisitedCountry] = [], years: [(year: Int, count: Int)] = []) {
    self.count = count
    self.cities = cities
    self.districts = districts
    self.citiesAbroad = citiesAbroad
    self.countries = countries
    self.years = years
  }

  package static func == (a: CheckinStats, b: CheckinStats) -> Bool {
    a.count == b.count && a.cities == b.cities && a.districts == b.districts && a.citiesAbroad == b.citiesAbroad
      && a.countries == b.countries && a.years.map(\.year) == b.years.map(\.year) && a.years.map(\.count) == b.years.map(\.count)
  }
}

/// Which check-ins a list shows, to whom.
package struct CheckinQuery: Sendable, Equatable {
  /// Who is looking (nil: signed out): they see public entries and their own.
  package var viewer: Int64?
  /// Only this user's entries.
  package var author: Int64?
  /// A substring of the brief, the thoughts, or the linked place's names, pinyin or initials (any case).
  package var text: String?
  /// Only the entries of this trip.
  package var trip: Int64?
  /// Only the entries dated in this year.
  package var year: Int?
  /// Only the entries in this country (ISO 3166-1 alpha-2).
  package var countryCode: String?
  /// Only the entries in this city: mainland China's by adcode, others by GeoNames id.
  package var cityAdcode: Int?
  package var geonameID: Int?
  /// Oldest first (a trip's order) instead of newest first.
  package var oldestFirst: Bool
  package var limit: Int
  package var offset: Int

  package init(viewer: Int64?, author: Int64? = nil, text: String? = nil, trip: Int64? = nil, year: Int? = nil,
               countryCode: String? = nil, cityAdcode: Int? = nil, geonameID: Int? = nil, oldestFirst: Bool = false,
               limit: Int = 20, offset: Int = 0) {
    self.viewer = viewer
    self.author = author
    self.text = text
    self.trip = trip
    self.year = year
    self.countryCode = countryCode
    self.cityAdcode = cityAdcode
    self.geonameID = geonameID
    self.oldestFirst = oldestFirst
    self.limit = limit
    self.offset = offset
  }

  /// Whether a filter beyond the author narrows the list, so its total is counted from the rows rather than
  /// read from the kept counts (`DakaCounts`).
  package var isNarrowed: Bool {
    needle != nil || trip != nil || year != nil || countryCode != nil || cityAdcode != nil || geonameID != nil
  }

  /// The search text as stored text is compared with it; nil for no search.
  package var needle: String? {
    guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines).lowercased(), !text.isEmpty else { return nil }
    return text
  }
}

/// The pictures column, written the same way by every engine (read with `PictureList`).
package enum CheckinPictures {
  package static func encode(_ pictures: [PictureRef]) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return (try? encoder.encode(pictures)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
  }
}
