import Foundation
import SparrowKit
import Testing

let realRepost = #"""
  {"created_at":"Sat Nov 02 15:08:27 +0800 2013","id":3640000000000001,"idstr":"3640000000000001","mid":"3640000000000001",
   "text":"转发微博 //@小明:好看[哈哈]","source":"<a href=\"http://app.weibo.com/t/feed/4ACxed\" rel=\"nofollow\">iPad客户端</a>",
   "favorited":true,"truncated":false,"in_reply_to_status_id":"","in_reply_to_user_id":"","in_reply_to_screen_name":"",
   "pic_urls":[],"geo":null,
   "user":{"id":1404376560,"idstr":"1404376560","screen_name":"zaku","name":"zaku","profile_image_url":"http://tp1.sinaimg.cn/1404376560/50/0/1",
           "verified":false,"verified_type":-1,"mbtype":12,"mbrank":4},
   "retweeted_status":{"created_at":"Sat Nov 02 14:00:00 +0800 2013","id":3639999999999999,"text":"原文 http://t.cn/h4DwT1",
     "source":"<a href=\"http://weibo.com/\" rel=\"nofollow\">新浪微博</a>",
     "pic_urls":[{"thumbnail_pic":"http://ww1.sinaimg.cn/thumbnail/a.jpg"},{"thumbnail_pic":"http://ww2.sinaimg.cn/thumbnail/b.gif"}],
     "user":{"id":1642591402,"screen_name":"演员甲","verified":true,"verified_type":0,"mbrank":5},
     "reposts_count":12345,"comments_count":987,"attitudes_count":150000000},
   "reposts_count":0,"comments_count":3,"attitudes_count":12999,"mlevel":0,"visible":{"type":0,"list_id":0}}
  """#

func realStatus() throws -> Status {
  try WeiboCoding.decoder().decode(Status.self, from: Data(realRepost.utf8))
}

@Test func aRepostShowsItsAuthorSourceCountsAndTheRetweetedStatus() throws {
  let model = StatusViewModel(status: try realStatus(), emoticons: ["[哈哈]"])

  #expect(model.id == 3_640_000_000_000_001)
  #expect(model.authorName == "zaku")
  #expect(model.avatarURL?.absoluteString == "http://tp1.sinaimg.cn/1404376560/50/0/1")
  #expect(model.badge == .none)
  #expect(model.membership == .member(level: 4))
  #expect(model.sourceText == "来自 iPad客户端")
  #expect(model.richText.segments.map(\.kind).contains(.emoticon("[哈哈]")))
  #expect(model.richText.mentions == ["小明"])
  #expect(model.repostsText == "转发")
  #expect(model.commentsText == "3")
  #expect(model.attitudesText == "1.2万")
  #expect(model.retweetText == "@演员甲: 原文 http://t.cn/h4DwT1")
  #expect(model.retweetRichText?.mentions == ["演员甲"])
  #expect(model.pictures.isEmpty)
  #expect(model.retweetPictures.map(\.bmiddle) == ["http://ww1.sinaimg.cn/bmiddle/a.jpg", "http://ww2.sinaimg.cn/bmiddle/b.gif"])
  #expect(model.retweetPictures.map(\.large) == ["http://ww1.sinaimg.cn/large/a.jpg", "http://ww2.sinaimg.cn/large/b.gif"])
  #expect(model.retweetPictures.map(\.isGIF) == [false, true])
  #expect(model.shownPictures == model.retweetPictures)
  #expect(model.favorited)
  #expect(!model.liked)
}

@Test(arguments: [
  ("2013-11-02T15:08:27+08:00", "刚刚"), ("2013-11-02T15:20:00+08:00", "11分钟前"), ("2013-11-02T20:00:00+08:00", "4小时前"),
  ("2013-11-03T09:00:00+08:00", "昨天 15:08"), ("2013-12-25T09:00:00+08:00", "11-02 15:08"), ("2014-01-01T00:00:00+08:00", "2013-11-02 15:08"),
])
func createdTextFollowsTheClock(_ now: String, _ expected: String) throws {
  let model = StatusViewModel(status: try realStatus())
  let clock = try #require(ISO8601DateFormatter().date(from: now))

  let text = model.createdText(now: clock, timeZone: TimeZone(secondsFromGMT: 8 * 3600)!)

  #expect(text == expected)
}

@Test(arguments: [
  (User(id: 1, screenName: "官方", verifiedType: 2), VerifiedBadge.enterprise, Membership.none),
  (User(id: 1, screenName: "达人", verifiedType: 220, mbrank: 1), .grassroot, .member(level: 1)),
  (User(id: 1, screenName: "名人", verifiedType: 0, mbrank: 6), .personal, .member(level: 6)),
])
func theAuthorsBadgeAndMembershipAreShown(_ user: User, _ badge: VerifiedBadge, _ membership: Membership) {
  let status = Status(id: 1, createdAt: "", text: "", source: "", user: user)

  let model = StatusViewModel(status: status)

  #expect(model.badge == badge)
  #expect(model.membership == membership)
  #expect(model.membership.nameColor == (membership.isMember ? .orange : .standard))
}

@Test func ownPicturesAreShownInsteadOfNone() {
  let pics = (0..<12).map { PicURL(thumbnailPic: "http://i/thumbnail/\($0).jpg") }
  let status = Status(id: 1, createdAt: "", text: "", source: "", user: nil, picUrls: pics)

  let model = StatusViewModel(status: status)

  #expect(model.pictures.count == 9)
  #expect(model.shownPictures == model.pictures)
  #expect(model.retweetText == nil && model.retweetPictures.isEmpty)
  #expect(model.authorName == "" && model.avatarURL == nil)
  #expect(model.createdText(now: Date()) == "")
}

@Test(arguments: [(false, true, 9_999, 10_000, "1万"), (true, false, 10_000, 9_999, "9999"), (false, false, 0, 0, "赞"), (true, false, 0, 0, "赞")])
func likingMovesTheLikeCount(_ was: Bool, _ now: Bool, _ before: Int, _ after: Int, _ text: String) {
  let status = Status(id: 1, createdAt: "", text: "", source: "", user: nil, attitudesCount: before, liked: was)
  var model = StatusViewModel(status: status)

  model.setLiked(now)

  #expect(model.liked == now)
  #expect(model.status.attitudesCount == after)
  #expect(model.attitudesText == text)
}

@Test func newCountsReplaceTheToolbarTitles() {
  var model = StatusViewModel(status: Status(id: 1, createdAt: "", text: "", source: "", user: nil))

  model.update(StatusCount(id: 1, comments: 10_500, reposts: 3, attitudes: 0))
  model.update(StatusCount(id: 2, comments: 1, reposts: 1, attitudes: 1))
  model.setFavorited(true)

  #expect([model.repostsText, model.commentsText, model.attitudesText] == ["3", "1万", "赞"])
  #expect(model.favorited)
}
