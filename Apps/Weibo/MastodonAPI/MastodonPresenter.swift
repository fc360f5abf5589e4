import Foundation
import SparrowCore
import SparrowPlatform
import SparrowStore
import WeiboStore

/// Turns 微博's rows into Mastodon's entities for one viewer, in a fixed number of batched reads per page.
///
/// The mapping (docs/mastodon.md): a status is a status; a 转发 without words of its own is a reblog, one with words a
/// status ending in Mastodon's quote fallback (`RE: <url>`); a 评论 is a reply (`in_reply_to_id` the status, or the
/// comment it answers); 赞 is favourite and 收藏 bookmark; public is `public` and 仅自己可见 `direct` with no one
/// mentioned.
struct MastodonPresenter: Sendable {
  let store: any WeiboStore
  let baseURL: String
  let viewer: Int64
  let templates: MastodonTemplates

  // MARK: Accounts

  func account(_ record: UserRecord, withSource: Bool = false) -> Account {
    let user = record.shown(to: viewer)
    let avatar = user.avatarURLs(baseURL: baseURL)
    var account = Account(
      id: String(user.id), username: user.screenName, acct: user.screenName, displayName: user.screenName,
      locked: false, bot: false, discoverable: true, indexable: true, group: false,
      createdAt: Self.timestamp(user.createdAt), note: Self.paragraphs(HTML.escape(user.description)),
      url: "\(baseURL)/u/\(user.id)", uri: "\(baseURL)/u/\(user.id)", avatar: avatar.large, avatarStatic: avatar.large,
      header: "\(baseURL)/mastodon/header.png", headerStatic: "\(baseURL)/mastodon/header.png",
      followersCount: user.followersCount, followingCount: user.friendsCount,
      statusesCount: user.statusesCount(seenBy: viewer), lastStatusAt: Nullable(nil), emojis: [],
      fields: user.url.isEmpty ? [] : [Field(name: "网站", value: Self.link(user.url), verifiedAt: Nullable(nil))])
    if withSource {
      account.source = AccountSource(
        privacy: "public", sensitive: false, language: "zh", note: user.description,
        fields: user.url.isEmpty ? [] : [Field(name: "网站", value: user.url, verifiedAt: Nullable(nil))],
        followRequestsCount: 0)
    }
    return account
  }

  /// The accounts of `ids` that exist, in order, as a JSON array written from their templates (`accountJSON`):
  /// encoding forty accounts afresh was a third of a list's time.
  func accountsJSON(ids: [Int64]) async throws -> [UInt8] {
    accountsJSON(ids, try await store.users(ids: ids))
  }

  /// `accountsJSON(ids:)` for users read already (those of `ids` missing from `users` are left out).
  func accountsJSON(_ ids: [Int64], _ users: [Int64: UserRecord]) -> [UInt8] {
    var out: [UInt8] = [UInt8(ascii: "[")]
    for id in ids where users[id] != nil {
      if out.count > 1 { out.append(UInt8(ascii: ",")) }
      out += accountJSON(id, users)
    }
    out.append(UInt8(ascii: "]"))
    return out
  }

  /// An account's JSON inside a status: the template everyone but its owner sees (whose count of statuses includes
  /// the private ones), or `gone` for an author whose row is missing.
  func accountJSON(_ id: Int64, _ users: [Int64: UserRecord]) -> [UInt8] {
    guard let user = users[id] else { return Self.encode(Self.gone(id, baseURL: baseURL)) }
    let own = user.id == viewer
    return templates.account(user, own: own) {
      Self.encode(MastodonPresenter(store: store, baseURL: baseURL, viewer: own ? viewer : 0, templates: templates).account(user))
    }
  }

  // MARK: Statuses

