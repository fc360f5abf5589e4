import Foundation

/// The picture pipeline's records: every processed picture, whichever app it was uploaded for.
package protocol PictureStore: Sendable {
  /// Records a processed picture, or that it was uploaded again at `at` (content addressing: same bytes, same id).
  func savePicture(_ picture: PictureRef, at: Date) async throws
  func pictures(ids: [String]) async throws -> [String: PictureRef]
  /// Records that `userID` uploaded `pictureID` at `at`, for the upload quota.
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
