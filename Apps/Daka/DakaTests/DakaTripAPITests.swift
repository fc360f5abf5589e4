import DakaStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import SparrowStore
import SparrowTestSupport
import Testing

/// `/daka/api/trips…`: a trip of one's own entries with its dates, places, distance and route; each viewer sees
/// only the entries (and points) they may see, a private trip is its owner's alone; bad input changes nothing.
@Suite struct DakaTripAPITests {
  @Test func aTripAddsUpWhatEachViewerMaySee() async throws {
    let p = try await DakaAPITests.People()
    try await p.world.test { client in
      func entry(_ fields: [(String, String)], pics: [Data] = []) async throws -> Int64 {
        try #require(try await client.checkin(fields, pics: pics, token: p.aliceToken).object["id"] as? Int64)
      }
      let hangzhou = try await entry([("date", "2025-05-01"), ("location", "杭州西湖"), ("spot", "断桥"), ("visibility", "public"),
                                      ("latitude", "30.2590"), ("longitude", "120.1480")], pics: [try DakaAPITests.photo("#112233")])
      let secret = try await entry([("date", "2025-05-02"), ("location", "苏州"), ("spot", "拙政园"),
                                    ("latitude", "31.3250"), ("longitude", "120.6290")])
      let shanghai = try await entry([("date", "2025-05-04"), ("location", "上海黄浦"), ("spot", "外滩"), ("visibility", "public"),
                                      ("latitude", "31.2400"), ("longitude", "121.4900"), ("show_exact_location", "1")],
                                     pics: [try DakaAPITests.photo("#445566")])
      let bobs = try #require(try await client.checkin(
        [("date", "2025-05-01"), ("location", "北京"), ("spot", "故宫")], token: p.bobToken).object["id"] as? Int64)

      // Someone else's entry, a bad list, no name: refused, nothing written.
      let foreign = try await client.post("/daka/api/trips", [("name", "江南"), ("checkin_ids", "\(hangzhou),\(bobs)")], token: p.aliceToken)
      #expect(foreign.status == .badRequest && foreign.errorCode == 10017 && foreign.text.contains("\(bobs)"))
      #expect(try await client.post("/daka/api/trips", [("name", "江南"), ("checkin_ids", "1,x")], token: p.aliceToken).errorCode == 10017)
      #expect(try await client.post("/daka/api/trips", [("checkin_ids", "\(hangzhou)")], token: p.aliceToken).status == .badRequest)
      let broken = try await client.post("/daka/api/trips", [("name", "江南\n三日")], token: p.aliceToken)
      #expect(broken.errorCode == 10017 && broken.text.contains("control character"))
      #expect(try await client.post("/daka/api/trips", [("name", "江南"), ("checkin_ids", "\(hangzhou)"), ("cover", "nope")],
                                    token: p.aliceToken).errorCode == 10017)
      #expect(try await client.get("/daka/api/trips", token: p.aliceToken).object["total_number"] as? Int == 0)
      #expect(try await client.post("/daka/api/trips", [("name", "江南")]).status == .unauthorized)

      let made = try await client.post("/daka/api/trips", [
        ("name", "江南三日"), ("checkin_ids", "\(shanghai),\(secret),\(hangzhou)"), ("visibility", "public"),
      ], token: p.aliceToken)
      #expect(made.status == .ok)
      let id = try #require(made.object["id"] as? Int64)
      let own = made.object
      #expect(own["start_date"] as? String == "2025-05-01" && own["end_date"] as? String == "2025-05-04" && own["days"] as? Int == 4)
      #expect(own["cities"] as? [String] == ["杭州", "苏州", "上海"] && own["countries"] as? [String] == ["中国"])
      #expect((own["checkins"] as? [[String: Any]])?.compactMap { $0["spot"] as? String } == ["断桥", "拙政园", "外滩"])
      #expect((own["route"] as? [[Double]])?.count == 3)
      let ownDistance = try #require(own["distance_km"] as? Double)
      #expect(ownDistance > 150 && ownDistance < 250)  // 杭州 → 苏州 → 上海, straight
      #expect(((own["checkins"] as? [[String: Any]])?.first?["trip_id"] as? Int64) == id)

      // Bob: the public entries only, the one point shown, the distance of what he sees.
      let seen = try await client.get("/daka/api/trips/\(id)", token: p.bobToken)
      #expect((seen.object["checkins"] as? [[String: Any]])?.compactMap { $0["spot"] as? String } == ["断桥", "外滩"])
      #expect(seen.object["route"] as? [[Double]] == [[31.24, 121.49]])
      #expect(seen.object["distance_km"] as? Double == 0 && seen.object["cities"] as? [String] == ["杭州", "上海"])
      #expect(!seen.text.contains("拙政园") && !seen.text.contains("31.325") && !seen.text.contains("30.259"))
      #expect((try await client.get("/daka/api/trips?uid=\(p.alice)")).object["total_number"] as? Int == 1)
      #expect((try await client.get("/daka/api/checkins/\(hangzhou)")).object["trip_id"] as? Int64 == id)
      // Not his to change.
      #expect(try await client.post("/daka/api/trips/\(id)", [("name", "我的")], token: p.bobToken).errorCode == 20804)
      #expect(try await client.post("/daka/api/trips/\(id)/delete", token: p.bobToken).errorCode == 20804)

      // Private: gone for everyone else, and so is its id on its entries.
      let hidden = try await client.post("/daka/api/trips/\(id)", [("visibility", "private"), ("name", "江南")], token: p.aliceToken)
      #expect(hidden.object["name"] as? String == "江南" && hidden.object["checkins_count"] as? Int == 3)
      let gone = try await client.get("/daka/api/trips/\(id)", token: p.bobToken)
      #expect(gone.status == .notFound && gone.errorCode == 20803)
      #expect(try await client.get("/daka/api/trips/\(id)").errorCode == 20803)
      #expect((try await client.get("/daka/api/trips?uid=\(p.alice)", token: p.bobToken)).object["total_number"] as? Int == 0)
      #expect((try await client.get("/daka/api/checkins/\(hangzhou)", token: p.bobToken)).object["trip_id"] == nil)

      // A cover from its pictures; fewer entries; then deleted, its entries kept.
      let picture = try #require(((own["checkins"] as? [[String: Any]])?.last?["pics"] as? [[String: Any]])?.first?["id"] as? String)
      let covered = try await client.post("/daka/api/trips/\(id)", [("cover", picture), ("checkin_ids", "\(hangzhou),\(shanghai)")],
                                          token: p.aliceToken)
      #expect((covered.object["cover"] as? [String: Any])?["id"] as? String == picture)
      #expect(covered.object["checkins_count"] as? Int == 2)
      #expect((try await client.get("/daka/api/checkins/\(secret)", token: p.aliceToken)).object["trip_id"] == nil)
      let deleted = try await client.post("/daka/api/trips/\(id)/delete", token: p.aliceToken)
      #expect(deleted.status == .ok && deleted.object["name"] as? String == "江南")
      #expect(try await client.get("/daka/api/trips/\(id)", token: p.aliceToken).errorCode == 20803)
      #expect(try await client.get("/daka/api/checkins/\(hangzhou)", token: p.aliceToken).status == .ok)
    }
  }
}
