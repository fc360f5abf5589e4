import Foundation
import Hummingbird
import HummingbirdTesting
import SparrowPlatform
import SparrowTestSupport
import Testing

/// What operators see: a request id on every response, `/metrics` in Prometheus's format counting requests by
/// route pattern (never by raw path) and the caches' lookups, and `HEAD` answered for every page.
@Suite struct ObservabilityTests {
  func metrics(_ client: any TestClientProtocol) async throws -> String {
    let response = try await client.get("/metrics")
    #expect(response.status == .ok)
    #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
    return String(buffer: response.body)
  }

  @Test(arguments: [
    (Duration.zero, "0.00"), (.microseconds(4), "0.00"), (.microseconds(5), "0.01"), (.microseconds(994), "0.99"),
    (.microseconds(995), "1.00"), (.milliseconds(12) + .microseconds(340), "12.34"), (.seconds(3) + .milliseconds(7), "3007.00"),
  ])
  func aLogLinesMillisecondsHaveTwoDecimalsRounded(_ elapsed: Duration, _ text: String) {
    #expect(Observability.milliseconds(elapsed.components.seconds, elapsed.components.attoseconds) == text)
  }

  @Test func requestsAreCountedByRouteAndStatus() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let token = try await world.token(for: alice)

    try await world.test { client in
      for _ in 0..<3 { _ = try await client.get("/2/statuses/home_timeline.json", token: token) }
      _ = try await client.get("/2/statuses/home_timeline.json")  // no token: 403-ish, counted apart
      _ = try await client.get("/nowhere/\(UUID().uuidString)")
      _ = try await client.get("/2/no/such/api/\(UUID().uuidString).json")

      let text = try await metrics(client)
      #expect(text.contains(#"sparrow_http_requests_total{route="/2/statuses/home_timeline.json",method="GET",status="200"} 3"#))
      #expect(text.contains(#"sparrow_http_requests_total{route="unmatched",method="GET",status="404"} 1"#))
      #expect(text.contains(#"route="/2/**",method="GET",status="404"} 1"#), "an unknown API path counts under the pattern")
      #expect(!text.contains("nowhere") && !text.contains("no/such"), "raw paths never become labels")
      #expect(text.contains(#"sparrow_http_request_duration_seconds_count{route="/2/statuses/home_timeline.json",method="GET"} 4"#))
      // Three calls with one token: the grant read once, then found in the cache.
      let grantHits = text.split(separator: "\n").first { $0.hasPrefix(#"sparrow_cache_lookups_total{cache="grants",result="hit"}"#) }
      #expect((grantHits?.split(separator: " ").last.flatMap { Int($0) } ?? 0) >= 2)
      #expect(text.contains(#"sparrow_db_unavailable{engine=""# + TestWorld.engine.rawValue + #""} 0"#))
    }
  }

  @Test func everyResponseCarriesARequestID() async throws {
    let world = try await TestWorld()
    try await world.test { client in
      var ids = Set<String>()
      for path in ["/healthz", "/welcome", "/nowhere", "/2/statuses/public_timeline.json"] {
        let id = try #require(try await client.get(path).headers[.init("X-Request-Id")!], "\(path)")
        ids.insert(id)
      }
      #expect(ids.count == 4)
    }
  }

  @Test func headAnswersEveryPageAsGetDoesWithoutTheBody() async throws {
    let world = try await TestWorld()
    try await world.test { client in
      for path in ["/welcome", "/signup", "/platform/static/nowhere.css"] {
        let get = try await client.execute(uri: path, method: .get)
        let head = try await client.execute(uri: path, method: .head)
        #expect(head.status == get.status, "\(path)")
        #expect(head.body.readableBytes == 0, "\(path)")
        #expect(head.headers[.contentType] == get.headers[.contentType], "\(path)")
      }
    }
  }
}

/// The client's address behind trusted proxies: what rate limits, sign-up limits, `/metrics` and logs use.
@Suite struct ForwardedForTests {
  @Test func onlyTrustedProxiesAreBelieved() {
    let trusted: Set<String> = ["10.0.0.2", "127.0.0.1"]
    #expect(ForwardedFor.client(peer: "127.0.0.1", header: "198.51.100.7", trusted: trusted) == "198.51.100.7")
    // A client's own entries at the left are passed over: the first untrusted hop from the right counts.
    #expect(ForwardedFor.client(peer: "10.0.0.2", header: "6.6.6.6, 198.51.100.7, 127.0.0.1", trusted: trusted)
      == "198.51.100.7")
    #expect(ForwardedFor.client(peer: "203.0.113.5", header: "198.51.100.7", trusted: trusted) == "203.0.113.5")
    #expect(ForwardedFor.client(peer: "127.0.0.1", header: "198.51.100.7", trusted: []) == "127.0.0.1")
    #expect(ForwardedFor.client(peer: "127.0.0.1", header: "not-an-address, <script>", trusted: trusted) == "127.0.0.1")
    #expect(ForwardedFor.client(peer: "127.0.0.1", header: "2001:db8::1", trusted: trusted) == "2001:db8::1")
    #expect(ForwardedFor.client(peer: "127.0.0.1", header: nil, trusted: trusted) == "127.0.0.1")
  }

  /// Live, through the real transport: a forwarded client is not this machine, so `/metrics` is not for it.
  @Test func metricsAreForThisMachineOnlyAsTheProxySays() async throws {
    for trusted in [true, false] {
      let world = try await TestWorld(trustedProxies: trusted ? ["127.0.0.1", "::1"] : [])
      let status = try await world.test(.live) { client in
        try await client.get("/metrics", headers: [.init("X-Forwarded-For")!: "198.51.100.7"]).status
      }
      #expect(status == (trusted ? .notFound : .ok))
    }
  }
}
