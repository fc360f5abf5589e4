import Foundation
import HTTPTypes
import HummingbirdTesting
import SparrowTestSupport
import Testing

/// 打卡's API is the `daka` scope's: a Weibo app the person let in for the Weibo API alone reaches no entry, private
/// or public, and changes none; the same token still works on the Weibo API.
@Suite struct DakaScopeTests {
  @Test func aTokenWithoutTheDakaScopeReachesNoEntry() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let journal = try await world.token(for: alice)
    let weiboOnly = try await world.token(for: alice, scopes: [])

    try await world.test { client in
      let secret = try await client.checkin(
        [("date", "2025-05-01"), ("location", "杭州西湖"), ("spot", "秘密花园")], token: journal)
      let id = try #require(secret.object["id"] as? Int64)

      let reads = [
        "/daka/api/checkins?uid=\(alice.id)", "/daka/api/checkins/\(id)", "/daka/api/me", "/daka/api/checkins",
      ]
      for path in reads {
        let refused = try await client.get(path, token: weiboOnly)
        #expect(refused.status == .forbidden, "\(path)")
        #expect(refused.errorCode == 10014, "\(path)")
        #expect(!refused.text.contains("秘密花园"))
      }
      let edit = try await client.checkin([("spot", "偷改")], path: "/daka/api/checkins/\(id)", token: weiboOnly)
      let delete = try await client.post("/daka/api/checkins/\(id)/delete", token: weiboOnly)
      let create = try await client.checkin(
        [("date", "2025-05-02"), ("location", "杭州西湖"), ("spot", "冒名")], token: weiboOnly)
      #expect([edit, delete, create].allSatisfy { $0.errorCode == 10014 })

      let own = try await client.get("/daka/api/checkins/\(id)", token: journal)
      #expect(own.object["spot"] as? String == "秘密花园")
      let all = try await client.get("/daka/api/checkins?uid=\(alice.id)", token: journal)
      #expect(all.object["total_number"] as? Int == 1)
      // The Weibo API keeps its meaning for the same token.
      #expect(try await client.get("/2/account/get_uid.json", token: weiboOnly).status == .ok)
    }
  }
}
