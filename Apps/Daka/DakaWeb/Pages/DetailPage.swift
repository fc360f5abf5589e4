import SparrowCore
import SparrowPlatform
import DakaStore
import SparrowStore

/// An entry: the date large, `spot · location`, the thoughts, the pictures three to a row (each opens the
/// picture browser); its author can edit or delete it, and share a public one to 微博.
struct DetailPage: PageModel {
  struct Picture: PageModel {
    let thumbnail: String
    let large: String

    func child(named name: String) -> Any? {
      switch name {
      case "thumbnail": thumbnail
      case "large": large
      default: nil
      }
    }
  }

  let frame: DakaFrame
  let record: CheckinRecord
  let author: String?
  let mine: Bool
  /// The query that keeps the tab on links to the edit page.
  let from: String
  /// The absolute address of the entry, for the 微博 post's link back.
  let publicURL: String
  /// Why staff hid it, for its author.
  var hiddenReason: String?
  /// 举报, for a signed-in viewer who is not its author.
  var report: String?
  /// The trip it belongs to, when the viewer may see that trip.
  var trip: TripRecord?

  var pictures: [Picture] {
    record.pictures.map { Picture(thumbnail: "/pics/bmiddle/\($0.fileName)", large: "/pics/large/\($0.fileName)") }
  }

  /// The 微博 composer, prefilled with the brief, the link back and the first three pictures.
  var shareURL: String {
    let text = "#打卡# \(record.brief) \(publicURL)/daka/c/\(record.id)"
    return "/compose?" + FormEncoding.encode(pairs: [("text", text)] + record.pictures.prefix(3).map { ("pic_id", $0.id) })
  }

  /// 杭州 · 西湖区 in mainland China; 中国香港 · 油尖旺区, 中国台湾 · 台北; 日本 · 东京 elsewhere.
  static func placeText(_ place: CheckinPlace) -> String {
    let parts: [String?] = switch place.countryCode {
    case "CN": [place.city, place.district]
    case _ where place.cityAdcode != nil: [place.country, place.district ?? place.city]
    default: [place.country, place.city]
    }
    return parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
  }

  func child(named name: String) -> Any? {
    switch name {
    case "id": record.id
    case "date": record.date
    case "spot": record.spot
    case "location": record.location
    case "place": record.place.map(Self.placeText)
    case "place_link": record.place.map { place in
      place.cityAdcode.map { "/daka?city=\($0)" } ?? place.geonameID.map { "/daka?geoname_id=\($0)" } ?? "/daka?country=\(place.countryCode)"
    }
    case "point": record.point.map { "\(CheckinForm.degrees($0.latitude)), \(CheckinForm.degrees($0.longitude))" }
    case "point_private": mine && !(record.showsPoint && record.visibility == .public)
    case "thoughts": record.thoughts.isEmpty ? nil : record.thoughts
    case "pictures": pictures
    case "has_pictures": !record.pictures.isEmpty
    case "author": author
    case "mine": mine
    case "private": record.visibility == .private
    case "share_url": mine && record.visibility == .public ? shareURL : nil
    case "from": from
    case "hidden_reason": hiddenReason
    case "report": report
    case "trip_link": trip.map { "/daka/t/\($0.id)" }
    case "trip_name": trip?.name
    default: frame.child(named: name)
    }
  }
}
