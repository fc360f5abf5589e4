import Foundation
import SparrowKit
import Testing

func ids(_ pager: TimelinePager) async -> [Int64] { await pager.items.map(\.id) }

@Test func theFirstRefreshAsksForTheNewestPageWithoutSinceID() async throws {
  let transport = StubTransport(page([3, 2, 1]))
  let pager = TimelinePager(client: SparrowClient(baseURL: server, accessToken: "tok", transport: transport))

  let outcome = try await pager.refresh()

  #expect(outcome == .loaded(3))
  #expect(queryItems(await transport.last) == ["count": "20"])
  #expect(await ids(pager) == [3, 2, 1])
  #expect(await pager.banner == "3条新微博")
}

@Test func refreshAsksSinceTheFirstIdAndPutsNewStatusesOnTopInOrder() async throws {
  let transport = StubTransport(page([3, 2, 1]), page([6, 5, 4]))
  let pager = TimelinePager(client: SparrowClient(baseURL: server, accessToken: "tok", transport: transport))
  try await pager.refresh()

  try await pager.refresh()

  #expect(queryItems(await transport.last) == ["since_id": "3", "count": "20"])
  #expect(await ids(pager) == [6, 5, 4, 3, 2, 1])
  #expect(await pager.banner == "3条新微博")
}

@Test(arguments: [([Int64](), "没有新微博", [Int64(3), 2, 1]), ([4], "1条新微博", [4, 3, 2, 1]), ([4, 3, 2], "1条新微博", [4, 3, 2, 1])])
func theBannerCountsOnlyStatusesNotShownBefore(_ answer: [Int64], _ banner: String, _ expected: [Int64]) async throws {
  let transport = StubTransport(page([3, 2, 1]), page(answer))
  let pager = TimelinePager(client: SparrowClient(baseURL: server, accessToken: "tok", transport: transport))
  try await pager.refresh()

  try await pager.refresh()

  #expect(await pager.banner == banner)
  #expect(await ids(pager) == expected)
}

@Test func loadMoreAsksBelowTheLastIdBecauseMaxIDIsInclusive() async throws {
  let transport = StubTransport(page([9, 8, 7]), page([6, 5]))
  let pager = TimelinePager(client: SparrowClient(baseURL: server, accessToken: "tok", transport: transport), pageSize: 3)
  try await pager.refresh()

  let outcome = try await pager.loadMore()

  #expect(outcome == .loaded(2))
  #expect(queryItems(await transport.last) == ["max_id": "6", "count": "3"])
  #expect(await ids(pager) == [9, 8, 7, 6, 5])
}

@Test func loadMoreNeverAddsAStatusTwice() async throws {
  let transport = StubTransport(page([9, 8, 7]), page([7, 6, 8, 5]))
  let pager = TimelinePager(client: SparrowClient(baseURL: server, accessToken: "tok", transport: transport))
  try await pager.refresh()

  let outcome = try await pager.loadMore()

  #expect(outcome == .loaded(2))
  #expect(await ids(pager) == [9, 8, 7, 6, 5])
}

@Test func anEmptyOlderPageEndsTheTimeline() async throws {
  let transport = StubTransport(page([2, 1]), page([]))
  let pager = TimelinePager(client: SparrowClient(baseURL: server, accessToken: "tok", transport: transport))
  try await pager.refresh()
  try await pager.loadMore()

  let outcome = try await pager.loadMore()

  #expect(outcome == .skipped)
  #expect(await pager.reachedEnd)
  #expect(await transport.requests.count == 2)
}

@Test func loadMoreOnAnEmptyTimelineAsksForTheNewestPage() async throws {
  let transport = StubTransport(page([2, 1]))
  let pager = TimelinePager(client: SparrowClient(baseURL: server, accessToken: "tok", transport: transport))

  try await pager.loadMore()

  #expect(queryItems(await transport.last) == ["count": "20"])
  #expect(await ids(pager) == [2, 1])
}

@Test func aSecondLoadWhileOneIsInFlightSendsNothing() async throws {
  let gate = GateTransport()
  let pager = TimelinePager(client: SparrowClient(baseURL: server, accessToken: "tok", transport: gate))
  let first = Task { try await pager.refresh() }
  await gate.waitForRequests(1)

  let secondRefresh = try await pager.refresh()
  let meanwhileMore = try await pager.loadMore()
  let loading = await pager.loading
  await gate.release(page([2, 1]))
  let firstOutcome = try await first.value

  #expect(secondRefresh == .skipped)
  #expect(meanwhileMore == .skipped)
  #expect(loading)
  #expect(firstOutcome == .loaded(2))
  #expect(await gate.requests.count == 1)
  #expect(await !pager.loading)
}

@Test func aFailedLoadThrowsAndLetsTheNextOneThrough() async throws {
  let transport = StubTransport(json(#"{"error":"System error","error_code":10001,"request":"/2/statuses/home_timeline.json"}"#, status: 500), page([1]))
  let pager = TimelinePager(client: SparrowClient(baseURL: server, accessToken: "tok", transport: transport))

  await #expect(throws: APIError.self) { try await pager.refresh() }
  let retry = try await pager.refresh()

  #expect(retry == .loaded(1))
  #expect(await transport.requests.count == 2)
}

@Test func anyTimelineCanBePaged() async throws {
  let transport = StubTransport(page([5]), page([4]))
  let client = SparrowClient(baseURL: server, accessToken: "tok", transport: transport)
  let pager = TimelinePager(client: client, pageSize: 10) { Statuses.userTimeline(user: .id(7), sinceID: $0, maxID: $1, count: $2) }

  try await pager.refresh()
  try await pager.loadMore()

  let requests = await transport.requests
  #expect(requests.map(\.url.path) == ["/2/statuses/user_timeline.json", "/2/statuses/user_timeline.json"])
  #expect(queryItems(requests[1]) == ["uid": "7", "max_id": "4", "count": "10"])
}

@Test func updatedAndRemovedStatusesChangeInPlace() async throws {
  let transport = StubTransport(page([3, 2, 1]))
  let pager = TimelinePager(client: SparrowClient(baseURL: server, accessToken: "tok", transport: transport))
  try await pager.refresh()
  var liked = try #require(await pager.items.first)
  liked.setLiked(true)

  await pager.update(liked)
  await pager.remove(id: 2)

  #expect(await ids(pager) == [3, 1])
  #expect(await pager.items.first?.liked == true)
}
