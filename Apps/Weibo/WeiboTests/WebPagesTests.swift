import Foundation
import SparrowCore
import SparrowPlatform
import SparrowStore
import Testing
@testable import WeiboWeb

/// The web client's page models: the formatting they do, so templates only print.
@Suite struct WebPagesTests {
  static let now = Date(timeIntervalSince1970: 1_760_700_000)
  static let alice = User(id: 1, screenName: "alice", profileImageUrl: "/avatars/1/50.png", followersCount: 12_345,
                          verifiedType: 0, mbrank: 3)
  static let bob = User(id: 2, screenName: "bob", description: "爱<吃>", following: true, followMe: true)

  static func status(_ id: Int64 = 7, text: String = "hi", pictures: [PicURL] = [], retweeted: Status? = nil,
                     comments: Int = 0) -> Status
  {
    Status(id: id, createdAt: WeiboDate.string(from: now.addingTimeInterval(-300)), text: text, source: "", user: alice,
           picUrls: pictures, retweetedStatus: retweeted, repostsCount: 0, commentsCount: comments, attitudesCount: 12_999)
  }

  static func frame(csrf: String? = "tok") -> PageFrame {
    PageFrame(web: WebFrame(title: "首页", css: "/static/web.css", js: "/static/js/main.js",
                            screenName: csrf == nil ? nil : "alice", csrf: csrf, here: "/"),
              tab: .home, badges: .none)
  }

  /// The row `status(_:comments:)` presents.
  static func record(_ id: Int64 = 7, comments: Int = 0) -> StatusRecord {
    var record = StatusRecord(id: id, userID: alice.id, text: "hi", appID: 0, createdAt: now.addingTimeInterval(-300))
    (record.commentsCount, record.attitudesCount) = (comments, 12_999)
    return record
  }

  static func card(_ record: StatusRecord, csrf: String?, cuts: CardCuts) -> CardModel {
    CardModel(record, face: CardFace(top: "", rest: ""), liked: false, favorited: false, now: now, csrf: csrf, cuts: cuts)
  }

  static func cuts() async throws -> CardCuts { CardCuts(pages: try await TemplateLibrary.load(adding: WeiboWeb.templates)) }

  @Test func aCardFormatsTimeCountsTextAndTheAuthor() async throws {
    let status = Self.status(text: "看 @bob <b>")
    let card = Self.card(Self.record(), csrf: "tok", cuts: try await Self.cuts())
    let face = CardFaceModel(status)

    #expect(card.time == "5分钟前")
    #expect([card.reposts, card.comments, card.attitudes] == ["转发", "评论", "1.2万"])
    #expect(face.html == "看 <a class=\"mention\" href=\"/n/bob\">@bob</a> &lt;b&gt;")
    let user = try #require(face.user)
    #expect(user.url == "/u/1" && user.badge?.color == "yellow" && user.member?.mark == "VIP3")
    #expect(user.member?.color == "orange")
  }

  @Test func commentingOnAStatusWithoutCommentsOpensTheComposer() async throws {
    let cuts = try await Self.cuts()
    let none = Self.card(Self.record(comments: 0), csrf: nil, cuts: cuts)
    let some = Self.card(Self.record(comments: 3), csrf: nil, cuts: cuts)

    #expect(none.commentURL == "/compose?comment=7")
    #expect(some.commentURL == "/status/7?tab=comments")
    #expect(none.csrf == nil)
  }

  @Test func aRepostQuotesItsOriginalOrSaysItIsGone() throws {
    let card = CardFaceModel(Self.status(retweeted: .deletedOriginal(id: 9)))
    let kept = CardFaceModel(Self.status(retweeted: Self.status(9, text: "原文")))

    #expect(card.retweet?.html == "此微博已被原作者删除。")
    #expect(kept.retweet?.html == "<a class=\"mention\" href=\"/n/alice\">@alice</a>: 原文")
    #expect(kept.retweet?.url == "/status/9")
  }

