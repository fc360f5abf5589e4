import SparrowCore
import SparrowPlatform
import DakaStore
import SparrowStore

/// One check-in in a list: its brief (`date location spot`, as the notes' list shows it) and a thumbnail. Only what
/// the row shows, so that equal rows render the same markup (`KeptRenders`, `DakaWeb.rowRenders`).
struct CheckinRow: PageModel, Hashable {
  let id: Int64
  /// Where the row opens the entry (with the tab it was opened from).
  let link: String
  /// The brief as HTML, with what a search matched marked; escaped here.
  let briefHTML: String
  let thumbnail: String?
  let isPrivate: Bool
  /// The first match of a search: marked, and scrolled to.
  let found: Bool

  init(_ record: CheckinRecord, from tab: DakaFrame.Tab, matching query: String? = nil, found: Bool = false) {
    id = record.id
    link = "/daka/c/\(record.id)" + DakaFrame.query(tab)
    briefHTML = Self.marked(record.brief, query)
    thumbnail = record.pictures.first.map { "/pics/thumbnail/\($0.fileName)" }
    isPrivate = record.visibility == .private
    self.found = found
  }

  /// `text` escaped, with each case-insensitive occurrence of `query` in `<mark>`.
  static func marked(_ text: String, _ query: String?) -> String {
    guard let query = query?.trimmingCharacters(in: .whitespacesAndNewlines), !query.isEmpty else { return HTML.escape(text) }
    var html = ""
    var rest = Substring(text)
    while let range = rest.range(of: query, options: .caseInsensitive) {
      html += HTML.escape(String(rest[..<range.lowerBound])) + "<mark>" + HTML.escape(String(rest[range])) + "</mark>"
      rest = rest[range.upperBound...]
    }
    return html + HTML.escape(String(rest))
  }

  func child(named name: String) -> Any? {
    switch name {
    case "id": id
    case "link": link
    case "brief_html": briefHTML
    case "thumbnail": thumbnail
    case "private": isPrivate
    case "found": found
    default: nil
    }
  }
}
