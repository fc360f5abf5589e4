import Foundation
import HTTPTypes
import HummingbirdTesting
import SparrowTestSupport
import Testing

/// 打卡's fields follow the platform's `TextLimit`: a one-letter location under 20,000 combining marks (40 KB that
/// shows as one character) is refused by the API in its envelope and by the form with its message, and nothing is
/// stored.
@Suite struct DakaTextLimitTests {
  static let heavy = "a" + String(repeating: "\u{0301}", count: 20_000)

  @Test func combiningMarksCountAgainstTheLimitInTheAPI() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let token = try await world.token(for: alice)

    try await world.test { client in
      for field in ["location", "spot", "thoughts"] {
        var fields = [("date", "2025-05-01"), ("location", "杭州西湖"), ("spot", "断桥"), ("visibility", "public")]
        fields.removeAll { $0.0 == field }
        fields.append((field, Self.heavy))
        let refused = try await client.checkin(fields, token: token)
        #expect(refused.status == .badRequest, "\(field)")
        #expect(refused.errorCode == 10017, "\(field)")
        #expect((refused.object["error"] as? String)?.contains("(\(field))") == true, "\(field)")
      }
      let list = try await client.get("/daka/api/checkins?uid=\(alice.id)", token: token)
      #expect(list.object["total_number"] as? Int == 0)
      // What a person may type still goes in: 50 characters, flags and emoji sequences included.
      let fine = try await client.checkin(
        [("date", "2025-05-01"), ("location", String(repeating: "杭", count: 48) + "🇨🇳👨‍👩‍👧‍👦"), ("spot", "断桥")], token: token)
      #expect(fine.status == .ok)
    }
  }

  @Test func combiningMarksCountAgainstTheLimitInTheForm() async throws {
    let web = try await DakaWebWorld()
    try await web.world.test { client in
      let alice = try await DakaWebWorld.signIn(client, "alice")
      let refused = try await alice.post("/daka/new", [("date", "2025-05-01"), ("location", Self.heavy), ("spot", "断桥")])
      #expect(refused.status == .badRequest)
      #expect(refused.headers[.contentType]?.hasPrefix("text/html") == true)
      #expect(refused.text.contains("地点最多50个字"))
      let mine = try await alice.get("/daka/me")
      #expect(mine.briefs.isEmpty)
    }
  }
}
