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
    let page = DetailPage(
      frame: frame(context, request, tab: tab, title: "打卡详情", back: back), record: record, author: author,
      mine: record.userID == context.viewer?.user.id, from: DakaFrame.query(tab),
      publicURL: deps.config.publicURL)
    return render("daka_detail", page)
  }
}
