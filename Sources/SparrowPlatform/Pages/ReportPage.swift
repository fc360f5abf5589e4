import Foundation
import SparrowStore

/// 举报 (`report.mustache`): what is reported, the reasons to choose from and a note; or, once sent, the thanks.
struct ReportPage: PageModel {
  struct Choice: PageModel {
    let value: String
    let label: String

    func child(named name: String) -> Any? {
      switch name {
      case "value": value
      case "label": label
      default: nil
      }
    }
  }

  let csrf: String?
  let target: String?
  let kind: String?
  let excerpt: String?
  let note: String
  let problem: String?
  let done: String?
  /// Where 返回 goes, and where the form sends the person back to.
  let back: String

  init(viewer: Viewer, target: ContentRef, kind: String, summary: ContentSummary, back: String, note: String = "",
       problem: String? = nil) {
    csrf = viewer.csrf
    self.target = target.description
    self.kind = kind
    excerpt = summary.excerpt
    self.note = note
    self.problem = problem
    done = nil
    self.back = back
  }

  init(done: String, back: String) {
    (csrf, target, kind, excerpt, problem) = (nil, nil, nil, nil, nil)
    note = ""
    self.done = done
    self.back = back
  }

  func child(named name: String) -> Any? {
    switch name {
    case "title": "举报"
    case "form": done == nil ? true : nil
    case "csrf": csrf
    case "target": target
    case "kind": kind
    case "excerpt": excerpt
    case "note": note
    case "problem": problem
    case "done": done
    case "back": back
    case "reasons": ReportReason.allCases.map { Choice(value: $0.rawValue, label: $0.label) }
    case "note_limit": String(Report.noteLimit)
    default: nil
    }
  }
}
