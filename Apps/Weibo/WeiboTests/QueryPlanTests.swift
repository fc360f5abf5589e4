import Foundation
import Hummingbird
import HummingbirdTesting
import SparrowStoreSQLite
import SparrowTestSupport
import Testing

/// Every statement 微博 runs for its API and its pages reads its large tables by index, never whole: a person's
/// tap must cost the same with a million statuses as with ten (by each engine's plans: SQLite's `EXPLAIN QUERY PLAN`, PostgreSQL's `EXPLAIN`).
@Suite struct WeiboQueryPlanTests {
  static let tables: Set<String> = [
    "users", "statuses", "comments", "follows", "likes", "favorites", "status_mentions", "status_topics",
    "comment_mentions", "seen",
  ]

  /// Deliberate whole-table reads, each with its reason.
  static let allowed = [
    // The public timeline walks statuses newest first and stops at the page: nearly every status is public.
    "FROM statuses WHERE visible = 0 ORDER BY id DESC LIMIT",
    // The same walk for a signed-in reader, past the few people blocks and mutes leave out (`WeiboSQL.hidden`).
    "FROM statuses WHERE visible = 0 AND user_id NOT IN (SELECT blocked_id FROM blocks WHERE blocker_id = ? UNION ALL",
    // A short search's reach: the id of the newest `shortSearchReach`th status, walked from the newest.
    "ORDER BY id DESC LIMIT 1 OFFSET ?",
    // The public timeline's total sums each person's counters: a row per person, not per status (a site-wide
    // counter would make it one row; noted in the performance issue).
    "sum(statuses_count - private_statuses_count)",
  ]

