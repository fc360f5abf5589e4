import Foundation
import SparrowStore

/// 管理 (`admin.mustache`): the open reports by what they are about, each with what staff may do, a form for any
/// id (showing hidden content again, lifting a suspension), and the newest entries of the audit log.
struct AdminPage: PageModel {
  /// What was reported, the reports, and the actions.
  struct Item: PageModel {
    let target: ContentRef
    let kind: String
    /// Nil when it is gone.
    let summary: ContentSummary?
    let reports: [Report]
    let canHide: Bool
    var people: [Int64: UserRecord] = [:]
    var csrf = ""

    func child(named name: String) -> Any? {
      switch name {
      case "target": target.description
      case "kind": kind
      case "excerpt": summary?.excerpt ?? "（内容已删除）"
      case "link": summary?.link
      case "hidden": summary?.hidden == true ? true : nil
      case "author": summary.flatMap { people[$0.authorID]?.screenName }
      case "author_link": summary.map { "/u/\($0.authorID)" }
      case "count": String(reports.count)
      case "reports":
        reports.map { report in
          Line(text: "\(report.reason.label)\(report.note.isEmpty ? "" : "：" + report.note)",
               who: people[report.reporterID]?.screenName ?? String(report.reporterID),
               at: report.at.formatted(AdminPage.time))
        }
      case "can_hide": canHide && summary != nil && summary?.hidden != true ? true : nil
      case "can_suspend": summary != nil ? true : nil
      case "csrf": csrf
      default: nil
      }
    }
  }

  /// One report, or one entry of the audit log.
  struct Line: PageModel {
    let text: String
    let who: String
    let at: String

    func child(named name: String) -> Any? {
      switch name {
      case "text": text
      case "who": who
      case "at": at
      default: nil
      }
    }
  }

  static let time = Date.FormatStyle(date: .numeric, time: .shortened).locale(Locale(identifier: "zh_CN"))

  /// What the last action did, by the `done` the redirect carries.
  static func doneText(_ done: String) -> String? {
    ["hidden": "已隐藏，相关举报已处理。", "shown": "已恢复显示。", "dismissed": "已驳回这些举报。",
     "suspended": "已封禁该账号，相关举报已处理。", "lifted": "已解除封禁。"][done]
  }

  let screenName: String
  let role: StaffRole
  let csrf: String
  let items: [Item]
  let log: [Line]
  let done: String?

  init(viewer: Viewer, role: StaffRole, items: [Item], log: [AuditEntry], people: [Int64: UserRecord], done: String?) {
    screenName = viewer.user.screenName
    self.role = role
    csrf = viewer.csrf
    self.items = items.map { item in
      var item = item
      item.people = people
      item.csrf = viewer.csrf
      return item
    }
    self.log = log.map { entry in
      Line(text: "\(entry.action) \(entry.target)：\(entry.reason)",
           who: entry.actorID == AuditEntry.operatorID ? "运维（命令行）" : people[entry.actorID]?.screenName ?? String(entry.actorID),
           at: entry.at.formatted(Self.time))
    }
    self.done = done
  }

  func child(named name: String) -> Any? {
    switch name {
    case "title": "社区管理"
    case "screen_name": screenName
    case "role": role == .admin ? "管理员" : "版主"
    case "csrf": csrf
    case "items": items.isEmpty ? nil : items
    case "has_log": !log.isEmpty
    case "log": log
    case "done": done
    default: nil
    }
  }
}
