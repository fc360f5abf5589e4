import Foundation
import SparrowPlatform
import Hummingbird
import SparrowCore
import SparrowMedia
import SparrowStore
import WeiboStore

/// `/2/statuses/*`: timelines, show, post, repost, delete, counts.
struct StatusesController: Sendable {
  let deps: WeiboDependencies
  let pictures: PictureLibrary
  /// Shared by every call this controller serves; see `JSONTemplates`.
  let templates = JSONTemplates()

  func register(_ table: inout APITable) {
    for name in ["home_timeline", "friends_timeline"] {
      table.get("statuses/\(name)") { try await timeline($0, feed: .home($0.caller.userID), max: 100, marksSeen: true) }
      table.get("statuses/\(name)/ids") { try await ids($0, feed: .home($0.caller.userID), max: 100) }
    }
    table.get("statuses/public_timeline") { try await timeline($0, feed: .everyone, max: 200) }
    table.get("statuses/bilateral_timeline") { try await timeline($0, feed: .bilateral($0.caller.userID), max: 100) }
    table.get("statuses/user_timeline") { call in
      let user = try await UsersController.target(call, store: deps.store) ?? call.caller.userID
      return try await timeline(call, feed: .user(user, viewer: call.caller.userID), max: 100)
    }
    table.get("statuses/user_timeline/ids") { call in
      let user = try await UsersController.target(call, store: deps.store) ?? call.caller.userID
      return try await ids(call, feed: .user(user, viewer: call.caller.userID), max: 100)
    }
    table.get("statuses/mentions") { try await timeline($0, feed: .mentions($0.caller.userID), max: 200) }
    table.get("statuses/mentions/ids") { try await ids($0, feed: .mentions($0.caller.userID), max: 200) }
    table.get("statuses/repost_timeline") { call in
      let id = try call.params.id("id", missing: EnvelopeError.statusIDMissing)
      _ = try await visibleStatus(id, to: call.caller.userID)
      let page = try call.params.page(defaultCount: 20, maxCount: 200)
      let trimUser = try call.params.flag("trim_user")
      let (found, rows) = try await deps.store.statuses(
        in: .reposts(of: id), feature: .all, page: page.probing, viewer: call.caller.userID)
      let (records, next) = found.items.splitPage(page.count)
      // The same JSON as `RepostList`, written from templates as the timelines are.
      var out = JSONOutput(capacity: 3072 * records.count + 256)
      RepostList.writeJSON(&out, nextCursor: next?.id ?? 0, totalNumber: found.total) { out in
        presenter(call).writeStatuses(records, rows: rows, trimUser: trimUser, templates: templates, into: &out)
      }
      return jsonResponse(out.bytes)
    }
    table.get("statuses/repost_timeline/ids") { call in
      let id = try call.params.id("id", missing: EnvelopeError.statusIDMissing)
      _ = try await visibleStatus(id, to: call.caller.userID)
      return try await ids(call, feed: .reposts(of: id), max: 200)
    }
    table.get("statuses/show") { call in
      let id = try call.params.id("id", missing: EnvelopeError.statusIDMissing)
      let record = try await visibleStatus(id, to: call.caller.userID)
      return try json(try await presenter(call).status(record))
    }
    table.get("statuses/count") { call in
      let ids = try call.params.ids("ids", max: 100)
      let records = try await deps.store.statuses(ids: ids, visibleTo: call.caller.userID)
      let counts = ids.compactMap { id in
        records[id].map { StatusCount(id: id, comments: $0.commentsCount, reposts: $0.repostsCount, attitudes: $0.attitudesCount) }
      }
      return try json(counts)
    }
    table.post("statuses/update", limit: "update_status") { try await update($0) }
    table.upload("statuses/upload", limit: "update_status") { call in
      let text = try Self.text(call, "status")
      guard let file = call.params.file("pic") else { throw EnvelopeError.imageMissing }
      let picture = try await pictures.ingest(Data(file.data.readableBytesView), at: call.now, by: call.caller.userID)
      return try await post(call, text: text, pictures: [picture])
    }
    table.upload("statuses/upload_pic") { call in
      guard let file = call.params.file("pic") else { throw EnvelopeError.imageMissing }
      let picture = try await pictures.ingest(Data(file.data.readableBytesView), at: call.now, by: call.caller.userID)
      let urls = presenter(call).picURL(picture)
      var uploaded = UploadedPicture(
        picID: picture.id, thumbnailPic: urls.thumbnailPic, bmiddlePic: urls.bmiddlePic ?? "",
        originalPic: urls.originalPic ?? "", width: picture.width, height: picture.height)
      uploaded.type = urls.type ?? ""
      return try json(uploaded)
    }
    table.upload("statuses/upload_url_text", limit: "update_status") { call in
      let text = try Self.text(call, "status")
      // pic_id wins over url, as the spec says.
      if call.params["pic_id"] != nil { return try await post(call, text: text, pictures: try await pictureList(call)) }
      guard let url = call.params["url"] else { throw EnvelopeError.missing("url") }
      let fetcher = RemotePicture(allowPrivateAddresses: deps.config.allowPrivateFetch)
      let data = try await fetcher.fetch(url, maxBytes: ImageProcessor.maxBytes)
      return try await post(call, text: text, pictures: [try await pictures.ingest(data, at: call.now, by: call.caller.userID)])
    }
    table.post("statuses/repost", limit: "update_status") { try await repost($0) }
    table.post("statuses/destroy") { call in
      let id = try call.params.id("id", missing: EnvelopeError.statusIDMissing)
      guard let record = try await deps.store.status(id: id, visibleTo: call.caller.userID) else {
        throw EnvelopeError.statusNotFound
      }
      guard record.userID == call.caller.userID else { throw EnvelopeError.notYourStatus }
      let shown = try await presenter(call).status(record)
      do { _ = try await deps.store.deleteStatus(id: id) } catch StoreError.notFound { throw EnvelopeError.statusNotFound }
      return try json(shown)
    }
  }

