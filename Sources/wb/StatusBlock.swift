import Foundation
import SparrowKit

/// A status as terminal lines: author and badges, time and client, text, pictures, the retweet indented
/// underneath, and the counts.
///
///     小明 V VIP3 · 5分钟前 · 来自 Sparrow 终端
///     今天天气不错 @小红 #周末#
///     [图片×3]
///       │ @原作者: 原文
///       │ [图片×1]
///     转发 12 · 评论 3 · 赞 1.2万 · id 4871234567890
struct StatusBlock {
  /// The lines, without trailing newlines.
  let lines: [String]

  init(_ model: StatusViewModel, now: Date, palette: Palette) {
    var lines: [String] = []
    let name = model.authorName.isEmpty ? "（未知用户）" : model.authorName
    var header = AuthorLabel(name: name, badge: model.badge, membership: model.membership, palette: palette).text
    let time = model.createdText(now: now)
    if !time.isEmpty { header += palette.dim(" · " + time) }
    if let source = model.sourceText { header += palette.dim(" · " + source) }
    lines.append(header)
    lines += RichLines(model.richText, palette: palette).lines
    if !model.pictures.isEmpty { lines.append(palette.dim(Self.pictureCount(model.pictures.count))) }
    if let retweet = model.retweetRichText {
      let bar = palette.dim("  │ ")
      lines += RichLines(retweet, palette: palette).lines.map { bar + $0 }
      if !model.retweetPictures.isEmpty { lines.append(bar + palette.dim(Self.pictureCount(model.retweetPictures.count))) }
    }
    let status = model.status
    var counts = "转发 \(DisplayCount.short(status.repostsCount)) · 评论 \(DisplayCount.short(status.commentsCount)) · 赞 \(DisplayCount.short(status.attitudesCount))"
    if model.liked { counts += "（已赞）" }
    lines.append(palette.dim(counts + " · id \(model.id)"))
    self.lines = lines
  }

  /// `[图片×3]`.
  static func pictureCount(_ n: Int) -> String { "[图片×\(n)]" }

  /// The block as one string.
  var text: String { lines.joined(separator: "\n") }
}

/// A screen name with its marks: `V` for 个人/企业认证 (yellow/blue), `★` for 微博达人, `VIP3` for members.
struct AuthorLabel {
  let text: String

  init(name: String, badge: VerifiedBadge, membership: Membership, palette: Palette) {
    var text = palette.paint(name, membership.nameColor == .orange ? "1;38;5;208" : "1")
    switch badge {
    case .personal: text += " " + palette.yellow("V")
    case .enterprise: text += " " + palette.blue("V")
    case .grassroot: text += " " + palette.yellow("★")
    case .none: break
    }
    if membership.isMember { text += " " + palette.orange("VIP\(membership.level)") }
    self.text = text
  }

  init(_ user: UserViewModel, palette: Palette) {
    self.init(name: user.name, badge: user.badge, membership: user.membership, palette: palette)
  }
}

/// Rich text painted for the terminal and split at its newlines.
struct RichLines {
  let lines: [String]

  init(_ text: RichText, palette: Palette) {
    let painted = text.segments.map { segment -> String in
      switch segment.kind {
      case .plain, .emoticon: segment.text
      case .mention, .topic: palette.link(segment.text)
      case .link: palette.url(segment.text)
      }
    }.joined()
    lines = painted.isEmpty ? [] : painted.components(separatedBy: "\n")
  }
}

/// A user's profile as terminal lines; the last fact is the follow button's word (`已关注`, `相互关注`) when the
/// viewer follows the user.
///
///     小明 V VIP3 (uid 123456)
///     认证：Sparrow 开发者
///     简介一句话
///     北京 · 关注 10 · 粉丝 1.2万 · 微博 345 · 已关注
struct UserBlock {
  let lines: [String]

  init(_ user: UserViewModel, viewerID: Int64?, palette: Palette) {
    var lines = [AuthorLabel(user, palette: palette).text + palette.dim(" (uid \(user.id))")]
    if let reason = user.verifiedReason { lines.append(palette.dim("认证：") + reason) }
    if let description = user.description { lines.append(description) }
    var facts: [String] = []
    if !user.user.location.isEmpty { facts.append(user.user.location) }
    facts += ["关注 \(user.friendsText)", "粉丝 \(user.followersText)", "微博 \(user.statusesText)"]
    if let follow = FollowButtonViewModel(user: user.user, viewerID: viewerID), follow.isFollowing {
      facts.append(follow.title)
    }
    lines.append(palette.dim(facts.joined(separator: " · ")))
    self.lines = lines
  }

  var text: String { lines.joined(separator: "\n") }
}

/// A comment as one indented entry: `  小明: 说得好 · 5分钟前 · id 123`; a reply reads `回复@name: …`.
struct CommentBlock {
  let lines: [String]

  init(_ comment: CommentViewModel, now: Date, palette: Palette) {
    let author = comment.author.map { AuthorLabel($0, palette: palette).text } ?? "（未知用户）"
    var body = RichLines(comment.richText, palette: palette).lines
    if body.isEmpty { body = [""] }
    let time = comment.createdText(now: now)
    var first = "  \(author): \(body[0])"
    if body.count == 1 { first += palette.dim((time.isEmpty ? "" : " · \(time)") + " · id \(comment.id)") }
    var lines = [first] + body.dropFirst().map { "    " + $0 }
    if body.count > 1 { lines.append(palette.dim("    " + (time.isEmpty ? "" : "\(time) · ") + "id \(comment.id)")) }
    self.lines = lines
  }

  var text: String { lines.joined(separator: "\n") }
}
