import DakaAPI
import Foundation
import Hummingbird
import SparrowPlatform
import DakaStore
import SparrowStore

/// Trips (旅程) on the web: one's list, the trip page, the form to make or change one.
extension DakaWeb {
  var trips: Trips { Trips(journal: deps.store.journal, ids: deps.ids) }

  /// `/daka/trips`: the viewer's trips.
  func tripList(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let frame = frame(context, request, tab: .me, title: "我的旅程", back: "/daka/me")
    guard let viewer = context.viewer else { return try await session.login(next: "/daka/trips") }
    var items: [TripsPage.Item] = []
    for trip in try await deps.store.journal.trips(userID: viewer.user.id, viewer: viewer.user.id) {
      items.append(TripsPage.Item(summary: try await trips.summary(trip, viewer: viewer.user.id)))
    }
    return render("daka_trips", TripsPage(frame: frame, items: items))
  }

  /// `/daka/t/:id`: a trip as the viewer may see it; someone else's private trip is not found.
  func trip(_ request: Request, _ context: SparrowContext, id: String?) async throws -> Response {
    let trip = try await visibleTrip(id, context)
    let viewer = context.viewer?.user.id
    let summary = try await trips.summary(trip, viewer: viewer)
    let author = viewer == trip.userID ? nil : try await deps.store.people.user(id: trip.userID)?.screenName
    let frame = frame(context, request, tab: .me, title: trip.name, back: viewer == trip.userID ? "/daka/trips" : "/daka")
    return render("daka_trip", TripPage(frame: frame, summary: summary, author: author, mine: viewer == trip.userID,
                                        publicURL: deps.config.publicURL, renders: rowRenders))
  }

  /// `/daka/trips/new` and `/daka/t/:id/edit`: the form.
  func tripForm(_ request: Request, _ context: SparrowContext, id: String?) async throws -> Response {
    guard let viewer = context.viewer else { return try await session.login(next: WebFrame.here(request)) }
    var trip: TripRecord?
    if let id { trip = try await ownTrip(id, context, viewer: viewer) }
    return render("daka_trip_form", try await form(request, context, viewer: viewer, trip: trip, params: nil, error: nil))
  }

  /// `POST /daka/trips/new` and `POST /daka/t/:id/edit`: saves, then the trip; a refusal shows the form again.
  func saveTrip(_ request: Request, _ context: SparrowContext, id: String?) async throws -> Response {
    guard let viewer = context.viewer else { return try await session.login(next: "/daka/trips") }
    var current: TripRecord?
    if let id { current = try await ownTrip(id, context, viewer: viewer) }
    // The form always sends checkin_ids (an empty one before the boxes), so unticking every entry empties the trip.
    let params = context.params
    do {
      let saved = if let current { try await trips.update(current, params) } else {
        try await trips.create(params, by: viewer.user.id, at: deps.now())
      }
      return HTML.redirect("/daka/t/\(saved.id)")
    } catch let error as TripInputError {
      let page = try await form(request, context, viewer: viewer, trip: current, params: params, error: error.message)
      return render("daka_trip_form", page, status: .badRequest)
    }
  }

  /// `POST /daka/t/:id/delete`: the trip goes, its entries stay.
  func deleteTrip(_ request: Request, _ context: SparrowContext, id: String?) async throws -> Response {
    guard let viewer = context.viewer else { return try await session.login(next: "/daka/trips") }
    let trip = try await ownTrip(id, context, viewer: viewer)
    _ = try await deps.store.journal.deleteTrip(id: trip.id, userID: viewer.user.id)
    return HTML.redirect("/daka/trips")
  }

  private func form(_ request: Request, _ context: SparrowContext, viewer: Viewer, trip: TripRecord?, params: Params?,
                    error: String?) async throws -> TripForm {
    let user = viewer.user.id
    let own = try await deps.store.journal.checkins(CheckinQuery(viewer: user, author: user, limit: Trips.entryLimit)).items
    let chosen: Set<Int64>
    if let params {
      chosen = Set(params.all("checkin_ids").flatMap { $0.split(separator: ",") }.compactMap { Int64($0) })
    } else {
      chosen = Set(own.filter { $0.tripID != nil && $0.tripID == trip?.id }.map(\.id))
    }
    let title = trip == nil ? "新建旅程" : "编辑旅程"
    let frame = frame(context, request, tab: .me, title: title, back: trip.map { "/daka/t/\($0.id)" } ?? "/daka/trips")
    return TripForm(
      frame: frame, action: trip.map { "/daka/t/\($0.id)/edit" } ?? "/daka/trips/new",
      name: params?["name"] ?? trip?.name ?? "",
      isPublic: (params?["visibility"] ?? trip?.visibility.rawValue) == CheckinVisibility.public.rawValue,
      choices: own.map { TripForm.Choice(record: $0, chosen: chosen.contains($0.id)) }, error: error, editing: trip != nil,
      deleteAction: trip.map { "/daka/t/\($0.id)/delete" })
  }

  func visibleTrip(_ text: String?, _ context: SparrowContext) async throws -> TripRecord {
    guard let text, let id = Int64(text), id > 0,
      let trip = try await deps.store.journal.trip(id: id, viewer: context.viewer?.user.id)
    else { throw WebPageError(.notFound, "这个旅程不存在") }
    return trip
  }

  func ownTrip(_ text: String?, _ context: SparrowContext, viewer: Viewer) async throws -> TripRecord {
    let trip = try await visibleTrip(text, context)
    guard trip.userID == viewer.user.id else { throw WebPageError(.notFound, "这个旅程不存在") }
    return trip
  }
}
