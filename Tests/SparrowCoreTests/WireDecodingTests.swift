import Foundation
import SparrowCore
import Testing

func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
  try WeiboCoding.decoder().decode(T.self, from: Data(json.utf8))
}

/// Both decoders must read the same: the shared one (snake_case converted) and a plain one.
let decoders: [@Sendable () -> JSONDecoder] = [{ WeiboCoding.decoder() }, { JSONDecoder() }]

@Test(arguments: 0..<2)
func specStatusExampleDecodes(_ decoder: Int) throws {
  let data = Data(WireFixtures.specStatus.utf8)

  let status = try decoders[decoder]().decode(Status.self, from: data)

  #expect(status.id == 3_436_164_122_209_450)
  #expect(status.idstr == "3436164122209450")
  #expect(status.text == "hello //@bob:原文")
  #expect(status.picUrls == [PicURL(thumbnailPic: "https://img.example.org/thumbnail/abc123.jpg")])
  #expect(status.originalPic == "https://img.example.org/large/abc123.jpg")
  #expect(status.geo == Geo())
  #expect(status.user?.id == 1_979_690_333)
  #expect(status.user?.screenName == "")
  #expect(status.liked == false)
  #expect(status.textLength == TextLength.count("hello //@bob:原文"))
  #expect(status.picIds == [])
  #expect(status.retweetedStatus == nil)
}

@Test(arguments: 0..<2)
func originalServicePayloadDecodesWithoutSparrowsFields(_ decoder: Int) throws {
  let data = Data(WireFixtures.weiboStatus.utf8)

  let status = try decoders[decoder]().decode(Status.self, from: data)

  #expect(status.id == 3_640_000_000_000_001)
  #expect(status.liked == false)
  #expect(status.geo.coordinates == [39.98, 116.3])
  #expect(status.annotations == [#"{"client_mblogid":"abc-123"}"#, #"{"mapi_request":true}"#])
  let user = try #require(status.user)
  #expect(user.screenName == "zaku")
  #expect(user.remark == "" && user.urank == 0 && user.star == 0 && user.lang == "")
  #expect(user.allowAllActMsg == false)
  #expect(user.province == "11")
  let original = try #require(status.retweetedStatus?.value)
  #expect(original.picUrls.map(\.thumbnailPic) == ["http://ww1.sinaimg.cn/thumbnail/a.jpg", "http://ww2.sinaimg.cn/thumbnail/b.gif"])
  #expect(original.user?.verifiedType == 0)
  #expect(original.user?.mbrank == 5)
  #expect(original.attitudesCount == 150_000_000)
  #expect(original.textLength == TextLength.count("原文 http://t.cn/h4DwT1"))
}

@Test func numbersWrittenAsStringsDecode() throws {
  let status = try decode(Status.self, WireFixtures.stringlyStatus)

  #expect(status.id == 11_488_058_246)
  #expect(status.idstr == "11488058246")
  #expect(status.mid == "5612814510546515491")
  #expect(status.repostsCount == 8 && status.commentsCount == 9 && status.attitudesCount == 1)
  #expect(status.favorited == false && status.truncated == false)
  #expect(status.inReplyToStatusId == "12345")
  #expect(status.uid == 1_404_376_560)
  #expect(status.deleted == "1")
  #expect(status.user?.verifiedType == 220)
  #expect(status.user?.verified == false)
  #expect(status.user?.mbrank == 3)
  #expect(status.user?.followersCount == 1204)
  #expect(status.geo.coordinates == [40.413467, 116.646439])
}

