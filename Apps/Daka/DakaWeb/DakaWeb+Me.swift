import DakaAPI
import Foundation
import Hummingbird
import SparrowPlatform
import DakaStore
import SparrowStore

extension DakaWeb {
  /// Entries 我的 lists a page.
  static let ownListSize = 50

  /// `/daka/me`: 我的; `map=world`, `country`, `province` or `city` chooses what the 足迹 map shows, and a country or
  /// a city (with `year`) also narrows one's own list below it (`CheckinFilter`).
  func me(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let frame = frame(context, request, tab: .me, title: "我的")
    guard let viewer = context.viewer else {
      return render("daka_message", MessagePage.signIn(frame, heading: "我的", message: Self.signInBenefit, loginURL: frame.web.loginURL))
    }
    let user = viewer.user.id
    let number = context.params["page"].flatMap { Int($0) }.map { max(1, min($0, 10_000)) } ?? 1
    let filter = (try? CheckinFilter(context.params, strict: false)) ?? CheckinFilter()
    // The list, the numbers and the pins in one read (one round trip on PostgreSQL while the numbers stand).
    let (list, numbers, pins) = try await deps.store.journal.ownJournal(userID: user, filter.applied(to:
      CheckinQuery(viewer: user, author: user, limit: Self.ownListSize, offset: (number - 1) * Self.ownListSize)))
    let params = context.params
    let level = FootprintMap.Level((params["map"], params["country"], params["province"], params["city"]), stats: numbers)
    let rows = list.items.map { CheckinRow($0, from: .me) }
    let page = MePage(
      frame: frame, name: viewer.user.screenName, avatar: viewer.user.avatarURLs(baseURL: "").large, stats: numbers,
      overviewHTML: drawnFootprints.html(of: user, stats: numbers, points: pins, level: level),
      rows: rows, rowsHTML: rowRenders.html(rows), page: number, total: list.total,
      pageSize: Self.ownListSize,
      kept: ["map", "country", "province", "city", "geoname_id", "year"].compactMap { name in params[name].map { (name, $0) } },
      filter: filter,
      deleted: context.params["deleted"] == "1")
    return render("daka_me", page)
  }
}
