import DakaAPI
import Foundation
import GeoData
import SparrowPlatform
import DakaStore
import SparrowStore

extension JournalArchive {
  /// Why an archive cannot be read back.
  package struct Unreadable: Error, CustomStringConvertible {
    package let description: String
  }

  /// What an import added, and what it left as already there.
  package struct Imported: Sendable, Equatable {
    package var entries = 0
    package var pictures = 0
    package var trips = 0
    /// Entries already in the journal (the same day, spot and creation time): an archive imported twice adds
    /// nothing the second time.
    package var skipped = 0

    package init(entries: Int = 0, pictures: Int = 0, trips: Int = 0, skipped: Int = 0) {
      self.entries = entries
      self.pictures = pictures
      self.trips = trips
      self.skipped = skipped
    }
  }

  /// Adds an archive `/daka/me/export` wrote to `user`'s journal: each entry checked by the same rules as the
  /// form (`CheckinFields`), its pictures through the platform's pipeline, its place found again from its words
  /// or its point, and its trip. Everything is checked before anything is written.
  package static func restore(_ zip: Data, into journal: any DakaStore, pictures library: PictureLibrary, user: Int64,
                              ids: IDGenerator, now: Date) async throws -> Imported {
    let files = try StoredZipReader.files(zip)
    guard let document = files["checkins.json"] else { throw Unreadable(description: "no checkins.json: not a 打卡 export") }
    let entries: [Entry]
    let trips: [Trip]
    do {
      entries = try decoder().decode([Entry].self, from: document)
      trips = try files["trips.json"].map { try decoder().decode([Trip].self, from: $0) } ?? []
    } catch {
      throw Unreadable(description: "checkins.json or trips.json is not what 打卡 writes: \(error)")
    }

    // Checked first: every entry's fields, dates and pictures.
    var records: [(entry: Entry, fields: CheckinFields, created: Date)] = []
    for entry in entries {
      var values: [String: [String]] = [
        "date": [entry.date], "location": [entry.location], "spot": [entry.spot], "thoughts": [entry.thoughts],
        "visibility": [entry.visibility], "show_exact_location": [entry.showExactLocation == true ? "1" : "0"],
      ]
      if let latitude = entry.latitude, let longitude = entry.longitude {
        values["latitude"] = [String(latitude)]
        values["longitude"] = [String(longitude)]
      }
      let fields: CheckinFields
      do {
        fields = try CheckinFields(Params(values: values), current: nil, now: now)
      } catch {
        throw Unreadable(description: "entry \(entry.id) (\(entry.date) \(entry.spot)): \(error.message)")
      }
      guard let created = time(entry.createdAt) else {
        throw Unreadable(description: "entry \(entry.id): created_at \(entry.createdAt) is not an ISO 8601 time")
      }
      guard entry.pictures.count <= checkinPictureLimit, entry.pictures.allSatisfy({ files[$0] != nil }) else {
        throw Unreadable(description: "entry \(entry.id): a picture is missing from the archive or there are too many")
      }
      records.append((entry, fields, created))
    }
    for trip in trips {
      _ = try Trips.name(trip.name)
      guard trip.checkins.allSatisfy({ id in entries.contains { $0.id == id } }) else {
        throw Unreadable(description: "trip \(trip.id) names an entry the archive does not hold")
      }
    }

    // What is there already: the same entries are not added twice.
    var existing = Set<String>()
    var offset = 0
    while true {
      let page = try await journal.checkins(CheckinQuery(viewer: user, author: user, limit: 200, offset: offset))
      existing.formUnion(page.items.map { key($0.date, $0.spot, $0.createdAt) })
      offset += page.items.count
      if page.items.isEmpty || offset >= page.total { break }
    }

    var imported = Imported()
    var newIDs: [Int64: Int64] = [:]
    var pictureIDs: [String: String] = [:]
    for (entry, fields, created) in records.sorted(by: { $0.created < $1.created }) {
      guard !existing.contains(key(fields.date, fields.spot, created)) else {
        imported.skipped += 1
        continue
      }
      var stored: [PictureRef] = []
      for name in entry.pictures {
        let picture = try await library.ingest(files[name]!, at: now, by: user)
        pictureIDs[name] = picture.id
        stored.append(picture)
        imported.pictures += 1
      }
      let record = CheckinRecord(
        id: ids.next(at: created), userID: user, date: fields.date, location: fields.location, spot: fields.spot,
        thoughts: fields.thoughts, visibility: fields.visibility, place: CheckinWriter.place(fields), pictures: stored,
        createdAt: created, point: fields.point, showsPoint: fields.showsPoint)
      try await journal.addCheckin(record)
      newIDs[entry.id] = record.id
      imported.entries += 1
    }
    for trip in trips {
      let members = trip.checkins.compactMap { newIDs[$0] }
      guard !members.isEmpty else { continue }
      let created = time(trip.createdAt) ?? now
      let record = TripRecord(
        id: ids.next(at: created), userID: user, name: try Trips.name(trip.name),
        visibility: CheckinVisibility(rawValue: trip.visibility) ?? .private,
        cover: trip.cover.flatMap { pictureIDs[$0] }, createdAt: created)
      try await journal.saveTrip(record, entries: members)
      imported.trips += 1
    }
    return imported
  }

