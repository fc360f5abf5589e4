import Foundation
import Hummingbird
import SparrowPlatform
import DakaStore
import SparrowStore

extension DakaWeb {
  /// `/daka/c/:id`: the entry, if the viewer may see it (a private one of someone else's is the 404 page).
  func detail(_ request: Request, _ context: SparrowContext, id: String?) async throws -> Response {
    let record = try await visible(id, context)
    let tab = Self.tab(context.params)
    let back = tab == .me ? "/daka/me" : "/daka"
    let author = try await deps.store.people.user(id: record.userID)?.screenName
    let mine = record.userID == context.viewer?.user.id
    // Its author is told when staff hid it, and why; others may report a public entry.
    let ref = ContentRef("checkin", record.id)
    let hiddenReason = mine ? try await deps.store.people.hiddenReason(ref) : nil
    let report = context.viewer != nil && !mine ? Moderation.reportLink(ref, back: "/daka/c/\(record.id)") : nil
    // Its trip, named only to who may see the trip.
    var trip: TripRecord?
    if let tripID = record.tripID { trip = try await deps.store.journal.trip(id: tripID, viewer: context.viewer?.user.id) }
    var page = DetailPage(
      frame: frame(context, request, tab: tab, title: "打卡详情", back: back), record: record, author: author,
      mine: mine, from: DakaFrame.query(tab), publicURL: deps.config.publicURL, hiddenReason: hiddenReason,
      report: report)
    page.trip = trip
    return render("daka_detail", page)
  }
}
