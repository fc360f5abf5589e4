import Foundation
import Hummingbird
import SparrowCore
import SparrowMedia
import SparrowPlatform
import DakaStore
import SparrowStore

/// The check-in endpoints; writes go through `CheckinWriter`, shared with the web client.
struct CheckinsController: Sendable {
  let deps: DakaDependencies
  let writer: CheckinWriter
  /// Entries' JSON kept while their rows stay the same (`CheckinPresenter.texts`).
  let kept = KeptByRecord<CheckinPresenter.Shown, JSONFragment>()

  func presenter(_ call: JSONCall) -> CheckinPresenter {
    CheckinPresenter(store: deps.store.people, journal: deps.store.journal, baseURL: deps.config.publicURL, viewer: call.viewer)
  }

  /// `GET checkins`: public entries and the caller's own, newest first; `q` searches, `uid` keeps one author's,
  /// `year`, `country`, `city` and `geoname_id` narrow (`CheckinFilter`).
  func list(_ call: JSONCall) async throws -> Response {
    let page = try call.params.page(defaultCount: 20, maxCount: 100)
    let author = try call.params.int64("uid")
    let filter = try CheckinFilter(call.params, strict: true)
    let found = try await deps.store.journal.checkins(filter.applied(to: CheckinQuery(
      viewer: call.viewer, author: author, text: call.params["q"], limit: page.count, offset: page.offset)))
    return try json(CheckinList(
      checkins: try await presenter(call).texts(found.items, kept: kept), totalNumber: found.total,
      page: page.offset / page.count + 1))
  }

  func show(_ call: JSONCall) async throws -> Response {
    try json(try await presenter(call).checkin(try await visible(call)))
  }

  func create(_ call: JSONCall) async throws -> Response {
    let record = try await writer.create(call.params, files: call.params.files("pic"), by: try call.user(), at: call.now)
    return try json(try await presenter(call).checkin(record))
  }

  /// `POST checkins/{id}`: fields sent replace theirs; `pic` parts are added, `remove_pic` ids removed.
  func update(_ call: JSONCall) async throws -> Response {
    let user = try call.user()
    let current = try await own(call, user: user)
    let edited = try await writer.update(current, call.params, files: call.params.files("pic"), by: user, at: call.now)
    return try json(try await presenter(call).checkin(edited))
  }

  /// `POST checkins/{id}/delete`: the entry as it was.
  func delete(_ call: JSONCall) async throws -> Response {
    let user = try call.user()
    _ = try await own(call, user: user)
    guard let deleted = try await deps.store.journal.deleteCheckin(id: try id(call), userID: user) else {
      throw EnvelopeError.checkinNotFound
    }
    return try json(try await presenter(call).checkin(deleted))
  }

  func me(_ call: JSONCall) async throws -> Response {
    let user = try call.user()
    async let record = deps.store.people.user(id: user)
    async let stats = deps.store.journal.checkinStats(userID: user)
    return try json(presenter(call).me(try await record, stats: try await stats))
  }

  // MARK: Pieces

  func id(_ call: JSONCall) throws -> Int64 {
    guard let id = call.id else { throw EnvelopeError.missing("id") }
    return id
  }

  /// The entry, if the caller may see it; a private entry of someone else's is not found, as if it did not exist.
  func visible(_ call: JSONCall) async throws -> CheckinRecord {
    guard let record = try await deps.store.journal.checkin(id: try id(call), viewer: call.viewer) else {
      throw EnvelopeError.checkinNotFound
    }
    return record
  }

  /// The caller's own entry: someone else's public one is refused as not theirs.
  func own(_ call: JSONCall, user: Int64) async throws -> CheckinRecord {
    let record = try await visible(call)
    guard record.userID == user else { throw EnvelopeError.notYourCheckin }
    return record
  }
}