  private static func key(_ date: String, _ spot: String, _ created: Date) -> String {
    "\(date)\u{1}\(spot)\u{1}\(millis(created))"
  }
}

/// The files of a zip of stored (uncompressed) entries, as `StoredZip` writes them, read from its central
/// directory with every CRC checked. Anything else (a compressed zip) is refused by name.
package enum StoredZipReader {
  package static func files(_ zip: Data) throws -> [String: Data] {
    let bytes = [UInt8](zip)
    func u16(_ at: Int) throws -> Int {
      guard at >= 0, at + 2 <= bytes.count else { throw JournalArchive.Unreadable(description: "the zip is cut short") }
      return Int(bytes[at]) | Int(bytes[at + 1]) << 8
    }
    func u32(_ at: Int) throws -> Int { try u16(at) | u16(at + 2) << 16 }
    guard bytes.count >= 22, try u32(bytes.count - 22) == 0x0605_4b50 else {
      throw JournalArchive.Unreadable(description: "not a zip archive (or one with a comment)")
    }
    let end = bytes.count - 22
    var at = try u32(end + 16)
    var files: [String: Data] = [:]
    for _ in 0..<(try u16(end + 10)) {
      guard try u32(at) == 0x0201_4b50 else { throw JournalArchive.Unreadable(description: "a broken central directory") }
      let method = try u16(at + 10), crc = UInt32(try u32(at + 16)), size = try u32(at + 20)
      let nameLength = try u16(at + 28), extra = try u16(at + 30), comment = try u16(at + 32), local = try u32(at + 42)
      guard at + 46 + nameLength <= bytes.count else { throw JournalArchive.Unreadable(description: "the zip is cut short") }
      let name = String(decoding: bytes[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
      guard method == 0 else {
        throw JournalArchive.Unreadable(description: "\(name) is compressed: import the zip as 打卡 exported it")
      }
      guard try u32(local) == 0x0403_4b50 else { throw JournalArchive.Unreadable(description: "\(name): no local header") }
      let start = local + 30 + (try u16(local + 26)) + (try u16(local + 28))
      guard start >= 0, start + size <= bytes.count else { throw JournalArchive.Unreadable(description: "the zip is cut short") }
      let data = Data(bytes[start..<(start + size)])
      guard CRC32.checksum(data) == crc else { throw JournalArchive.Unreadable(description: "\(name): its checksum does not match") }
      files[name] = data
      at += 46 + nameLength + extra + comment
    }
    return files
  }
}