  func presenter(_ call: APICall) -> Presenter {
    Presenter(store: deps.store, baseURL: deps.config.publicURL, viewer: call.caller.userID)
  }

  // MARK: Reading

  /// A status the viewer may see, or 20101.
  func visibleStatus(_ id: Int64, to viewer: Int64) async throws -> StatusRecord {
    guard let record = try await deps.store.status(id: id, visibleTo: viewer) else { throw EnvelopeError.statusNotFound }
    return record
  }

  func feature(_ call: APICall) throws -> StatusFeature {
    let value = try call.params.int("feature", default: 0)
    switch value {
    case 0: return .all
    case 1: return .original
    case 2: return .picture
    // Video and music: Sparrow has none, so the feed is empty rather than unfiltered.
    case 3, 4: return .picture
    default: throw EnvelopeError.badParameter("feature", expected: "0-4", got: String(value))
    }
  }

  func timeline(_ call: APICall, feed: StatusFeed, max: Int, defaultCount: Int = 20, marksSeen: Bool = false)
    async throws -> Response
  {
    let page = try call.params.page(defaultCount: defaultCount, maxCount: max)
    let feature = try feature(call)
    let trimUser = try call.params.flag("trim_user")
    let (found, rows) = try await deps.store.statuses(
      in: feed, feature: feature, page: page.probing, viewer: call.caller.userID)
    let (records, following) = found.items.splitPage(page.count)
    let next = following?.id ?? 0
    // The newest page was seen: what it shows no longer counts as new.
    if marksSeen, page.maxID == 0, page.offset == 0, let newest = records.first?.id {
      try await deps.store.markSeen(userID: call.caller.userID, kind: .status, upTo: newest)
    }
    // The same JSON as `StatusList` of `page`'s statuses, written from templates (the hot path). A status with its
    // author (and a repost's original) is 2.4 KB on average in the demo's home feeds: a smaller buffer grew, copying.
    var out = JSONOutput(capacity: 3072 * records.count + 256)
    StatusList.writeJSON(&out, previousCursor: 0, nextCursor: next, totalNumber: found.total) { out in
      presenter(call).writeStatuses(records, rows: rows, trimUser: trimUser, templates: templates, into: &out)
    }
    return jsonResponse(out.bytes)
  }

  /// The `…/ids` variants: ids as strings.
  func ids(_ call: APICall, feed: StatusFeed, max: Int) async throws -> Response {
    let page = try call.params.page(defaultCount: 20, maxCount: max)
    let feature = try feature(call)
    let found = try await deps.store.statuses(in: feed, feature: feature, page: page.probing, seenBy: call.caller.userID)
    let (shown, next) = found.items.splitPage(page.count)
    return try json(StatusIDList(ids: shown.map(\.id), nextCursor: next?.id ?? 0, totalNumber: found.total))
  }

  // MARK: Writing

