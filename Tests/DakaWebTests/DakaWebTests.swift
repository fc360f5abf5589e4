import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SparrowStore
import SparrowTestSupport
import Testing

@Suite struct DakaWebTests {
  @Test func discoverIsAPage() async throws {
    let world = try await TestWorld()

    try await world.test { client in
      let page = try await client.get("/daka")

      #expect(page.status == .ok)
      #expect(page.headers[.contentType] == "text/html; charset=utf-8")
    }
  }
}
