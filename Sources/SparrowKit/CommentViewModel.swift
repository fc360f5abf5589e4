import Foundation

/// A comment ready for a row: its author, its time, and its text as shown, a reply naming whom it answers.
public struct CommentViewModel: Sendable, Equatable, Identifiable {
  /// The wire comment.
  public let comment: Comment
  /// The author; nil when the comment comes without one.
  public let author: UserViewModel?
  /// When the comment was written; nil when `created_at` does not parse.
  public let createdAt: Date?
  /// The screen name of the comment this one answers; nil when it answers none (or its author is unknown).
  public let replyName: String?
  /// The text as shown: a reply whose text does not start with `回复@` already gets `回复@name: ` in front,
  /// so every reply reads the same whichever client wrote it.
  public let text: String
  /// `text` split into plain runs, mentions, topics, links and known emoticons.
  public let richText: RichText

  /// The model for `comment`; `emoticons` are the known `[phrase]`s (from `EmoticonPack.index`).
  public init(comment: Comment, emoticons: Set<String> = []) {
    self.comment = comment
    author = comment.user.map(UserViewModel.init(user:))
    createdAt = WeiboDate.date(from: comment.createdAt)
    replyName = comment.replyComment?.value.user?.screenName
    if let replyName, !comment.text.hasPrefix(Self.replyMark) {
      text = "\(Self.replyMark)\(replyName): " + comment.text
    } else {
      text = comment.text
    }
    richText = RichText(text, isEmoticon: { emoticons.contains($0) })
  }

  /// How a reply's text starts: `回复@name:`.
  public static let replyMark = "回复@"

  /// The comment id.
  public var id: Int64 { comment.id }

  /// The author's screen name; empty when the author is not included.
  public var authorName: String { author?.name ?? "" }

  /// The created-at text at `now`: `刚刚`, `5分钟前`, `昨天 14:05`, …; empty when the time does not parse.
  public func createdText(
    now: Date, timeZone: TimeZone = .current, calendar: Calendar = Calendar(identifier: .gregorian)
  ) -> String {
    guard let createdAt else { return "" }
    return RelativeTime.text(for: createdAt, now: now, timeZone: timeZone, calendar: calendar)
  }
}
