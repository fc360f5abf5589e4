import Foundation
import Hummingbird
import SparrowMedia
import SparrowPlatform
import SparrowStore

/// The check-in endpoints. Bad input is refused before anything is written: fields first, then the pictures'
/// count and headers, and only then are pictures stored and the entry written.
struct CheckinsController: Sendable {
  let deps: DakaDependencies
  let pictures: PictureLibrary

  func presenter(_ call: DakaCall) -> CheckinPresenter {
    CheckinPresenter(store: deps.store, baseURL: deps.config.publicURL, viewer: call.viewer)
  }

  /// `GET checkins`: public entries and the caller's own, newest first; `q` searches, `uid` keeps one author's.
  func list(_ call: DakaCall) async throws -> Response {
    let page = try call.params.page(defaultCount: 20, maxCount: 100)
    let author = try call.params.int64("uid")
    let found = try await deps.store.checkins(CheckinQuery(
      viewer: call.viewer, author: author, text: call.params["q"], limit: page.count, offset: page.offset))
    return try json(CheckinList(
      checkins: try await presenter(call).checkins(found.items), totalNumber: found.total,
      page: page.offset / page.count + 1))
  }

  func show(_ call: DakaCall) async throws -> Response {
    try json(try await presenter(call).checkin(try await visible(call)))
  }

  func create(_ call: DakaCall) async throws -> Response {
    let user = try call.user()
    let fields = try CheckinFields(call.params, current: nil)
    let files = call.params.files("pic")
    guard files.count <= checkinPictureLimit else { throw WeiboError.tooManyPictures(files.count) }
    let stored = try await ingest(files, call)
    let record = CheckinRecord(
      id: deps.ids.next(at: call.now), userID: user, date: fields.date, location: fields.location, spot: fields.spot,
      thoughts: fields.thoughts, visibility: fields.visibility, place: CheckinPlace(location: fields.location),
      pictures: stored, createdAt: call.now)
    try await deps.store.addCheckin(record)
    return try json(try await presenter(call).checkin(record))
  }

  /// `POST checkins/{id}`: fields sent replace theirs; `pic` parts are added, `remove_pic` ids removed.
  func update(_ call: DakaCall) async throws -> Response {
    let user = try call.user()
    let current = try await own(call, user: user)
    let fields = try CheckinFields(call.params, current: current)
    let removing = Set(call.params.all("remove_pic"))
    for id in removing where !current.pictures.contains(where: { $0.id == id }) {
      throw WeiboError.field("remove_pic", expected: "the id of one of the check-in's pictures", got: CheckinFields.shown(id))
    }
    let files = call.params.files("pic")
    let count = current.pictures.count - removing.count + files.count
    guard count <= checkinPictureLimit else { throw WeiboError.tooManyPictures(count) }
    let stored = try await ingest(files, call)
    let place = fields.location == current.location ? current.place : CheckinPlace(location: fields.location)
    let edit = CheckinEdit(
      id: current.id, userID: user, date: fields.date, location: fields.location, spot: fields.spot,
      thoughts: fields.thoughts, visibility: fields.visibility, place: place, adding: stored, removing: removing)
    let edited = try await deps.store.editCheckin(edit, maxPictures: checkinPictureLimit)
    return try json(try await presenter(call).checkin(edited))
  }

  /// `POST checkins/{id}/delete`: the entry as it was.
  func delete(_ call: DakaCall) async throws -> Response {
    let user = try call.user()
    _ = try await own(call, user: user)
    guard let deleted = try await deps.store.deleteCheckin(id: try id(call), userID: user) else {
      throw WeiboError.checkinNotFound
    }
    return try json(try await presenter(call).checkin(deleted))
  }

  func me(_ call: DakaCall) async throws -> Response {
    let user = try call.user()
    async let record = deps.store.user(id: user)
    async let stats = deps.store.checkinStats(userID: user)
    return try json(presenter(call).me(try await record, stats: try await stats))
  }

  // MARK: Pieces

  func id(_ call: DakaCall) throws -> Int64 {
    guard let id = call.id else { throw WeiboError.missing("id") }
    return id
  }

  /// The entry, if the caller may see it; a private entry of someone else's is not found, as if it did not exist.
  func visible(_ call: DakaCall) async throws -> CheckinRecord {
    guard let record = try await deps.store.checkin(id: try id(call), viewer: call.viewer) else {
      throw WeiboError.checkinNotFound
    }
    return record
  }

  /// The caller's own entry: someone else's public one is refused as not theirs.
  func own(_ call: DakaCall, user: Int64) async throws -> CheckinRecord {
    let record = try await visible(call)
    guard record.userID == user else { throw WeiboError.notYourCheckin }
    return record
  }

  /// Checks every picture's header before storing any, so one bad part leaves nothing behind.
  func ingest(_ files: [UploadedFile], _ call: DakaCall) async throws -> [PictureRef] {
    let datas = files.map { Data($0.data.readableBytesView) }
    let processor = ImageProcessor()
    for (index, data) in datas.enumerated() {
      do {
        _ = try processor.inspect(data)
      } catch let error as MediaError {
        throw WeiboError.picture(error, number: index + 1)
      }
    }
    var stored: [PictureRef] = []
    for (index, data) in datas.enumerated() {
      do {
        stored.append(try await pictures.ingest(data, at: call.now, by: try call.user()))
      } catch let error as MediaError {
        throw WeiboError.picture(error, number: index + 1)
      }
    }
    return stored
  }
}
