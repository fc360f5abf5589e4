import SparrowCore
import SparrowPlatform
import DakaStore
import SparrowStore

/// One check-in in a list: its brief (`date location spot`, as the notes' list shows it) and a thumbnail.
struct CheckinRow: PageModel {
  let record: CheckinRecord
  /// Where the row opens the entry (with the tab it was opened from).
  let link: String
  /// The brief as HTML, with what a search matched marked; escaped here.
  let briefHTML: String
  /// The first match of a search: marked, and scrolled to.
  let found: Bool

  init(_ record: CheckinRecord, from tab: DakaFrame.Tab, matching query: String? = nil, found: Bool = false) {
    self.record = record
    link = "/daka/c/\(record.id)" + DakaFrame.query(tab)
    briefHTML = Self.marked(record.brief, query)
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
    case "id": record.id
    case "link": link
    case "brief_html": briefHTML
    case "brief": record.brief
    case "thumbnail": record.pictures.first.map { "/pics/thumbnail/\($0.fileName)" }
    case "private": record.visibility == .private
    case "found": found
    default: nil
    }
  }
}
