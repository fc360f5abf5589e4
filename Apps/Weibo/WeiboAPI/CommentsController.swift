import Foundation
import SparrowPlatform
import Hummingbird
import SparrowCore
import SparrowStore
import WeiboStore

/// `/2/comments/*`.
struct CommentsController: Sendable {
  let deps: WeiboDependencies
  let statuses: StatusesController

  func register(_ table: inout APITable) {
    table.get("comments/show") { call in
      let id = try call.params.id("id", missing: EnvelopeError.statusIDMissing)
      let status = try await statuses.visibleStatus(id, to: call.caller.userID)
      return try await list(call, .onStatus(id), on: status)
    }
    table.get("comments/by_me") { try await list($0, .byUser($0.caller.userID)) }
    table.get("comments/to_me") { try await list($0, .toUser($0.caller.userID)) }
    table.get("comments/timeline") { try await list($0, .timeline($0.caller.userID)) }
    table.get("comments/mentions") { try await list($0, .mentions($0.caller.userID)) }
    table.get("comments/show_batch") { call in
      let ids = try call.params.ids("cids", max: 50)
      let records = try await deps.store.comments(ids: ids, visibleTo: call.caller.userID)
      return try json(try await presenter(call).comments(ids.compactMap { records[$0] }))
    }
    table.post("comments/create", limit: "update_comment") { call in
      let text = try StatusesController.text(call, "comment")
      let id = try call.params.id("id", missing: EnvelopeError.statusIDMissing)
      let status = try await statuses.visibleStatus(id, to: call.caller.userID)
      var targets = [id]
      if try call.params.flag("comment_ori"), let original = status.retweetedID { targets.append(original) }
      return try await create(call, text: text, on: targets, replyTo: nil)
    }
    table.post("comments/reply", limit: "update_comment") { call in
      let cid = try call.params.id("cid", missing: EnvelopeError.commentIDMissing)
      var text = try StatusesController.text(call, "comment")
      let id = try call.params.id("id", missing: EnvelopeError.statusIDMissing)
      let status = try await statuses.visibleStatus(id, to: call.caller.userID)
      guard let replied = try await deps.store.comment(id: cid, visibleTo: call.caller.userID), replied.statusID == id else {
        throw EnvelopeError.commentNotFound
      }
      if !(try call.params.flag("without_mention")), let author = try await deps.store.user(id: replied.userID) {
        text = "回复@\(author.screenName):" + text
        guard TextLength.fits(text) else { throw EnvelopeError.textTooLong }
      }
      var targets = [id]
      if try call.params.flag("comment_ori"), let original = status.retweetedID { targets.append(original) }
      return try await create(call, text: text, on: targets, replyTo: cid)
    }
    table.post("comments/destroy") { call in
      let cid = try call.params.id("cid", missing: EnvelopeError.commentIDMissing)
      return try json(try await destroy(cid, call))
    }
    table.post("comments/destroy_batch") { call in
      let cids = try call.params.ids("cids", max: 20)
      // Check every comment first: a batch with one bad id deletes nothing.
      for cid in cids { _ = try await deletable(cid, call) }
      var deleted: [Comment] = []
      for cid in cids { deleted.append(try await destroy(cid, call)) }
      return try json(deleted)
    }
  }

  func presenter(_ call: APICall) -> Presenter { statuses.presenter(call) }

  /// `status`: the one status the comments are on, read already (so not read again for them).
  func list(_ call: APICall, _ feed: CommentFeed, on status: StatusRecord? = nil) async throws -> Response {
    let page = try call.params.page(defaultCount: 50, maxCount: 200)
    let found = try await deps.store.comments(in: feed, page: page.probing, seenBy: call.caller.userID)
    let (records, next) = found.items.splitPage(page.count)
    // The same JSON as `CommentList` of the page's comments, written from templates (see `writeComments`).
    let presenter = presenter(call)
    let context = try await presenter.commentContext(records, known: status.map { [$0] } ?? [])
    // A comment with its status and their two people is 3.8 KB in the demo's data: a smaller buffer grew, copying.
    var out = JSONOutput(capacity: 4096 * records.count + 256)
    CommentList.writeJSON(&out, previousCursor: 0, nextCursor: next?.id ?? 0, totalNumber: found.total) { out in
      presenter.writeComments(context, templates: statuses.templates, into: &out)
    }
    return jsonResponse(out.bytes)
  }

  /// Adds the comment to each status in `targets` in one transaction; returns the first.
  func create(_ call: APICall, text: String, on targets: [Int64], replyTo: Int64?) async throws -> Response {
    let mentions = try await deps.store.mentionedIDs(in: text)
      .filter { $0 != call.caller.userID }
    let records = targets.enumerated().map { index, statusID in
      CommentRecord(
        id: deps.ids.next(at: call.now), statusID: statusID, userID: call.caller.userID, text: text,
        appID: call.caller.app?.id ?? 0, createdAt: call.now, replyCommentID: index == 0 ? replyTo : nil)
    }
    do {
      try await deps.store.insertComments(records, mentions: mentions)
    } catch StoreError.notFound {
      throw replyTo == nil ? EnvelopeError.statusNotFound : EnvelopeError.commentNotFound
    }
    return try json(try await presenter(call).comments([records[0]])[0])
  }

  /// The comment, if the caller may delete it: its author or the status's author.
  func deletable(_ cid: Int64, _ call: APICall) async throws -> CommentRecord {
    guard let record = try await deps.store.comment(id: cid, visibleTo: call.caller.userID) else {
      throw EnvelopeError.commentNotFound
    }
    if record.userID != call.caller.userID {
      let status = try await deps.store.status(id: record.statusID, visibleTo: call.caller.userID)
      guard status?.userID == call.caller.userID else { throw EnvelopeError.notYourComment }
    }
    return record
  }

  /// Deletes a comment its author or the status's author asks to delete.
  func destroy(_ cid: Int64, _ call: APICall) async throws -> Comment {
    let record = try await deletable(cid, call)
    let shown = try await presenter(call).comments([record])[0]
    do { _ = try await deps.store.deleteComment(id: cid) } catch StoreError.notFound { throw EnvelopeError.commentNotFound }
    return shown
  }
}
