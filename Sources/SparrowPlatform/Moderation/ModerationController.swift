import Foundation
import Hummingbird
import Logging
import SparrowCore
import SparrowStore

/// 举报 for everyone signed in (`/report`), and the staff pages (`/admin`): the open reports by what they are
/// about, hiding and showing content, suspending and lifting accounts, dismissing reports, and the audit log. Every
/// form carries the session's form token; every staff route answers a non-staff person as a page that is not there.
struct ModerationController: Sendable {
  let deps: PlatformDependencies
  let session: WebSession
  let pages: TemplateLibrary
  let moderation: Moderation

  static let logger = Logger(label: "sparrow.moderation")
  static let noteLimit = TextLimit(Report.noteLimit)
  static let reasonLimit = TextLimit(200)

  func register(on router: Router<SparrowContext>) {
    let controller = self
    router.get("/report") { request, _ in try await controller.reportForm(request) }
    router.post("/report") { request, _ in try await controller.fileReport(request) }
    router.get("/admin") { request, _ in try await controller.admin(request) }
    router.post("/admin/act") { request, _ in try await controller.act(request) }
  }

  private var staff: Staff { Staff(store: deps.store, ids: deps.ids) }

  // MARK: 举报

  func reportForm(_ request: Request) async throws -> Response {
    guard let viewer = try await session.viewer(request) else { return try await session.login(next: WebFrame.here(request)) }
    let query = request.uri.queryParameters
    let back = OAuthController.safeNext(query["next"].map(String.init)) ?? "/"
    guard let target = query["target"].flatMap({ ContentRef(String($0)) }),
      let shown = try await reportable(target, by: viewer)
    else { return notFound() }
    return pages.render("report", ReportPage(viewer: viewer, target: target, kind: kindName(target), summary: shown, back: back))
  }

