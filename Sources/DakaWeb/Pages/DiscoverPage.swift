import SparrowCore
import SparrowPlatform
import SparrowStore

/// 发现: a search bar above the check-ins the viewer may see, newest first, a page at a time. A search shows
/// what matches, the first match marked; nothing matching says 未找到.
struct DiscoverPage: PageModel {
  let frame: DakaFrame
  let query: String
  let rows: [CheckinRow]
  let total: Int
  let page: Int
  let pageSize: Int

  var lastPage: Int { max(1, (total + pageSize - 1) / pageSize) }

  func link(_ page: Int) -> String {
    var pairs: [(String, String)] = []
    if !query.isEmpty { pairs.append(("q", query)) }
    if page > 1 { pairs.append(("page", String(page))) }
    return "/daka" + (pairs.isEmpty ? "" : "?" + FormEncoding.encode(pairs: pairs))
  }

  func child(named name: String) -> Any? {
    switch name {
    case "query": query
    case "searching": !query.isEmpty
    case "rows": rows
    case "has_rows": !rows.isEmpty
    case "none": rows.isEmpty && !query.isEmpty
    case "empty": rows.isEmpty && query.isEmpty && page == 1
    case "past_end": rows.isEmpty && query.isEmpty && page > 1
    case "found_count": query.isEmpty || rows.isEmpty ? nil : "找到\(total)条"
    case "previous": page > 1 ? link(page - 1) : nil
    case "next": page < lastPage ? link(page + 1) : nil
    case "paging": lastPage > 1 ? "\(page) / \(lastPage)" : nil
    default: frame.child(named: name)
    }
  }
}
