import Foundation

/// A status ready for a cell: every string and flag the cell shows, computed once from the wire status.
public struct StatusViewModel: Sendable, Equatable, Identifiable {
  /// The wire status.
  public private(set) var status: Status
  /// The author's screen name; empty when the author is not included.
  public let authorName: String
  /// The author's 50 × 50 avatar.
  public let avatarURL: URL?
  /// The author's verification mark.
  public let badge: VerifiedBadge
  /// The author's membership (VIP icon and orange name).
  public let membership: Membership
  /// When the status was posted; nil when `created_at` does not parse.
  public let createdAt: Date?
  /// `来自 X`, or nil without a named client.
  public let sourceText: String?
  /// The text split into plain runs, mentions, topics, links and known emoticons.
  public let richText: RichText
  /// The status's own pictures.
  public let pictures: [Picture]
  /// `@name: text` of the retweeted status; nil for an original.
  public let retweetText: String?
  /// The retweeted text split like `richText`.
  public let retweetRichText: RichText?
  /// The retweeted status's pictures.
  public let retweetPictures: [Picture]
  /// 转发 title: the word at 0, else the short count.
  public private(set) var repostsText: String
  /// 评论 title.
  public private(set) var commentsText: String
  /// 赞 title.
  public private(set) var attitudesText: String

  /// The model for `status`; `emoticons` are the known `[phrase]`s (from `EmoticonPack.index`).
  public init(status: Status, emoticons: Set<String> = []) {
    self.status = status
    let user = status.user
    authorName = user?.screenName ?? ""
    avatarURL = user.flatMap { UserViewModel.absoluteURL($0.profileImageUrl) }
    badge = user.map(VerifiedBadge.init(user:)) ?? .none
    membership = user.map(Membership.init(user:)) ?? .none
    createdAt = WeiboDate.date(from: status.createdAt)
    sourceText = SourceText.display(status.source)
    richText = RichText(status.text, isEmoticon: { emoticons.contains($0) })
    pictures = status.picUrls.prefix(PictureGrid.maxCount).map(Picture.init)
    retweetText = status.retweetText
    retweetRichText = status.retweetText.map { RichText($0, isEmoticon: { emoticons.contains($0) }) }
    retweetPictures = (status.retweetedStatus?.value.picUrls ?? []).prefix(PictureGrid.maxCount).map(Picture.init)
    repostsText = DisplayCount.reposts(status.repostsCount)
    commentsText = DisplayCount.comments(status.commentsCount)
    attitudesText = DisplayCount.attitudes(status.attitudesCount)
  }

  /// The status id.
  public var id: Int64 { status.id }

  /// The pictures the cell's one picture area shows: the own ones, or the retweeted ones when there are none.
  public var shownPictures: [Picture] { pictures.isEmpty ? retweetPictures : pictures }

  /// Whether the caller likes the status.
  public var liked: Bool { status.liked }

  /// Whether the caller saved the status.
  public var favorited: Bool { status.favorited }

  /// The created-at text at `now`: `刚刚`, `5分钟前`, `昨天 14:05`, …; empty when the time does not parse.
  public func createdText(
    now: Date, timeZone: TimeZone = .current, calendar: Calendar = Calendar(identifier: .gregorian)
  ) -> String {
    guard let createdAt else { return "" }
    return RelativeTime.text(for: createdAt, now: now, timeZone: timeZone, calendar: calendar)
  }

  /// The created-at text at `now` of a status created at `date`, as `createdText(now:)` gives it for the status's
  /// wire date (whole seconds), without building the whole model (its rich text is most of its cost); for a server
  /// that renders the rest of the card once.
  public static func createdText(
    at date: Date, now: Date, timeZone: TimeZone = .current, calendar: Calendar = Calendar(identifier: .gregorian)
  ) -> String {
    let wire = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    return RelativeTime.text(for: wire, now: now, timeZone: timeZone, calendar: calendar)
  }

  /// Shows the like as given (after `attitudes/create` or `destroy`), moving the 赞 count with it.
  public mutating func setLiked(_ liked: Bool) {
    guard liked != status.liked else { return }
    status.liked = liked
    status.attitudesCount = max(status.attitudesCount + (liked ? 1 : -1), 0)
    attitudesText = DisplayCount.attitudes(status.attitudesCount)
  }

  /// Shows the favourite as given.
  public mutating func setFavorited(_ favorited: Bool) {
    status.favorited = favorited
  }

  /// Takes new counts (from `statuses/count`).
  public mutating func update(_ count: StatusCount) {
    guard count.id == status.id else { return }
    status.repostsCount = count.reposts
    status.commentsCount = count.comments
    status.attitudesCount = count.attitudes
    repostsText = DisplayCount.reposts(count.reposts)
    commentsText = DisplayCount.comments(count.comments)
    attitudesText = DisplayCount.attitudes(count.attitudes)
  }
}
