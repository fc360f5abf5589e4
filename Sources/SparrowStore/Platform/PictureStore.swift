import Foundation

/// The picture pipeline's records: every processed picture, whichever app it was uploaded for.
package protocol PictureStore: Sendable {
  /// Records a processed picture, or that it was uploaded again at `at` (content addressing: same bytes, same id).
  func savePicture(_ picture: PictureRef, at: Date) async throws
  func pictures(ids: [String]) async throws -> [String: PictureRef]
  /// Those of `ids` that `userID` may attach (`PictureUploads.attachable`): theirs, or Sparrow's own. Someone
  /// else's picture is left out as one that does not exist is, by the same statement.
  func pictures(ids: [String], attachableBy userID: Int64) async throws -> [String: PictureRef]
  /// Sets what `userID` says their upload `pictureID` shows (nil removes it): carried into what they attach it to,
  /// each person's own words for the same bytes.
  func describePicture(_ pictureID: String, by userID: Int64, as description: String?) async throws
  /// Records that `userID` uploaded `pictureID` at `at`: for the upload quota, and for who may attach it. Uploads
  /// older than the quota's window are forgotten (`PictureUploads.forget`) unless something refers to the picture.
  func recordUpload(pictureID: String, userID: Int64, at: Date) async throws
  /// How many pictures `userID` uploaded since `since`.
  func uploadCount(userID: Int64, since: Date) async throws -> Int
  /// Pictures last uploaded before `before` that nothing refers to (no status, no avatar), at most `limit`.
  /// Engines keep the references as the rows that hold pictures are written.
  func unreferencedPictures(before: Date, limit: Int) async throws -> [PictureRef]
  /// Forgets those of `ids` that are still unreferenced and not uploaded again since `before`; returns them, for
  /// their files to be removed.
  func deletePictures(ids: [String], before: Date) async throws -> [PictureRef]
}

/// Who uploaded what (`picture_uploads`): the rules both engines run, written once here.
package enum PictureUploads {
  /// The uploader of Sparrow's own pictures (the demo's, a 团购 deal's): no person, so anyone may attach them
  /// (sharing a deal to 微博 takes its picture along). Never a user's id.
  package static let sparrow: Int64 = 0

  /// How long every upload is remembered: the quota looks at a day of them.
  package static let window: TimeInterval = 2 * 86_400

  /// The description `userID` gave the picture `alias` names, as a column.
  package static func description(_ alias: String, by userID: Int64) -> SQL {
    "(SELECT d.description FROM picture_descriptions d WHERE d.picture_id = \(raw: alias).id AND d.user_id = \(userID))"
  }

  /// Sets or removes a description.
  package static func describe(_ pictureID: String, by userID: Int64, as description: String?) -> SQL {
    guard let description else {
      return "DELETE FROM picture_descriptions WHERE picture_id = \(pictureID) AND user_id = \(userID)"
    }
    return """
      INSERT INTO picture_descriptions (picture_id, user_id, description) VALUES (\(pictureID), \(userID), \(description)) \
      ON CONFLICT (picture_id, user_id) DO UPDATE SET description = excluded.description
      """
  }

  /// Whether the picture `alias` names may be attached by `userID`: they uploaded it, or Sparrow did. The rule
  /// every app's posting goes through (`PictureLibrary.attach`).
  package static func attachable(_ alias: String, by userID: Int64) -> SQL {
    """
    EXISTS (SELECT 1 FROM picture_uploads u WHERE u.picture_id = \(raw: alias).id AND u.user_id IN (\(userID), \(sparrow)))
    """
  }

  /// Forgets `userID`'s uploads from before `at` less the window, except those of pictures something refers to:
  /// those still say who may attach the picture again (sharing one's own 打卡 entry to 微博, days later).
  package static func forget(of userID: Int64, at: Date) -> SQL {
    """
    DELETE FROM picture_uploads WHERE user_id = \(userID) AND at < \(millis(at.addingTimeInterval(-window)))
      AND NOT EXISTS (SELECT 1 FROM picture_refs r WHERE r.picture_id = picture_uploads.picture_id)
    """
  }
}
