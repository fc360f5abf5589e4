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
  var comment = Comment(id: 9, createdAt: "x", text: "评论", source: "s", user: author, status: repost,
                        replyComment: Comment(id: 8, createdAt: "y", text: "z", source: "", user: nil, status: nil))
  comment.hiddenByStaff = true
  let comments = CommentList(comments: [comment], previousCursor: 1, nextCursor: 2, totalNumber: 3)
  let oursComments = try JSONSerialization.jsonObject(with: Data(try JSONWriter().encode(comments))) as? NSDictionary
  #expect(oursComments == (try JSONSerialization.jsonObject(with: try foundation.encode(comments)) as? NSDictionary))
  #expect(oursComments != nil)

  let trends = ["2026-11-21 10:00": [1, 2]]
  #expect(String(decoding: try JSONWriter().encode(trends), as: UTF8.self) == #"{"2026-11-21 10:00":[1,2]}"#)
  #expect(String(decoding: try JSONWriter().encode(Geo()), as: UTF8.self) == "null")
  #expect(throws: EncodingError.self) { try JSONWriter().encode([Double.nan]) }
}

/// A template filled in for a viewer must give the very bytes the status itself gives.
@Test(arguments: [(false, false, false), (true, false, true), (false, true, false), (true, true, true)])
func templatesWriteWhatTheStatusWrites(_ favorited: Bool, _ liked: Bool, _ trimmed: Bool) throws {
  var author = User(id: 7, screenName: "作者\"\\", description: "第一行\n第二行", verifiedType: 0)
  author.following = favorited
  author.followMe = liked
  let original = Status(
    id: 42, createdAt: "Tue May 31 17:46:55 +0800 2011", text: "原文 #话题# @某人", source: "<a href=\"x\">y</a>",
    user: author, picUrls: [PicURL(thumbnailPic: "http://a/thumbnail/p.jpg", width: 10, height: 40, type: "jpeg")],
    picIds: ["p"], geo: Geo(latitude: 39.9, longitude: 116.4), repostsCount: 2, commentsCount: 1, attitudesCount: 3,
    favorited: liked, liked: favorited)
  var repost = Status(id: 43, createdAt: "Wed Jun 01 08:00:00 +0800 2011", text: "转发", source: "", user: author,
                      retweetedStatus: original, repostsCount: 1, favorited: favorited, liked: liked,
                      visible: Visibility(type: 1))
  repost.annotations = ["x"]
  if trimmed {
    repost.uid = author.id
    repost.user = nil
  }
  let deleted = Status(id: 44, createdAt: "x", text: "y", source: "z", user: author,
                       retweetedStatus: .deletedOriginal(id: 41))
  func write(_ status: Status, _ out: inout JSONOutput) {
    let template = StatusJSONTemplate(status)
    template.writeStart(&out, favorited: status.favorited)
    if let user = status.user {
      StatusJSONTemplate.writeKey(.user, &out)
      UserJSONTemplate(user).write(&out, following: user.following, followMe: user.followMe)
    }
    if let uid = status.uid { StatusJSONTemplate.writeUID(uid, &out) }
    if let original = status.retweetedStatus?.value {
      StatusJSONTemplate.writeKey(.retweetedStatus, &out)
      write(original, &out)
    }
    template.writeEnd(&out, liked: status.liked)
  }
  func viaTemplates(_ status: Status) -> [UInt8] {
    var out = JSONOutput()
    write(status, &out)
    return out.bytes
  }
  func direct(_ status: Status) -> [UInt8] {
    var out = JSONOutput()
    status.writeJSON(&out)
    return out.bytes
  }

  for status in [original, repost, deleted, .deletedOriginal(id: 5)] {
    #expect(String(decoding: viaTemplates(status), as: UTF8.self) == String(decoding: direct(status), as: UTF8.self))
  }
}

