import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SparrowStore
import SparrowTestSupport
import Testing
import TuanStore

/// 团购's JSON API (`/tuan/api/…`): the person's reviews and orders, the `tuan` scope, the envelope.
@Suite struct TuanAPITests {
  typealias Deals = DealsAPITests.Deals

  static func post(_ client: any TestClientProtocol, _ path: String, _ fields: [(String, String)], pics: [Data] = [],
                   token: String?) async throws -> TestResponse {
    var headers: HTTPFields = [.contentType: "multipart/form-data; boundary=SparrowBoundary"]
    if let token { headers[.authorization] = "OAuth2 \(token)" }
    let files = pics.enumerated().map { (name: "pic", filename: "p\($0.offset).jpg", type: "image/jpeg", data: $0.element) }
    return try await client.execute(uri: path, method: .post, headers: headers, body: multipart(fields, files: files))
  }

  static func get(_ client: any TestClientProtocol, _ path: String, token: String?) async throws -> TestResponse {
    try await client.get(path, headers: token.map { [.authorization: "OAuth2 \($0)"] } ?? [:])
  }

  static let fields = [("rating", "4"), ("product", "5"), ("decoration", "3"), ("service", "4"),
                       ("text", "汤底浓郁，菜品新鲜，服务周到，性价比高。"), ("spend", "90")]

  @Test func aReviewIsWrittenReadVotedEditedAndDeletedWithTheTuanScope() async throws {
    let fixture = try await Deals()
    let world = fixture.world
    let alice = try await world.user("alice"), bob = try await world.user("bob")
    let (used, unused) = try await ReviewWebTests.aliceUsedOne(fixture, alice: alice.id)
    let token = try await world.token(for: alice)
    let bobs = try await world.token(for: bob)
    let weiboOnly = try await world.token(for: alice, scopes: [])
    let shop = fixture.merchants["sanlitun"]!

    let initial = try await world.tuan.merchant(id: shop.id)?.reviewCount

    try await world.test { client in
      let noScope = try await Self.post(client, "/tuan/api/reviews", Self.fields + [("coupon", used)], token: weiboOnly)
      let noOrders = try await Self.get(client, "/tuan/api/orders", token: weiboOnly)
      let signedOut = try await Self.post(client, "/tuan/api/reviews", Self.fields + [("coupon", used)], token: nil)
      let unusedOne = try await Self.post(client, "/tuan/api/reviews", Self.fields + [("coupon", unused)], token: token)
      let bobsTry = try await Self.post(client, "/tuan/api/reviews", Self.fields + [("coupon", used)], token: bobs)
      let badStars = try await Self.post(client, "/tuan/api/reviews", [("coupon", used), ("rating", "6")] + Self.fields.dropFirst(),
                                         token: token)
      let heavy = "好" + String(repeating: "\u{301}", count: 20_000)
      let combining = try await Self.post(
        client, "/tuan/api/reviews", [("coupon", used), ("rating", "4"), ("product", "4"), ("decoration", "4"),
                                      ("service", "4"), ("text", heavy + "这家店的火锅真的不错呀")], token: token)
      let countBefore = try await world.tuan.merchant(id: shop.id)?.reviewCount
      let created = try await Self.post(client, "/tuan/api/reviews", Self.fields + [("coupon", used)],
                                        pics: [try ReviewWebTests.photo("#336699")], token: token)
      let twice = try await Self.post(client, "/tuan/api/reviews", Self.fields + [("coupon", used)], token: token)
      let id = try #require(created.object["id"] as? Int64 ?? (created.object["id"] as? Int).map(Int64.init))
      let list = try await Self.get(client, "/tuan/api/reviews?business_id=\(shop.id)&filter=latest", token: nil)
      let voted = try await Self.post(client, "/tuan/api/reviews/\(id)/helpful", [("helpful", "1")], token: bobs)
      let bobEdits = try await Self.post(client, "/tuan/api/reviews/\(id)", Self.fields, token: bobs)
      let edited = try await Self.post(client, "/tuan/api/reviews/\(id)",
                                       [("rating", "2")] + Self.fields.dropFirst(), token: token)
      let orders = try await Self.get(client, "/tuan/api/orders", token: token)
      let rating = try await world.tuan.merchant(id: shop.id)
      let deleted = try await client.execute(
        uri: "/tuan/api/reviews/\(id)/delete", method: .post,
        headers: [.authorization: "OAuth2 \(token)", .contentType: "application/x-www-form-urlencoded"], body: formBody([]))
      let gone = try await Self.get(client, "/tuan/api/reviews/\(id)", token: token)

      #expect(noScope.status == .forbidden && noOrders.status == .forbidden)
      #expect(signedOut.status == .unauthorized)
      #expect(unusedOne.status == .notFound && unusedOne.object["error_code"] as? Int == 20902)
      #expect(bobsTry.text == unusedOne.text, "someone else's 券 answers as an unused one")
      #expect(badStars.status == .badRequest && badStars.object["error_code"] as? Int == 10017)
      #expect(combining.status == .badRequest, "a text heavy behind what it shows is refused")
      #expect(countBefore == initial, "refusals stored nothing")
      #expect(created.status == .ok && created.object["rating"] as? Int == 4 && created.object["spend"] as? Int == 90)
      #expect((created.object["grade_names"] as? [String]) == ["口味", "环境", "服务"])
      #expect((created.object["pictures"] as? [[String: Any]])?.count == 1)
      #expect(twice.object["error_code"] as? Int == 20903)
      #expect(((list.object["reviews"] as? [[String: Any]])?.first?["id"] as? Int).map(Int64.init) == id)
      #expect(voted.object["helpful"] as? Int == 1 && voted.object["helped"] as? Bool == true)
      #expect(bobEdits.status == .notFound)
      #expect(edited.object["rating"] as? Int == 2)
      #expect(rating?.reviewCount == (countBefore ?? 0) + 1)
      let coupons = ((orders.object["orders"] as? [[String: Any]])?.first?["coupons"] as? [[String: Any]]) ?? []
      #expect(coupons.contains { $0["code"] as? String == used && ($0["review_id"] as? Int).map(Int64.init) == id })
      #expect(coupons.contains { $0["code"] as? String == unused && $0["state_name"] as? String == "未消费" })
      #expect((orders.object["orders"] as? [[String: Any]])?.first?["payment"] as? String == "到店付款")
      #expect(deleted.status == .ok && gone.status == .notFound, "\(deleted.text)")
      #expect(try await world.tuan.merchant(id: shop.id)?.reviewCount == countBefore)
    }
  }
}
