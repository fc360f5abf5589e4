import Foundation
import Hummingbird
import SparrowPlatform
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

  /// `/daka/me/export`: every one of the viewer's entries as a zip: `checkins.json` and the pictures at their
  /// largest stored size under `pictures/`.
  func export(_ request: Request, _ context: SparrowContext) async throws -> Response {
    guard let viewer = context.viewer else { return try await session.login(next: "/daka/me") }
    var records: [CheckinRecord] = []
    while true {
      let page = try await deps.store.checkins(CheckinQuery(
        viewer: viewer.user.id, author: viewer.user.id, limit: 100, offset: records.count))
      records += page.items
      if page.items.isEmpty || records.count >= page.total { break }
    }
    let now = deps.now()
    var zip = StoredZip()
    var added = Set<String>()
    let stamp = ISO8601DateFormatter()
    var exported: [ExportedCheckin] = []
    for record in records {
      var names: [String] = []
      for picture in record.pictures {
        let name = "pictures/\(picture.fileName)"
        names.append(name)
        guard added.insert(name).inserted,
          let data = try? Data(contentsOf: platform.pictures.file(.large, picture.fileName))
        else { continue }
        zip.add(name, data, modified: record.createdAt)
      }
      exported.append(ExportedCheckin(
        id: record.id, date: record.date, location: record.location, spot: record.spot, thoughts: record.thoughts,
        visibility: record.visibility.rawValue, city: record.place?.city, district: record.place?.district,
        pictures: names, createdAt: stamp.string(from: record.createdAt)))
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    zip.add("checkins.json", try encoder.encode(exported), modified: now)
    let body = zip.finished()
    return Response(
      status: .ok,
      headers: [
        .contentType: "application/zip", .cacheControl: "no-store",
        .contentDisposition: "attachment; filename=\"daka-export.zip\"",
      ],
      body: .init(byteBuffer: ByteBuffer(bytes: body)))
  }
}