  /// `records` as statuses, with `rows` read for them (`StatusStore.context(for:viewer:)`). What everyone sees of
  /// each comes from its template (`MastodonTemplates`); only new or changed statuses are rendered, and only their
  /// mentions are looked up.
  func statuses(_ records: [StatusRecord], rows: StatusContextRows, ownText: Bool = false) async throws -> [Status] {
    var missing: [StatusRecord] = []
    for record in records {
      let shown = Self.plainRepost(record, rows) ? rows.originals[record.retweetedID ?? 0].map { [$0] } ?? [] : [record]
      missing += shown.filter { templates.status($0, quotedGone: quotedGone($0, rows)) == nil }
    }
    var bodies: [Int64: [UInt8]] = [:]
    if !missing.isEmpty {
      let rich = Dictionary(missing.map { ($0.id, CustomEmoji.rich($0.text)) }, uniquingKeysWith: { first, _ in first })
      let mentioned = try await mentionIDs(Set(rich.values.flatMap(\.mentions)))
      for record in missing {
        let body = body(record, rich: rich[record.id]!, rows: rows, mentioned: mentioned)
        templates.remember(record, quotedGone: quotedGone(record, rows), body: body)
        bodies[record.id] = body
      }
    }
    func template(_ record: StatusRecord) -> [UInt8] {
      bodies[record.id] ?? templates.status(record, quotedGone: quotedGone(record, rows)) ?? []
    }
    return records.map { record in
      let account = accountJSON(record.userID, rows.users)
      if Self.plainRepost(record, rows), let original = rows.originals[record.retweetedID ?? 0] {
        let inner = Self.write(
          body: template(original), account: accountJSON(original.userID, rows.users), reblog: nil,
          favourited: rows.liked.contains(original.id), reblogged: record.userID == viewer,
          bookmarked: rows.favorited.contains(original.id), text: nil)
        return Self.write(
          body: templates.wrapper(record) { wrapper(record) }, account: account, reblog: inner.json.bytes, favourited: false,
          reblogged: record.userID == viewer, bookmarked: false, text: ownText ? record.text : nil)
      }
      return Self.write(
        body: template(record), account: account, reblog: nil, favourited: rows.liked.contains(record.id),
        reblogged: false, bookmarked: rows.favorited.contains(record.id), text: ownText ? record.text : nil)
    }
  }

  func statuses(_ records: [StatusRecord], ownText: Bool = false) async throws -> [Status] {
    guard !records.isEmpty else { return [] }
    return try await statuses(records, rows: try await store.context(for: records, viewer: viewer), ownText: ownText)
  }

  /// A 转发 without words of its own, whose original is there: a reblog.
  static func plainRepost(_ record: StatusRecord, _ rows: StatusContextRows) -> Bool {
    record.text == StatusPosting.plainRepostText && record.retweetedID.map { rows.originals[$0] != nil } == true
  }

  /// Whether a 转发 with words quotes an original that is gone (its body says so).
  private func quotedGone(_ record: StatusRecord, _ rows: StatusContextRows) -> Bool {
    record.retweetedID.map { rows.originals[$0] == nil } ?? false
  }

  private func mentionIDs(_ names: Set<String>) async throws -> [String: Int64] {
    guard !names.isEmpty else { return [:] }
    return Dictionary(try await store.users(screenNames: Array(names)).map { ($0.screenName, $0.id) },
                      uniquingKeysWith: { first, _ in first })
  }

  /// What everyone sees of a status (a 转发 with words ends in Mastodon's quote fallback, which apps recognise).
  private func body(_ record: StatusRecord, rich: RichText, rows: StatusContextRows, mentioned: [String: Int64]) -> [UInt8] {
    var content = html(rich, mentioned: mentioned)
    if let quoting = record.retweetedID {
      let url = "\(baseURL)/status/\(quoting)"
      let gone = rows.originals[quoting] == nil ? "（原微博已删除）" : ""
      content += "<p class=\"quote-inline\">RE: <a href=\"\(url)\">\(url)</a>\(gone)</p>"
    }
    return Self.openBody(StatusBody(
      id: String(record.id), createdAt: Self.timestamp(record.createdAt), inReplyToId: Nullable(nil),
      inReplyToAccountId: Nullable(nil), visibility: Self.visibility(record.visible), uri: "\(baseURL)/status/\(record.id)",
      url: "\(baseURL)/status/\(record.id)", repliesCount: record.commentsCount, reblogsCount: record.repostsCount,
      favouritesCount: record.attitudesCount, content: content, application: Nullable(application(record, rows)),
      mediaAttachments: record.pictures.map(attachment), mentions: mentions(rich, mentioned), tags: tags(rich),
      emojis: CustomEmoji.emojis(rich, baseURL: baseURL)))
  }

