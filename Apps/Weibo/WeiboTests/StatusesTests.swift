import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SparrowMedia
import SparrowStore
import SparrowStoreSQLite
import SparrowTestSupport
import Testing

@Suite struct StatusesTests {
  @Test func postingReturnsTheFullStatusObject() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let token = try await world.token(for: alice)

    try await world.test { client in
      let posted = try await client.post("/2/statuses/update.json", [("status", "你好 #话题# @bob")], token: token)

      #expect(posted.status == .ok)
      let status = posted.object
      let id = try #require(status["id"] as? Int64)
      #expect(status["idstr"] as? String == String(id))
      #expect(status["mid"] as? String == String(id))
      #expect(status["text"] as? String == "你好 #话题# @bob")
      #expect(status["source"] as? String == "<a href=\"https://client.test\" rel=\"nofollow\">App of alice</a>")
      #expect((status["created_at"] as? String)?.hasSuffix("+0800 \(Calendar.current.component(.year, from: Date()))") == true)
      #expect(status["geo"] is NSNull)
      #expect(status["pic_urls"] as? [Any] != nil)
      #expect(status["thumbnail_pic"] == nil)
      #expect(status["in_reply_to_status_id"] as? String == "")
      #expect((status["user"] as? [String: Any])?["screen_name"] as? String == "alice")
      #expect((status["user"] as? [String: Any])?["statuses_count"] as? Int == 1)
      for key in ["reposts_count", "comments_count", "attitudes_count"] { #expect(status[key] as? Int == 0) }
      #expect(status["favorited"] as? Bool == false)
    }
  }

  @Test func textRules() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let token = try await world.token(for: alice)

