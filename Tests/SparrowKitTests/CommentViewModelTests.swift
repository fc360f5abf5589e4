import Foundation
import SparrowCore
import SparrowKit
import Testing

// Swift Testing has a `Comment` too.
private typealias Comment = SparrowCore.Comment

private let alice = User(id: 1, screenName: "Alice", mbrank: 2)
private let bob = User(id: 2, screenName: "鲍勃")

private func comment(_ text: String, replyingTo reply: Comment? = nil, at createdAt: String = "") -> Comment {
  Comment(id: 10, createdAt: createdAt, text: text, source: "", user: alice, status: nil, replyComment: reply)
}

@Test func aReplyWithoutThePrefixGetsIt() {
  let original = Comment(id: 9, createdAt: "", text: "好看", source: "", user: bob, status: nil)

  let model = CommentViewModel(comment: comment("谢谢[哈哈]", replyingTo: original), emoticons: ["[哈哈]"])

  #expect(model.replyName == "鲍勃")
  #expect(model.text == "回复@鲍勃: 谢谢[哈哈]")
  #expect(model.richText.mentions == ["鲍勃"])
  #expect(model.richText.segments.last?.kind == .emoticon("[哈哈]"))
}

@Test func aReplyThatSaysWhomItAnswersIsLeftAsWritten() {
  let original = Comment(id: 9, createdAt: "", text: "好看", source: "", user: bob, status: nil)

  let model = CommentViewModel(comment: comment("回复@鲍勃:谢谢", replyingTo: original))

  #expect(model.text == "回复@鲍勃:谢谢")
}

@Test func aCommentThatAnswersNoneIsLeftAsWritten() {
  let anonymous = Comment(id: 9, createdAt: "", text: "好看", source: "", user: nil, status: nil)

  #expect(CommentViewModel(comment: comment("说得好")).text == "说得好")
  #expect(CommentViewModel(comment: comment("说得好", replyingTo: anonymous)).text == "说得好")
  #expect(CommentViewModel(comment: comment("说得好", replyingTo: anonymous)).replyName == nil)
}

@Test func theAuthorAndTimeReadAsInAStatus() throws {
  let model = CommentViewModel(comment: comment("说得好", at: "Sat Nov 02 15:08:27 +0800 2013"))
  let now = try #require(ISO8601DateFormatter().date(from: "2013-11-02T15:20:00+08:00"))

  #expect(model.authorName == "Alice")
  #expect(model.author?.memberMark == "VIP2")
  #expect(model.createdText(now: now, timeZone: TimeZone(secondsFromGMT: 8 * 3600)!) == "11分钟前")
  #expect(CommentViewModel(comment: comment("x", at: "garbled")).createdText(now: now) == "")
}
