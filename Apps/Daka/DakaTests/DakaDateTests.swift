import Foundation
import HummingbirdTesting
import SparrowTestSupport
import Testing

/// A journal records what happened: an entry's date may be today anywhere on Earth, not later, so no entry dated
/// 2100-12-31 sits on top of everyone's 发现 for ever.
@Suite struct DakaDateTests {
  static func day(_ date: Date, offset: Int) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: offset * 3600)!
    let d = calendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", d.year!, d.month!, d.day!)
  }

  @Test func aDayThatHasNotComeAnywhereIsRefused() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let token = try await world.token(for: alice)
    let now = world.clock.now

    try await world.test { client in
      func checkin(_ date: String, path: String = "/daka/api/checkins") async throws -> TestResponse {
        try await client.checkin([("date", date), ("location", "杭州西湖"), ("spot", "断桥"), ("visibility", "public")],
                                 path: path, token: token)
      }
      for late in ["2100-12-31", Self.day(now + 2 * 86_400, offset: 14)] {
        let refused = try await checkin(late)
        #expect(refused.status == .badRequest && refused.errorCode == 10017, "\(late)")
        #expect((refused.object["error"] as? String)?.contains("(date)") == true)
      }
      // Today where the day begins first (UTC+14) is someone's today.
      let kiribati = try await checkin(Self.day(now, offset: 14))
      #expect(kiribati.status == .ok)
      let id = try #require(kiribati.object["id"] as? Int64)
      let moved = try await checkin("2100-12-31", path: "/daka/api/checkins/\(id)")
      #expect(moved.status == .badRequest)
      let list = try await client.get("/daka/api/checkins?uid=\(alice.id)", token: token)
      #expect(list.object["total_number"] as? Int == 1)
      let shown = try await client.get("/daka/api/checkins/\(id)", token: token)
      #expect(shown.object["date"] as? String == Self.day(now, offset: 14))
    }
  }
}