  @Test func oneWidePictureKeepsItsShapeAndFourMakeASquare() throws {
    let wide = PicURL(thumbnailPic: "http://x/thumbnail/a.gif", width: 1200, height: 600)
    let tall = PicURL(thumbnailPic: "http://x/thumbnail/b.jpg", width: 200, height: 900)

    let single = try #require(CardPictures([Picture(wide)]))
    let four = try #require(CardPictures(Array(repeating: Picture(tall), count: 4)))
    let five = try #require(CardPictures(Array(repeating: Picture(tall), count: 5)))

    #expect(single.layout == "single")
    #expect(single.style == "width:65.56%;aspect-ratio:197/98")
    #expect(single.items.map(\.src) == ["http://x/bmiddle/a.gif"] && single.items[0].gif)
    #expect(four.layout == "four" && four.style == nil && four.items[0].src == "http://x/thumbnail/b.jpg")
    #expect(four.items[0].long)
    #expect(five.layout == "nine" && five.count == "5")
    #expect(CardPictures([]) == nil)
  }

  @Test func theFooterJoinsTheCursorAndTellsTheEndFromNothing() {
    let next = MoreLink(next: 41, fragment: "/web/search?q=a", page: "/discover?q=a", empty: false)
    let end = MoreLink(next: nil, fragment: "/web/timeline", page: "/", empty: false)
    let nothing = MoreLink(next: nil, fragment: "/web/timeline", page: "/", empty: true)

    #expect(next.next == "/web/search?q=a&max_id=41" && next.page == "/discover?q=a&max_id=41")
    #expect(!next.end && !next.empty)
    #expect(end.end && !end.empty && end.next == nil)
    #expect(nothing.empty && !nothing.end)
    #expect(MoreLink(next: 20, fragment: "/me/favorites", page: "/me/favorites", empty: false, key: "offset").next
      == "/me/favorites?offset=20")
  }

  @Test func aReplyWithoutThePrefixNamesWhomItAnswers() {
    let original = Comment(id: 5, createdAt: "", text: "好看", source: "", user: Self.bob, status: nil)
    let reply = Comment(id: 6, createdAt: WeiboDate.string(from: Self.now), text: "谢谢", source: "", user: Self.alice,
                        status: nil, replyComment: original)

    let row = DetailRow(comment: reply, on: 7, viewerID: Self.bob.id, now: Self.now)
    let visitor = DetailRow(comment: reply, on: 7, viewerID: nil, now: Self.now)
    let author = DetailRow(comment: reply, on: 7, viewerID: Self.alice.id, now: Self.now)
    #expect(row.report == "/report?target=comment%3A6&next=%2Fstatus%2F7")
    #expect(visitor.report == nil && author.report == nil, "nobody reports their own comment; visitors sign in first")

    #expect(row.html == "回复<a class=\"mention\" href=\"/n/bob\">@bob</a>: 谢谢")
    #expect(row.time == "刚刚")
    #expect(row.reply == "/compose?comment=7&reply=6")
    #expect(visitor.reply == nil)
  }

  @Test func theFollowBoxFollowsSparrowKitsRules() throws {
    let box = try #require(FollowButton(.init(user: Self.bob), viewerID: 1, csrf: "tok", special: true))
    let stranger = try #require(FollowButton(.init(user: User(id: 3, screenName: "c")), viewerID: 1, csrf: "tok"))

    #expect(box.label == "相互关注" && box.action == "/u/2/unfollow" && box.following && box.special)
    #expect(stranger.label == "+ 关注" && stranger.action == "/u/3/follow")
    #expect(FollowButton(.init(user: Self.bob), viewerID: 2, csrf: "tok") == nil)
    #expect(FollowButton(.init(user: Self.bob), viewerID: nil, csrf: nil) == nil)
  }

  @Test func aPersonRowReadsFollowersAndDescription() {
    let row = PersonRow(Self.bob, viewerID: 1, csrf: "tok")
    let visitor = PersonRow(Self.alice)

    #expect(row.subtitle == "粉丝 0 · 爱<吃>")
    #expect(row.follow?.label == "相互关注")
    #expect(visitor.subtitle == "粉丝 1.2万" && visitor.follow == nil)
  }

  @Test(arguments: [(0, String?.none), (7, "7"), (99, "99"), (100, "99+")])
  func badgesStopAt99(_ n: Int, _ text: String?) {
    #expect(TabBadges.text(n) == text)
  }

  @Test func 首页HasNoBadgeForWhatItShows() {
    let onHome = TabBadges(UnreadBadges(statuses: 3, messages: 2), on: .home)
    let elsewhere = TabBadges(UnreadBadges(statuses: 3, messages: 0), on: .me)

    #expect(onHome.home == nil && onHome.messages == "2")
    #expect(elsewhere.home == "3" && elsewhere.messages == nil)
  }

  @Test func aNewTopicComesFirstAndNothingFoundSaysWhy() {
    let topics = PickerList(topics: [TopicCount(name: "咖啡", count: 12_000)], query: "咖")
    let exact = PickerList(topics: [TopicCount(name: "咖啡", count: 2)], query: "咖啡")
    let nobody = PickerList(users: [], query: "z")

    #expect(topics.topics.map(\.insert) == ["#咖#", "#咖啡#"])
    #expect(topics.topics.map(\.count) == [nil, "1.2万"])
    #expect(topics.empty == nil)
    #expect(exact.topics.count == 1)
    #expect(nobody.empty == "没有找到")
    #expect(PickerList(users: [], query: "").empty == "还没有关注任何人")
  }

  @Test func aMessageQuotesTheStatusWithoutLinks() {
    let row = MessageRow(status: Self.status(text: "转发 @bob", retweeted: Self.status(9, text: "原文 #话题#")), now: Self.now)

    #expect(row.quote?.html == "<span class=\"mention\">@alice</span>: 原文 <span class=\"topic\">#话题#</span>")
    #expect(row.quote?.url == "/status/9")
    #expect(row.url == "/status/7")
  }

  @Test func aReplySheetSaysWhomItAnswers() {
    let status = StatusRecord(id: 7, userID: 1, text: "hi", appID: 0, createdAt: Self.now)
    let reply = CommentRecord(id: 6, statusID: 7, userID: 2, text: "好<看>", appID: 0, createdAt: Self.now)

    let sheet = ComposeSheet(frame: Self.frame(), draft: .comment(status, reply: reply), text: "", next: "", error: nil,
                             pictures: [], quoted: Self.status(), replyAuthor: "bob", maxPictures: 9, keyboard: "")

    #expect(sheet.placeholder == "回复@bob:")
    #expect(sheet.replying?.html == "好&lt;看&gt;")
    #expect(sheet.fields.map(\.value) == ["7", "6"])
    #expect(sheet.cancel == "/" && sheet.pictures == nil && sheet.needsText)
    #expect(sheet.quote?.thumb == "/avatars/1/50.png" && sheet.quote?.name == "alice")
  }

  @Test func webPagesExtendTheWebLayoutWithoutInlineScript() async throws {
    let pages = try await TemplateLibrary.load(adding: WeiboWeb.templates)

    let faces = CardFaces(pages: pages)
    let card = CardModel(Self.record(), face: faces.render(Self.status()), liked: false, favorited: false, now: Self.now,
                         csrf: "tok", cuts: faces.cuts)
    let home = pages.text("weibo_home", HomePage(frame: Self.frame(), group: .all, list: CardList([card], more: nil)))
    let missing = pages.text("weibo_missing", MessagePage(frame: Self.frame(csrf: nil), message: "没有<了>"))

    #expect(home.hasPrefix("<!doctype html>\n<html lang=\"zh-CN\">\n<head>\n<meta charset=\"utf-8\">"))
    #expect(home.contains("<title>首页 - 微博</title>\n<link rel=\"stylesheet\" href=\"/static/web.css\">\n"
      + "<script type=\"module\" src=\"/static/js/main.js\"></script>\n</head>\n<body data-csrf=\"tok\">\n<header"))
    #expect(home.contains("<a class=\"tab selected\" href=\"/\" id=\"tab-home\">"))
    #expect(home.hasSuffix("</nav>\n</body>\n</html>\n"))
    #expect(home.components(separatedBy: "<script").count == 2)
    #expect(missing.contains("<body>\n<header class=\"navbar\">"))
    #expect(missing.contains("<p class=\"placeholder\">没有&lt;了&gt;</p>"))
    #expect(!missing.contains("tabbar"))
  }
}
