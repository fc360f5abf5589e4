import Foundation
import SparrowCore
import SparrowPlatform
import DakaStore
import SparrowStore

/// A check-in as the API returns it.
struct CheckinJSON: Encodable, Sendable {
  struct Place: Encodable, Sendable {
    let city: String
    let district: String?
    let adcode: Int
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

  enum CodingKeys: String, CodingKey {
    case id, date, location, spot, thoughts, visibility, place, pics, user, createdAt
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
  }
}

/// A page of check-ins.
struct CheckinList: Encodable, Sendable {
  let checkins: [CheckinJSON]
  let totalNumber: Int
  let page: Int
}

/// `GET /daka/api/me`: the caller and their journal in numbers.
struct DakaMe: Encodable, Sendable {
  struct Visited: Encodable, Sendable {
    let adcode: Int
    let name: String
    let cityAdcode: Int
    let count: Int
  }

  let user: User?
  let checkinsCount: Int
  let cities: [Visited]
  let districts: [Visited]
}

/// Turns stored entries into the API's objects, with their authors loaded in one query.
struct CheckinPresenter: Sendable {
  let store: any PlatformStore
  let baseURL: String
  let viewer: Int64?

  func checkins(_ records: [CheckinRecord]) async throws -> [CheckinJSON] {
    let users = try await store.users(ids: Array(Set(records.map(\.userID))))
    return records.map { checkin($0, user: users[$0.userID]) }
  }

  func checkin(_ record: CheckinRecord) async throws -> CheckinJSON {
    try await checkins([record])[0]
  }

  func checkin(_ record: CheckinRecord, user: UserRecord?) -> CheckinJSON {
    CheckinJSON(
      id: record.id, date: record.date, location: record.location, spot: record.spot, thoughts: record.thoughts,
      visibility: record.visibility.rawValue,
      place: record.place.map { CheckinJSON.Place(city: $0.city, district: $0.district, adcode: $0.adcode) },
      pics: record.pictures.map(pic), user: user.map { User($0, baseURL: baseURL, viewer: viewer) },
      createdAt: WeiboDate.string(from: record.createdAt))
  }

  func pic(_ picture: PictureRef) -> CheckinJSON.Pic {
    CheckinJSON.Pic(
      id: picture.id, thumbnail: "\(baseURL)/pics/thumbnail/\(picture.fileName)",
      large: "\(baseURL)/pics/large/\(picture.fileName)", width: picture.width, height: picture.height)
  }

  func me(_ user: UserRecord?, stats: CheckinStats) -> DakaMe {
    func visited(_ place: VisitedPlace) -> DakaMe.Visited {
      DakaMe.Visited(adcode: place.adcode, name: place.name, cityAdcode: place.cityAdcode, count: place.count)
    }
    return DakaMe(
      user: user.map { User($0, baseURL: baseURL, viewer: viewer) }, checkinsCount: stats.count,
      cities: stats.cities.map(visited), districts: stats.districts.map(visited))
  }
}
