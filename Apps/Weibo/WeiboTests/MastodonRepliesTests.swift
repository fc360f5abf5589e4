import Foundation
import SparrowCore
import SparrowStore
import SparrowTestSupport
import Testing
@testable import MastodonAPI

/// Comments as replies from kept bodies (`MastodonTemplates.replies`) against bodies made afresh, byte for byte, for
/// the author and another reader, across new comments and replies, and the status hidden by staff and shown again
/// (its replies' visibility changes with it).
@Test func keptRepliesAreTheirFreshJSON() async throws {
  let world = try await TestWorld()
  let (alice, bob) = (try await world.user("alice"), try await world.user("bob"))
  let (aliceToken, bobToken) = (try await world.token(for: alice), try await world.token(for: bob))
  let kept = MastodonTemplates()
  try await world.test { client in
    let posted = try await client.post("/2/statuses/update.json", [("status", "原文 #话题#")], token: aliceToken)
    let id = try #require(posted.object["id"] as? Int64)
    var commentIDs: [Int64] = []
    func comment(_ text: String, token: String, replying: Int64? = nil) async throws {
      let response = replying == nil
        ? try await client.post("/2/comments/create.json", [("id", String(id)), ("comment", text)], token: token)
        : try await client.post("/2/comments/reply.json", [("id", String(id)), ("cid", String(replying!)), ("comment", text)],
                                token: token)
      commentIDs.append(try #require(response.object["id"] as? Int64))
    }
    func check(_ label: String) async throws {
      for viewer in [alice.id, bob.id] {
        let records = try await world.store.comments(ids: commentIDs, visibleTo: viewer)
        let comments = commentIDs.compactMap { records[$0] }
        for _ in 0..<2 {
          let warm = MastodonPresenter(store: world.store, baseURL: "https://sparrow.example", viewer: viewer, templates: kept)
          let fresh = MastodonPresenter(store: world.store, baseURL: "https://sparrow.example", viewer: viewer,
                                        templates: MastodonTemplates())
          let made = try await warm.replies(comments).map(\.json.bytes)
          #expect(made == (try await fresh.replies(comments).map(\.json.bytes)), "\(label) viewer \(viewer)")
        }
      }
    }
    try await comment("评论 @bob 你看", token: aliceToken)
    try await comment("\"引号\" [哈哈]", token: bobToken)
    try await check("two comments")
    try await comment("回复", token: aliceToken, replying: commentIDs[1])
    try await check("a reply to a comment")
    #expect(try await world.store.setStatusHidden(id: id, hidden: true, mentions: [], topics: ["话题"], rows: []))
    try await check("hidden by staff")
    #expect(try await world.store.setStatusHidden(id: id, hidden: false, mentions: [], topics: ["话题"], rows: []))
    try await check("shown again")
  }
}

/// Notifications written by hand (`Notification.writeJSON`) are what their `Encodable` conformance writes, byte for
/// byte: with a status and without, with text that needs escaping.
@Test func notificationsWrittenByHandAreTheirEncodedJSON() throws {
  let status = Status(json: JSONFragment(Array(#"{"id":"7","content":"<p>\"你好\"</p>"}"#.utf8)))
  let account = JSONFragment(Array(#"{"id":"1","acct":"alice"}"#.utf8))
  let notifications = [
    MastodonEndpoints.Notification(id: "9", type: "mention", createdAt: "2026-12-05T12:00:00.000Z",
                                   groupKey: "ungrouped-9", account: account, status: Nullable(status)),
    MastodonEndpoints.Notification(id: "8", type: "follow", createdAt: "2026-12-05T11:00:00.000Z",
                                   groupKey: "ungrouped-8\"\\", account: account, status: Nullable(nil)),
  ]
  #expect(MastodonEndpoints.Notification.json(notifications) == (try JSONWriter().encode(notifications)))
  #expect(MastodonEndpoints.Notification.json([]) == (try JSONWriter().encode([MastodonEndpoints.Notification]())))
}

/// Mastodon's times written digit by digit (`MastodonPresenter.timestamp`) against Foundation's ISO 8601 writer, for
/// random instants of the Gregorian years from 1583 (Foundation's calendar is Julian before) to 9999, with their
/// milliseconds (each instant a fifth of a millisecond past its own, so that no rounding of the double decides it);
/// and the years the proleptic calendar gives outside them.
@Test func mastodonTimestampsAreISO8601() {
  let formatter = ISO8601DateFormatter()
  formatter.formatOptions = [.withInternetDateTime]
  formatter.timeZone = TimeZone(identifier: "UTC")
  var generator = SystemRandomNumberGenerator()
  let edges: [Int64] = [0, -1, 999, -1_000, 1_760_700_000_123, 253_402_300_799_999]
  let random = (0..<2_000).map { _ in Int64.random(in: -12_212_553_600_000...253_402_300_799_999, using: &generator) }
  for millis in edges + random {
    let seconds = millis >= 0 ? millis / 1000 : (millis - 999) / 1000
    let ms = String(millis - seconds * 1000)
    let whole = formatter.string(from: Date(timeIntervalSince1970: Double(seconds)))
    let expected = whole.dropLast() + "." + String(repeating: "0", count: 3 - ms.count) + ms + "Z"
    let date = Date(timeIntervalSince1970: Double(millis) / 1000 + 0.0002)
    #expect(MastodonPresenter.timestamp(date) == expected, "\(millis)")
  }
  #expect(MastodonPresenter.timestamp(Date(timeIntervalSince1970: -62_135_596_800)) == "0001-01-01T00:00:00.000Z")
  #expect(MastodonPresenter.timestamp(Date(timeIntervalSince1970: 253_402_300_800)) == "10000-01-01T00:00:00.000Z")
  #expect(MastodonPresenter.day(Date(timeIntervalSince1970: 1_760_700_000)) == "2025-10-17")
}