@Test(arguments: [
  (#"{"id":7}"#, 7), (#"{"id":"7"}"#, 7), (#"{"idstr":"8"}"#, 8), (#"{"mid":"9"}"#, 9), (#"{"id":7.0}"#, 7),
  (#"{"id":"x","idstr":"10"}"#, 10),
])
func anIdMayComeAsNumberOrString(_ json: String, _ id: Int64) throws {
  let status = try decode(Status.self, json)
  let user = try decode(User.self, json)
  let comment = try decode(SparrowCore.Comment.self, json)

  #expect(status.id == id && user.id == id && comment.id == id)
  #expect(status.idstr == String(id))
}

@Test(arguments: [#"{}"#, #"{"id":null}"#, #"{"id":"abc"}"#, #"{"text":"no id"}"#])
func aStatusWithoutAnyIdIsAnError(_ json: String) {
  #expect(throws: DecodingError.self) { try decode(Status.self, json) }
}

@Test(arguments: [
  (#"{"thumbnail_pic":"http://i/thumbnail/a.jpg"}"#, PicURL(thumbnailPic: "http://i/thumbnail/a.jpg")),
  (#"{"thumbnail_pic":"http://i/thumbnail/a.jpg","width":"400","height":1200,"type":"gif","is_long":1}"#,
   PicURL(thumbnailPic: "http://i/thumbnail/a.jpg", width: 400, height: 1200, type: "gif", isLong: true)),
  (#"{"bmiddle_pic":"http://i/bmiddle/a.jpg"}"#, PicURL(thumbnailPic: "http://i/bmiddle/a.jpg", bmiddlePic: "http://i/bmiddle/a.jpg")),
  (#""http://i/thumbnail/s.jpg""#, PicURL(thumbnailPic: "http://i/thumbnail/s.jpg")),
])
func picturesDecodeWithOrWithoutSizes(_ json: String, _ expected: PicURL) throws {
  let pic = try decode(PicURL.self, json)

  #expect(pic == expected)
}

@Test(arguments: [
  (#"{"id":1,"geo":null}"#, nil), (#"{"id":1}"#, nil),
  (#"{"id":1,"geo":{"type":"Point","coordinates":[40.4,116.6]}}"#, [40.4, 116.6]),
  (#"{"id":1,"geo":"somewhere"}"#, nil), (#"{"id":1,"geo":{"type":"Point","coordinates":"x"}}"#, nil),
] as [(String, [Double]?)])
func geoIsNullOrAPoint(_ json: String, _ coordinates: [Double]?) throws {
  let status = try decode(Status.self, json)

  #expect(status.geo.coordinates == coordinates)
}

@Test func oldPayloadsWithOnlyTheFirstPictureGetAPictureList() throws {
  let json = #"{"id":1,"thumbnail_pic":"http://i/thumbnail/a.jpg","bmiddle_pic":"http://i/bmiddle/a.jpg"}"#

  let status = try decode(Status.self, json)

  #expect(status.picUrls == [PicURL(thumbnailPic: "http://i/thumbnail/a.jpg", bmiddlePic: "http://i/bmiddle/a.jpg")])
}

@Test(arguments: [
  (WireFixtures.specError, 20101, "Target weibo does not exist!", "/2/statuses/show.json"),
  (WireFixtures.specOAuthError, 21325, "invalid_grant", "/oauth2/access_token"),
  (#"{"error":"expired_token","error_code":"21327","request":"/2/statuses/home_timeline.json"}"#, 21327, "expired_token", "/2/statuses/home_timeline.json"),
  (#"{"error_code":" 10006 "}"#, 10006, "", ""),
])
func errorCodeIsANumberOrANumericString(_ json: String, _ code: Int, _ error: String, _ request: String) throws {
  let body = try decode(ErrorBody.self, json)

  #expect(body.errorCode == code)
  #expect(body.error == error)
  #expect(body.request == request)
}

@Test(arguments: [#"{"error":"x"}"#, #"{"error_code":"abc"}"#, #"{"statuses":[]}"#, "[]"])
func aBodyWithoutAnErrorCodeIsNoError(_ json: String) {
  #expect(throws: DecodingError.self) { try decode(ErrorBody.self, json) }
}

@Test(arguments: [
  (WireFixtures.specToken, 157_679_999, "2629046977"),
  (#"{"access_token":"t","expires_in":"3600","uid":2629046977,"refresh_token":"r"}"#, 3600, "2629046977"),
  (#"{"access_token":"t","remind_in":"86400","uid":"1"}"#, 86400, "1"),
])
func accessTokenTakesExpiryAndUidAsNumberOrString(_ json: String, _ expiresIn: Int, _ uid: String) throws {
  let token = try decode(AccessToken.self, json)

  #expect(token.expiresIn == expiresIn)
  #expect(token.uid == uid)
  #expect(!token.accessToken.isEmpty)
}

@Test func listsSkipElementsThatDoNotDecode() throws {
  let json = #"{"statuses":[{"id":1,"text":"a"},{"text":"no id"},42,{"id":"3","text":"c"}],"total_number":"3","next_cursor":"2"}"#

  let list = try decode(StatusList.self, json)

  #expect(list.statuses.map(\.id) == [1, 3])
  #expect(list.totalNumber == 3)
  #expect(list.nextCursor == 2)
  #expect(list.previousCursor == 0)
}

@Test(arguments: [
  (#"{"ids":[1,"2",3],"next_cursor":5,"previous_cursor":0,"total_number":668}"#, [Int64(1), 2, 3], 668),
  (#"{"ids":[]}"#, [], 0),
  (#"{}"#, [], 0),
])
func idListsTakeNumbersOrStrings(_ json: String, _ ids: [Int64], _ total: Int) throws {
  let list = try decode(IDList.self, json)

  #expect(list.ids == ids)
  #expect(list.totalNumber == total)
}

@Test func countsAndUnreadCountersDecodeLeniently() throws {
  let counts = try decode([StatusCount].self, #"[{"id":"5","comments":"1","rt":2,"attitudes":3},{"id":6,"comments":0,"reposts":4}]"#)
  let users = try decode([UserCounts].self, #"[{"id":"1404376560","followers_count":"1204","friends_count":"447","statuses_count":"2908","private_friends_count":"0"}]"#)
  let unread = try decode(UnreadCount.self, #"{"status":3,"follower":"1","cmt":0,"dm":0,"mention_status":2,"mention_cmt":0,"group":0,"notice":0,"invite":0,"badge":0,"photo":0}"#)

  #expect(counts == [StatusCount(id: 5, comments: 1, reposts: 2, attitudes: 3), StatusCount(id: 6, comments: 0, reposts: 4, attitudes: 0)])
  #expect(users == [UserCounts(id: 1_404_376_560, followersCount: 1204, friendsCount: 447, statusesCount: 2908)])
  #expect(unread == UnreadCount(status: 3, follower: 1, cmt: 0, mentionStatus: 2, mentionCmt: 0, attitude: 0))
}

@Test func favoritesAndAttitudesDecodeTheSpecShapes() throws {
  let favorite = #"{"status":\#(WireFixtures.specStatus),"tags":[{"id":"23","tag":"80后","count":25369}],"favorited_time":"Thu Jun 02 15:16:16 +0800 2011"}"#
  let attitude = #"{"id":"9","created_at":"Thu Jun 02 15:16:16 +0800 2011","attitude":"heart","last_attitude":"","source":"<a href=\"x\">y</a>","user":{"id":1},"status":{"id":2}}"#

  let saved = try decode(Favorite.self, favorite)
  let liked = try decode(Attitude.self, attitude)
  let list = try decode(FavoriteList.self, #"{"favorites":[\#(favorite),{"tags":[]}],"total_number":16}"#)

  #expect(saved.status.id == 3_436_164_122_209_450)
  #expect(saved.tags.first?.tag == "80后")
  #expect(saved.tags.first?.id == 23)
  #expect(saved.favoritedTime == "Thu Jun 02 15:16:16 +0800 2011")
  #expect(liked.id == 9 && liked.user?.id == 1 && liked.status?.id == 2)
  #expect(list.favorites.count == 1 && list.totalNumber == 16)
}

// Sparrow-shaped payloads: whatever Sparrow writes must read back as the same value.

let fullUser: User = {
  var user = User(
    id: 1_234_567_890_123, screenName: "小明", location: "北京", description: "你好", url: "http://x",
    profileImageUrl: "http://a/50", avatarLarge: "http://a/180", avatarHd: "http://a/hd", gender: "m",
    followersCount: 12_345, friendsCount: 9, statusesCount: 77, favouritesCount: 3, biFollowersCount: 2,
    createdAt: "Tue May 31 17:46:55 +0800 2011", following: true, followMe: true, verifiedType: 220,
    verifiedReason: "达人", mbtype: 12, mbrank: 4, urank: 30)
  user.remark = "同学"
  return user
}()

let fullStatus: Status = {
  let original = Status(
    id: 42, createdAt: "Tue May 31 17:46:55 +0800 2011", text: "原文😀 #话题#", source: #"<a href="x" rel="nofollow">y</a>"#,
    user: fullUser,
    picUrls: [
      PicURL(thumbnailPic: "http://i/thumbnail/p.jpg", bmiddlePic: "http://i/bmiddle/p.jpg", originalPic: "http://i/large/p.jpg",
             width: 10, height: 40, type: "jpeg", isLong: true),
      PicURL(thumbnailPic: "http://i/thumbnail/q.gif"),
    ],
    picIds: ["p", "q"], geo: Geo(latitude: 39.9, longitude: 116.4), repostsCount: 1, commentsCount: 2, attitudesCount: 3,
    favorited: true, liked: true, visible: Visibility(type: 3, listId: 8))
  var repost = Status(
    id: 43, createdAt: "Tue May 31 17:47:55 +0800 2011", text: "转发", source: "", user: fullUser, retweetedStatus: original)
  repost.annotations = [#"{"a":1}"#]
  repost.uid = 1_234_567_890_123
  return repost
}()

func roundTrips<T: Codable & Equatable>(_ value: T) throws -> Bool {
  let data = Data(try JSONWriter().encode(value))
  let shared = try WeiboCoding.decoder().decode(T.self, from: data)
  let plain = try JSONDecoder().decode(T.self, from: data)
  return shared == value && plain == value
}

@Test func sparrowStatusesAndUsersReadBackUnchanged() throws {
  var withStatus = fullUser
  withStatus.status = Box(fullStatus)

  #expect(try roundTrips(fullStatus))
  #expect(try roundTrips(withStatus))
  #expect(try roundTrips(Status.deletedOriginal(id: 9)))
  #expect(try roundTrips(SparrowCore.Comment(id: 9, createdAt: "x", text: "评论", source: "s", user: fullUser, status: fullStatus,
                                 replyComment: SparrowCore.Comment(id: 8, createdAt: "y", text: "z", source: "", user: nil, status: nil))))
}

@Test func sparrowEnvelopesReadBackUnchanged() throws {
  let comment = SparrowCore.Comment(id: 9, createdAt: "x", text: "评论", source: "s", user: fullUser, status: nil)
  var comments = CommentList(comments: [comment], previousCursor: 1, nextCursor: 2, totalNumber: 3)
  comments.marks = ["m"]
  var statuses = StatusList(statuses: [fullStatus, .deletedOriginal(id: 7)], previousCursor: 0, nextCursor: 9, totalNumber: 2)
  statuses.hasvisible = true
  var favorite = Favorite(status: fullStatus, favoritedTime: "t")
  favorite.tags = try decode([Favorite.Tag].self, #"[{"id":1,"tag":"x","count":2}]"#)
  var attitude = Attitude(id: 5, createdAt: "c", attitude: "heart", source: "s", user: fullUser, status: fullStatus)
  attitude.lastAttitude = "smile"

  #expect(try roundTrips(statuses))
  #expect(try roundTrips(RepostList(reposts: [fullStatus], previousCursor: 0, nextCursor: 0, totalNumber: 1)))
  #expect(try roundTrips(comments))
  #expect(try roundTrips(UserList(users: [fullUser], previousCursor: 0, nextCursor: 50, totalNumber: 668)))
  #expect(try roundTrips(IDList(ids: [1, 2], previousCursor: 0, nextCursor: 0, totalNumber: 2)))
  #expect(try roundTrips(FavoriteList(favorites: [favorite], totalNumber: 1)))
  #expect(try roundTrips(AttitudeList(attitudes: [attitude], previousCursor: 0, nextCursor: 0, totalNumber: 1)))
  #expect(try roundTrips([StatusCount(id: 1, comments: 2, reposts: 3, attitudes: 4)]))
  #expect(try roundTrips([UserCounts(id: 1, followersCount: 2, friendsCount: 3, statusesCount: 4)]))
  #expect(try roundTrips(UnreadCount(status: 1, follower: 2, cmt: 3, mentionStatus: 4, mentionCmt: 5, attitude: 6)))
  #expect(try roundTrips(AccessToken(accessToken: "t", expiresIn: 60, uid: "5", refreshToken: "r")))
  #expect(try roundTrips(ErrorBody(error: "e", errorCode: 20101, request: "/2/x", errorDescription: "d", errorUri: "u")))
}

@Test(arguments: 0..<2)
func annotationObjectsKeepTheirSnakeCaseKeysWithEitherDecoder(_ decoder: Int) throws {
  let json = #"{"id":1,"created_at":"x","annotations":[{"client_mblogid":"a","place":{"poi_id":"B2"}},"text",[1,2.5,null]]}"#

  let status = try decoders[decoder]().decode(Status.self, from: Data(json.utf8))

  #expect(status.annotations == [#"{"client_mblogid":"a","place":{"poi_id":"B2"}}"#, "text", "[1,2.5,null]"])
}
