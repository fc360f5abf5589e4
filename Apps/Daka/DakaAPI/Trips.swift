import Foundation
import GeoData
import SparrowCore
import SparrowPlatform
import DakaStore
import SparrowStore

/// Why a trip's input is refused, naming the field at fault, for the API's envelope and the pages' words.
package enum TripInputError: Error, Sendable, Equatable {
  case missingName
  case nameTooLong(Int)
  /// A control character (a line break, a tab …) in the name.
  case controlCharacterInName
  case badEntries(String)
  /// Ids that are not the owner's entries.
  case notYourEntries([Int64])
  case tooManyEntries(Int)
  case badVisibility(String)
  /// A cover that is none of the trip's entries' pictures.
  case badCover(String)

  package var weibo: EnvelopeError {
    switch self {
    case .missingName: .missing("name")
    case .nameTooLong(let count):
      .badParameter("name", expected: "at most \(Trips.nameLimit) characters", got: "\(count) characters")
    case .controlCharacterInName: .badParameter("name", expected: "one line of text", got: "a control character")
    case .badEntries(let text): .badParameter("checkin_ids", expected: "check-in ids separated by commas", got: CheckinFields.shown(text))
    case .notYourEntries(let ids):
      .badParameter("checkin_ids", expected: "ids of your own check-ins", got: ids.map(String.init).joined(separator: ","))
    case .tooManyEntries(let count):
      .badParameter("checkin_ids", expected: "at most \(Trips.entryLimit) check-ins", got: "\(count)")
    case .badVisibility(let text): .badParameter("visibility", expected: "public or private", got: CheckinFields.shown(text))
    case .badCover(let text): .badParameter("cover", expected: "the id of a picture of the trip's check-ins", got: CheckinFields.shown(text))
    }
  }

  package var message: String {
    switch self {
    case .missingName: "请填写旅程的名字"
    case .nameTooLong: "旅程的名字最多\(Trips.nameLimit)个字"
    case .controlCharacterInName: "旅程的名字里有无法显示的字符"
    case .badEntries, .notYourEntries: "只能选择你自己的打卡"
    case .tooManyEntries: "一个旅程最多\(Trips.entryLimit)条打卡"
    case .badVisibility: "请选择公开或仅自己可见"
    case .badCover: "封面要用旅程里的图片"
    }
  }
}

/// A trip as one viewer sees it: the entries they may see, oldest first, and what those entries add up to.
package struct TripSummary: Sendable {
  package let trip: TripRecord
  /// Oldest first; only those the viewer may see (their points `seen(by:)` them as well).
  package let entries: [CheckinRecord]

  package init(trip: TripRecord, entries: [CheckinRecord]) {
    self.trip = trip
    self.entries = entries
  }

  package var firstDate: String? { entries.first?.date }
  package var lastDate: String? { entries.last?.date }

  /// From the first day to the last, both counted.
  package var days: Int {
    guard let first = firstDate.flatMap(CivilDay.init(text:)), let last = lastDate.flatMap(CivilDay.init(text:)) else { return 0 }
    return Int(last.daysSince1970 - first.daysSince1970) + 1
  }

  /// In the order first visited.
  package var countries: [String] { unique(entries.compactMap { $0.place?.country }) }
  package var cities: [String] { unique(entries.compactMap { $0.place?.city }) }

  /// The points in order: the route drawn between them.
  package var route: [Coordinate] { entries.compactMap(\.point) }

  /// Along the route, straight from point to point, in kilometres.
  package var distance: Double { zip(route, route.dropFirst()).reduce(0) { $0 + World.kilometres($1.0, $1.1) } }

  /// The chosen cover when the viewer may see its entry, else the first picture they may see.
  package var cover: PictureRef? {
    let pictures = entries.flatMap(\.pictures)
    return pictures.first { $0.id == trip.cover } ?? pictures.first
  }

  private func unique(_ names: [String]) -> [String] {
    var seen = Set<String>()
    return names.filter { !$0.isEmpty && seen.insert($0).inserted }
  }
}