  /// Text from `name`: required, not blank, within the limit.
  static func text(_ call: APICall, _ name: String, default fallback: String? = nil) throws -> String {
    guard let raw = call.params.all(name).last else {
      if let fallback { return fallback }
      throw EnvelopeError.missing(name)
    }
    let text = raw.replacingOccurrences(of: "\r\n", with: "\n")
    if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      if let fallback { return fallback }
      throw EnvelopeError.contentEmpty
    }
    guard TextLength.fits(text) else { throw EnvelopeError.textTooLong }
    return text
  }

  /// The pictures named by `pic_id` (comma list, at most 9), in the order given: only the caller's own uploads
  /// (the platform's rule, `PictureLibrary.attach`).
  func pictureList(_ call: APICall) async throws -> [PictureRef] {
    guard call.params["pic_id"] != nil else { return [] }
    let ids = call.params.all("pic_id").flatMap { $0.split(separator: ",") }
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    guard ids.count <= 9 else { throw EnvelopeError.idsTooMany }
    do {
      return try await pictures.attach(ids, by: call.caller.userID)
    } catch is PictureLibrary.NotAttachable {
      throw EnvelopeError.pictureNotAttachable
    }
  }

  func update(_ call: APICall) async throws -> Response {
    let text = try Self.text(call, "status")
    return try await post(call, text: text, pictures: try await pictureList(call))
  }

  func post(_ call: APICall, text: String, pictures: [PictureRef]) async throws -> Response {
    let visible = try call.params.int("visible", default: 0)
    guard visible == 0 || visible == 1 else {
      throw EnvelopeError.badParameter("visible", expected: "0 or 1", got: String(visible))
    }
    let (latitude, longitude) = try coordinates(call)
    if let annotations = call.params["annotations"], annotations.count > 512 {
      throw EnvelopeError.badParameter("annotations", expected: "at most 512 characters", got: String(annotations.count))
    }
    let record = StatusRecord(
      id: deps.ids.next(at: call.now), userID: call.caller.userID, text: text, appID: call.caller.app?.id ?? 0,
      createdAt: call.now, pictures: pictures, latitude: latitude, longitude: longitude, visible: visible)
    return try await insert(record, call)
  }

  func coordinates(_ call: APICall) throws -> (Double?, Double?) {
    func value(_ name: String, range: ClosedRange<Double>) throws -> Double? {
      guard let text = call.params[name] else { return nil }
      guard let value = Double(text), range.contains(value) else {
        throw EnvelopeError.badParameter(name, expected: "float in \(range)", got: text)
      }
      return value
    }
    let latitude = try value("lat", range: -90...90)
    let longitude = try value("long", range: -180...180)
    // 0.0, 0.0 is the documented default for "no position".
    if latitude == nil || longitude == nil || (latitude == 0 && longitude == 0) { return (nil, nil) }
    return (latitude, longitude)
  }

  func insert(_ record: StatusRecord, _ call: APICall, comments: [CommentRecord] = []) async throws -> Response {
    let rich = RichText(record.text)
    let mentions = try await deps.store.mentionedIDs(in: record.text).filter { $0 != record.userID }
    do {
      try await deps.store.insertStatus(record, mentions: mentions, topics: rich.topics, comments: comments)
    } catch let error as StoreError {
      throw error.weibo
    }
    return try json(try await presenter(call).status(record))
  }

  func repost(_ call: APICall) async throws -> Response {
    let id = try call.params.id("id", missing: EnvelopeError.statusIDMissing)
    let target = try await visibleStatus(id, to: call.caller.userID)
    guard target.visible == 0 else { throw EnvelopeError.statusNotFound }
    let own = try Self.text(call, "status", default: StatusPosting.plainRepostText)
    let isComment = try call.params.int("is_comment", default: 0)
    guard (0...3).contains(isComment) else {
      throw EnvelopeError.badParameter("is_comment", expected: "0-3", got: String(isComment))
    }
    var text = own
    if target.retweetedID != nil, let author = try await deps.store.user(id: target.userID) {
      text = RepostChain.text(words: call.params["status"] == nil ? nil : own, reposting: target.text, by: author.screenName)
    }
    let originalID = target.retweetedID ?? target.id
    let record = StatusRecord(
      id: deps.ids.next(at: call.now), userID: call.caller.userID, text: text, appID: call.caller.app?.id ?? 0,
      createdAt: call.now, retweetedID: originalID, parentID: target.id)
    var targets: [Int64] = []
    if isComment & 1 != 0 { targets.append(target.id) }
    if isComment & 2 != 0, originalID != target.id || targets.isEmpty { targets.append(originalID) }
    let comments = targets.map {
      CommentRecord(
        id: deps.ids.next(at: call.now), statusID: $0, userID: call.caller.userID, text: own,
        appID: call.caller.app?.id ?? 0, createdAt: call.now)
    }
    return try await insert(record, call, comments: comments)
  }
}
