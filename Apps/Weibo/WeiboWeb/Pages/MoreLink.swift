import SparrowPlatform

/// The footer of a paged list (`weibo_more.mustache`): the next page, for script (`next`, a fragment) and without
/// it (`page`); or 没有更多了; or, for a list with nothing at all, 这里还什么都没有.
struct MoreLink: PageModel {
  let next: String?
  let page: String?
  let end: Bool
  let empty: Bool

  /// `next` is the next page's cursor, nil at the end; `key` names it in both URLs: `max_id` for id-ordered
  /// lists, `offset` for lists paged by position.
  init(next: Int64?, fragment: String, page: String, empty: Bool, key: String = "max_id") {
    func join(_ url: String, _ cursor: Int64) -> String { url + (url.contains("?") ? "&" : "?") + "\(key)=\(cursor)" }
    self.next = next.map { join(fragment, $0) }
    self.page = next.map { join(page, $0) }
    end = next == nil && !empty
    self.empty = next == nil && empty
  }

  func child(named name: String) -> Any? {
    switch name {
    case "next": next
    case "page": page
    case "end": end
    case "empty": empty
    default: nil
    }
  }
}
