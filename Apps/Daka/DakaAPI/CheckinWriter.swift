import Foundation
import Hummingbird
import SparrowMedia
import SparrowPlatform
import DakaStore
import SparrowStore

/// Writes check-ins for the API and the web client alike. Bad input is refused before anything is written:
/// fields first, then the pictures' count and headers, and only then are pictures stored and the entry written.
package struct CheckinWriter: Sendable {
  let deps: DakaDependencies
  let pictures: PictureLibrary

  package init(deps: DakaDependencies, pictures: PictureLibrary) {
    self.deps = deps
    self.pictures = pictures
  }

  /// A new entry of `user`'s from the form's fields and `files`, linked to the place its location names.
  package func create(_ params: Params, files: [UploadedFile], by user: Int64, at now: Date) async throws -> CheckinRecord {
    let fields = try CheckinFields(params, current: nil, now: now)
    guard files.count <= checkinPictureLimit else { throw CheckinInputError.tooManyPictures(files.count) }
    let stored = try await ingest(files, by: user, at: now)
    let record = CheckinRecord(
      id: deps.ids.next(at: now), userID: user, date: fields.date, location: fields.location, spot: fields.spot,
      thoughts: fields.thoughts, visibility: fields.visibility, place: Self.place(fields), pictures: stored,
      createdAt: now, point: fields.point, showsPoint: fields.showsPoint)
    try await deps.store.journal.addCheckin(record)
    return record
  }

  /// `current` (one of `user`'s) edited: fields sent replace theirs, `files` are added, `remove_pic` ids removed.
  package func update(_ current: CheckinRecord, _ params: Params, files: [UploadedFile], by user: Int64, at now: Date)
    async throws -> CheckinRecord
  {
    let fields = try CheckinFields(params, current: current, now: now)
    let removing = Set(params.all("remove_pic"))
    for id in removing where !current.pictures.contains(where: { $0.id == id }) {
      throw CheckinInputError.notItsPicture(id)
    }
    let count = current.pictures.count - removing.count + files.count
    guard count <= checkinPictureLimit else { throw CheckinInputError.tooManyPictures(count) }
    let stored = try await ingest(files, by: user, at: now)
    // New words or a new point are looked up again; a point taken away leaves the place it showed (the city is
    // not the exact point) while the words stay the same.
    let sameWords = fields.location == current.location
    let place = sameWords && fields.point == current.point ? current.place : Self.place(fields) ?? (sameWords ? current.place : nil)
    let edit = CheckinEdit(
      id: current.id, userID: user, date: fields.date, location: fields.location, spot: fields.spot,
      thoughts: fields.thoughts, visibility: fields.visibility, place: place, point: fields.point,
      showsPoint: fields.showsPoint, adding: stored, removing: removing)
    return try await deps.store.journal.editCheckin(edit, maxPictures: checkinPictureLimit)
  }

  /// The place the location's words name (the owner's words win), else the one the point is in.
  package static func place(_ fields: CheckinFields) -> CheckinPlace? {
    CheckinPlace(location: fields.location) ?? fields.point.flatMap { CheckinPlace(point: $0) }
  }

  /// The form's pictures, all checked before any is stored (`PictureLibrary.ingestAll`).
  func ingest(_ files: [UploadedFile], by user: Int64, at now: Date) async throws -> [PictureRef] {
    do {
      return try await pictures.ingestAll(files.map { Data($0.data.readableBytesView) }, at: now, by: user)
    } catch let refused as PictureLibrary.PartRefused {
      throw CheckinInputError.picture(refused.error, number: refused.number)
    }
  }
}