  /// A reblog's own part: no content, no counts of its own.
  private func wrapper(_ record: StatusRecord) -> [UInt8] {
    Self.openBody(StatusBody(
      id: String(record.id), createdAt: Self.timestamp(record.createdAt), inReplyToId: Nullable(nil),
      inReplyToAccountId: Nullable(nil), visibility: Self.visibility(record.visible), uri: "\(baseURL)/status/\(record.id)",
      url: "\(baseURL)/status/\(record.id)", repliesCount: 0, reblogsCount: 0, favouritesCount: 0, content: "",
      application: Nullable(nil), mediaAttachments: [], mentions: [], tags: [], emojis: []))
  }

  private func application(_ record: StatusRecord, _ rows: StatusContextRows) -> Application? {
    guard let app = rows.apps[record.appID] else { return nil }
    return Application(name: app.name, website: Nullable(app.url.isEmpty ? nil : app.url))
  }

  /// A body's JSON without its closing brace, for `write` to finish.
  static func openBody(_ body: StatusBody) -> [UInt8] { Array(encode(body).dropLast()) }

  static func encode(_ value: some Encodable) -> [UInt8] { (try? JSONWriter().encode(value)) ?? Array("{}".utf8) }

  /// A whole status: its body, then the account, what it reblogs, the viewer's marks, and for its author's own
  /// create and delete, its text.
  static func write(body: [UInt8], account: [UInt8], reblog: [UInt8]?, favourited: Bool, reblogged: Bool,
                    bookmarked: Bool, text: String?) -> Status
  {
    var out = body
    out.reserveCapacity(body.count + account.count + (reblog?.count ?? 0) + 96)
    out += Array(",\"account\":".utf8) + account
    out += Array(",\"reblog\":".utf8) + (reblog ?? Array("null".utf8))
    out += Array(",\"favourited\":\(favourited),\"reblogged\":\(reblogged),\"bookmarked\":\(bookmarked)".utf8)
    if let text { out += Array(",\"text\":".utf8) + encode(text) }
    out.append(UInt8(ascii: "}"))
    return Status(json: JSONFragment(out))
  }

  // MARK: Comments as replies

  /// Comments as replies to their status (or to the comment they answer), as `viewer` may see them: a comment is
  /// seen by whoever may see its status.
  /// `page`: the page of comments these are from, where the comments they answer are looked for first.
  func replies(_ comments: [CommentRecord], ownText: Bool = false, page: [CommentRecord] = []) async throws -> [Status] {
    try await keyedReplies(comments, ownText: ownText, page: page).map(\.reply)
  }

  /// `replies`, each with its comment's id (those not to be seen are left out, so places do not tell).
  func keyedReplies(_ comments: [CommentRecord], ownText: Bool = false, page: [CommentRecord] = []) async throws
    -> [(id: Int64, reply: Status)]
  {
    guard !comments.isEmpty else { return [] }
    let statuses = try await store.statuses(ids: Array(Set(comments.map(\.statusID))), visibleTo: viewer)
    let parents = Array(Set(comments.compactMap(\.replyCommentID)))
    let answered = parents.isEmpty ? [:] : try await store.comments(
      ids: parents, visibleTo: viewer, amongPage: page, onStatuses: Set(statuses.keys))
    let people = Set(comments.map(\.userID) + statuses.values.map(\.userID) + answered.values.map(\.userID))
    let users = try await store.users(ids: Array(people))
    // Bodies kept for the same rows (`MastodonTemplates.replies`); the rest parsed, their mentions looked up once.
    let shown = comments.map { comment in
      statuses[comment.statusID].map { status in
        let parent = comment.replyCommentID.flatMap { answered[$0] }
        return MastodonTemplates.ReplyShown(comment: comment, statusID: status.id, statusUserID: status.userID,
                                            visible: status.visible, parentID: parent?.id, parentUserID: parent?.userID)
      }
    }
    var bodies = Dictionary(shown.compactMap { $0 }.compactMap { s in templates.replies.kept(s.comment.id, s).map { (s.comment.id, $0) } },
                            uniquingKeysWith: { a, _ in a })
    let missing = shown.compactMap { $0 }.filter { bodies[$0.comment.id] == nil }
    if !missing.isEmpty {
      let rich = Dictionary(missing.map { ($0.comment.id, CustomEmoji.rich($0.comment.text)) }, uniquingKeysWith: { a, _ in a })
      let mentioned = try await mentionIDs(Set(rich.values.flatMap(\.mentions)))
      for s in missing {
        let body = replyBody(s, rich: rich[s.comment.id]!, mentioned: mentioned)
        templates.replies.keep(body, s.comment.id, s)
        bodies[s.comment.id] = body
      }
    }
    return zip(comments, shown).compactMap { comment, shown in
      guard shown != nil, let body = bodies[comment.id] else { return nil }
      return (comment.id, Self.write(
        body: body, account: accountJSON(comment.userID, users), reblog: nil, favourited: false, reblogged: false,
        bookmarked: false, text: ownText ? comment.text : nil))
    }
  }

