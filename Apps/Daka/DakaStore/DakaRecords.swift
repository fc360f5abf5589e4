import Foundation
import SparrowStore

/// Who may see a check-in: everyone, or only its author (the default).
package enum CheckinVisibility: String, Sendable, Equatable, CaseIterable {
  case `public`, `private`
}

/// The known place a check-in's free-text location was linked to (`GeoData.match(freeText:)`).
package struct CheckinPlace: Sendable, Equatable {
  package var cityAdcode: Int
  /// The city's short name: 杭州.
  package var city: String
  /// Nil when the location names only the city.
  package var districtAdcode: Int?
  package var district: String?
  /// The names, pinyin and initials of the city and district, space-separated: what search by pinyin matches.
  package var keys: String

  package init(cityAdcode: Int, city: String, districtAdcode: Int? = nil, district: String? = nil, keys: String = "") {
    self.cityAdcode = cityAdcode
    self.city = city
    self.districtAdcode = districtAdcode
    self.district = district
    self.keys = keys
  }

  /// The most precise code: the district's, else the city's.
  package var adcode: Int { districtAdcode ?? cityAdcode }
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

  package init(id: Int64, userID: Int64, date: String, location: String, spot: String, thoughts: String = "",
               visibility: CheckinVisibility = .private, place: CheckinPlace? = nil, pictures: [PictureRef] = [],
               createdAt: Date) {
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
  /// Appended after the pictures kept.
  package var adding: [PictureRef]
  /// Ids of the entry's pictures to drop.
  package var removing: Set<String>

  package init(id: Int64, userID: Int64, date: String, location: String, spot: String, thoughts: String,
               visibility: CheckinVisibility, place: CheckinPlace?, adding: [PictureRef] = [], removing: Set<String> = []) {
    self.id = id
    self.userID = userID
    self.date = date
    self.location = location
    self.spot = spot
    self.thoughts = thoughts
    self.visibility = visibility
    self.place = place
    self.adding = adding
    self.removing = removing
  }

  /// The edit that writes `record`'s fields as they are, changing no pictures.
  package init(_ record: CheckinRecord) {
    self.init(id: record.id, userID: record.userID, date: record.date, location: record.location, spot: record.spot,
              thoughts: record.thoughts, visibility: record.visibility, place: record.place)
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

/// One user's journal in numbers: every entry of theirs, private ones included.
package struct CheckinStats: Sendable, Equatable {
  package var count: Int
  /// Most visited first, then by adcode.
  package var cities: [VisitedPlace]
  package var districts: [VisitedPlace]

  package init(count: Int, cities: [VisitedPlace], districts: [VisitedPlace]) {
    self.count = count
    self.cities = cities
    self.districts = districts
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
  package var limit: Int
  package var offset: Int

  package init(viewer: Int64?, author: Int64? = nil, text: String? = nil, limit: Int = 20, offset: Int = 0) {
    self.viewer = viewer
    self.author = author
    self.text = text
    self.limit = limit
    self.offset = offset
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
