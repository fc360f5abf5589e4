import DakaAPI
import Foundation
import GeoData
import SparrowCore
import SparrowPlatform
import DakaStore
import SparrowStore

/// A trip's route drawn by Sparrow: the places around it (mainland China's cities, other countries) from the
/// shipped outlines, the line from point to point in order, and each point numbered.
struct RouteMap: PageModel {
  struct Stop: PageModel {
    let number: Int
    let x, y: String
    let title: String

    func child(named name: String) -> Any? {
      switch name {
      case "number": number
      case "x": x
      case "y": y
      case "title": title
      default: nil
      }
    }
  }

  static let width = 320.0
  let height: String
  let backdrop: [String]
  let line: String
  let stops: [Stop]

  /// Nil when the viewer sees no point of the trip.
  init?(_ summary: TripSummary, geo: GeoData = .shared) {
    let stops = summary.entries.filter { $0.point != nil }
    guard let first = stops.first?.point else { return nil }
    var box = BoundingBox(minLatitude: first.latitude, maxLatitude: first.latitude, minLongitude: first.longitude,
                          maxLongitude: first.longitude)
    for stop in stops { box = box.union(BoundingBox(minLatitude: stop.point!.latitude, maxLatitude: stop.point!.latitude,
                                                    minLongitude: stop.point!.longitude, maxLongitude: stop.point!.longitude)) }
    // At least about 20 km across, so a trip within one town still has its streets' surroundings.
    let padLat = max(0.1, (box.maxLatitude - box.minLatitude) * 0.15)
    let padLon = max(0.1, (box.maxLongitude - box.minLongitude) * 0.15)
    box = BoundingBox(minLatitude: box.minLatitude - padLat, maxLatitude: box.maxLatitude + padLat,
                      minLongitude: box.minLongitude - padLon, maxLongitude: box.maxLongitude + padLon)
    let map = OutlineMap(box: box, width: Self.width, margin: 0)
    height = OutlineMap.number(map.height)
    var backdrop: [String] = []
    for country in geo.world.outlinedCountries where country.code != "CN" {
      if let outline = geo.world.outline(of: country), outline.boundingBox.overlaps(map.box) { backdrop.append(map.path(outline)) }
    }
    for city in geo.cities {
      if let outline = geo.outline(of: city), outline.boundingBox.overlaps(map.box) { backdrop.append(map.path(outline)) }
    }
    self.backdrop = backdrop
    let points = stops.map { map.point($0.point!) }
    line = points.map { OutlineMap.number($0.x) + "," + OutlineMap.number($0.y) }.joined(separator: " ")
    self.stops = zip(stops, points).enumerated().map { index, pair in
      Stop(number: index + 1, x: OutlineMap.number(pair.1.x), y: OutlineMap.number(pair.1.y),
           title: "\(pair.0.date) \(pair.0.spot)")
    }
  }

  func child(named name: String) -> Any? {
    switch name {
    case "width": OutlineMap.number(Self.width)
    case "height": height
    case "backdrop": backdrop
    case "line": stops.count > 1 ? line : nil
    case "stops": stops
    default: nil
    }
  }
}

/// A trip (旅程): its name, dates, numbers, route and entries, as the viewer may see them.
struct TripPage: PageModel {
  let frame: DakaFrame
  let summary: TripSummary
  let author: String?
  let mine: Bool
  let rows: [CheckinRow]
  /// The rows' markup (`DakaWeb.rowRenders`).
  let rowsHTML: String
  let route: RouteMap?
  let publicURL: String

  init(frame: DakaFrame, summary: TripSummary, author: String?, mine: Bool, publicURL: String,
       renders: KeptRenders<CheckinRow>) {
    self.frame = frame
    self.summary = summary
    self.author = author
    self.mine = mine
    rows = summary.entries.map { CheckinRow($0, from: .me) }
    rowsHTML = renders.html(rows)
    route = RouteMap(summary)
    self.publicURL = publicURL
  }

  /// 2025-05-01 – 2025-05-04.
  var dates: String? {
    guard let first = summary.firstDate, let last = summary.lastDate else { return nil }
    return first == last ? first : "\(first) – \(last)"
  }

  /// The 微博 composer, prefilled with the trip and its link back, and its cover.
  var shareURL: String {
    let text = "#打卡# 旅程「\(summary.trip.name)」\(dates.map { " " + $0 } ?? "") \(publicURL)/daka/t/\(summary.trip.id)"
    return "/compose?" + FormEncoding.encode(pairs: [("text", text)] + (summary.cover.map { [("pic_id", $0.id)] } ?? []))
  }

  func child(named name: String) -> Any? {
    switch name {
    case "id": summary.trip.id
    case "name": summary.trip.name
    case "dates": dates
    case "days": summary.days
    case "count": summary.entries.count
    case "countries": summary.countries.isEmpty ? nil : summary.countries.joined(separator: "、")
    case "cities": summary.cities.isEmpty ? nil : summary.cities.joined(separator: "、")
    case "distance": summary.route.count > 1 ? Decimals.one(summary.distance) : nil
    case "cover": summary.cover.map { "/pics/bmiddle/\($0.fileName)" }
    case "author": author
    case "mine": mine
    case "private": summary.trip.visibility == .private
    case "rows_html": rowsHTML
    case "has_rows": !rows.isEmpty
    case "route": route
    case "share_url": mine && summary.trip.visibility == .public ? shareURL : nil
    default: frame.child(named: name)
    }
  }
}

/// 我的旅程: one's trips, each with its cover, dates and numbers, and the way to a new one.
struct TripsPage: PageModel {
  struct Item: PageModel {
    let summary: TripSummary

    func child(named name: String) -> Any? {
      switch name {
      case "id": summary.trip.id
      case "name": summary.trip.name
      case "dates": summary.firstDate.map { first in first == summary.lastDate ? first : "\(first) – \(summary.lastDate ?? first)" }
      case "count": summary.entries.count
      case "cover": summary.cover.map { "/pics/thumbnail/\($0.fileName)" }
      case "private": summary.trip.visibility == .private
      default: nil
      }
    }
  }

  let frame: DakaFrame
  let items: [Item]

  func child(named name: String) -> Any? {
    switch name {
    case "trips": items
    case "has_trips": !items.isEmpty
    default: frame.child(named: name)
    }
  }
}

/// The trip form, new or editing: name, who may see it, which of one's entries (newest first), the cover.
struct TripForm: PageModel {
  struct Choice: PageModel {
    let record: CheckinRecord
    let chosen: Bool

    func child(named name: String) -> Any? {
      switch name {
      case "id": record.id
      case "brief": record.brief
      case "chosen": chosen
      case "private": record.visibility == .private
      case "elsewhere": record.tripID != nil && !chosen
      default: nil
      }
    }
  }

  let frame: DakaFrame
  let action: String
  let name: String
  let isPublic: Bool
  let choices: [Choice]
  let error: String?
  let editing: Bool
  /// The form's delete, for an existing trip.
  let deleteAction: String?

  func child(named name: String) -> Any? {
    switch name {
    case "action": action
    case "name": self.name
    case "public": isPublic
    case "private": !isPublic
    case "choices": choices
    case "has_choices": !choices.isEmpty
    case "error": error
    case "submit": editing ? "保存" : "创建旅程"
    case "delete_action": deleteAction
    default: frame.child(named: name)
    }
  }
}
