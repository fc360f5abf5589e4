import Foundation
import SparrowStore

/// 授权管理 (`authorizations.mustache`): every app holding the viewer's tokens, what it may do, since when, and
/// 取消授权.
struct AuthorizationsPage: PageModel {
  struct Row: PageModel {
    let appID: String
    let name: String
    let url: String?
    let consent: [String]
    let since: String

    func child(named name: String) -> Any? {
      switch name {
      case "app_id": appID
      case "name": self.name
      case "url": url
      case "consent": consent
      case "since": since
      default: nil
      }
    }
  }

  let screenName: String
  let csrf: String
  let rows: [Row]
  /// Where 返回 goes.
  let back: String

  init(viewer: Viewer, authorizations: [Authorization], scopes: ScopeCatalog, back: String) {
    screenName = viewer.user.screenName
    csrf = viewer.csrf
    self.back = back
    let day = Date.FormatStyle(date: .numeric, time: .omitted).locale(Locale(identifier: "zh_CN"))
    rows = authorizations.map { granted in
      let caller = Caller(userID: viewer.user.id, app: granted.app, scopes: granted.scopes)
      return Row(
        appID: String(granted.app.id), name: granted.app.name, url: granted.app.url.isEmpty ? nil : granted.app.url,
        consent: scopes.granted(to: caller).flatMap(\.consent), since: granted.since.formatted(day))
    }
  }

  func child(named name: String) -> Any? {
    switch name {
    case "title": "授权管理"
    case "screen_name": screenName
    case "csrf": csrf
    case "rows": rows.isEmpty ? nil : rows
    case "back": back
    default: nil
    }
  }
}
