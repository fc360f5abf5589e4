import Foundation
import SparrowKit
import Testing

/// An endpoint without its response type, to compare in a table.
struct Shape: Sendable, CustomTestStringConvertible {
  let method: String
  let path: String
  let parameters: [String: String]
  let files: [String]

  init<Response>(_ endpoint: Endpoint<Response>) {
    method = endpoint.method.rawValue
    path = endpoint.path
    parameters = endpoint.method == .get ? endpoint.query : endpoint.form
    files = endpoint.files.map(\.name)
  }

  var testDescription: String { "\(method) \(path)" }
}

let picture = FormFile.picture(Data([0xFF, 0xD8, 0xFF]))

@Test(arguments: [
  (Shape(Statuses.homeTimeline()), "GET", "2/statuses/home_timeline.json", [:]),
  (Shape(Statuses.homeTimeline(sinceID: 5, maxID: 9, count: 20, page: 2, feature: .picture, trimUser: true)), "GET",
   "2/statuses/home_timeline.json", ["since_id": "5", "max_id": "9", "count": "20", "page": "2", "feature": "2", "trim_user": "1"]),
  (Shape(Statuses.friendsTimeline(sinceID: 5)), "GET", "2/statuses/friends_timeline.json", ["since_id": "5"]),
  (Shape(Statuses.publicTimeline(count: 50)), "GET", "2/statuses/public_timeline.json", ["count": "50"]),
  (Shape(Statuses.bilateralTimeline(maxID: 3)), "GET", "2/statuses/bilateral_timeline.json", ["max_id": "3"]),
  (Shape(Statuses.userTimeline(user: .id(7), count: 10)), "GET", "2/statuses/user_timeline.json", ["uid": "7", "count": "10"]),
  (Shape(Statuses.userTimeline(user: .screenName("小明"))), "GET", "2/statuses/user_timeline.json", ["screen_name": "小明"]),
  (Shape(Statuses.mentions(sinceID: 1, filterByAuthor: 1, filterBySource: 0, filterByType: 1)), "GET", "2/statuses/mentions.json",
   ["since_id": "1", "filter_by_author": "1", "filter_by_source": "0", "filter_by_type": "1"]),
  (Shape(Statuses.repostTimeline(id: 42, maxID: 9)), "GET", "2/statuses/repost_timeline.json", ["id": "42", "max_id": "9"]),
  (Shape(Statuses.homeTimelineIDs(count: 100)), "GET", "2/statuses/home_timeline/ids.json", ["count": "100"]),
  (Shape(Statuses.friendsTimelineIDs()), "GET", "2/statuses/friends_timeline/ids.json", [:]),
  (Shape(Statuses.userTimelineIDs(user: .id(7))), "GET", "2/statuses/user_timeline/ids.json", ["uid": "7"]),
  (Shape(Statuses.mentionsIDs(sinceID: 2)), "GET", "2/statuses/mentions/ids.json", ["since_id": "2"]),
  (Shape(Statuses.repostTimelineIDs(id: 42)), "GET", "2/statuses/repost_timeline/ids.json", ["id": "42"]),
  (Shape(Statuses.show(id: 42)), "GET", "2/statuses/show.json", ["id": "42"]),
  (Shape(Statuses.count(ids: [1, 2, 3])), "GET", "2/statuses/count.json", ["ids": "1,2,3"]),
  (Shape(Statuses.update(text: "你好")), "POST", "2/statuses/update.json", ["status": "你好"]),
  (Shape(Statuses.update(text: "t", audience: .group, listID: 4, latitude: 39.9, longitude: 116.4, annotations: "[]", pictureIDs: ["a", "b", "c"])),
   "POST", "2/statuses/update.json",
   ["status": "t", "visible": "3", "list_id": "4", "lat": "39.9", "long": "116.4", "annotations": "[]", "pic_id": "a,b,c"]),
  (Shape(Statuses.update(text: "t", pictureIDs: (1...12).map(String.init))), "POST", "2/statuses/update.json",
   ["status": "t", "pic_id": "1,2,3,4,5,6,7,8,9"]),
  (Shape(Statuses.repost(id: 42)), "POST", "2/statuses/repost.json", ["id": "42"]),
  (Shape(Statuses.repost(id: 42, text: "转发", comment: .onBoth)), "POST", "2/statuses/repost.json", ["id": "42", "status": "转发", "is_comment": "3"]),
  (Shape(Statuses.destroy(id: 42)), "POST", "2/statuses/destroy.json", ["id": "42"]),
  (Shape(Comments.show(id: 42, sinceID: 1, count: 50, filterByAuthor: 2)), "GET", "2/comments/show.json",
   ["id": "42", "since_id": "1", "count": "50", "filter_by_author": "2"]),
  (Shape(Comments.byMe(maxID: 9)), "GET", "2/comments/by_me.json", ["max_id": "9"]),
  (Shape(Comments.toMe(page: 2)), "GET", "2/comments/to_me.json", ["page": "2"]),
  (Shape(Comments.timeline(trimUser: true)), "GET", "2/comments/timeline.json", ["trim_user": "1"]),
  (Shape(Comments.mentions(sinceID: 3)), "GET", "2/comments/mentions.json", ["since_id": "3"]),
  (Shape(Comments.showBatch(ids: [4, 5])), "GET", "2/comments/show_batch.json", ["cids": "4,5"]),
  (Shape(Comments.create(id: 42, text: "评论")), "POST", "2/comments/create.json", ["id": "42", "comment": "评论"]),
  (Shape(Comments.create(id: 42, text: "评论", alsoOnOriginal: true)), "POST", "2/comments/create.json",
   ["id": "42", "comment": "评论", "comment_ori": "1"]),
  (Shape(Comments.reply(cid: 7, id: 42, text: "回复", withoutMention: true)), "POST", "2/comments/reply.json",
   ["cid": "7", "id": "42", "comment": "回复", "without_mention": "1"]),
  (Shape(Comments.destroy(cid: 7)), "POST", "2/comments/destroy.json", ["cid": "7"]),
  (Shape(Comments.destroyBatch(cids: [7, 8])), "POST", "2/comments/destroy_batch.json", ["cids": "7,8"]),
  (Shape(Users.show(.id(7))), "GET", "2/users/show.json", ["uid": "7"]),
  (Shape(Users.show(.screenName("小明"))), "GET", "2/users/show.json", ["screen_name": "小明"]),
  (Shape(Users.counts(uids: [1, 2])), "GET", "2/users/counts.json", ["uids": "1,2"]),
  (Shape(Accounts.getUID()), "GET", "2/account/get_uid.json", [:]),
  (Shape(Friendships.friends(.id(7), count: 50, cursor: 100)), "GET", "2/friendships/friends.json", ["uid": "7", "count": "50", "cursor": "100"]),
  (Shape(Friendships.followers()), "GET", "2/friendships/followers.json", [:]),
  (Shape(Friendships.friendIDs(.screenName("小明"))), "GET", "2/friendships/friends/ids.json", ["screen_name": "小明"]),
  (Shape(Friendships.followerIDs(count: 5000)), "GET", "2/friendships/followers/ids.json", ["count": "5000"]),
  (Shape(Friendships.show(target: .id(7))), "GET", "2/friendships/show.json", ["target_id": "7"]),
  (Shape(Friendships.show(target: .screenName("b"), source: .screenName("a"))), "GET", "2/friendships/show.json",
   ["target_screen_name": "b", "source_screen_name": "a"]),
  (Shape(Friendships.create(.id(7))), "POST", "2/friendships/create.json", ["uid": "7"]),
  (Shape(Friendships.destroy(.screenName("小明"))), "POST", "2/friendships/destroy.json", ["screen_name": "小明"]),
  (Shape(Favorites.list(count: 50, page: 1)), "GET", "2/favorites.json", ["count": "50", "page": "1"]),
  (Shape(Favorites.show(id: 42)), "GET", "2/favorites/show.json", ["id": "42"]),
  (Shape(Favorites.create(id: 42)), "POST", "2/favorites/create.json", ["id": "42"]),
  (Shape(Favorites.destroy(id: 42)), "POST", "2/favorites/destroy.json", ["id": "42"]),
  (Shape(Attitudes.create(id: 42)), "POST", "2/attitudes/create.json", ["id": "42", "attitude": "heart"]),
  (Shape(Attitudes.destroy(id: 42)), "POST", "2/attitudes/destroy.json", ["id": "42", "attitude": "heart"]),
  (Shape(Attitudes.show(id: 42, count: 50)), "GET", "2/attitudes/show.json", ["id": "42", "count": "50"]),
  (Shape(Attitudes.toMe(sinceID: 1)), "GET", "2/attitudes/to_me.json", ["since_id": "1"]),
  (Shape(Remind.unreadCount(uid: 7)), "GET", "2/remind/unread_count.json", ["uid": "7"]),
  (Shape(Remind.setCount(.mentionStatus)), "POST", "2/remind/set_count.json", ["type": "mention_status"]),
  (Shape(Search.suggestedUsers("小", count: 5)), "GET", "2/search/suggestions/users.json", ["q": "小", "count": "5"]),
  (Shape(Search.topics("周末")), "GET", "2/search/topics.json", ["q": "周末"]),
  (Shape(Search.statuses("周末", maxID: 9)), "GET", "2/search/statuses.json", ["q": "周末", "max_id": "9"]),
  (Shape(Trends.hourly()), "GET", "2/trends/hourly.json", [:]),
  (Shape(Trends.daily(baseApp: true)), "GET", "2/trends/daily.json", ["base_app": "1"]),
  (Shape(Trends.weekly()), "GET", "2/trends/weekly.json", [:]),
  (Shape(Trends.list(count: 10)), "GET", "2/trends.json", ["count": "10"]),
  (Shape(Emotions.list()), "GET", "2/emotions.json", ["type": "face", "language": "cnname"]),
  (Shape(Emotions.list(kind: .cartoon, language: .twname)), "GET", "2/emotions.json", ["type": "cartoon", "language": "twname"]),
] as [(Shape, String, String, [String: String])])
func everyEndpointHasItsMethodPathAndParameters(_ shape: Shape, _ method: String, _ path: String, _ parameters: [String: String]) {
  #expect(shape.method == method)
  #expect(shape.path == path)
  #expect(shape.parameters == parameters)
}

