import Foundation
import HummingbirdTesting
import SparrowCore
import SparrowTestSupport
import Testing

/// 团购's keyword follows the platform's `TextLimit` in the API and on the grid: a letter under hundreds of combining
/// marks (one character to the eye) is refused in each one's own format.
@Suite struct TuanTextLimitTests {
  static let heavy = "a" + String(repeating: "\u{0301}", count: 500)

  @Test func aHeavyKeywordIsRefusedInTheAPIAndOnTheGrid() async throws {
    let d = try await DealsAPITests.Deals()
    try await d.world.test { client in
      for path in ["deal/find_deals", "business/find_businesses"] {
        let refused = try await DealsAPITests.call(client, path, [("city", "北京"), ("keyword", Self.heavy)])
        #expect(DealsAPITests.errorCode(refused) == 10002, "\(path)")
        #expect(DealsAPITests.message(refused).contains("keyword"), "\(path)")
        let fine = try await DealsAPITests.call(client, path, [("city", "北京"), ("keyword", String(repeating: "火", count: 100))])
        #expect(fine["status"] as? String == "OK", "\(path)")
      }
      let page = try await client.get("/tuan?q=" + FormEncoding.escape(Self.heavy))
      #expect(page.status == .badRequest)
      #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
      #expect(page.text.contains("搜索的字太多了"))
    }
  }
}
