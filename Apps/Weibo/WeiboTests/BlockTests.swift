import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SparrowTestSupport
import Testing

/// 拉黑 and 屏蔽 through the API and the web pages, on the store's reads: a block keeps two people apart from every
/// angle (follows, statuses, comments, mentions, likes, search, counts, notifications) both ways; a mute hides one
/// person from one's own timelines only, and the muted one cannot tell.
@Suite struct BlockTests {
  private func ids(_ value: Any?) -> [String] {
    ((value as? [[String: Any]]) ?? []).compactMap { $0["idstr"] as? String }
  }

  @Test func aBlockKeepsTwoPeopleApartFromEveryAngle() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let carol = try await world.user("carol")
    let (a, b, c) = (try await world.token(for: alice), try await world.token(for: bob), try await world.token(for: carol))

    try await world.test { client in
      _ = try await client.post("/2/friendships/create.json", [("uid", String(bob.id))], token: a)
      _ = try await client.post("/2/friendships/create.json", [("uid", String(alice.id))], token: b)
      let own = try await client.post("/2/statuses/update.json", [("status", "爱丽丝的秘密花园 #拉黑话题#")], token: a)
      let ownID = try #require(own.object["idstr"] as? String)
      let carols = try await client.post("/2/statuses/update.json", [("status", "卡罗尔的微博")], token: c)
      let carolsID = try #require(carols.object["idstr"] as? String)
      let aliceComment = try await client.post(
        "/2/comments/create.json", [("id", carolsID), ("comment", "爱丽丝的评论")], token: a)
      let aliceCommentID = try #require(aliceComment.object["idstr"] as? String)
      let repost = try await client.post("/2/statuses/repost.json", [("id", ownID), ("status", "转给大家")], token: c)
      #expect(repost.status == .ok)

      let blocked = try await client.post("/2/blocks/create.json", [("uid", String(bob.id))], token: a)
      #expect(blocked.status == .ok)
      #expect(blocked.object["following"] as? Bool == false)
      #expect(try await client.post("/2/blocks/create.json", [("uid", String(bob.id))], token: a).errorCode == 20530)
      #expect(try await client.post("/2/blocks/create.json", [("uid", String(alice.id))], token: a).errorCode == 20534)
      #expect(try await client.post("/2/blocks/create.json", [("uid", "12345")], token: a).errorCode == 20003)

      // Follows ended both ways, with their counts; neither can follow again.
      #expect(try await world.store.user(id: alice.id)?.followersCount == 0)
      #expect(try await world.store.user(id: alice.id)?.friendsCount == 0)
      #expect(try await world.store.user(id: bob.id)?.biFollowersCount == 0)
      #expect(try await client.post("/2/friendships/create.json", [("uid", String(alice.id))], token: b).errorCode == 20508)
      #expect(try await client.post("/2/friendships/create.json", [("uid", String(bob.id))], token: a).errorCode == 20512)

      // Bob sees nothing of Alice's, as if it did not exist.
      let missing = try await client.get("/2/statuses/show.json?id=\(ownID)1", token: b)
      let hidden = try await client.get("/2/statuses/show.json?id=\(ownID)", token: b)
      #expect(hidden.errorCode == missing.errorCode)
      let timeline = try await client.get("/2/statuses/user_timeline.json?uid=\(alice.id)", token: b)
      #expect(ids(timeline.object["statuses"]).isEmpty)
      #expect(timeline.object["total_number"] as? Int == 0)
      let everyone = try await client.get("/2/statuses/public_timeline.json", token: b)
      #expect(!ids(everyone.object["statuses"]).contains(ownID))
      #expect(everyone.object["total_number"] as? Int == 2)  // Carol's status and her repost.
      // Carol's repost is there; the original inside it is gone for Bob.
      #expect(!everyone.text.contains("爱丽丝的秘密花园"))
      #expect(try await client.get("/2/statuses/public_timeline.json", token: c).text.contains("爱丽丝的秘密花园"))
      let search = try await client.get("/2/search/statuses.json?q=\("秘密花园".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)", token: b)
      #expect(!search.text.contains("爱丽丝的秘密花园"))
      let topic = try await client.get("/2/search/topics.json?q=\("拉黑话题".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)", token: b)
      #expect(!topic.text.contains("爱丽丝的秘密花园"))
      let comments = try await client.get("/2/comments/show.json?id=\(carolsID)", token: b)
      #expect(!comments.text.contains("爱丽丝的评论"))
      #expect(comments.object["total_number"] as? Int == 0)
      #expect(try await client.get("/2/comments/show_batch.json?cids=\(aliceCommentID)", token: b).array.isEmpty)
      #expect(try await client.get("/2/statuses/count.json?ids=\(ownID)", token: b).array.isEmpty)
      // The store's read of statuses by id keeps the rule itself, for every caller: Carol's status comes, Alice's
      // status does not.
      let byID = try await world.store.statuses(ids: [Int64(ownID)!, Int64(carolsID)!], visibleTo: bob.id)
      #expect(byID.keys.sorted() == [Int64(carolsID)!])
      #expect(try await world.store.statuses(ids: [Int64(ownID)!], visibleTo: carol.id).count == 1)

      // Nor can he reach her: comment, reply, like, repost, mention.
      #expect(try await client.post("/2/comments/create.json", [("id", ownID), ("comment", "喂")], token: b).errorCode == 20101)
      let reply = try await client.post(
        "/2/comments/reply.json", [("id", carolsID), ("cid", aliceCommentID), ("comment", "喂")], token: b)
      #expect(reply.status != .ok)
      #expect(try await client.post("/2/attitudes/create.json", [("id", ownID)], token: b).status != .ok)
      #expect(try await client.post("/2/statuses/repost.json", [("id", ownID)], token: b).status != .ok)
      let mention = try await client.post("/2/statuses/update.json", [("status", "@alice 看看我")], token: b)
      let mentionID = try #require(mention.object["idstr"] as? String)
      let mentions = try await client.get("/2/statuses/mentions.json", token: a)
      #expect(!ids(mentions.object["statuses"]).contains(mentionID))
      #expect(mentions.object["total_number"] as? Int == 0)
      let unread = try await client.get("/2/remind/unread_count.json", token: a)
      #expect(unread.object["mention_status"] as? Int == 0)

      // Both ways: Alice no longer sees Bob either.
      #expect(!ids(try await client.get("/2/statuses/public_timeline.json", token: a).object["statuses"]).contains(mentionID))
      #expect(try await client.get("/2/statuses/show.json?id=\(mentionID)", token: a).errorCode == missing.errorCode)
      // Carol, who blocked nobody, sees both.
      let seenByCarol = ids(try await client.get("/2/statuses/public_timeline.json", token: c).object["statuses"])
      #expect(seenByCarol.contains(ownID) && seenByCarol.contains(mentionID))

      // The web client reads through the same store: her status page is the missing page, her profile and the
      // search show nothing of hers.
      let web = cookieHeader(try await client.sessionCookie("bob"))
      let page = try await client.get("/status/\(ownID)", headers: web)
      #expect(page.status == .notFound && !page.text.contains("秘密花园"))
      #expect(!(try await client.get("/u/\(alice.id)", headers: web)).text.contains("秘密花园"))
      let found = try await client.get("/web/search?q=\("秘密花园".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)", headers: web)
      #expect(!found.text.contains("爱丽丝的秘密花园"))

      // The lists: only the blocker's.
      #expect(try await client.get("/2/blocks/blocking/ids.json", token: a).object["ids"] as? [Int64] == [bob.id])
      #expect(try await client.get("/2/blocks/blocking/ids.json", token: b).object["ids"] as? [Int64] == [])
      let list = try await client.get("/2/blocks/blocking.json", token: a)
      #expect((list.object["users"] as? [[String: Any]])?.first?["screen_name"] as? String == "bob")
      #expect(list.object["total_number"] as? Int == 1)
      #expect(try await client.get("/2/blocks/exists.json?uid=\(bob.id)", token: a).object["result"] as? Bool == true)
      #expect(try await client.get("/2/blocks/exists.json?uid=\(alice.id)", token: b).object["result"] as? Bool == false)

      // Lifted: Bob sees her again and may follow; the old follows do not come back.
      #expect(try await client.post("/2/blocks/destroy.json", [("uid", String(bob.id))], token: a).status == .ok)
      #expect(try await client.post("/2/blocks/destroy.json", [("uid", String(bob.id))], token: a).errorCode == 20531)
      #expect(try await client.get("/2/statuses/show.json?id=\(ownID)", token: b).status == .ok)
      #expect(try await world.store.user(id: alice.id)?.followersCount == 0)
      #expect(try await client.post("/2/friendships/create.json", [("uid", String(alice.id))], token: b).status == .ok)
    }
  }

  @Test func aBlockedPersonsHomeFeedLosesTheBlockerAtOnce() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let (a, b) = (try await world.token(for: alice), try await world.token(for: bob))

    try await world.test { client in
      _ = try await client.post("/2/friendships/create.json", [("uid", String(alice.id))], token: b)
      let posted = try await client.post("/2/statuses/update.json", [("status", "给粉丝看")], token: a)
      let id = try #require(posted.object["idstr"] as? String)
      // Read once, so that Bob's home feed is held hot.
      #expect(ids(try await client.get("/2/statuses/home_timeline.json", token: b).object["statuses"]) == [id])
      _ = try await client.post("/2/blocks/create.json", [("uid", String(bob.id))], token: a)
      let home = try await client.get("/2/statuses/home_timeline.json", token: b)
      #expect(ids(home.object["statuses"]).isEmpty)
      #expect(home.object["total_number"] as? Int == 0)
    }
  }

  @Test func aMuteHidesSomeoneFromOnesOwnTimelinesOnly() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let carol = try await world.user("carol")
    let (a, c) = (try await world.token(for: alice), try await world.token(for: carol))

    try await world.test { client in
      _ = try await client.post("/2/friendships/create.json", [("uid", String(carol.id))], token: a)
      let posted = try await client.post("/2/statuses/update.json", [("status", "卡罗尔天天刷屏")], token: c)
      let id = try #require(posted.object["idstr"] as? String)
      #expect(ids(try await client.get("/2/statuses/home_timeline.json", token: a).object["statuses"]) == [id])

      #expect(try await client.post("/2/mutes/create.json", [("uid", String(carol.id))], token: a).status == .ok)
      #expect(try await client.post("/2/mutes/create.json", [("uid", String(carol.id))], token: a).errorCode == 20532)
      let home = try await client.get("/2/statuses/home_timeline.json", token: a)
      #expect(ids(home.object["statuses"]).isEmpty)
      #expect(home.object["total_number"] as? Int == 0)
      // A new status of hers stays out of the hot feed too.
      let next = try await client.post("/2/statuses/update.json", [("status", "又一条")], token: c)
      let nextID = try #require(next.object["idstr"] as? String)
      #expect(ids(try await client.get("/2/statuses/home_timeline.json", token: a).object["statuses"]).isEmpty)
      let everyone = try await client.get("/2/statuses/public_timeline.json", token: a)
      #expect(ids(everyone.object["statuses"]).isEmpty)
      #expect(everyone.object["total_number"] as? Int == 0)
      // Her own page and her statuses still open; she still has Alice as a follower and cannot tell.
      #expect(ids(try await client.get("/2/statuses/user_timeline.json?uid=\(carol.id)", token: a).object["statuses"])
        == [nextID, id])
      #expect(try await client.get("/2/statuses/show.json?id=\(id)", token: a).status == .ok)
      #expect(try await world.store.user(id: carol.id)?.followersCount == 1)
      let shown = try await client.get("/2/friendships/show.json?target_id=\(alice.id)", token: c)
      #expect((shown.object["target"] as? [String: Any])?["following"] as? Bool == true)
      #expect(try await client.get("/2/mutes/muting/ids.json", token: a).object["ids"] as? [Int64] == [carol.id])

      #expect(try await client.post("/2/mutes/destroy.json", [("uid", String(carol.id))], token: a).status == .ok)
      #expect(try await client.post("/2/mutes/destroy.json", [("uid", String(carol.id))], token: a).errorCode == 20533)
      #expect(ids(try await client.get("/2/statuses/home_timeline.json", token: a).object["statuses"]) == [nextID, id])
    }
  }

  @Test func theProfilePageBlocksAndMutesWithTheFormToken() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let b = try await world.token(for: bob)

    try await world.test { client in
      _ = try await client.post("/2/friendships/create.json", [("uid", String(alice.id))], token: b)
      let cookie = try await client.sessionCookie("alice")
      let page = try await client.get("/u/\(bob.id)", headers: cookieHeader(cookie))
      #expect(page.text.contains("id=\"block-button\""))
      #expect(page.text.contains("id=\"mute-button\""))
      let csrf = try pageCSRF(page)

      // A forged form (no token) changes nothing.
      let forged = try await client.post("/u/\(bob.id)/block", [], headers: cookieHeader(cookie))
      #expect(forged.status != .seeOther)
      #expect(try await world.store.blockedIDs(of: alice.id).isEmpty)

      let done = try await client.post("/u/\(bob.id)/block", [("csrf", csrf)], headers: cookieHeader(cookie))
      #expect(done.status == .seeOther)
      #expect(try await world.store.blockedIDs(of: alice.id) == [bob.id])
      #expect(try await world.store.ties(alice.id, among: [bob.id, alice.id, 999_999]).blocking == [bob.id])
      #expect(try await world.store.ties(bob.id, among: [alice.id]).blocking.isEmpty)
      let after = try await client.get("/u/\(bob.id)", headers: cookieHeader(cookie))
      #expect(after.text.contains("id=\"block-note\""))
      #expect(after.text.contains("解除拉黑"))
      #expect(!after.text.contains("class=\"follow-form\""))
      // A second click is no error.
      #expect(try await client.post("/u/\(bob.id)/block", [("csrf", csrf)], headers: cookieHeader(cookie)).status == .seeOther)

      _ = try await client.post("/u/\(bob.id)/unblock", [("csrf", csrf)], headers: cookieHeader(cookie))
      _ = try await client.post("/u/\(bob.id)/mute", [("csrf", csrf)], headers: cookieHeader(cookie))
      #expect(try await world.store.blockedIDs(of: alice.id).isEmpty)
      #expect(try await world.store.mutedIDs(of: alice.id) == [bob.id])
      #expect(try await world.store.ties(alice.id, among: [bob.id, bob.id]).muting == [bob.id])
      #expect(try await world.store.ties(alice.id, among: [bob.id]).blocking.isEmpty)
      #expect(try await client.get("/u/\(bob.id)", headers: cookieHeader(cookie)).text.contains("取消屏蔽"))
      // Nobody blocks themselves from their own page.
      #expect(!(try await client.get("/u/\(alice.id)", headers: cookieHeader(cookie))).text.contains("block-button"))
    }
  }
}