@Test(arguments: [
  (Shape(Statuses.upload(text: "看图", picture: picture)), "2/statuses/upload.json", ["status": "看图"]),
  (Shape(Statuses.upload(text: "看图", picture: picture, audience: .onlyMe, latitude: 1.5, longitude: 2)), "2/statuses/upload.json",
   ["status": "看图", "visible": "1", "lat": "1.5", "long": "2.0"]),
  (Shape(Statuses.uploadPicture(picture)), "2/statuses/upload_pic.json", [:]),
] as [(Shape, String, [String: String])])
func uploadsPostThePictureAsThePicFile(_ shape: Shape, _ path: String, _ fields: [String: String]) {
  #expect(shape.method == "POST")
  #expect(shape.path == path)
  #expect(shape.parameters == fields)
  #expect(shape.files == ["pic"])
}

@Test(arguments: [
  ("a b", "a%20b"), ("a+b", "a%2Bb"), ("a&b=c", "a%26b%3Dc"), ("中", "%E4%B8%AD"), ("-._~", "-._~"), ("/?#", "%2F%3F%23"),
  ("😀", "%F0%9F%98%80"),
])
func formValuesArePercentEncodedExceptUnreservedCharacters(_ value: String, _ encoded: String) {
  #expect(FormEncoding.escape(value) == encoded)
}