  @Test func everyReadUsesAnIndex() async throws {
    let world = try await TestWorld()
    let engine = world.engine
    let migrations = engine.statementsSeen
    let (alice, bob, carol) = (try await world.user("alice"), try await world.user("bob"), try await world.user("carol"))
    let (a, b) = (try await world.token(for: alice), try await world.token(for: bob))
    let scans = try await world.test { client in
      _ = try await client.post("/2/friendships/create.json", [("uid", "\(alice.id)")], token: b)
      _ = try await client.post("/2/friendships/create.json", [("uid", "\(bob.id)")], token: a)
      _ = try await client.post("/2/friendships/create.json", [("uid", "\(carol.id)")], token: a)
      let posted = try await client.post("/2/statuses/update.json", [("status", "你好 @bob #话题# 一起吃饭")], token: a)
      let id = try #require(String(decoding: posted.body.readableBytesView, as: UTF8.self)
        .firstMatch(of: /"idstr":"(\d+)"/)?.1)
      _ = try await client.post("/2/statuses/update.json", [("status", "只给自己看"), ("visible", "1")], token: a)
      _ = try await client.post("/2/statuses/repost.json", [("id", String(id)), ("status", "转发 @alice")], token: b)
      let comment = try await client.post("/2/comments/create.json", [("id", String(id)), ("comment", "好 @alice")], token: b)
      let cid = try #require(String(decoding: comment.body.readableBytesView, as: UTF8.self)
        .firstMatch(of: /"idstr":"(\d+)"/)?.1)
      _ = try await client.post("/2/comments/reply.json", [("id", String(id)), ("cid", String(cid)), ("comment", "谢谢")],
                                token: a)
      _ = try await client.post("/2/attitudes/create.json", [("id", String(id)), ("attitude", "smile")], token: b)
      _ = try await client.post("/2/favorites/create.json", [("id", String(id))], token: b)
      // A block and a mute, so that every read passes what they leave out.
      let dave = try await world.user("dave")
      _ = try await client.post("/2/blocks/create.json", [("uid", "\(dave.id)")], token: a)
      _ = try await client.post("/2/mutes/create.json", [("uid", "\(dave.id)")], token: b)
      _ = try await client.post("/2/friendships/create.json", [("uid", "\(alice.id)")], token: try await world.token(for: dave))
      let reads = [
        "blocks/blocking", "blocks/blocking/ids", "blocks/exists?uid=\(dave.id)", "mutes/muting", "mutes/muting/ids",
        "statuses/home_timeline", "statuses/public_timeline", "statuses/user_timeline?uid=\(alice.id)",
        "statuses/user_timeline/ids?uid=\(alice.id)", "statuses/bilateral_timeline", "statuses/mentions",
        "statuses/mentions/ids", "statuses/repost_timeline?id=\(id)", "statuses/repost_timeline/ids?id=\(id)",
        "statuses/show?id=\(id)", "statuses/count?ids=\(id)", "comments/show?id=\(id)", "comments/by_me",
        "comments/to_me", "comments/timeline", "comments/mentions", "comments/show_batch?cids=\(cid)",
        "attitudes/show?id=\(id)", "attitudes/to_me", "favorites", "favorites/show?id=\(id)",
        "friendships/followers?uid=\(alice.id)", "friendships/followers/ids?uid=\(alice.id)",
        "friendships/friends?uid=\(alice.id)", "friendships/friends/ids?uid=\(alice.id)",
        "friendships/show?source_id=\(alice.id)&target_id=\(bob.id)", "users/show?uid=\(bob.id)",
        "users/counts?uids=\(alice.id),\(bob.id)", "remind/unread_count", "search/statuses?q=吃饭", "search/statuses?q=好",
        "search/suggestions/users?q=bo", "search/topics?q=话题", "trends/hourly", "trends/daily", "trends/weekly",
      ]
      for path in reads {
        let parts = path.split(separator: "?", maxSplits: 1)
        let query = parts.count > 1 ? "?" + parts[1] : ""
        let uri = "/2/\(parts[0]).json\(query)".addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)!
        for token in [a, b] { _ = try await client.get(uri, token: token) }
      }
      // The same people and statuses through the Mastodon client API (its own paging and entities).
      let mastodon = (try await world.token(for: alice, scopes: MastodonTests.everything),
                      try await world.token(for: bob, scopes: MastodonTests.everything))
      let mastodonReads = [
        "v1/accounts/verify_credentials", "v1/accounts/lookup?acct=bob", "v1/accounts/search?q=bo",
        "v1/accounts/relationships?id[]=\(bob.id)", "v1/accounts/\(bob.id)", "v1/accounts/\(alice.id)/statuses",
        "v1/accounts/\(alice.id)/statuses?max_id=\(id)&exclude_replies=true", "v1/accounts/\(alice.id)/followers",
        "v1/accounts/\(alice.id)/following", "v1/notifications", "v1/favourites", "v1/bookmarks", "v1/statuses/\(id)",
        "v1/statuses/\(id)/context", "v1/statuses/\(id)/favourited_by", "v1/statuses/\(id)/reblogged_by",
        "v1/timelines/home", "v1/timelines/home?since_id=\(id)", "v1/timelines/public", "v1/timelines/public?min_id=\(id)",
        "v1/timelines/tag/话题", "v2/search?q=吃饭", "v2/search?q=bo&type=accounts", "v1/trends/tags",
        "v1/trends/statuses", "v1/conversations", "v1/instance", "v2/instance",
      ]
      for path in mastodonReads {
        let uri = "/api/\(path)".addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)!
        for token in [mastodon.0, mastodon.1] {
          let response = try await client.get(uri, token: token)
          #expect(response.status == .ok, "\(path): \(response.status)")
        }
      }
      let cookie = cookieHeader(try await client.sessionCookie("alice"))
      for page in ["/", "/messages", "/discover", "/me", "/web/messages/comments", "/web/messages/mentions",
                   "/web/messages/attitudes", "/web/search?q=吃饭", "/topic/话题", "/status/\(id)",
                   "/web/status/\(id)/reposts", "/web/status/\(id)/attitudes", "/u/\(bob.id)", "/n/bob",
                   "/web/user/\(bob.id)/statuses", "/me/favorites", "/u/\(alice.id)/friends", "/u/\(alice.id)/followers",
                   "/web/pick/users?q=b", "/web/pick/topics?q=话", "/web/unread", "/web/timeline"] {
        _ = try await client.get(page.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)!, headers: cookie)
      }
      _ = try await client.post("/2/comments/destroy.json", [("cid", String(cid))], token: b)
      _ = try await client.post("/2/attitudes/destroy.json", [("id", String(id))], token: b)
      _ = try await client.post("/2/favorites/destroy.json", [("id", String(id))], token: b)
      _ = try await client.post("/2/statuses/destroy.json", [("id", String(id))], token: a)
      _ = try await client.post("/2/friendships/destroy.json", [("uid", "\(carol.id)")], token: a)
      // Inside the run: the world closes its engine (and drops a PostgreSQL database) when the run ends.
      return try await fullScans(in: engine, of: Self.tables, allowing: Self.allowed, before: migrations)
    }
    #expect(scans.isEmpty, "\(scans.count) whole-table reads:\n\(scans.map(\.description).joined(separator: "\n"))")
    #expect(engine.statementsSeen.count > 60, "the workload ran \(engine.statementsSeen.count) distinct statements")
  }
}
