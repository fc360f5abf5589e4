import DakaAPI
import SparrowCore
import SparrowPlatform
import DakaStore
import SparrowStore

/// 发现: a search bar above the check-ins the viewer may see, newest first, a page at a time. A search jumps to
/// the page of a match and marks it, with links to the match before and after; nothing matching says 未找到.
struct DiscoverPage: PageModel {
  /// Which match of a search the page shows.
  struct Match {
    /// 1-based; 0 when nothing matches.
    let number: Int
    let total: Int
    /// Where the shown match stands in the whole list; nil when the page was asked for by number.
    let position: Int?
  }

  let frame: DakaFrame
  let query: String
  /// The year and place the list is narrowed to, kept by every link.
  let filter: CheckinFilter
  let match: Match?
  let rows: [CheckinRow]
  /// The rows' markup (`DakaWeb.rowRenders`).
  let rowsHTML: String
  /// Entries in the whole list.
  let total: Int
  let page: Int
  let pageSize: Int

  var lastPage: Int { max(1, (total + pageSize - 1) / pageSize) }

  func link(_ page: Int) -> String {
    var pairs: [(String, String)] = filter.pairs
    if !query.isEmpty { pairs.append(("q", query)) }
    // With a search, a page number asks for that page rather than a jump to a match.
    if page > 1 || !query.isEmpty { pairs.append(("page", String(page))) }
    return "/daka" + (pairs.isEmpty ? "" : "?" + FormEncoding.encode(pairs: pairs))
  }

  /// The page of the `number`-th match, scrolled to it.
  func link(match number: Int) -> String {
    "/daka?" + FormEncoding.encode(pairs: filter.pairs + [("q", query), ("m", String(number))]) + "#found"
  }

  func child(named name: String) -> Any? {
    switch name {
    case "query": query
    case "filter_label": filter.isEmpty ? nil : filter.label
    case "clear_search": "/daka" + (filter.isEmpty ? "" : "?" + FormEncoding.encode(pairs: filter.pairs))
    case "filter_fields": filter.pairs.map { ["name": $0.0, "value": $0.1] }
    case "clear_filter": "/daka" + (query.isEmpty ? "" : "?" + FormEncoding.encode(pairs: [("q", query)]))
    case "searching": match != nil
    case "rows_html": rowsHTML
    case "has_rows": !rows.isEmpty
    case "none": match.map { $0.total == 0 } ?? false
    case "empty": rows.isEmpty && page == 1
    case "past_end": rows.isEmpty && page > 1
    case "found_count": match.flatMap { $0.total == 0 ? nil : "找到\($0.total)条" }
    case "match_number": match.flatMap { $0.total == 0 || $0.position == nil ? nil : "第\($0.number)条" }
    case "first_match": match.flatMap { $0.total == 0 || $0.position != nil ? nil : link(match: 1) }
    case "previous_match": match.flatMap { $0.position != nil && $0.number > 1 ? link(match: $0.number - 1) : nil }
    case "next_match": match.flatMap { $0.position != nil && $0.number < $0.total ? link(match: $0.number + 1) : nil }
    case "previous": page > 1 ? link(page - 1) : nil
    case "next": page < lastPage ? link(page + 1) : nil
    case "paging": lastPage > 1 ? "\(page) / \(lastPage)" : nil
    default: frame.child(named: name)
    }
  }
}
