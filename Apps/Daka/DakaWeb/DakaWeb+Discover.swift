import DakaAPI
import SparrowCore
import Foundation
import Hummingbird
import SparrowPlatform
import DakaStore
import SparrowStore

extension DakaWeb {
  /// `/daka`: 发现, the whole list a page at a time. A search `q` (the briefs, and the linked places' pinyin and
  /// initials) jumps to the page of its `m`-th match (the first by default) and marks it, as the notes' list
  /// scrolls to the first match; an explicit `page` shows that page with the matches only marked.
  func discover(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let query = TextLimit(50).prefix((context.params["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines))
    let viewer = context.viewer?.user.id
    let filter = (try? CheckinFilter(context.params, strict: false)) ?? CheckinFilter()
    let asked = context.params["page"].flatMap { Int($0) }.map { max(1, min($0, 10_000)) }
    var page = asked ?? 1
    var match: DiscoverPage.Match?
    if !query.isEmpty {
      let number = max(1, min(context.params["m"].flatMap { Int($0) } ?? 1, 10_000))
      var found = try await deps.store.journal.checkinMatchPositions(
        filter.applied(to: CheckinQuery(viewer: viewer, text: query, limit: 1, offset: number - 1)))
      if found.items.isEmpty, found.total > 0 {  // past the last match: back to the first
        found = try await deps.store.journal.checkinMatchPositions(
          filter.applied(to: CheckinQuery(viewer: viewer, text: query, limit: 1)))
      }
      if let position = found.items.first {
        let shown = number > found.total ? 1 : number
        match = DiscoverPage.Match(number: shown, total: found.total, position: asked == nil ? position : nil)
        if asked == nil { page = position / Self.pageSize + 1 }
      } else {
        match = DiscoverPage.Match(number: 0, total: 0, position: nil)
      }
    }
    let offset = (page - 1) * Self.pageSize
    let list = try await deps.store.journal.checkins(
      filter.applied(to: CheckinQuery(viewer: viewer, limit: Self.pageSize, offset: offset)))
    let rows = list.items.enumerated().map { index, record in
      CheckinRow(record, from: .find, matching: query, found: match?.position == offset + index)
    }
    let frame = frame(context, request, tab: .find, title: "发现")
    return render("daka_discover", DiscoverPage(frame: frame, query: query, filter: filter, match: match, rows: rows,
                                                rowsHTML: rowRenders.html(rows),
                                                total: list.total, page: page, pageSize: Self.pageSize))
  }
}
