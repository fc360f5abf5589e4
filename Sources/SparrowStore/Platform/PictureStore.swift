import Foundation

/// The picture pipeline's records: every processed picture, whichever app it was uploaded for.
package protocol PictureStore: Sendable {
  /// Records a processed picture; storing the same id twice is not an error (content addressing).
  func savePicture(_ picture: PictureRef, at: Date) async throws
  func pictures(ids: [String]) async throws -> [String: PictureRef]
}
