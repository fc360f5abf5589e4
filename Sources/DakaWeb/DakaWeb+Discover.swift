import Foundation
import Hummingbird
import SparrowPlatform
import SparrowStore

extension DakaWeb {
  /// `/daka`: 发现. `q` searches the briefs (and the linked places' pinyin and initials); `page` pages.
  func discover(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let query = String((context.params["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines).prefix(50))
    let page = max(1, min(context.params["page"].flatMap { Int($0) } ?? 1, 10_000))
    let found = try await deps.store.checkins(CheckinQuery(
      viewer: context.viewer?.user.id, text: query.isEmpty ? nil : query, limit: Self.pageSize,
      offset: (page - 1) * Self.pageSize))
    let rows = found.items.enumerated().map { index, record in
      CheckinRow(record, from: .find, matching: query, found: !query.isEmpty && page == 1 && index == 0)
    }
    let frame = frame(context, request, tab: .find, title: "发现")
    return render("daka_discover", DiscoverPage(frame: frame, query: query, rows: rows, total: found.total, page: page,
                                                pageSize: Self.pageSize))
  }
}
