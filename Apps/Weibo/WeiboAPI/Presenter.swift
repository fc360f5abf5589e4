import Foundation
import SparrowPlatform
import SparrowCore
import SparrowStore
import WeiboStore

/// Turns stored rows into the API's objects for one viewer. Every method loads what it needs in a
/// fixed number of batched queries, whatever the number of rows.
package struct Presenter: Sendable {
  let store: any WeiboStore
  let baseURL: String
  /// The caller; per-viewer fields (favorited, liked, following, follow_me) are computed for them.
  let viewer: Int64
  /// Statuses as they are for everyone, kept across calls by whoever shows many (the web client's lists).
  let plain: PlainStatuses?

  package init(store: any WeiboStore, baseURL: String, viewer: Int64, plain: PlainStatuses? = nil) {
    self.store = store
    self.baseURL = baseURL
    self.viewer = viewer
    self.plain = plain
  }

  // MARK: Statuses

  package func statuses(_ records: [StatusRecord], trimUser: Bool = false) async throws -> [Status] {
    guard !records.isEmpty else { return [] }
    return statuses(records, rows: try await store.context(for: records, viewer: viewer), trimUser: trimUser)
  }

  /// The statuses, with `rows` already read for them (or for more).
  package func statuses(_ records: [StatusRecord], rows: StatusContextRows, trimUser: Bool = false) -> [Status] {
    let context = StatusContext(
      users: rows.users, apps: rows.apps, favorited: rows.favorited, liked: rows.liked,
      relations: Relations(following: rows.following, followers: rows.followers))
    return records.map { record in
      var status = status(record, context)
      if let originalID = record.retweetedID {
        status.retweetedStatus = Box(
          rows.originals[originalID].map { self.status($0, context) } ?? .deletedOriginal(id: originalID))
      }
      if trimUser {
        status.uid = record.userID
        status.user = nil
      }
      return status
    }
  }

  package func status(_ record: StatusRecord) async throws -> Status {
    try await statuses([record])[0]
  }

  struct StatusContext {
    let users: [Int64: UserRecord]
    let apps: [Int64: AppRecord]
    let favorited: Set<Int64>
    let liked: Set<Int64>
    let relations: Relations
  }

  private func status(_ record: StatusRecord, _ context: StatusContext) -> Status {
    var status = plainStatus(record, app: context.apps[record.appID])
    status.user = context.users[record.userID].map { user($0, context.relations) }
    status.favorited = context.favorited.contains(record.id)
    status.liked = context.liked.contains(record.id)
    return status
  }

  /// A status as it is for everyone: no author, none of a viewer's marks. Templates are made from it.
  private func plainStatus(_ record: StatusRecord, app: AppRecord?) -> Status {
    guard let plain else { return makePlainStatus(record, app: app) }
    return plain.status(record) { makePlainStatus(record, app: app) }
  }

  private func makePlainStatus(_ record: StatusRecord, app: AppRecord?) -> Status {
    Status(
      id: record.id, createdAt: WeiboDate.string(from: record.createdAt), text: record.text,
      source: source(app), user: nil, picUrls: record.pictures.map(picURL), picIds: record.pictures.map(\.id),
      geo: Geo(latitude: record.latitude, longitude: record.longitude), repostsCount: record.repostsCount,
      commentsCount: record.commentsCount, attitudesCount: record.attitudesCount,
      visible: Visibility(type: record.visible))
  }

  // MARK: Statuses as JSON

  /// What `statuses(_:rows:trimUser:)` encodes to, written straight from templates kept in `templates`:
  /// per call only the viewer's values (favorited, liked, following, follow_me) are written.
  func writeStatuses(
    _ records: [StatusRecord], rows: StatusContextRows, trimUser: Bool, templates: JSONTemplates,
    into out: inout JSONOutput
  ) {
    out.array(records) { out, record in writeStatus(record, rows, trimUser: trimUser, templates, &out) }
  }

  /// One status of `writeStatuses`, as `status` JSON inside another object (a favourite).
  func writeStatus(_ record: StatusRecord, rows: StatusContextRows, templates: JSONTemplates, into out: inout JSONOutput) {
    writeStatus(record, rows, trimUser: false, templates, &out)
  }

  private func writeStatus(
    _ record: StatusRecord, _ rows: StatusContextRows, trimUser: Bool, _ templates: JSONTemplates,
    _ out: inout JSONOutput
  ) {
    let template = templates.status(record) { plainStatus(record, app: rows.apps[record.appID]) }
    template.writeStart(&out, favorited: rows.favorited.contains(record.id))
    if trimUser {
      StatusJSONTemplate.writeUID(record.userID, &out)
    } else if let author = rows.users[record.userID] {
      StatusJSONTemplate.writeKey(.user, &out)
      writeUser(author, following: rows.following.contains(author.id), followMe: rows.followers.contains(author.id),
                templates, &out)
    }
    if let originalID = record.retweetedID {
      StatusJSONTemplate.writeKey(.retweetedStatus, &out)
      if let original = rows.originals[originalID] {
        writeStatus(original, rows, trimUser: false, templates, &out)
      } else {
        Status.deletedOriginal(id: originalID).writeJSON(&out)
      }
    }
    template.writeEnd(&out, liked: rows.liked.contains(record.id))
  }

  // MARK: Comments

  /// What a list of comments shows: the statuses they are on, the comments they reply to, and the context of
  /// both (authors, clients, the viewer's relations), read in one go.
  struct CommentContext {
    let records: [CommentRecord]
    let replies: [Int64: CommentRecord]
    let statuses: [Int64: StatusRecord]
    let rows: StatusContextRows
  }

  /// `known`: statuses the caller has read for the viewer already (`comments/show`'s one), not read again.
  func commentContext(_ records: [CommentRecord], known: [StatusRecord] = []) async throws -> CommentContext {
    let replyIDs = records.compactMap(\.replyCommentID)
    let wanted = Set(records.map(\.statusID))
    var statusRecords = [Int64: StatusRecord](minimumCapacity: wanted.count)
    for status in known where wanted.contains(status.id) && statusRecords[status.id] == nil {
      statusRecords[status.id] = status
    }
    let unread = wanted.filter { statusRecords[$0] == nil }
    if !unread.isEmpty {
      statusRecords.merge(try await store.statuses(ids: Array(unread), visibleTo: viewer)) { kept, _ in kept }
    }
    // The comments answered, from the page itself where they are on it (`known`: statuses the viewer may see).
    let replyMap = replyIDs.isEmpty ? [:] : try await store.comments(
      ids: replyIDs, visibleTo: viewer, amongPage: records, onStatuses: Set(known.map(\.id)))
    let all = records + replyMap.values
    // The statuses' context and the comments' authors, clients and relations to the viewer: one read.
    let rows = try await store.context(for: Array(statusRecords.values), people: all.map(\.userID),
                                       apps: all.map(\.appID), viewer: viewer)
    return CommentContext(records: records, replies: replyMap, statuses: statusRecords, rows: rows)
  }

  package func comments(_ records: [CommentRecord]) async throws -> [Comment] {
    guard !records.isEmpty else { return [] }
    let c = try await commentContext(records)
    let statuses = self.statuses(Array(c.statuses.values), rows: c.rows)
    let statusMap = Dictionary(statuses.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let relations = Relations(following: c.rows.following, followers: c.rows.followers)
    func comment(_ record: CommentRecord, withStatus: Bool) -> Comment {
      var comment = Comment(
        id: record.id, createdAt: WeiboDate.string(from: record.createdAt), text: record.text,
        source: source(c.rows.apps[record.appID]), user: c.rows.users[record.userID].map { user($0, relations) },
        status: withStatus ? statusMap[record.statusID] : nil)
      comment.hiddenByStaff = record.hiddenByStaff ? true : nil
      return comment
    }
    return records.map { record in
      var result = comment(record, withStatus: true)
      if let reply = record.replyCommentID.flatMap({ c.replies[$0] }) {
        result.replyComment = Box(comment(reply, withStatus: false))
      }
      return result
    }
  }

  /// What `comments(_:)` encodes to, written with the statuses and users from templates kept in `templates`
  /// (a list of fifty comments carries fifty statuses: encoding them was a third of `comments/to_me`).
  /// A status on several comments is written once and copied after (`JSONOutput.repeating`).
  func writeComments(_ c: CommentContext, templates: JSONTemplates, into out: inout JSONOutput) {
    var written = [Int64: Range<Int>](minimumCapacity: c.records.count)
    out.array(c.records) { out, record in writeComment(record, c, withStatus: true, templates, &written, &out) }
  }

  private func writeComment(
    _ record: CommentRecord, _ c: CommentContext, withStatus: Bool, _ templates: JSONTemplates,
    _ written: inout [Int64: Range<Int>], _ out: inout JSONOutput
  ) {
    // The comment's own fields are kept with its row (its client stands for its source: apps never change once
    // registered); the author, the status and the reply are written from their templates after them.
    out.bytes.append(contentsOf: templates.commentOpening(record) {
      var opening = JSONOutput(capacity: 512)
      opening.object { o in
        o.field("created_at", WeiboDate.string(from: record.createdAt))
        o.field("id", record.id)
        o.field("idstr", String(record.id))
        o.field("mid", String(record.id))
        o.field("text", record.text)
        o.field("source", source(c.rows.apps[record.appID]))
      }
      opening.bytes.removeLast()  // the `}`: the rest of the comment follows
      return opening.bytes
    })
    if let author = c.rows.users[record.userID] {
      out.bytes.append(contentsOf: Self.userKey)
      writeUser(author, following: c.rows.following.contains(author.id),
                followMe: c.rows.followers.contains(author.id), templates, &out)
    }
    if withStatus, let status = c.statuses[record.statusID] {
      out.bytes.append(contentsOf: Self.statusKey)
      out.repeating(status.id, in: &written) { out in writeStatus(status, c.rows, trimUser: false, templates, &out) }
    }
    if let reply = record.replyCommentID.flatMap({ c.replies[$0] }) {
      out.bytes.append(contentsOf: Self.replyKey)
      writeComment(reply, c, withStatus: false, templates, &written, &out)
    }
    if record.hiddenByStaff { out.bytes.append(contentsOf: Self.hiddenByStaff) }
    out.bytes.append(UInt8(ascii: "}"))
  }

  /// What `AttitudeList`'s likes of `marks` encode to, their likers and statuses written from templates kept in
  /// `templates`: a like's status is in `statuses` when the viewer may see it, its liker in `rows.users`. A status
  /// liked several times is written once and copied after (`JSONOutput.repeating`).
  func writeAttitudes(
    _ marks: [Mark], statuses: [Int64: StatusRecord], rows: StatusContextRows, source: String, templates: JSONTemplates,
    into out: inout JSONOutput
  ) {
    let source = JSONFragment(string: source)
    var written = [Int64: Range<Int>](minimumCapacity: marks.count)
    out.array(marks) { out, mark in
      let liker = rows.users[mark.userID]
      let status = statuses[mark.statusID]
      Attitude.writeJSON(
        &out, id: mark.id, createdAt: WeiboDate.string(from: mark.createdAt), attitude: "heart", source: source
      ) { o in
        if let liker {
          o.raw("user") { out in
            writeUser(liker, following: rows.following.contains(liker.id), followMe: rows.followers.contains(liker.id),
                      templates, &out)
          }
        }
        if let status {
          o.raw("status") { out in
            out.repeating(status.id, in: &written) { out in writeStatus(status, rows, trimUser: false, templates, &out) }
          }
        }
      }
    }
  }

  private static let userKey = Array(#","user":"#.utf8)
  private static let statusKey = Array(#","status":"#.utf8)
  private static let replyKey = Array(#","reply_comment":"#.utf8)
  private static let hiddenByStaff = Array(#","hidden_by_staff":true"#.utf8)

  // MARK: Users

  /// The viewer's relationship to a set of users.
  struct Relations {
    let following: Set<Int64>
    let followers: Set<Int64>

    init(following: Set<Int64>, followers: Set<Int64>) {
      self.following = following
      self.followers = followers
    }

    /// No relationship: what templates are made with.
    static let none = Relations(following: [], followers: [])

    init(_ ties: Ties) {
      self.init(following: ties.following, followers: ties.followers)
    }
  }

  package func users(_ records: [UserRecord]) async throws -> [User] {
    // A visitor (viewer 0) has no ties to read.
    users(records, ties: viewer == 0 ? Ties() : try await store.ties(viewer, among: records.map(\.id)))
  }

  /// `records` as the viewer sees them, when their ties to the viewer are read already.
  package func users(_ records: [UserRecord], ties: Ties) -> [User] {
    let relations = Relations(ties)
    return records.map { user($0, relations) }
  }

  /// What `users(_:ties:)` encodes to, written from templates kept in `templates` (the follow lists).
  func writeUsers(_ records: [UserRecord], ties: Ties, templates: JSONTemplates, into out: inout JSONOutput) {
    out.array(records) { out, record in
      writeUser(record, following: ties.following.contains(record.id), followMe: ties.followers.contains(record.id),
                templates, &out)
    }
  }

  /// `record` as the viewer sees it. Everyone but its owner sees the same user, so they share one template; the
  /// owner sees all their statuses counted and their profile even when staff hid it, so theirs is kept apart.
  private func writeUser(
    _ record: UserRecord, following: Bool, followMe: Bool, _ templates: JSONTemplates, _ out: inout JSONOutput
  ) {
    templates.user(record, own: record.id == viewer) { user(record, .none) }
      .write(&out, following: following, followMe: followMe)
  }

  /// A user with their latest status, as `users/show` returns it.
  func userWithStatus(_ record: UserRecord) async throws -> User {
    var result = try await users([record])[0]
    let latest = try await store.statuses(
      in: .user(record.id, viewer: viewer), feature: .all, page: Page(count: 1), seenBy: viewer).items
    if let status = try await statuses(latest, trimUser: true).first { result.status = Box(status) }
    return result
  }

  func user(_ record: UserRecord, _ relations: Relations) -> User {
    User(record, baseURL: baseURL, viewer: viewer, following: relations.following.contains(record.id),
         followMe: relations.followers.contains(record.id))
  }

  // MARK: Pieces

  /// `<a href="URL" rel="nofollow">NAME</a>`, exactly: weibo4j splits this string on `"`.
  func source(_ app: AppRecord?) -> String {
    guard let app else { return "<a href=\"\(baseURL)\" rel=\"nofollow\">Sparrow</a>" }
    let url = app.url.isEmpty ? baseURL : app.url
    return "<a href=\"\(HTML.escape(url))\" rel=\"nofollow\">\(HTML.escape(app.name))</a>"
  }

  package func picURL(_ picture: PictureRef) -> PicURL {
    let file = picture.fileName
    return PicURL(
      thumbnailPic: "\(baseURL)/pics/thumbnail/\(file)", bmiddlePic: "\(baseURL)/pics/bmiddle/\(file)",
      originalPic: "\(baseURL)/pics/large/\(file)", width: picture.width, height: picture.height,
      type: picture.ext == "jpg" ? "jpeg" : picture.ext,
      isLong: picture.height > 3 * picture.width)
  }
}