    try await world.test { client in
      let long = try await client.post("/2/statuses/update.json", [("status", String(repeating: "长", count: 141))], token: token)
      #expect(long.status == .badRequest)
      #expect(long.errorCode == 20012)
      let exact = try await client.post("/2/statuses/update.json", [("status", String(repeating: "a", count: 280))], token: token)
      #expect(exact.status == .ok)
      let again = try await client.post("/2/statuses/update.json", [("status", String(repeating: "a", count: 280))], token: token)
      #expect(again.errorCode == 20019)
      let blank = try await client.post("/2/statuses/update.json", [("status", "  \n ")], token: token)
      #expect(blank.errorCode == 20008)
      let missing = try await client.post("/2/statuses/update.json", [], token: token)
      #expect(missing.errorCode == 10016)
      let badVisible = try await client.post("/2/statuses/update.json", [("status", "x"), ("visible", "9")], token: token)
      #expect(badVisible.errorCode == 10017)
      let badLat = try await client.post("/2/statuses/update.json", [("status", "y"), ("lat", "north"), ("long", "1")], token: token)
      #expect(badLat.errorCode == 10017)
      #expect(try await world.store.user(id: alice.id)?.allStatusesCount == 1)
    }
  }

  @Test func geoIsLatitudeFirst() async throws {
    let world = try await TestWorld()
    let token = try await world.token(for: try await world.user("alice"))
    try await world.test { client in
      let posted = try await client.post(
        "/2/statuses/update.json", [("status", "here"), ("lat", "39.9"), ("long", "116.4")], token: token)
      let geo = try #require(posted.object["geo"] as? [String: Any])
      #expect(geo["type"] as? String == "Point")
      #expect(geo["coordinates"] as? [Double] == [39.9, 116.4])
    }
  }

  @Test func homeTimelinePagingSinceExclusiveMaxInclusive() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let carol = try await world.user("carol")
    let aliceToken = try await world.token(for: alice)
    let bobToken = try await world.token(for: bob)
    let carolToken = try await world.token(for: carol)

    try await world.test { client in
      _ = try await client.post("/2/friendships/create.json", [("uid", String(bob.id))], token: aliceToken)
      var ids: [Int64] = []
      for n in 1...5 {
        let who = n % 2 == 0 ? aliceToken : bobToken
        let posted = try await client.post("/2/statuses/update.json", [("status", "post \(n)")], token: who)
        ids.append(try #require(posted.object["id"] as? Int64))
        world.clock.advance(1)
      }
      _ = try await client.post("/2/statuses/update.json", [("status", "stranger")], token: carolToken)

      let all = try await client.get("/2/statuses/home_timeline.json", token: aliceToken)
      let allIDs = (all.object["statuses"] as? [[String: Any]])?.compactMap { $0["id"] as? Int64 }
      #expect(allIDs == ids.reversed())
      #expect(all.object["total_number"] as? Int == 5)
      #expect(all.object["next_cursor"] as? Int64 == 0)

      let page = try await client.get("/2/statuses/home_timeline.json?count=2&max_id=\(ids[3])", token: aliceToken)
      let pageIDs = (page.object["statuses"] as? [[String: Any]])?.compactMap { $0["id"] as? Int64 }
      #expect(pageIDs == [ids[3], ids[2]])
      #expect(page.object["next_cursor"] as? Int64 == ids[1])

      let newer = try await client.get("/2/statuses/home_timeline.json?since_id=\(ids[2])", token: aliceToken)
      let newerIDs = (newer.object["statuses"] as? [[String: Any]])?.compactMap { $0["id"] as? Int64 }
      #expect(newerIDs == [ids[4], ids[3]])

      let second = try await client.get("/2/statuses/friends_timeline.json?count=2&page=2", token: aliceToken)
      let secondIDs = (second.object["statuses"] as? [[String: Any]])?.compactMap { $0["id"] as? Int64 }
      #expect(secondIDs == [ids[2], ids[1]])

      let clamped = try await client.get("/2/statuses/home_timeline.json?count=100000", token: aliceToken)
      #expect(clamped.status == .ok)
      let trimmed = try await client.get("/2/statuses/home_timeline.json?trim_user=1&count=1", token: aliceToken)
      let first = try #require((trimmed.object["statuses"] as? [[String: Any]])?.first)
      #expect(first["user"] == nil)
      #expect(first["uid"] as? Int64 == bob.id)

      let idsOnly = try await client.get("/2/statuses/home_timeline/ids.json", token: aliceToken)
      #expect(idsOnly.object["statuses"] as? [String] == ids.reversed().map(String.init))

      let bobs = try await client.get("/2/statuses/user_timeline.json?screen_name=bob", token: aliceToken)
      #expect((bobs.object["statuses"] as? [[String: Any]])?.count == 3)
      let publicTimeline = try await client.get("/2/statuses/public_timeline.json", token: aliceToken)
      #expect(publicTimeline.object["total_number"] as? Int == 6)
    }
  }

  @Test func repostOfARepostPointsAtTheOriginalAndKeepsTheChain() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let carol = try await world.user("carol")
    let (a, b, c) = (try await world.token(for: alice), try await world.token(for: bob), try await world.token(for: carol))

    try await world.test { client in
      let original = try await client.post("/2/statuses/update.json", [("status", "原文")], token: a)
      let originalID = try #require(original.object["id"] as? Int64)
      let first = try await client.post(
        "/2/statuses/repost.json", [("id", String(originalID)), ("status", "说得好"), ("is_comment", "1")], token: b)
      #expect(first.status == .ok)
      let firstID = try #require(first.object["id"] as? Int64)
      #expect((first.object["retweeted_status"] as? [String: Any])?["id"] as? Int64 == originalID)

      let second = try await client.post("/2/statuses/repost.json", [("id", String(firstID)), ("status", "同意")], token: c)
      #expect(second.object["text"] as? String == "同意//@bob:说得好")
      let retweeted = try #require(second.object["retweeted_status"] as? [String: Any])
      #expect(retweeted["id"] as? Int64 == originalID)
      #expect(retweeted["reposts_count"] as? Int == 2)
      #expect(retweeted["comments_count"] as? Int == 1)

      let plain = try await client.post("/2/statuses/repost.json", [("id", String(originalID))], token: c)
      #expect(plain.object["text"] as? String == "转发微博")

      let reposts = try await client.get("/2/statuses/repost_timeline.json?id=\(originalID)", token: a)
      #expect(reposts.object["total_number"] as? Int == 3)
      #expect((reposts.object["reposts"] as? [[String: Any]])?.count == 3)
      let ofFirst = try await client.get("/2/statuses/repost_timeline.json?id=\(firstID)", token: a)
      #expect(ofFirst.object["total_number"] as? Int == 1)

      let counts = try await client.get("/2/statuses/count.json?ids=\(originalID),\(firstID),999", token: a)
      #expect(counts.array.count == 2)
      #expect(counts.array.first?["reposts"] as? Int == 3)
      #expect(counts.array.last?["reposts"] as? Int == 1)

      // Deleting the original keeps the reposts, which now show the deleted marker.
      let gone = try await client.post("/2/statuses/destroy.json", [("id", String(originalID))], token: a)
      #expect(gone.status == .ok)
      let after = try await client.get("/2/statuses/show.json?id=\(firstID)", token: b)
      let marker = try #require(after.object["retweeted_status"] as? [String: Any])
      #expect(marker["deleted"] as? String == "1")
      #expect(marker["text"] as? String == "此微博已被原作者删除。")
    }
  }

  @Test func deletingFixesEveryCountAndTimeline() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let (a, b) = (try await world.token(for: alice), try await world.token(for: bob))

    try await world.test { client in
      let original = try await client.post("/2/statuses/update.json", [("status", "原文")], token: a)
      let originalID = try #require(original.object["id"] as? Int64)
      let repost = try await client.post("/2/statuses/repost.json", [("id", String(originalID))], token: b)
      let repostID = try #require(repost.object["id"] as? Int64)
      _ = try await client.post("/2/favorites/create.json", [("id", String(repostID))], token: a)
      _ = try await client.post("/2/attitudes/create.json", [("id", String(repostID))], token: a)
      _ = try await client.post("/2/comments/create.json", [("id", String(repostID)), ("comment", "嗯")], token: a)

      let notMine = try await client.post("/2/statuses/destroy.json", [("id", String(repostID))], token: a)
      #expect(notMine.status == .forbidden)
      #expect(notMine.errorCode == 20102)

      let deleted = try await client.post("/2/statuses/destroy.json", [("id", String(repostID))], token: b)
      #expect(deleted.object["id"] as? Int64 == repostID)

      #expect(try await world.store.status(id: originalID, visibleTo: 0)?.repostsCount == 0)
      #expect(try await world.store.user(id: bob.id)?.allStatusesCount == 0)
      #expect(try await world.store.user(id: alice.id)?.favouritesCount == 0)
      let favorites = try await client.get("/2/favorites.json", token: a)
      #expect((favorites.object["favorites"] as? [Any])?.isEmpty == true)
      let timeline = try await client.get("/2/statuses/public_timeline.json", token: a)
      #expect((timeline.object["statuses"] as? [[String: Any]])?.map { $0["id"] as? Int64 } == [originalID])
      let show = try await client.get("/2/statuses/show.json?id=\(repostID)", token: a)
      #expect(show.errorCode == 20101)
      let twice = try await client.post("/2/statuses/destroy.json", [("id", String(repostID))], token: b)
      #expect(twice.errorCode == 20101)
    }
  }

  @Test func privateStatusesAreOnlyForTheirAuthor() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let (a, b) = (try await world.token(for: alice), try await world.token(for: bob))

    try await world.test { client in
      let posted = try await client.post("/2/statuses/update.json", [("status", "私密"), ("visible", "1")], token: a)
      let id = try #require(posted.object["id"] as? Int64)
      #expect((posted.object["visible"] as? [String: Any])?["type"] as? Int == 1)
      #expect(try await client.get("/2/statuses/show.json?id=\(id)", token: a).status == .ok)
      #expect(try await client.get("/2/statuses/show.json?id=\(id)", token: b).errorCode == 20101)
      #expect(try await client.post("/2/statuses/repost.json", [("id", String(id))], token: b).errorCode == 20101)
      let theirs = try await client.get("/2/statuses/user_timeline.json?uid=\(alice.id)", token: b)
      #expect((theirs.object["statuses"] as? [Any])?.isEmpty == true)
    }
  }

  @Test func aPictureIDIsAcceptedOnlyFromWhoUploadedIt() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let bob = try await world.user("bob")
    let (a, b) = (try await world.token(for: alice), try await world.token(for: bob))
    let processor = ImageProcessor()
    let (red, blue) = (try processor.render(svg: drawing(300, 200, colour: "#aa0000"), as: .png),
                       try processor.render(svg: drawing(300, 200, colour: "#0000aa"), as: .png))

    try await world.test { client in
      let alices = try #require(try await client.upload("/2/statuses/upload_pic.json", [], file: ("pic", "a.png", "image/png", red),
                                                        token: a).object["pic_id"] as? String)
      let bobs = try #require(try await client.upload("/2/statuses/upload_pic.json", [], file: ("pic", "b.png", "image/png", blue),
                                                      token: b).object["pic_id"] as? String)
      let invented = String(repeating: "0", count: alices.count)

      // Someone else's picture and one that does not exist: the same answer, byte for byte, and nothing posted.
      for (path, fields) in [
        ("/2/statuses/update.json", [("status", "借图")]),
        ("/2/statuses/upload_url_text.json", [("status", "借图"), ("url", "http://example.invalid/x.png")]),
      ] {
        let theirs = try await client.post(path, fields + [("pic_id", alices)], token: b)
        let none = try await client.post(path, fields + [("pic_id", invented)], token: b)
        let mixed = try await client.post(path, fields + [("pic_id", "\(bobs),\(alices)")], token: b)

        #expect(theirs.status == .badRequest, "\(path)")
        #expect(theirs.errorCode == 10017 && (theirs.object["error"] as? String)?.contains("(pic_id)") == true, "\(path)")
        #expect(none.status == theirs.status && none.text == theirs.text, "\(path)")
        #expect(mixed.text == theirs.text, "\(path)")
        #expect(!theirs.text.contains(alices) && !theirs.text.contains(invented), "\(path)")
      }
      let bobsStatuses = try await world.store.statuses(in: .user(bob.id, viewer: bob.id), feature: .all, page: Page(), seenBy: 0).items
      #expect(bobsStatuses.isEmpty)

      let own = try await client.post("/2/statuses/update.json", [("status", "自己的图"), ("pic_id", bobs)], token: b)
      let hers = try await client.post("/2/statuses/upload_url_text.json", [("status", "她的图"), ("pic_id", alices)], token: a)

      #expect(own.status == .ok && (own.object["pic_ids"] as? [String]) == [bobs])
      #expect(hers.status == .ok && (hers.object["pic_ids"] as? [String]) == [alices])
    }
  }
}