/// Trips, for the API and the pages alike: the fields read and checked before anything is written.
package struct Trips: Sendable {
  package static let nameLimit = 30
  package static let entryLimit = 200

  let journal: any DakaStore
  let ids: IDGenerator

  package init(journal: any DakaStore, ids: IDGenerator) {
    self.journal = journal
    self.ids = ids
  }

  /// A new trip of `user`'s from `name`, `checkin_ids` (commas, or the field repeated), `visibility` (private by
  /// default) and `cover`.
  package func create(_ params: Params, by user: Int64, at now: Date) async throws -> TripRecord {
    let entries = try Self.entries(params) ?? []
    let trip = TripRecord(
      id: ids.next(at: now), userID: user, name: try Self.name(params["name"]),
      visibility: try Self.visibility(params["visibility"]) ?? .private, cover: nil, createdAt: now)
    return try await save(trip, entries: entries, cover: params["cover"])
  }

  /// `trip` (the caller's) with the fields sent replacing theirs.
  package func update(_ trip: TripRecord, _ params: Params) async throws -> TripRecord {
    var edited = trip
    if let name = params["name"] { edited.name = try Self.name(name) }
    if let visibility = try Self.visibility(params["visibility"]) { edited.visibility = visibility }
    var entries = try Self.entries(params)
    if entries == nil { entries = try await self.entries(of: trip, viewer: trip.userID).map(\.id) }
    do {
      return try await save(edited, entries: entries ?? [], cover: params["cover"] ?? trip.cover)
    } catch TripInputError.badCover where params["cover"] == nil {
      // The kept cover left with its entry: the first picture stands in.
      return try await save(edited, entries: entries ?? [], cover: nil)
    }
  }

  /// What `viewer` sees of `trip`: its entries they may see, oldest first.
  package func summary(_ trip: TripRecord, viewer: Int64?) async throws -> TripSummary {
    TripSummary(trip: trip, entries: try await entries(of: trip, viewer: viewer))
  }

  func entries(of trip: TripRecord, viewer: Int64?) async throws -> [CheckinRecord] {
    try await journal.checkins(CheckinQuery(viewer: viewer, trip: trip.id, oldestFirst: true, limit: Self.entryLimit)).items
  }

  private func save(_ trip: TripRecord, entries: [Int64], cover: String?) async throws -> TripRecord {
    var trip = trip
    trip.cover = nil
    // The cover must be a picture of one of the entries it is given: checked before anything is written.
    if let cover, !cover.isEmpty {
      var pictures: [PictureRef] = []
      for id in entries {
        if let entry = try await journal.checkin(id: id, viewer: trip.userID), entry.userID == trip.userID {
          pictures += entry.pictures
        }
      }
      guard pictures.contains(where: { $0.id == cover }) else { throw TripInputError.badCover(cover) }
      trip.cover = cover
    }
    do {
      try await journal.saveTrip(trip, entries: entries)
    } catch let error as TripEntriesError {
      throw TripInputError.notYourEntries(error.ids)
    }
    return trip
  }

  package static func name(_ value: String?) throws(TripInputError) -> String {
    let name = (value ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty else { throw .missingName }
    switch TextLimit(nameLimit).check(name) {
    case .fits: break
    case .tooLong(let count): throw .nameTooLong(count)
    case .tooHeavy: throw .nameTooLong(name.unicodeScalars.count)
    }
    guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { throw .controlCharacterInName }
    return name
  }

  static func visibility(_ value: String?) throws(TripInputError) -> CheckinVisibility? {
    guard let value else { return nil }
    guard let visibility = CheckinVisibility(rawValue: value) else { throw .badVisibility(value) }
    return visibility
  }

  /// `checkin_ids` as commas, or repeated; nil when not sent.
  static func entries(_ params: Params) throws(TripInputError) -> [Int64]? {
    let values = params.all("checkin_ids")
    guard !values.isEmpty else { return nil }
    var ids: [Int64] = []
    for value in values {
      for part in value.split(separator: ",", omittingEmptySubsequences: true) {
        guard let id = Int64(part.trimmingCharacters(in: .whitespaces)), id > 0 else { throw .badEntries(value) }
        if !ids.contains(id) { ids.append(id) }
      }
    }
    guard ids.count <= entryLimit else { throw .tooManyEntries(ids.count) }
    return ids
  }
}
