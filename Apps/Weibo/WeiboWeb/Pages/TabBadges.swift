import SparrowPlatform
import SparrowStore

/// The tab bar's badges (`weibo_badges.mustache` when polled): new statuses on 首页, new comments, mentions and
/// likes on 消息. 首页's is left out on 首页 itself, which shows those statuses.
struct TabBadges: PageModel {
  /// 首页's badge; nil for none.
  let home: String?
  /// 消息's badge; nil for none.
  let messages: String?

  init(_ counts: UnreadBadges, on tab: WeiboWeb.Tab? = nil) {
    home = tab == .home ? nil : Self.text(counts.statuses)
    messages = Self.text(counts.messages)
  }

  /// No badges (visitors).
  static let none = TabBadges(UnreadBadges(statuses: 0, messages: 0))

  /// The figure past which a badge reads `99+`: the web client's counts stop there.
  static let cap = 100

  /// A badge's figure: nil at 0, the number up to 99, then `99+`.
  static func text(_ n: Int) -> String? {
    n <= 0 ? nil : n > 99 ? "99+" : String(n)
  }

  func child(named name: String) -> Any? {
    switch name {
    case "badge_home": home
    case "badge_messages": messages
    default: nil
    }
  }
}