  /// A comment's body as a reply, made now.
  private func replyBody(_ s: MastodonTemplates.ReplyShown, rich: RichText, mentioned: [String: Int64]) -> [UInt8] {
    Self.openBody(StatusBody(
      id: String(s.comment.id), createdAt: Self.timestamp(s.comment.createdAt),
      inReplyToId: Nullable(String(s.parentID ?? s.statusID)),
      inReplyToAccountId: Nullable(String(s.parentUserID ?? s.statusUserID)), visibility: Self.visibility(s.visible),
      uri: "\(baseURL)/status/\(s.statusID)", url: "\(baseURL)/status/\(s.statusID)", repliesCount: 0, reblogsCount: 0,
      favouritesCount: 0, content: html(rich, mentioned: mentioned), application: Nullable(nil), mediaAttachments: [],
      mentions: mentions(rich, mentioned), tags: tags(rich), emojis: CustomEmoji.emojis(rich, baseURL: baseURL)))
  }

  // MARK: Pieces

  /// Status text as Mastodon's HTML: escaped runs, paragraphs and line breaks, mentions as h-cards, `#话题#` as
  /// hashtags (the closing `#` kept, as 微博 writes them), links as links.
  func html(_ rich: RichText, mentioned: [String: Int64]) -> String {
    var out = ""
    for segment in rich.segments {
      let text = HTML.escape(segment.text)
      switch segment.kind {
      case .plain:
        out += text
      case .emoticon(let phrase):
        out += CustomEmoji.byPhrase[phrase].map { ":\($0.shortcode):" } ?? text
      case .mention(let name):
        if let id = mentioned[name] {
          out += "<span class=\"h-card\" translate=\"no\"><a href=\"\(baseURL)/u/\(id)\" class=\"u-url mention\">"
            + "@<span>\(HTML.escape(name))</span></a></span>"
        } else {
          out += text
        }
      case .topic(let name):
        out += "<a href=\"\(baseURL)/topic/\(FormEncoding.escape(name))\" class=\"mention hashtag\" rel=\"tag\">"
          + "#<span>\(HTML.escape(name))</span>#</a>"
      case .link(let url):
        out += Self.link(url.absoluteString)
      }
    }
    return Self.paragraphs(out)
  }

  /// Escaped text in `<p>`s: a blank line parts paragraphs, a newline is `<br />`. By bytes: Foundation's
  /// replacing is slow on Linux, and every status of a page goes through here.
  static func paragraphs(_ escaped: String) -> String {
    guard !escaped.isEmpty else { return "" }
    var out: [UInt8] = Array("<p>".utf8)
    out.reserveCapacity(escaped.utf8.count + 16)
    var newlines = 0
    func flush() {
      if newlines >= 2 { out += Array("</p><p>".utf8) } else if newlines == 1 { out += Array("<br />".utf8) }
      newlines = 0
    }
    for byte in escaped.utf8 {
      switch byte {
      case 0x0D: continue
      case 0x0A: newlines += 1
      default:
        flush()
        out.append(byte)
      }
    }
    flush()
    out += Array("</p>".utf8)
    return String(decoding: out, as: UTF8.self)
  }

  static func link(_ url: String) -> String {
    let shown = HTML.escape(url)
    return "<a href=\"\(shown)\" target=\"_blank\" rel=\"nofollow noopener noreferrer\">\(shown)</a>"
  }

  private func mentions(_ rich: RichText, _ mentioned: [String: Int64]) -> [Mention] {
    rich.mentions.compactMap { name in
      mentioned[name].map { Mention(id: String($0), username: name, url: "\(baseURL)/u/\($0)", acct: name) }
    }
  }

  private func tags(_ rich: RichText) -> [Tag] {
    rich.topics.map { Tag(name: $0, url: "\(baseURL)/topic/\(FormEncoding.escape($0))") }
  }

