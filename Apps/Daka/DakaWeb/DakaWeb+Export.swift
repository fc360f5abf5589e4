import Foundation
import Hummingbird
import SparrowPlatform
import DakaStore
import SparrowStore

extension DakaWeb {
  /// `/daka/me/export`: every one of the viewer's entries as a zip (`JournalArchive`): `checkins.json`,
  /// `trips.json`, the points as GPX and GeoJSON, and the pictures under `pictures/` at full size (the `large`
  /// file: every uploaded pixel, re-encoded without the camera's metadata, which Sparrow never keeps). The archive
  /// is sent as it is written, one picture read at a time, off the threads that serve requests.
  func export(_ request: Request, _ context: SparrowContext) async throws -> Response {
    guard let viewer = context.viewer else { return try await session.login(next: "/daka/me") }
    var records: [CheckinRecord] = []
    while true {
      let page = try await deps.store.journal.checkins(CheckinQuery(
        viewer: viewer.user.id, author: viewer.user.id, limit: 100, offset: records.count))
      records += page.items
      if page.items.isEmpty || records.count >= page.total { break }
    }
    var files: [(name: String, url: URL, modified: Date)] = []
    var named = Set<String>()
    for record in records {
      for picture in record.pictures where named.insert(JournalArchive.picturePath(picture)).inserted {
        files.append((JournalArchive.picturePath(picture), platform.pictures.file(.large, picture.fileName), record.createdAt))
      }
    }
    let exported = records.map(JournalArchive.entry)
    var trips: [JournalArchive.Trip] = []
    for trip in try await deps.store.journal.trips(userID: viewer.user.id, viewer: viewer.user.id) {
      trips.append(JournalArchive.trip(try await self.trips.summary(trip, viewer: viewer.user.id)))
    }
    let documents = [
      ("checkins.json", try JournalArchive.json(exported)), ("trips.json", try JournalArchive.json(trips)),
      ("points.gpx", JournalArchive.gpx(exported, trips: trips)), ("points.geojson", try JournalArchive.geoJSON(exported, trips: trips)),
    ]
    // Refused before the first byte: a zip without zip64 holds under 4 GB.
    let bytes = files.reduce(UInt64(0)) { sum, file in
      sum + ((try? FileManager.default.attributesOfItem(atPath: file.url.path)[.size] as? UInt64) ?? 0) + 200
    }
    guard bytes < UInt64(UInt32.max) - 1_000_000 else {
      throw WebPageError(.contentTooLarge, "图片太多，超过了导出的上限（4 GB）")
    }
    let now = deps.now()
    let log = context.logger
    let pictures = files
    let body = ResponseBody { writer in
      var zip = StoredZip()
      for (name, contents) in documents {
        try await writer.write(ByteBuffer(bytes: try zip.header(name, contents, modified: now) + contents))
      }
      for file in pictures {
        let url = file.url
        guard let contents = try? await PictureLibrary.offload({ try Data(contentsOf: url) }) else {
          log.error("export: a picture of an entry is missing", metadata: ["file": "\(file.name)"])
          continue
        }
        try await writer.write(ByteBuffer(bytes: try zip.header(file.name, contents, modified: file.modified)))
        try await writer.write(ByteBuffer(bytes: contents))
      }
      try await writer.write(ByteBuffer(bytes: zip.finished()))
      try await writer.finish(nil)
    }
    return Response(
      status: .ok,
      headers: [
        .contentType: "application/zip", .cacheControl: "no-store",
        .contentDisposition: "attachment; filename=\"daka-export.zip\"",
      ],
      body: body)
  }
}