@Test func everyResponseShapeDecodes() throws {
  let decoder = WeiboCoding.decoder()
  func read<T: Decodable>(_ type: T.Type, _ json: String) throws -> T { try decoder.decode(T.self, from: Data(json.utf8)) }

  let ids = try read(StatusIDList.self, #"{"statuses":["3","2",1],"hasvisible":false,"previous_cursor":0,"next_cursor":"1","total_number":3}"#)
  let uid = try read(AccountUID.self, #"{"uid":"3456676543"}"#)
  let relationship = try read(Relationship.self, #"{"target":{"id":2,"screen_name":"b","followed_by":true,"following":false,"notifications_enabled":false},"source":{"id":"1","screen_name":"a","followed_by":false,"following":true,"notifications_enabled":false}}"#)
  let suggestions = try read([UserSuggestion].self, #"[{"screen_name":"小明","followers_count":123,"uid":456}]"#)
  let trends = try read(TrendList.self, ##"{"trends":{"2011-09-19":[{"name":"步步惊心","query":"步步惊心"}],"2011-09-20":[{"name":"新","query":"#新#","amount":"3"}]},"as_of":1316426043}"##)
  let hot = try read([HotTrend].self, #"[{"trend_id":1,"hotword":"周末","num":"10"}]"#)
  let results = try read([ResultFlag].self, #"[{"result":true},{"result":"true"},{"result":"false"}]"#)

  #expect(ids == StatusIDList(ids: [3, 2, 1], nextCursor: 1, totalNumber: 3))
  #expect(uid.uid == 3_456_676_543)
  #expect(relationship.target.followedBy && relationship.source.following && relationship.source.id == 1)
  #expect(suggestions == [UserSuggestion(uid: 456, screenName: "小明", followersCount: 123)])
  #expect(trends.asOf == 1_316_426_043)
  #expect(trends.trends["2011-09-19"] == [Trend(name: "步步惊心", query: "步步惊心")])
  #expect(trends.latest == [Trend(name: "新", query: "#新#", amount: 3)])
  #expect(hot == [HotTrend(trendID: 1, hotword: "周末", num: 10)])
  #expect(results.map(\.result) == [true, true, false])
}

@Test func emotionsAreATopLevelArrayAndOddEntriesAreSkipped() async throws {
  let body = #"[{"phrase":"[呵呵]","type":"face","url":"http://i/smile.gif","hot":false,"common":true,"category":"","icon":"http://i/i.gif","value":"[呵呵]","picid":null},{"type":"face"},{"phrase":"[兔子]","type":"face","url":"http://i/tuzi.gif","category":"休闲"}]"#
  let client = SparrowClient(baseURL: server, accessToken: "tok", transport: StubTransport(json(body)))

  let emotions = try await client.send(Emotions.list())

  #expect(emotions.map(\.phrase) == ["[呵呵]", "[兔子]"])
  #expect(EmoticonPack.packs(from: emotions).map(\.name) == ["默认", "休闲"])
}
