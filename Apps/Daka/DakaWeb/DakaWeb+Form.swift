import DakaAPI
import Foundation
import Hummingbird
import SparrowPlatform
import DakaStore
import SparrowStore

extension DakaWeb {
  /// Today in China, `YYYY-MM-DD`: the form's default date.
  func today() -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "Asia/Shanghai")!
    let parts = calendar.dateComponents([.year, .month, .day], from: deps.now())
    return String(format: "%04d-%02d-%02d", parts.year ?? 2000, parts.month ?? 1, parts.day ?? 1)
  }

  /// `/daka/new`: the 打卡 form; signed out, what signing in gives and the way to it.
  func newForm(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let frame = frame(context, request, tab: .checkin, title: "打卡")
    guard context.viewer != nil else {
      return render("daka_message", MessagePage.signIn(frame, heading: "登录后打卡", message: Self.signInBenefit, loginURL: frame.web.loginURL))
    }
    return render("daka_form", CheckinForm(frame: frame, action: "/daka/new", params: nil, record: nil, today: today()))
  }

  /// `POST /daka/new`: publishes the entry and opens it; a refusal shows the form again with what was typed.
  func create(_ request: Request, _ context: SparrowContext) async throws -> Response {
    guard let viewer = context.viewer else { return try await session.login(next: "/daka/new") }
    let files = Self.chosen(context.params)
    do {
      let record = try await writer.create(context.params, files: files, by: viewer.user.id, at: deps.now())
      return HTML.redirect(Self.entryLink(record, .checkin))
    } catch let error as CheckinInputError {
      let frame = frame(context, request, tab: .checkin, title: "打卡")
      let form = CheckinForm(frame: frame, action: "/daka/new", params: context.params, record: nil, today: today(),
                             error: error, picturesNote: !files.isEmpty)
      return render("daka_form", form, status: .badRequest)
    }
  }

  /// `/daka/c/:id/edit`: the same form, filled in, with the entry's pictures to keep or remove.
  func editForm(_ request: Request, _ context: SparrowContext, id: String?) async throws -> Response {
    guard let viewer = context.viewer else { return try await session.login(next: WebFrame.here(request)) }
    let record = try await own(id, context, viewer: viewer)
    let tab = Self.tab(context.params)
    let frame = frame(context, request, tab: tab, title: "编辑打卡", back: Self.entryLink(record, tab))
    return render("daka_form", CheckinForm(frame: frame, action: Self.editAction(record, context.params), params: nil,
                                           record: record, today: today()))
  }

  /// `POST /daka/c/:id/edit`: saves the edit and goes back to the entry.
  func update(_ request: Request, _ context: SparrowContext, id: String?) async throws -> Response {
    guard let viewer = context.viewer else { return try await session.login(next: "/daka/c/\(id ?? "")/edit") }
    let record = try await own(id, context, viewer: viewer)
    let files = Self.chosen(context.params)
    let tab = Self.tab(context.params)
    do {
      _ = try await writer.update(record, context.params, files: files, by: viewer.user.id, at: deps.now())
      return HTML.redirect(Self.entryLink(record, tab))
    } catch let error as CheckinInputError {
      let frame = frame(context, request, tab: tab, title: "编辑打卡", back: Self.entryLink(record, tab))
      let form = CheckinForm(frame: frame, action: Self.editAction(record, context.params), params: context.params,
                             record: record, today: today(), error: error, picturesNote: !files.isEmpty)
      return render("daka_form", form, status: .badRequest)
    } catch is DakaLimitError {
      throw WebPageError(.badRequest, CheckinInputError.tooManyPictures(checkinPictureLimit + 1).message)
    }
  }

  /// `POST /daka/c/:id/delete`: deletes one's own entry (the detail page asks first), then 我的.
  func delete(_ request: Request, _ context: SparrowContext, id: String?) async throws -> Response {
    guard let viewer = context.viewer else { return try await session.login(next: "/daka/c/\(id ?? "")") }
    let record = try await own(id, context, viewer: viewer)
    guard try await deps.store.journal.deleteCheckin(id: record.id, userID: viewer.user.id) != nil else {
      throw WebPageError(.notFound, "这条打卡不存在")
    }
    return HTML.redirect("/daka/me?deleted=1")
  }

  /// The files a form sent: an empty file input still sends one empty part, which is no picture.
  static func chosen(_ params: Params) -> [UploadedFile] {
    params.files("pic").filter { $0.data.readableBytes > 0 }
  }

  static func editAction(_ record: CheckinRecord, _ params: Params) -> String {
    "/daka/c/\(record.id)/edit" + DakaFrame.query(tab(params))
  }

  static func entryLink(_ record: CheckinRecord, _ tab: DakaFrame.Tab) -> String {
    "/daka/c/\(record.id)" + DakaFrame.query(tab)
  }

  /// The tab a page of an entry belongs to: the one it was opened from (`from`), else 发现.
  static func tab(_ params: Params) -> DakaFrame.Tab {
    params["from"].flatMap(DakaFrame.Tab.init(rawValue:)) ?? .find
  }

  static let signInBenefit = "登录后可以打卡、记下去过的地方和照片，在「我的」里看足迹地图，还能选择只给自己看。"
}
