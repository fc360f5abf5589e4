import Foundation
import Hummingbird
import SparrowPlatform
import DakaStore
import SparrowStore

extension DakaWeb {
  /// One entry in the export's `checkins.json`.
  struct ExportedCheckin: Encodable {
    let id: Int64
    let date, location, spot, thoughts, visibility: String
    let city: String?
    let district: String?
    /// The pictures' names inside the archive, in the entry's order.
    let pictures: [String]
    let createdAt: String
  }

  /// `/daka/me/export`: every one of the viewer's entries as a zip: `checkins.json` and the pictures under
  /// `pictures/` at full size (the `large` file: every uploaded pixel, re-encoded without the camera's metadata,
  /// which Sparrow never keeps). The archive is sent as it is written, one picture read at a time, off the
  /// threads that serve requests.
  func export(_ request: Request, _ context: SparrowContext) async throws -> Response {
    guard let viewer = context.viewer else { return try await session.login(next: "/daka/me") }
    var records: [CheckinRecord] = []
    while true {
      let page = try await deps.store.journal.checkins(CheckinQuery(
        viewer: viewer.user.id, author: viewer.user.id, limit: 100, offset: records.count))
      records += page.items
      if page.items.isEmpty || records.count >= page.total { break }
    }
    let stamp = ISO8601DateFormatter()
    var files: [(name: String, url: URL, modified: Date)] = []
    var named = Set<String>()
    var exported: [ExportedCheckin] = []
    for record in records {
      var names: [String] = []
      for picture in record.pictures {
        let name = "pictures/\(picture.fileName)"
        if named.insert(name).inserted {
          files.append((name, platform.pictures.file(.large, picture.fileName), record.createdAt))
        }
        names.append(name)
      }
      exported.append(ExportedCheckin(
        id: record.id, date: record.date, location: record.location, spot: record.spot, thoughts: record.thoughts,
        visibility: record.visibility.rawValue, city: record.place?.city, district: record.place?.district,
        pictures: names, createdAt: stamp.string(from: record.createdAt)))
    }
    // Refused before the first byte: a zip without zip64 holds under 4 GB.
    let bytes = files.reduce(UInt64(0)) { sum, file in
      sum + ((try? FileManager.default.attributesOfItem(atPath: file.url.path)[.size] as? UInt64) ?? 0) + 200
    }
    guard bytes < UInt64(UInt32.max) - 1_000_000 else {
      throw WebPageError(.contentTooLarge, "图片太多，超过了导出的上限（4 GB）")
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    let json = try encoder.encode(exported)
    let now = deps.now()
    let log = context.logger
    let pictures = files
    let body = ResponseBody { writer in
      var zip = StoredZip()
      try await writer.write(ByteBuffer(bytes: try zip.header("checkins.json", json, modified: now) + json))
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
