import Foundation
import SparrowCore
import Testing

/// The streaming writer must say exactly what Foundation's encoder says, key for key.
@Test func jsonWriterMatchesFoundationsEncoder() throws {
  var user = User(id: 1_234_567_890_123, screenName: "小明\"<>\\", verifiedType: 220, mbrank: 3)
  user.status = nil
  let original = Status(
    id: 42, createdAt: "Tue May 31 17:46:55 +0800 2011", text: "原文\n\t\u{01}😀", source: "<a href=\"x\">y</a>",
    user: user, picUrls: [PicURL(thumbnailPic: "http://a/thumbnail/p.jpg", width: 10, height: 40, type: "jpeg", isLong: true)],
    picIds: ["p"], geo: Geo(latitude: 39.9, longitude: 116.4))
  var repost = Status(id: 43, createdAt: "Tue May 31 17:46:55 +0800 2011", text: "转发", source: "", user: user,
                      retweetedStatus: original, repostsCount: 3)
  repost.annotations = []
  let list = StatusList(statuses: [repost, .deletedOriginal(id: 7)], previousCursor: 0, nextCursor: 9, totalNumber: 2)
  let foundation = JSONEncoder()
  foundation.keyEncodingStrategy = .convertToSnakeCase

  let ours = try JSONSerialization.jsonObject(with: Data(try JSONWriter().encode(list))) as? NSDictionary
  let theirs = try JSONSerialization.jsonObject(with: try foundation.encode(list)) as? NSDictionary

  #expect(ours != nil)
  #expect(ours == theirs)
  var author = user
  author.status = Box(original)
  let comment = Comment(id: 9, createdAt: "x", text: "评论", source: "s", user: author, status: repost,
                        replyComment: Comment(id: 8, createdAt: "y", text: "z", source: "", user: nil, status: nil))
  let comments = CommentList(comments: [comment], previousCursor: 1, nextCursor: 2, totalNumber: 3)
  let oursComments = try JSONSerialization.jsonObject(with: Data(try JSONWriter().encode(comments))) as? NSDictionary
  #expect(oursComments == (try JSONSerialization.jsonObject(with: try foundation.encode(comments)) as? NSDictionary))
  #expect(oursComments != nil)

  let trends = ["2026-11-21 10:00": [1, 2]]
  #expect(String(decoding: try JSONWriter().encode(trends), as: UTF8.self) == #"{"2026-11-21 10:00":[1,2]}"#)
  #expect(String(decoding: try JSONWriter().encode(Geo()), as: UTF8.self) == "null")
  #expect(throws: EncodingError.self) { try JSONWriter().encode([Double.nan]) }
}
