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

  /// What a repost without words of its own says (`StatusesController.repost`'s default).
  static let plainRepost = "转发微博"

  // MARK: Accounts

  func account(_ user: UserRecord, withSource: Bool = false) -> Account {
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

  func accounts(ids: [Int64]) async throws -> [Account] {
    let users = try await store.users(ids: ids)
    return ids.compactMap { users[$0].map { account($0) } }
  }

  // MARK: Statuses

  /// `records` as statuses, with `rows` read for them (`StatusStore.context(for:viewer:)`).
  func statuses(_ records: [StatusRecord], rows: StatusContextRows, ownText: Bool = false) async throws -> [Status] {
    let names = Set((records + rows.originals.values).flatMap { RichText($0.text).mentions })
    let mentioned = try await mentionIDs(names)
    return records.map { status($0, rows: rows, mentioned: mentioned, ownText: ownText) }
  }

  func statuses(_ records: [StatusRecord], ownText: Bool = false) async throws -> [Status] {
    guard !records.isEmpty else { return [] }
    return try await statuses(records, rows: try await store.context(for: records, viewer: viewer), ownText: ownText)
  }

  private func mentionIDs(_ names: Set<String>) async throws -> [String: Int64] {
    guard !names.isEmpty else { return [:] }
    return Dictionary(try await store.users(screenNames: Array(names)).map { ($0.screenName, $0.id) },
                      uniquingKeysWith: { first, _ in first })
  }

  private func status(_ record: StatusRecord, rows: StatusContextRows, mentioned: [String: Int64], ownText: Bool) -> Status {
    let author = rows.users[record.userID].map { account($0) } ?? Self.gone(record.userID, baseURL: baseURL)
    if let originalID = record.retweetedID, let original = rows.originals[originalID], record.text == Self.plainRepost {
      let inner = plain(original, rows: rows, mentioned: mentioned, ownText: false, quoting: nil)
      return Status(
        id: String(record.id), createdAt: Self.timestamp(record.createdAt), inReplyToId: nil, inReplyToAccountId: nil,
        visibility: Self.visibility(record.visible), url: "\(baseURL)/status/\(record.id)", repliesCount: 0,
        reblogsCount: 0, favouritesCount: 0, favourited: false, reblogged: record.userID == viewer, bookmarked: false,
        content: "", text: ownText ? record.text : nil, reblog: inner, application: application(record, rows),
        account: author, mediaAttachments: [], mentions: [], tags: [])
    }
    // A 转发 with words: Mastodon has no quote post, so it ends in the quote fallback apps recognise.
    return plain(record, rows: rows, mentioned: mentioned, ownText: ownText, quoting: record.retweetedID)
  }

  private func plain(_ record: StatusRecord, rows: StatusContextRows, mentioned: [String: Int64], ownText: Bool,
                     quoting: Int64?) -> Status
  {
    let rich = RichText(record.text)
    var content = html(rich, mentioned: mentioned)
    if let quoting {
      let url = "\(baseURL)/status/\(quoting)"
      let gone = rows.originals[quoting] == nil ? "（原微博已删除）" : ""
      content += "<p class=\"quote-inline\">RE: <a href=\"\(url)\">\(url)</a>\(gone)</p>"
    }
    let author = rows.users[record.userID].map { account($0) } ?? Self.gone(record.userID, baseURL: baseURL)
    return Status(
      id: String(record.id), createdAt: Self.timestamp(record.createdAt), inReplyToId: nil, inReplyToAccountId: nil,
      visibility: Self.visibility(record.visible), url: "\(baseURL)/status/\(record.id)",
      repliesCount: record.commentsCount, reblogsCount: record.repostsCount, favouritesCount: record.attitudesCount,
      favourited: rows.liked.contains(record.id), reblogged: false, bookmarked: rows.favorited.contains(record.id),
      content: content, text: ownText ? record.text : nil, reblog: nil, application: application(record, rows),
      account: author, mediaAttachments: record.pictures.map(attachment),
      mentions: mentions(rich, mentioned), tags: tags(rich))
  }

  private func application(_ record: StatusRecord, _ rows: StatusContextRows) -> Application? {
    guard let app = rows.apps[record.appID] else { return nil }
    return Application(name: app.name, website: Nullable(app.url.isEmpty ? nil : app.url))
  }

  // MARK: Comments as replies

  /// Comments as replies to their status (or to the comment they answer), as `viewer` may see them: a comment is
  /// seen by whoever may see its status.
  func replies(_ comments: [CommentRecord], ownText: Bool = false) async throws -> [Status] {
    guard !comments.isEmpty else { return [] }
    let statuses = try await store.statuses(ids: Array(Set(comments.map(\.statusID))), visibleTo: viewer)
    let answered = try await store.comments(ids: Array(Set(comments.compactMap(\.replyCommentID))), visibleTo: viewer)
    let people = Set(comments.map(\.userID) + statuses.values.map(\.userID) + answered.values.map(\.userID))
    let users = try await store.users(ids: Array(people))
    let mentioned = try await mentionIDs(Set(comments.flatMap { RichText($0.text).mentions }))
    return comments.compactMap { comment in
      guard let status = statuses[comment.statusID] else { return nil }
      let parent = comment.replyCommentID.flatMap { answered[$0] }
      let rich = RichText(comment.text)
      return Status(
        id: String(comment.id), createdAt: Self.timestamp(comment.createdAt),
        inReplyToId: String(parent?.id ?? status.id), inReplyToAccountId: String(parent?.userID ?? status.userID),
        visibility: Self.visibility(status.visible), url: "\(baseURL)/status/\(status.id)", repliesCount: 0,
        reblogsCount: 0, favouritesCount: 0, favourited: false, reblogged: false, bookmarked: false,
        content: html(rich, mentioned: mentioned), text: ownText ? comment.text : nil, reblog: nil, application: nil,
        account: users[comment.userID].map { account($0) } ?? Self.gone(comment.userID, baseURL: baseURL),
        mediaAttachments: [], mentions: mentions(rich, mentioned), tags: tags(rich))
    }
  }

  // MARK: Pieces

  /// Status text as Mastodon's HTML: escaped runs, paragraphs and line breaks, mentions as h-cards, `#话题#` as
  /// hashtags (the closing `#` kept, as 微博 writes them), links as links.
  func html(_ rich: RichText, mentioned: [String: Int64]) -> String {
    var out = ""
    for segment in rich.segments {
      let text = HTML.escape(segment.text)
      switch segment.kind {
      case .plain, .emoticon:
        out += text
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

  /// Escaped text in `<p>`s: a blank line parts paragraphs, a newline is `<br>`.
  static func paragraphs(_ escaped: String) -> String {
    guard !escaped.isEmpty else { return "" }
    return escaped.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n\n")
      .map { "<p>" + $0.replacingOccurrences(of: "\n", with: "<br />") + "</p>" }.joined()
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
      description: Nullable(nil), blurhash: Nullable(nil))
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

  /// `2026-11-27T02:31:04.000Z`, as Mastodon writes times (UTC, milliseconds). By arithmetic: a page of statuses
  /// writes a hundred of these, and Foundation's formatters are slow on Linux.
  static func timestamp(_ date: Date) -> String {
    let millis = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    let seconds = millis >= 0 ? millis / 1000 : (millis - 999) / 1000
    let ms = Int(millis - seconds * 1000)
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = Int(seconds - days * 86_400)
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = Int(doy - (153 * mp + 2) / 5 + 1)
    let month = Int(mp < 10 ? mp + 3 : mp - 9)
    let year = Int(yoe + era * 400) + (month <= 2 ? 1 : 0)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
    let msText = ms < 10 ? "00\(ms)" : ms < 100 ? "0\(ms)" : String(ms)
    return "\(year)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay % 3600 / 60)):"
      + "\(two(secondOfDay % 60)).\(msText)Z"
  }

  /// `2026-11-27`, for `last_status_at` and tag histories.
  static func day(_ date: Date) -> String { String(timestamp(date).prefix(10)) }
}
