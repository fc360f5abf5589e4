import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SparrowPlatform
import SparrowStore
import SparrowStoreSQLite
import SparrowTestSupport
import Testing

/// Hourly API limits in the Weibo style (10022–10024), with the caller's standing in the headers and in
/// `account/rate_limit_status`, and counts shared by every process on the database.
@Suite struct RateLimitTests {
  @Test func callsPastTheUserLimitGet10023AndCostlyCallsTheirOwnLimit() async throws {
    var limits = RateLimits()
    limits.perUser = 6
    limits.perAPI = ["update_status": 2]
    let world = try await TestWorld(rateLimits: limits)
    let token = try await world.token(for: try await world.user("alice"), lifetime: 3 * 3600)
    try await world.test { client in
      let first = try await client.get("/2/statuses/home_timeline.json", token: token)
      #expect(first.headers[.init("X-RateLimit-Limit")!] == "6")
      #expect(first.headers[.init("X-RateLimit-Remaining")!] == "5")
      #expect(try await client.post("/2/statuses/update.json", [("status", "一")], token: token).status == .ok)
      #expect(try await client.post("/2/statuses/update.json", [("status", "二")], token: token).status == .ok)
      let third = try await client.post("/2/statuses/update.json", [("status", "三")], token: token)
      #expect(third.status == .forbidden && third.errorCode == 10024)
      #expect((third.object["error"] as? String)?.contains("update_status") == true)

      // The status endpoint is free and says where the caller stands.
      let status = try await client.get("/2/account/rate_limit_status.json", token: token)
      #expect(status.object["user_limit"] as? Int == 6)
      // A refused call is not counted: one read and two posts so far.
      #expect(status.object["remaining_user_hits"] as? Int == 3)
      let apis = status.object["api_rate_limits"] as? [[String: Any]]
      #expect(apis?.first?["api"] as? String == "update_status" && apis?.first?["remaining_hits"] as? Int == 0)

      for _ in 0..<3 { _ = try await client.get("/2/statuses/home_timeline.json", token: token) }
      let over = try await client.get("/2/statuses/home_timeline.json", token: token)
      #expect(over.status == .forbidden && over.errorCode == 10023)

      // A new hour, a new budget.
      world.clock.advance(3600)
      #expect(try await client.get("/2/statuses/home_timeline.json", token: token).status == .ok)
    }
  }

  /// Two limiters on one database stand for two server processes: each sees the other's counts.
  @Test func processesShareOneBudget() async throws {
    try await withSQLiteStore { store in
      let other = try SQLiteStore(path: store.path)
      var limits = RateLimits()
      limits.perUser = 5
      limits.perAddress = 3
      let clock = TestClock()
      let a = RateLimiter(limits: limits, store: store, now: { clock.now })
      let b = RateLimiter(limits: limits, store: other, now: { clock.now })
      for _ in 0..<3 { try a.admit(user: 1, app: 1, api: nil) }
      await a.sync()
      // A process reads the shared count of a key once it has seen a request for it.
      try b.admit(user: 1, app: 1, api: nil)
      await b.sync()
      #expect(b.standing(user: 1, app: 1)?.remaining == 1)
      try b.admit(user: 1, app: 1, api: nil)
      #expect(throws: RateLimiter.Exceeded.user) { try b.admit(user: 1, app: 1, api: nil) }
      await b.sync()
      await a.sync()
      #expect(throws: RateLimiter.Exceeded.user) { try a.admit(user: 1, app: 1, api: nil) }
      // Addresses are counted before anyone is known: 10022.
      for _ in 0..<3 { try a.admit(address: "203.0.113.9") }
      #expect(throws: RateLimiter.Exceeded.address) { try a.admit(address: "203.0.113.9") }
      try a.admit(address: "203.0.113.10")
    }
  }

  @Test func limitsOffCountNothing() async throws {
    let world = try await TestWorld(rateLimits: .off)
    let token = try await world.token(for: try await world.user("alice"))
    try await world.test { client in
      let response = try await client.get("/2/statuses/home_timeline.json", token: token)
      #expect(response.status == .ok && response.headers[.init("X-RateLimit-Limit")!] == nil)
    }
  }
}
