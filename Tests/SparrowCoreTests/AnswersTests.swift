import Foundation
import SparrowCore
import Testing

/// The single-call answers as the server writes them and the SDK reads them back: one type for both sides.
struct AnswersTests {
  func written(_ value: some Encodable) throws -> String { String(decoding: try JSONWriter().encode(value), as: UTF8.self) }

  @Test func theServerWritesEachAnswerAsWeiboDoes() throws {
    var picture = UploadedPicture(picID: "p1", thumbnailPic: "t", bmiddlePic: "b", originalPic: "o", width: 4, height: 3)
    picture.type = "jpg"
    #expect(try written(picture)
      == #"{"pic_id":"p1","thumbnail_pic":"t","bmiddle_pic":"b","original_pic":"o","width":4,"height":3,"type":"jpg"}"#)
    #expect(try written(StatusIDList(ids: [3, 2], nextCursor: 1, totalNumber: 3))
      == #"{"statuses":["3","2"],"hasvisible":false,"previous_cursor":0,"next_cursor":1,"total_number":3}"#)
    #expect(try written(AccountUID(uid: 42)) == #"{"uid":"42"}"#)
    #expect(try written(Relationship(target: .init(id: 1, screenName: "a", followedBy: true, following: false),
                                     source: .init(id: 2, screenName: "b", followedBy: false, following: true)))
      == #"{"target":{"id":1,"screen_name":"a","followed_by":true,"following":false,"notifications_enabled":false},"#
      + #""source":{"id":2,"screen_name":"b","followed_by":false,"following":true,"notifications_enabled":false}}"#)
    #expect(try written(UserSuggestion(uid: 7, screenName: "小明", followersCount: 9))
      == #"{"screen_name":"小明","followers_count":9,"uid":7}"#)
    #expect(try written(HotTrend(trendID: 1, hotword: "美食", num: 5)) == #"{"trend_id":1,"hotword":"美食","num":5}"#)
    #expect(try written(TrendList(trends: ["2026-11-23 08:00": [Trend(name: "美食", query: "#美食#", amount: 5)]], asOf: 9))
      == ##"{"trends":{"2026-11-23 08:00":[{"name":"美食","query":"#美食#","amount":5}]},"as_of":9}"##)
    #expect(try written(ResultFlag(result: true)) == #"{"result":true}"#)
    #expect(try written(ResultFlag(result: true, spelledAsString: true)) == #"{"result":"true"}"#)
    #expect(try written(TokenInfo(uid: 1, appKey: "123", scope: nil, createdAt: 5, expiresIn: 60))
      == #"{"uid":1,"appkey":"123","create_at":5,"expire_in":60,"expires_in":60}"#)
  }

  @Test func theSDKReadsBackWhatTheServerWrites() throws {
    var picture = UploadedPicture(picID: "p1", thumbnailPic: "t", bmiddlePic: "b", originalPic: "o", width: 4, height: 3)
    picture.type = "png"
    let decoder = JSONDecoder()
    #expect(try decoder.decode(UploadedPicture.self, from: Data(JSONWriter().encode(picture))) == picture)
    let ids = StatusIDList(ids: [3, 2], nextCursor: 1, totalNumber: 3)
    #expect(try decoder.decode(StatusIDList.self, from: Data(JSONWriter().encode(ids))) == ids)
    let info = TokenInfo(uid: 1, appKey: "123", scope: nil, createdAt: 5, expiresIn: 60)
    #expect(try decoder.decode(TokenInfo.self, from: Data(JSONWriter().encode(info))) == info)
    #expect(try decoder.decode(AccountUID.self, from: Data(JSONWriter().encode(AccountUID(uid: 42)))) == AccountUID(uid: 42))
  }
}

/// One envelope type for every cursor list: each still carries exactly the fields Weibo's does.
@Test func everyCursorListWritesItsOwnFields() throws {
  func written(_ value: some Encodable) throws -> String { String(decoding: try JSONWriter().encode(value), as: UTF8.self) }
  let tail = #""previous_cursor":0,"next_cursor":5,"total_number":9"#
  #expect(try written(StatusList(statuses: [], nextCursor: 5, totalNumber: 9))
    == #"{"statuses":[],"hasvisible":false,"# + tail + #","interval":0}"#)
  #expect(try written(RepostList(reposts: [], nextCursor: 5, totalNumber: 9)) == #"{"reposts":[],"hasvisible":false,"# + tail + "}")
  #expect(try written(CommentList(comments: [], nextCursor: 5, totalNumber: 9))
    == #"{"comments":[],"marks":[],"hasvisible":false,"# + tail + "}")
  #expect(try written(UserList(users: [], nextCursor: 5, totalNumber: 9)) == #"{"users":[],"# + tail + "}")
  #expect(try written(IDList(ids: [3], nextCursor: 5, totalNumber: 9)) == #"{"ids":[3],"# + tail + "}")
  #expect(try written(StatusIDList(ids: [3], nextCursor: 5, totalNumber: 9))
    == #"{"statuses":["3"],"hasvisible":false,"# + tail + "}")
  #expect(try written(AttitudeList(attitudes: [], nextCursor: 5, totalNumber: 9))
    == #"{"attitudes":[],"hasvisible":false,"# + tail + "}")
  // Read back, ids as numbers or strings alike.
  let ids = try JSONDecoder().decode(IDList.self, from: Data(#"{"ids":[1,"2"],"next_cursor":"5","total_number":2}"#.utf8))
  #expect(ids == IDList(ids: [1, 2], nextCursor: 5, totalNumber: 2))
}
