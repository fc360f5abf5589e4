import Foundation
import Hummingbird
import SparrowPlatform
import SparrowStore

/// `/api/v2/media` and `/api/v1/media`: pictures through the platform's pipeline (sizes, EXIF and GPS stripped,
/// limits), attached to a status by id afterwards.
extension MastodonEndpoints {
  func registerMedia(_ table: inout MastodonTable) {
    for path in ["v1/media", "v2/media"] {
      table.add(.post, path: path, bodyLimit: MastodonAPI.uploadLimit, scope: .writeMedia) { call in
        guard let file = call.params.file("file") else { throw MastodonError.invalid("file is missing") }
        if let text = call.params["description"], !PictureLibrary.descriptionLimit.fits(text) { throw Self.tooLong }
        var picture = try await pictures.ingest(Data(file.data.readableBytesView), at: call.now, by: try call.me())
        if let text = call.params["description"] { picture = try await pictures.describe(picture.id, by: try call.me(), as: text) }
        return try json(presenter(call).attachment(picture))
      }
    }
    table.add(.get, path: "v1/media/{id}", scope: .writeMedia) { call in try json(presenter(call).attachment(try await own(call))) }
    table.add(.put, path: "v1/media/{id}", scope: .writeMedia) { call in
      var picture = try await own(call)
      if let text = call.params.all("description").last {
        do {
          picture = try await pictures.describe(picture.id, by: try call.me(), as: text)
        } catch is PictureLibrary.DescriptionTooLong {
          throw Self.tooLong
        }
      }
      return try json(presenter(call).attachment(picture))
    }
  }

  /// One of the caller's uploads not yet used up, by id.
  func own(_ call: MastodonCall) async throws -> PictureRef {
    guard let id = call.pathID, let picture = try await pictures.attachable(among: [id], by: try call.me()).first else {
      throw MastodonError.notFound
    }
    return picture
  }

  static let tooLong = MastodonError.invalid("Description is too long (at most 1500 characters)")
}
