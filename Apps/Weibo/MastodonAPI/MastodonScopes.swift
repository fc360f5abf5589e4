import SparrowPlatform

/// Mastodon's OAuth scopes (docs.joinmastodon.org/api/oauth-scopes): the four broad ones and the granular ones
/// within them. All are standalone: a Mastodon app's token does what it was granted through this API, and nothing
/// through the Weibo API, which every other app may use without asking.
extension Scope {
  package static let mastodonRead = Scope(
    name: "read", consent: ["读取你的微博、评论、关注、收藏、通知和账号资料"], standalone: true)
  package static let mastodonWrite = Scope(
    name: "write", consent: ["以你的名义发微博、评论、转发、点赞、收藏，上传图片，修改资料"], standalone: true)
  package static let mastodonFollow = Scope(name: "follow", consent: ["关注和取消关注、拉黑、屏蔽"], standalone: true)
  package static let mastodonPush = Scope(name: "push", consent: ["接收推送通知"], standalone: true)
  /// Who is signed in (`verify_credentials`): its own scope, and within `read` and `read:accounts`.
  package static let mastodonProfile = Scope(
    name: "profile", consent: ["读取你的昵称和头像"], within: ["read", "read:accounts"], standalone: true)

  /// `follow` is Mastodon's older broad scope for relationships: it covers their granular scopes too.
  static func read(_ part: String, _ consent: String) -> Scope {
    Scope(name: "read:" + part, consent: [consent], within: ["read"] + (relations.contains(part) ? ["follow"] : []),
          standalone: true)
  }
  static func write(_ part: String, _ consent: String) -> Scope {
    Scope(name: "write:" + part, consent: [consent], within: ["write"] + (relations.contains(part) ? ["follow"] : []),
          standalone: true)
  }
  private static let relations: Set<String> = ["follows", "blocks", "mutes"]

  package static let readAccounts = read("accounts", "读取账号资料")
  package static let readBlocks = read("blocks", "读取你的黑名单")
  package static let readBookmarks = read("bookmarks", "读取你的收藏")
  package static let readFavourites = read("favourites", "读取你赞过的微博")
  package static let readFilters = read("filters", "读取你的过滤设置")
  package static let readFollows = read("follows", "读取你的关注和粉丝")
  package static let readLists = read("lists", "读取你的分组")
  package static let readMutes = read("mutes", "读取你屏蔽的人")
  package static let readNotifications = read("notifications", "读取你的通知")
  package static let readSearch = read("search", "以你的身份搜索")
  package static let readStatuses = read("statuses", "读取微博和评论（包括仅自己可见的）")
  package static let writeAccounts = write("accounts", "修改你的资料和头像")
  package static let writeBlocks = write("blocks", "拉黑和取消拉黑")
  package static let writeBookmarks = write("bookmarks", "收藏和取消收藏")
  package static let writeConversations = write("conversations", "管理你的私信会话")
  package static let writeFavourites = write("favourites", "点赞和取消赞")
  package static let writeFilters = write("filters", "修改你的过滤设置")
  package static let writeFollows = write("follows", "关注和取消关注")
  package static let writeLists = write("lists", "修改你的分组")
  package static let writeMedia = write("media", "上传图片")
  package static let writeMutes = write("mutes", "屏蔽和取消屏蔽")
  package static let writeNotifications = write("notifications", "清除你的通知")
  package static let writeReports = write("reports", "举报")
  package static let writeStatuses = write("statuses", "以你的名义发微博、评论、转发和删除")

  /// Every Mastodon scope, broad ones first.
  package static let mastodon: [Scope] = [
    .mastodonRead, .mastodonWrite, .mastodonFollow, .mastodonPush, .mastodonProfile,
    .readAccounts, .readBlocks, .readBookmarks, .readFavourites, .readFilters, .readFollows, .readLists, .readMutes,
    .readNotifications, .readSearch, .readStatuses, .writeAccounts, .writeBlocks, .writeBookmarks,
    .writeConversations, .writeFavourites, .writeFilters, .writeFollows, .writeLists, .writeMedia, .writeMutes,
    .writeNotifications, .writeReports, .writeStatuses,
  ]
}