  func attachment(_ picture: PictureRef) -> MediaAttachment {
    let file = picture.fileName
    let width = max(picture.width, 1), height = max(picture.height, 1)
    let scale = min(1, 440 / Double(width))
    let small = MediaMeta.Size(
      width: Int((Double(width) * scale).rounded()), height: Int((Double(height) * scale).rounded()),
      size: "\(Int((Double(width) * scale).rounded()))x\(Int((Double(height) * scale).rounded()))",
      aspect: Double(width) / Double(height))
    return MediaAttachment(
      id: picture.id, type: "image", url: "\(baseURL)/pics/large/\(file)", previewUrl: "\(baseURL)/pics/bmiddle/\(file)",
      remoteUrl: Nullable(nil),
      meta: MediaMeta(original: .init(width: width, height: height, size: "\(width)x\(height)",
                                      aspect: Double(width) / Double(height)), small: small),
      description: Nullable(picture.description), blurhash: Nullable(picture.blurhash))
  }

  /// 0 is public; anything else (仅自己可见, hidden by staff) is its author's alone: `direct` with no one mentioned.
  static func visibility(_ visible: Int) -> String { visible == 0 ? "public" : "direct" }

  /// An author whose row is gone (a status read in the instant before its author's deletion finished).
  static func gone(_ id: Int64, baseURL: String) -> Account {
    Account(
      id: String(id), username: "已注销", acct: "已注销", displayName: "已注销", locked: false, bot: false,
      discoverable: false, indexable: false, group: false, createdAt: timestamp(Date(timeIntervalSince1970: 0)), note: "",
      url: "\(baseURL)/u/\(id)", uri: "\(baseURL)/u/\(id)", avatar: "\(baseURL)/avatars/\(id)/180.png",
      avatarStatic: "\(baseURL)/avatars/\(id)/180.png", header: "\(baseURL)/mastodon/header.png",
      headerStatic: "\(baseURL)/mastodon/header.png", followersCount: 0, followingCount: 0, statusesCount: 0,
      lastStatusAt: Nullable(nil), emojis: [], fields: [])
  }

  /// `2026-11-27T02:31:04.000Z`, as Mastodon writes times (UTC, milliseconds). By arithmetic, digits written
  /// straight into the string: a page of statuses writes a hundred of these, Foundation's formatters are slow on
  /// Linux, and interpolating the parts made a string of each (a twenty-fifth of a page of notifications). Years
  /// before 1000 in four digits, as ISO 8601 writes them.
  static func timestamp(_ date: Date) -> String {
    let millis = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    let seconds = millis >= 0 ? millis / 1000 : (millis - 999) / 1000
    let ms = Int(millis - seconds * 1000)
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = Int(seconds - days * 86_400)
    let civil = CivilDay(daysSince1970: days)
    guard (0..<10_000).contains(civil.year) else {
      func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
      let msText = ms < 10 ? "00\(ms)" : ms < 100 ? "0\(ms)" : String(ms)
      return "\(civil.year)-\(two(civil.month))-\(two(civil.day))T\(two(secondOfDay / 3600)):"
        + "\(two(secondOfDay % 3600 / 60)):\(two(secondOfDay % 60)).\(msText)Z"
    }
    return String(unsafeUninitializedCapacity: 24) { out in
      func digits(_ n: Int, _ count: Int, at start: Int) {
        var rest = n
        for i in (0..<count).reversed() {
          out[start + i] = UInt8(ascii: "0") + UInt8(rest % 10)
          rest /= 10
        }
      }
      digits(civil.year, 4, at: 0)
      out[4] = UInt8(ascii: "-")
      digits(civil.month, 2, at: 5)
      out[7] = UInt8(ascii: "-")
      digits(civil.day, 2, at: 8)
      out[10] = UInt8(ascii: "T")
      digits(secondOfDay / 3600, 2, at: 11)
      out[13] = UInt8(ascii: ":")
      digits(secondOfDay % 3600 / 60, 2, at: 14)
      out[16] = UInt8(ascii: ":")
      digits(secondOfDay % 60, 2, at: 17)
      out[19] = UInt8(ascii: ".")
      digits(ms, 3, at: 20)
      out[23] = UInt8(ascii: "Z")
      return 24
    }
  }

  /// `2026-11-27`, for `last_status_at` and tag histories.
  static func day(_ date: Date) -> String { String(timestamp(date).prefix(10)) }
}
