import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SparrowTestSupport
import Testing

@Suite struct SocialTests {
  @Test func followingRulesAndPerViewerFields() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let (a, b) = (try await world.token(for: alice), try await world.token(for: bob))

    try await world.test { client in
      let followed = try await client.post("/2/friendships/create.json", [("uid", String(bob.id))], token: a)
      #expect(followed.status == .ok)
      #expect(followed.object["following"] as? Bool == true)
      #expect(followed.object["followers_count"] as? Int == 1)
      #expect(try await client.post("/2/friendships/create.json", [("screen_name", "bob")], token: a).errorCode == 20506)
      #expect(try await client.post("/2/friendships/create.json", [("uid", String(alice.id))], token: a).errorCode == 20504)
      #expect(try await client.post("/2/friendships/create.json", [("uid", "12345")], token: a).errorCode == 20003)
      #expect(try await client.post("/2/friendships/create.json", [], token: a).errorCode == 20502)
      #expect(try await client.post("/2/friendships/destroy.json", [("uid", String(alice.id))], token: b).errorCode == 20522)

      _ = try await client.post("/2/friendships/create.json", [("uid", String(alice.id))], token: b)
      let shownByAlice = try await client.get("/2/users/show.json?uid=\(bob.id)", token: a)
      #expect(shownByAlice.object["following"] as? Bool == true)
      #expect(shownByAlice.object["follow_me"] as? Bool == true)
      #expect(shownByAlice.object["bi_followers_count"] as? Int == 1)

      let relation = try await client.get("/2/friendships/show.json?target_id=\(bob.id)", token: a)
      let target = try #require(relation.object["target"] as? [String: Any])
      #expect(target["followed_by"] as? Bool == true)
      #expect(target["following"] as? Bool == true)

      let friends = try await client.get("/2/friendships/friends.json?uid=\(alice.id)", token: b)
      #expect((friends.object["users"] as? [[String: Any]])?.map { $0["id"] as? Int64 } == [bob.id])
      #expect(friends.object["total_number"] as? Int == 1)
      let followerIDs = try await client.get("/2/friendships/followers/ids.json?uid=\(alice.id)", token: b)
      #expect(followerIDs.object["ids"] as? [Int64] == [bob.id])

      let unfollowed = try await client.post("/2/friendships/destroy.json", [("uid", String(bob.id))], token: a)
      #expect(unfollowed.object["following"] as? Bool == false)
      #expect(try await world.store.user(id: bob.id)?.biFollowersCount == 0)
      #expect(try await world.store.user(id: alice.id)?.friendsCount == 0)
    }
  }

  @Test func usersShowAndCounts() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let a = try await world.token(for: alice)

    try await world.test { client in
      _ = try await client.post("/2/statuses/update.json", [("status", "最新")], token: a)
      let shown = try await client.get("/2/users/show.json?screen_name=ALICE", token: a)
      #expect(shown.object["idstr"] as? String == String(alice.id))
      #expect((shown.object["status"] as? [String: Any])?["text"] as? String == "最新")
      #expect((shown.object["profile_image_url"] as? String)?.hasPrefix("http://sparrow.test/") == true)
      #expect(try await client.get("/2/users/show.json?uid=1", token: a).errorCode == 20003)
      #expect(try await client.get("/2/users/show.json", token: a).errorCode == 10016)
      #expect(try await client.get("/2/users/show.json?uid=abc", token: a).errorCode == 10017)
      let counts = try await client.get("/2/users/counts.json?uids=\(alice.id)", token: a)
      #expect(counts.array.first?["statuses_count"] as? Int == 1)
    }
  }

  @Test func commentsCreateReplyListAndDelete() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let (a, b) = (try await world.token(for: alice), try await world.token(for: bob))

    try await world.test { client in
      let status = try await client.post("/2/statuses/update.json", [("status", "求评论")], token: a)
      let statusID = try #require(status.object["id"] as? Int64)

      let comment = try await client.post("/2/comments/create.json", [("id", String(statusID)), ("comment", "沙发")], token: b)
      #expect(comment.status == .ok)
      let commentID = try #require(comment.object["id"] as? Int64)
      #expect((comment.object["status"] as? [String: Any])?["comments_count"] as? Int == 1)

      let reply = try await client.post(
        "/2/comments/reply.json", [("id", String(statusID)), ("cid", String(commentID)), ("comment", "谢谢")], token: a)
      #expect(reply.object["text"] as? String == "回复@bob:谢谢")
      #expect((reply.object["reply_comment"] as? [String: Any])?["id"] as? Int64 == commentID)

      let list = try await client.get("/2/comments/show.json?id=\(statusID)", token: b)
      #expect(list.object["total_number"] as? Int == 2)
      #expect((list.object["comments"] as? [[String: Any]])?.count == 2)
      #expect(list.object["marks"] as? [Any] != nil)
      // The reply names the comment it answers, found on the same page or (a page of one) read by id.
      for count in [2, 1] {
        let page = try await client.get("/2/comments/show.json?id=\(statusID)&count=\(count)", token: b)
        let newest = try #require((page.object["comments"] as? [[String: Any]])?.first)
        #expect((newest["reply_comment"] as? [String: Any])?["id"] as? Int64 == commentID, "count \(count)")
        #expect((newest["reply_comment"] as? [String: Any])?["text"] as? String == "沙发", "count \(count)")
      }

      let toAlice = try await client.get("/2/comments/to_me.json", token: a)
      #expect((toAlice.object["comments"] as? [[String: Any]])?.map { $0["id"] as? Int64 } == [commentID])
      let toBob = try await client.get("/2/comments/to_me.json", token: b)
      #expect(toBob.object["total_number"] as? Int == 1)
      let byMe = try await client.get("/2/comments/by_me.json", token: b)
      #expect(byMe.object["total_number"] as? Int == 1)

      #expect(try await client.post("/2/comments/destroy.json", [("cid", String(commentID + 999))], token: b).errorCode == 20201)
      let replyID = try #require(reply.object["id"] as? Int64)
      #expect(try await client.post("/2/comments/destroy.json", [("cid", String(replyID))], token: b).errorCode == 20203)
      #expect(try await client.post("/2/comments/create.json", [("id", "1"), ("comment", "x")], token: b).errorCode == 20101)
      #expect(try await client.post("/2/comments/create.json", [("id", String(statusID))], token: b).errorCode == 10016)
      #expect(try await client.post("/2/comments/reply.json", [("id", String(statusID)), ("comment", "x")], token: b)
        .errorCode == 20204)

      let deleted = try await client.post("/2/comments/destroy.json", [("cid", String(commentID))], token: b)
      #expect(deleted.object["id"] as? Int64 == commentID)
      #expect(try await world.store.status(id: statusID, visibleTo: 0)?.commentsCount == 1)
    }
  }

  @Test func favoritesAndLikesToggleAndShowPerViewer() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let (a, b) = (try await world.token(for: alice), try await world.token(for: bob))

    try await world.test { client in
      let status = try await client.post("/2/statuses/update.json", [("status", "收藏我")], token: a)
      let id = String(try #require(status.object["id"] as? Int64))

      let favorite = try await client.post("/2/favorites/create.json", [("id", id)], token: b)
      #expect((favorite.object["status"] as? [String: Any])?["favorited"] as? Bool == true)
      #expect(favorite.object["favorited_time"] is String)
      #expect(try await client.post("/2/favorites/create.json", [("id", id)], token: b).errorCode == 20704)
      let liked = try await client.post("/2/attitudes/create.json", [("id", id)], token: b)
      #expect(liked.object["attitude"] as? String == "heart")
      #expect(try await client.post("/2/attitudes/create.json", [("id", id)], token: b).errorCode == 20706)

      let seenByBob = try await client.get("/2/statuses/show.json?id=\(id)", token: b)
      #expect(seenByBob.object["favorited"] as? Bool == true)
      #expect(seenByBob.object["liked"] as? Bool == true)
      #expect(seenByBob.object["attitudes_count"] as? Int == 1)
      let seenByAlice = try await client.get("/2/statuses/show.json?id=\(id)", token: a)
      #expect(seenByAlice.object["favorited"] as? Bool == false)
      #expect(seenByAlice.object["liked"] as? Bool == false)

      let list = try await client.get("/2/favorites.json", token: b)
      #expect(list.object["total_number"] as? Int == 1)
      let likes = try await client.get("/2/attitudes/show.json?id=\(id)", token: a)
      #expect(likes.object["total_number"] as? Int == 1)

      #expect(try await client.post("/2/favorites/destroy.json", [("id", id)], token: b).status == .ok)
      #expect(try await client.post("/2/favorites/destroy.json", [("id", id)], token: b).errorCode == 20705)
      #expect(try await client.post("/2/attitudes/destroy.json", [("id", id)], token: b).status == .ok)
      #expect(try await client.post("/2/attitudes/destroy.json", [("id", id)], token: b).errorCode == 20707)
      #expect(try await world.store.status(id: Int64(id)!, visibleTo: 0)?.attitudesCount == 0)
      #expect(try await world.store.user(id: bob.id)?.favouritesCount == 0)
    }
  }

  @Test func mentionsNotifyAndUnreadCountsClear() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let (a, b) = (try await world.token(for: alice), try await world.token(for: bob))
    world.clock.advance(1)

    try await world.test { client in
      _ = try await client.post("/2/friendships/create.json", [("uid", String(bob.id))], token: a)
      _ = try await client.post("/2/friendships/create.json", [("uid", String(alice.id))], token: b)
      let status = try await client.post("/2/statuses/update.json", [("status", "你好 @alice")], token: b)
      let id = String(try #require(status.object["id"] as? Int64))
      let mine = try await client.post("/2/statuses/update.json", [("status", "我的")], token: a)
      let mineID = String(try #require(mine.object["id"] as? Int64))
      _ = try await client.post("/2/comments/create.json", [("id", mineID), ("comment", "@alice 看这里")], token: b)
      _ = try await client.post("/2/attitudes/create.json", [("id", mineID)], token: b)

      let unread = try await client.get("/2/remind/unread_count.json?uid=\(alice.id)", token: a)
      #expect(unread.object["status"] as? Int == 1)
      #expect(unread.object["follower"] as? Int == 1)
      #expect(unread.object["cmt"] as? Int == 1)
      #expect(unread.object["mention_status"] as? Int == 1)
      #expect(unread.object["mention_cmt"] as? Int == 1)
      #expect(unread.object["attitude"] as? Int == 1)
      #expect(unread.object["dm"] as? Int == 0)

      let mentions = try await client.get("/2/statuses/mentions.json", token: a)
      #expect((mentions.object["statuses"] as? [[String: Any]])?.map { String($0["id"] as? Int64 ?? 0) } == [id])
      let commentMentions = try await client.get("/2/comments/mentions.json", token: a)
      #expect(commentMentions.object["total_number"] as? Int == 1)

      _ = try await client.get("/2/statuses/home_timeline.json", token: a)
      for type in ["follower", "cmt", "mention_status", "mention_cmt", "attitude"] {
        #expect(try await client.post("/2/remind/set_count.json", [("type", type)], token: a).object["result"] as? Bool == true)
      }
      let cleared = try await client.get("/2/remind/unread_count.json", token: a)
      for key in ["status", "follower", "cmt", "mention_status", "mention_cmt", "attitude"] {
        #expect(cleared.object[key] as? Int == 0, "\(key)")
      }

      #expect(try await client.get("/2/remind/unread_count.json?uid=\(bob.id)", token: a).errorCode == 21335)
      #expect(try await client.post("/2/remind/set_count.json", [("type", "bogus")], token: a).errorCode == 10017)
      let jsonp = try await client.get("/2/remind/unread_count.json?callback=cb", token: a)
      #expect(jsonp.text.hasPrefix("cb({"))
      #expect(try await client.get("/2/remind/unread_count.json?callback=alert(1)", token: a).errorCode == 10017)
    }
  }

  /// Two characters (most Chinese words) are searched by the index of pairs (`weibo-v11`), kept in step with posts
  /// and deletions: the pair itself, folded, never its characters apart or the other way round.
  @Test func twoCharacterSearchesFindThePairAcrossTheSite() async throws {
    let world = try await TestWorld()
    let a = try await world.token(for: try await world.user("alice"))

    try await world.test { client in
      func post(_ text: String, visible: Int = 0) async throws -> String {
        let posted = try await client.post("/2/statuses/update.json", [("status", text), ("visible", String(visible))], token: a)
        return try #require(posted.object["idstr"] as? String)
      }
      func found(_ q: String) async throws -> [String] {
        let query = q.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let page = try await client.get("/2/search/statuses.json?q=\(query)", token: a)
        return (page.object["statuses"] as? [[String: Any]] ?? []).compactMap { $0["idstr"] as? String }
      }
      let weekend = try await post("这个周末去爬山")
      _ = try await post("末周 周 末")
      _ = try await post("周末只给自己看", visible: 1)
      let upper = try await post("OK then")
      let lower = try await post("fine, ok")
      let gone = try await post("周末再说")

      #expect(try await found("周末") == [gone, weekend])
      #expect(Set(try await found("ok")) == [upper, lower])
      #expect(try await found("Ok") .count == 2)
      #expect(try await found("爬山") == [weekend])
      #expect(try await found("山爬").isEmpty)
      _ = try await client.post("/2/statuses/destroy.json", [("id", gone)], token: a)
      #expect(try await found("周末") == [weekend])
      #expect(try await found("爬") == [weekend])
    }
  }

  @Test func searchAndHotTopics() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    try await world.user("alicia")
    let a = try await world.token(for: alice)

    try await world.test { client in
      _ = try await client.post("/2/statuses/update.json", [("status", "#周末# 去爬山")], token: a)
      _ = try await client.post("/2/statuses/update.json", [("status", "#周末# 看电影 100%")], token: a)
      _ = try await client.post("/2/statuses/update.json", [("status", "#读书# 好书")], token: a)

      let users = try await client.get("/2/search/suggestions/users.json?q=ali", token: a)
      #expect(Set(users.array.compactMap { $0["screen_name"] as? String }) == ["alice", "alicia"])
      let topic = try await client.get("/2/search/topics.json?q=%E5%91%A8%E6%9C%AB", token: a)
      #expect(topic.object["total_number"] as? Int == 2)
      let found = try await client.get("/2/search/statuses.json?q=100%25", token: a)
      #expect(found.object["total_number"] as? Int == 1)
      let underscore = try await client.get("/2/search/statuses.json?q=_", token: a)
      #expect(underscore.object["total_number"] as? Int == 0)

      let daily = try await client.get("/2/trends/daily.json", token: a)
      let period = try #require((daily.object["trends"] as? [String: [[String: Any]]])?.values.first)
      #expect(period.first?["name"] as? String == "周末")
      #expect(period.first?["query"] as? String == "#周末#")
      #expect(daily.object["as_of"] is Int)
      let hot = try await client.get("/2/trends.json", token: a)
      #expect(hot.array.map { $0["hotword"] as? String } == ["周末", "读书"])
      world.clock.advance(25 * 3600)
      let later = try await client.get("/2/trends.json", token: a)
      #expect(later.array.isEmpty)
    }
  }
}