@Test func aStatusListWritesWhatItsCodableFormSays() throws {
  let list = StatusList(
    statuses: [Status(id: 1, createdAt: "x", text: "一", source: "", user: User(id: 2, screenName: "二"))],
    previousCursor: 3, nextCursor: 4, totalNumber: 5)
  let foundation = JSONEncoder()
  foundation.keyEncodingStrategy = .convertToSnakeCase
  var out = JSONOutput()

  list.writeJSON(&out)

  let ours = try JSONSerialization.jsonObject(with: Data(out.bytes)) as? NSDictionary
  #expect(ours != nil)
  #expect(ours == (try JSONSerialization.jsonObject(with: try foundation.encode(list)) as? NSDictionary))
  #expect(String(decoding: out.bytes, as: UTF8.self).hasPrefix(#"{"statuses":[{"created_at":"x","id":1,"#))
}

/// A value that asks for a nested container is refused with an error, never a crash or broken JSON.
@Test func aNestedContainerIsAnEncodingErrorNotACrash() throws {
  struct NestedKeyed: Encodable {
    enum Keys: String, CodingKey { case outer, inner }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Keys.self)
      var inner = container.nestedContainer(keyedBy: Keys.self, forKey: .outer)
      try inner.encode(1, forKey: .inner)
    }
  }
  struct NestedUnkeyed: Encodable {
    func encode(to encoder: any Encoder) throws {
      var list = encoder.unkeyedContainer()
      var inner = list.nestedUnkeyedContainer()
      try inner.encode(1)
    }
  }
  struct Inherited: Encodable {
    enum Keys: String, CodingKey { case a }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Keys.self)
      try "x".encode(to: container.superEncoder())
    }
  }

  #expect(throws: EncodingError.self) { try JSONWriter().encode(NestedKeyed()) }
  #expect(throws: EncodingError.self) { try JSONWriter().encode([NestedUnkeyed()]) }
  #expect(throws: EncodingError.self) { try JSONWriter().encode(Inherited()) }
  #expect(String(decoding: try JSONWriter().encode(["a": [1]]), as: UTF8.self) == #"{"a":[1]}"#)
}

/// Numbers are written digit by digit into the buffer: the same text as Swift's own, at the edges of each width.
@Test func numbersAreWrittenAsSwiftSpellsThem() {
  let int64s: [Int64] = [0, 1, -1, 9, 10, -10, 99, 100, 1_234_567_890_123, .max, .min, .max - 1, .min + 1]
  for value in int64s {
    var out = JSONOutput(capacity: 0)
    out.int(value)
    #expect(String(decoding: out.bytes, as: UTF8.self) == String(value))
  }
  for value in [UInt64.max, UInt64(Int64.max) + 1, 0] {
    var out = JSONOutput(capacity: 0)
    out.int(value)
    #expect(String(decoding: out.bytes, as: UTF8.self) == String(value))
  }
  var out = JSONOutput(capacity: 0)
  out.object { o in
    o.field("a", 5)
    o.field("b", Int64(-20))
  }
  #expect(String(decoding: out.bytes, as: UTF8.self) == #"{"a":5,"b":-20}"#)
}

/// A fragment written again by key (`JSONOutput.repeating`) is a byte-for-byte copy of its first writing, inside
/// objects and arrays (which move the buffer in and out), and a key seen for the first time is written afresh.
@Test func aRepeatedFragmentIsACopyOfItsFirstWriting() {
  func item(_ out: inout JSONOutput, _ id: Int64) {
    out.object { o in
      o.field("id", id)
      o.field("text", "第\(id)条 \"引号\"")
    }
  }
  let keys: [Int64] = [3, 1, 3, 3, 2, 1, 4]
  var fresh = JSONOutput()
  var repeated = JSONOutput()
  var written: [Int64: Range<Int>] = [:]
  var writes = 0
  for pass in [0, 1] {
    var output = JSONOutput()
    output.array(keys) { out, key in
      out.object { o in
        o.field("n", key)
        o.raw("status") { inner in
          if pass == 0 {
            item(&inner, key)
          } else {
            inner.repeating(key, in: &written) { inner in
              writes += 1
              item(&inner, key)
            }
          }
        }
      }
    }
    if pass == 0 { fresh = output } else { repeated = output }
  }
  #expect(repeated.bytes == fresh.bytes)
  #expect(writes == Set(keys).count)
}