  func fileReport(_ request: Request) async throws -> Response {
    var request = request
    let params = try await Params.read(&request, limit: Platform.formLimit)
    guard let viewer = try await session.viewer(request) else { return try await session.login(next: "/") }
    guard viewer.accepts(params["csrf"]) else { return staleForm() }
    let back = OAuthController.safeNext(params["next"]) ?? "/"
    guard let target = params["target"].flatMap(ContentRef.init), let shown = try await reportable(target, by: viewer) else {
      return notFound()
    }
    let note = (params["note"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    guard let reason = params["reason"].flatMap(ReportReason.init(rawValue:)) else {
      return pages.render("report", ReportPage(viewer: viewer, target: target, kind: kindName(target), summary: shown,
                                               back: back, note: note, problem: "请选择举报原因"), status: .badRequest)
    }
    guard Self.noteLimit.fits(note) else {
      return pages.render("report", ReportPage(viewer: viewer, target: target, kind: kindName(target), summary: shown,
                                               back: back, note: note, problem: "补充说明最多 \(Report.noteLimit) 个字"),
                          status: .badRequest)
    }
    let now = deps.now()
    var again = false
    do {
      try await deps.store.fileReport(Report(
        id: deps.ids.next(at: now), reporterID: viewer.user.id, target: target, reason: reason, note: note, at: now))
    } catch StoreError.conflict {
      again = true
    }
    Self.logger.notice("Report filed", metadata: ["target": "\(target)", "reason": "\(reason.rawValue)"])
    return pages.render("report", ReportPage(done: again ? "你已经举报过，管理员正在处理。" : "举报已提交，管理员会尽快处理。", back: back))
  }

  /// What `viewer` may report: something they can see that is not theirs.
  private func reportable(_ target: ContentRef, by viewer: Viewer) async throws -> ContentSummary? {
    guard let shown = try await moderation.summary(of: target, for: viewer.user.id), shown.authorID != viewer.user.id
    else { return nil }
    return shown
  }

  private func kindName(_ target: ContentRef) -> String { moderation.kinds[target.kind] ?? target.kind }

  // MARK: Staff

  /// The signed-in staff member, or the answer for anyone else: a sign-in, or a page that is not there.
  private func staffMember(_ request: Request) async throws -> Result<(Viewer, StaffRole), StaffRefusal> {
    guard let viewer = try await session.viewer(request) else { return .failure(.signIn) }
    guard let role = try await deps.store.staffRole(userID: viewer.user.id) else { return .failure(.notStaff) }
    return .success((viewer, role))
  }

  private enum StaffRefusal: Error { case signIn, notStaff }

  private func refused(_ refusal: StaffRefusal, next: String) async throws -> Response {
    switch refusal {
    case .signIn: try await session.login(next: next)
    case .notStaff: notFound()
    }
  }

  func admin(_ request: Request) async throws -> Response {
    let (viewer, role): (Viewer, StaffRole)
    switch try await staffMember(request) {
    case .success(let member): (viewer, role) = member
    case .failure(let refusal): return try await refused(refusal, next: "/admin")
    }
    let reports = try await deps.store.openReports(limit: 500)
    var groups: [(ContentRef, [Report])] = []
    for report in reports {
      if let index = groups.firstIndex(where: { $0.0 == report.target }) { groups[index].1.append(report) } else {
        groups.append((report.target, [report]))
      }
    }
    var items: [AdminPage.Item] = []
    for (target, filed) in groups.prefix(100) {
      items.append(AdminPage.Item(target: target, kind: kindName(target), summary: try await moderation.summary(of: target, for: nil),
                                  reports: filed, canHide: moderation.canHide(target)))
    }
    let log = try await deps.store.auditLog(limit: 50)
    let people = try await deps.store.users(ids: items.compactMap(\.summary?.authorID) + log.map(\.actorID)
      + reports.map(\.reporterID))
    let done = request.uri.queryParameters["done"].map(String.init)
    return pages.render("admin", AdminPage(viewer: viewer, role: role, items: items, log: log, people: people,
                                           done: done.flatMap(AdminPage.doneText)))
  }

  func act(_ request: Request) async throws -> Response {
    var request = request
    let params = try await Params.read(&request, limit: Platform.formLimit)
    let viewer: Viewer
    switch try await staffMember(request) {
    case .success(let member): viewer = member.0
    case .failure(let refusal): return try await refused(refusal, next: "/admin")
    }
    guard viewer.accepts(params["csrf"]) else { return staleForm() }
    guard let target = params["target"].flatMap(ContentRef.init) else { return problem("请填写对象，例如 status:123 或 user:45") }
    let reason = (params["reason"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    guard !reason.isEmpty else { return problem("请写明理由：每一项管理操作都会连同理由记入操作日志") }
    guard Self.reasonLimit.fits(reason) else { return problem("理由最多 200 个字") }
    let (actor, now) = (viewer.user.id, deps.now())
    let done: String
    switch params["action"] {
    case "hide", "show":
      let hide = params["action"] == "hide"
      guard moderation.canHide(target) else { return problem("这种内容不能隐藏") }
      guard try await staff.setHidden(target, hide, in: moderation, by: actor, reason: reason, at: now) else {
        return problem(hide ? "内容不存在，或已隐藏、不是公开内容" : "内容不存在，或没有被隐藏")
      }
      done = hide ? "hidden" : "shown"
    case "dismiss":
      _ = try await staff.dismissReports(on: target, by: actor, reason: reason, at: now)
      done = "dismissed"
    case "suspend", "lift":
      let author = target.kind == "user" ? target.id : try await moderation.summary(of: target, for: nil)?.authorID
      guard let author, let user = try await deps.store.user(id: author) else { return problem("找不到这个账号") }
      guard user.id != actor else { return problem("不能封禁自己") }
      if params["action"] == "suspend" {
        try await staff.suspend(user, by: actor, reason: reason, at: now)
        let settled = ContentRef("user", user.id)
        for settledTarget in Set([target, settled]) {
          _ = try await deps.store.closeReports(
            on: settledTarget, outcome: "suspended",
            audit: AuditEntry(id: deps.ids.next(at: now), actorID: actor, action: "settle", target: settledTarget.description,
                              reason: reason, at: now))
        }
        done = "suspended"
      } else {
        guard try await staff.lift(user, by: actor, reason: reason, at: now) else { return problem("这个账号没有被封禁") }
        done = "lifted"
      }
    default:
      return problem("未知的操作")
    }
    Self.logger.notice("Staff action", metadata: ["actor": "\(actor)", "action": "\(done)", "target": "\(target)"])
    return HTML.redirect("/admin?done=" + done)
  }

  // MARK: Answers

  private func notFound() -> Response {
    pages.error(ErrorPage(title: "页面不存在", message: "你要找的内容不存在，或你没有权限查看。"), status: .notFound)
  }

  private func staleForm() -> Response {
    pages.error(ErrorPage(title: "操作失败", message: OAuthController.staleForm), status: .forbidden)
  }

  private func problem(_ message: String) -> Response {
    pages.error(ErrorPage(title: "操作失败", message: message), status: .badRequest)
  }
}
