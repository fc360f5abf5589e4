import Foundation
import Hummingbird
import SparrowPlatform
import DakaStore
import SparrowStore

/// The trip endpoints (`/daka/api/trips…`), over `Trips`, shared with the web client.
struct TripsController: Sendable {
  let deps: DakaDependencies
  let checkins: CheckinsController

  var trips: Trips { Trips(journal: deps.store.journal, ids: deps.ids) }

  /// `GET trips`: `uid`'s trips the caller may see (the caller's own by default), newest first.
  func list(_ call: JSONCall) async throws -> Response {
    guard let owner = try call.params.int64("uid") ?? call.viewer else { throw EnvelopeError.missing("uid") }
    let found = try await deps.store.journal.trips(userID: owner, viewer: call.viewer)
    let user = try await deps.store.people.user(id: owner)
    var list: [TripJSON] = []
    for trip in found {
      list.append(checkins.presenter(call).trip(try await trips.summary(trip, viewer: call.viewer), user: user, detailed: false))
    }
    return try json(TripList(trips: list, totalNumber: list.count))
  }

  /// `GET trips/{id}`: the trip with its entries the caller may see, oldest first, and their route.
  func show(_ call: JSONCall) async throws -> Response {
    try await present(try await visible(call), call)
  }

  func create(_ call: JSONCall) async throws -> Response {
    try await present(try await trips.create(call.params, by: try call.user(), at: call.now), call)
  }

  /// `POST trips/{id}`: `name`, `checkin_ids` (all of them: the trip's entries become exactly these),
  /// `visibility`, `cover`; what is not sent stays.
  func update(_ call: JSONCall) async throws -> Response {
    try await present(try await trips.update(try await own(call), call.params), call)
  }

  /// `POST trips/{id}/delete`: the trip as it was; its entries stay.
  func delete(_ call: JSONCall) async throws -> Response {
    let trip = try await own(call)
    let summary = try await trips.summary(trip, viewer: call.viewer)
    guard try await deps.store.journal.deleteTrip(id: trip.id, userID: trip.userID) else { throw EnvelopeError.tripNotFound }
    return try json(checkins.presenter(call).trip(summary, user: try await deps.store.people.user(id: trip.userID), detailed: true))
  }

  private func present(_ trip: TripRecord, _ call: JSONCall) async throws -> Response {
    let summary = try await trips.summary(trip, viewer: call.viewer)
    let user = try await deps.store.people.user(id: trip.userID)
    return try json(checkins.presenter(call).trip(summary, user: user, detailed: true))
  }

  /// The trip, if the caller may see it; someone else's private trip is not found, as if it did not exist.
  private func visible(_ call: JSONCall) async throws -> TripRecord {
    guard let trip = try await deps.store.journal.trip(id: try checkins.id(call), viewer: call.viewer) else {
      throw EnvelopeError.tripNotFound
    }
    return trip
  }

  private func own(_ call: JSONCall) async throws -> TripRecord {
    let trip = try await visible(call)
    guard trip.userID == (try call.user()) else { throw EnvelopeError.notYourTrip }
    return trip
  }
}
