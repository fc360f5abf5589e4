import DakaAPI
import Foundation
import GeoData
import SparrowPlatform
import DakaStore
import SparrowStore

/// One person's journal as a zip (`/daka/me/export`), and back (`sparrow daka import`): `checkins.json`, `trips.json`,
/// the points as `points.gpx` (GPX 1.1: a waypoint per entry, a track per trip) and `points.geojson` (a Point per
/// entry, a LineString per trip), and the pictures at full size under `pictures/`. The points are the owner's:
/// only their own export holds them.
package enum JournalArchive {
  /// One entry in `checkins.json`.
  package struct Entry: Codable, Sendable, Equatable {
    package var id: Int64
    package var date, location, spot, thoughts, visibility: String
    package var country: String?
    package var countryCode: String?
    package var city: String?
    package var district: String?
    package var latitude: Double?
    package var longitude: Double?
    package var showExactLocation: Bool?
    /// The id of its trip in `trips.json`.
    package var trip: Int64?
    /// The pictures' names inside the archive, in the entry's order.
    package var pictures: [String]
    package var createdAt: String
  }

  /// One trip in `trips.json`.
  package struct Trip: Codable, Sendable, Equatable {
    package var id: Int64
    package var name: String
    package var visibility: String
    /// The cover's name inside the archive.
    package var cover: String?
    package var checkins: [Int64]
    package var createdAt: String
  }

  /// Times as ISO 8601 in UTC, to the millisecond the store keeps (written from the milliseconds themselves, so a
  /// round trip gives back the same number): 2025-05-01T10:00:00.123Z.
  static func stamp(_ date: Date) -> String {
    let ms = millis(date)
    let seconds = ms >= 0 ? ms / 1000 : (ms - 999) / 1000
    let whole = Date(timeIntervalSince1970: Double(seconds)).formatted(.iso8601)
    return String(whole.dropLast()) + String(format: ".%03dZ", Int(ms - seconds * 1000))
  }

  /// A time `stamp` wrote, or one without milliseconds.
  static func time(_ text: String) -> Date? {
    guard text.hasSuffix("Z"), let dot = text.lastIndex(of: ".") else { return try? Date(text, strategy: .iso8601) }
    let fraction = text[text.index(after: dot)..<text.index(before: text.endIndex)]
    guard (1...3).contains(fraction.count), let digits = Int(fraction),
      let whole = try? Date(String(text[..<dot]) + "Z", strategy: .iso8601)
    else { return nil }
    let ms = digits * [100, 10, 1][fraction.count - 1]
    return Date(timeIntervalSince1970: Double(millis(whole) + Int64(ms)) / 1000)
  }

  static func picturePath(_ picture: PictureRef) -> String { "pictures/\(picture.fileName)" }

  package static func entry(_ record: CheckinRecord) -> Entry {
    Entry(
      id: record.id, date: record.date, location: record.location, spot: record.spot, thoughts: record.thoughts,
      visibility: record.visibility.rawValue, country: record.place?.country, countryCode: record.place?.countryCode,
      city: record.place?.city, district: record.place?.district, latitude: record.point?.latitude,
      longitude: record.point?.longitude, showExactLocation: record.point == nil ? nil : record.showsPoint,
      trip: record.tripID, pictures: record.pictures.map(picturePath), createdAt: stamp(record.createdAt))
  }

  package static func trip(_ summary: TripSummary) -> Trip {
    Trip(id: summary.trip.id, name: summary.trip.name, visibility: summary.trip.visibility.rawValue,
         cover: summary.trip.cover.flatMap { cover in summary.entries.flatMap(\.pictures).first { $0.id == cover } }.map(picturePath),
         checkins: summary.entries.map(\.id), createdAt: stamp(summary.trip.createdAt))
  }

  static func json(_ value: some Encodable) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    return try encoder.encode(value)
  }

  static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
  }

  /// The entries with a point, oldest first.
  static func pointed(_ entries: [Entry]) -> [Entry] {
    entries.filter { $0.latitude != nil && $0.longitude != nil }.sorted { ($0.date, $0.createdAt, $0.id) < ($1.date, $1.createdAt, $1.id) }
  }

  /// GPX 1.1: every point as a waypoint (its day, spot and words), every trip's points as a track.
  package static func gpx(_ entries: [Entry], trips: [Trip]) -> Data {
    func coordinates(_ entry: Entry) -> String { "lat=\"\(entry.latitude!)\" lon=\"\(entry.longitude!)\"" }
    var xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <gpx version="1.1" creator="Sparrow 打卡" xmlns="http://www.topografix.com/GPX/1/1">

      """
    let pointed = pointed(entries)
    for entry in pointed {
      xml += "<wpt \(coordinates(entry))><time>\(entry.date)T00:00:00Z</time><name>\(HTML.escape(entry.spot))</name>"
      xml += "<desc>\(HTML.escape(entry.location))</desc><type>checkin:\(entry.id)</type></wpt>\n"
    }
    for trip in trips {
      let members = Set(trip.checkins)
      let points = pointed.filter { members.contains($0.id) }
      guard !points.isEmpty else { continue }
      xml += "<trk><name>\(HTML.escape(trip.name))</name><type>trip:\(trip.id)</type><trkseg>\n"
      for entry in points { xml += "<trkpt \(coordinates(entry))><time>\(entry.date)T00:00:00Z</time><name>\(HTML.escape(entry.spot))</name></trkpt>\n" }
      xml += "</trkseg></trk>\n"
    }
    return Data((xml + "</gpx>\n").utf8)
  }

  /// GeoJSON (RFC 7946, longitude first): a Point per entry with a point, a LineString per trip.
  package static func geoJSON(_ entries: [Entry], trips: [Trip]) throws -> Data {
    struct Feature: Encodable {
      struct Geometry: Encodable {
        let type: String
        let coordinates: Coordinates
      }
      enum Coordinates: Encodable {
        case point([Double]), line([[Double]])
        func encode(to encoder: any Encoder) throws {
          var container = encoder.singleValueContainer()
          switch self {
          case .point(let p): try container.encode(p)
          case .line(let l): try container.encode(l)
          }
        }
      }
      let type = "Feature"
      let geometry: Geometry
      let properties: [String: String]
    }
    struct Collection: Encodable {
      let type = "FeatureCollection"
      let features: [Feature]
    }
    let pointed = pointed(entries)
    var features = pointed.map { entry in
      Feature(geometry: .init(type: "Point", coordinates: .point([entry.longitude!, entry.latitude!])),
              properties: ["checkin": String(entry.id), "date": entry.date, "spot": entry.spot, "location": entry.location])
    }
    for trip in trips {
      let members = Set(trip.checkins)
      let line = pointed.filter { members.contains($0.id) }.map { [$0.longitude!, $0.latitude!] }
      guard line.count > 1 else { continue }
      features.append(Feature(geometry: .init(type: "LineString", coordinates: .line(line)),
                              properties: ["trip": String(trip.id), "name": trip.name]))
    }
    return try json(Collection(features: features))
  }
}