@Suite struct QueryCountTests {
  /// A page costs the same number of statements whether it shows 2 statuses or 20 (counted by SQLite's engine).
  @Test(.enabled(if: TestWorld.engine == .sqlite)) func timelinePagesUseAFixedNumberOfQueries() async throws {
    let world = try await TestWorld()
    guard case .sqlite(let counter) = world.engine else { Issue.record("not SQLite"); return }
    var made: [String] = []
    for n in 0..<6 { made.append(try await world.token(for: try await world.user("user\(n)x"))) }
    let tokens = made
    let viewer = tokens[0]

    let counts = try await world.test { client in
      for (index, token) in tokens.enumerated().dropFirst() {
        _ = try await client.post("/2/friendships/create.json", [("screen_name", "user\(index)x")], token: viewer)
        for n in 0..<5 {
          let posted = try await client.post("/2/statuses/update.json", [("status", "第\(n)条 @user0x #话题\(n)#")], token: token)
          let id = String(try #require(posted.object["id"] as? Int64))
          _ = try await client.post("/2/statuses/repost.json", [("id", id)], token: tokens[(index % 5) + 1])
          _ = try await client.post("/2/attitudes/create.json", [("id", id)], token: viewer)
        }
      }
      // The first look marks the page seen (one write); measure the steady state after it.
      _ = try await client.get("/2/statuses/home_timeline.json", token: viewer)
      var used: [Int] = []
      for count in [2, 20] {
        let before = counter.statementCount
        let page = try await client.get("/2/statuses/home_timeline.json?count=\(count)", token: viewer)
        #expect((page.object["statuses"] as? [Any])?.count == count)
        used.append(counter.statementCount - before)
      }
      return used
    }

    #expect(counts[0] == counts[1])
    #expect(counts[1] <= 16)
  }
}
