import DakaStore
import Foundation
import Hummingbird
import HummingbirdTesting
import SparrowStoreSQLite
import SparrowTestSupport
import Testing

/// Every statement 打卡 runs for its lists, searches, entries and stats reads check-ins by index, never whole
/// (by each engine's plans: SQLite's `EXPLAIN QUERY PLAN`, PostgreSQL's `EXPLAIN`).
@Suite struct DakaQueryPlanTests {
  static let tables: Set<String> = ["daka_checkins"]

  /// Deliberate whole-table reads, each with its reason.
  static let allowed = [
    // 发现's search looks at every public entry's text, newest first until the page is full (a full-text index is
    // the next step, noted in the performance issue).
    "instr(search_text", "strpos(search_text",
    // 发现 walks entries newest first by day and stops at the page.
    "ORDER BY day DESC, created_at DESC, id DESC LIMIT",
  ]

  @Test func everyReadUsesAnIndex() async throws {
    let world = try await TestWorld()
    let engine = world.engine
    let before = engine.statementsSeen
    let f = DakaFixture()
    let (alice, bob) = (DakaFixture.alice, DakaFixture.bob)
    let open = f.entry(alice, "2026-05-01", "杭州西湖", "断桥", place: DakaFixture.hangzhou)
    let secret = f.entry(alice, "2026-05-02", "北京", "鼓楼", .private, place: DakaFixture.beijing)
    try await world.journal.addCheckin(open)
    try await world.journal.addCheckin(secret)
    for viewer in [nil, alice, bob] as [Int64?] {
      _ = try await world.journal.checkin(id: open.id, viewer: viewer)
      _ = try await world.journal.checkins(CheckinQuery(viewer: viewer))
      _ = try await world.journal.checkins(CheckinQuery(viewer: viewer, author: alice))
      _ = try await world.journal.checkins(CheckinQuery(viewer: viewer, text: "xihu"))
      _ = try await world.journal.checkinMatchPositions(CheckinQuery(viewer: viewer, text: "断桥"))
    }
    _ = try await world.journal.checkinStats(userID: alice)
    _ = try await world.journal.checkinStatsAndPoints(userID: alice)
    _ = try await world.journal.editCheckin(
      CheckinEdit(id: open.id, userID: alice, date: "2026-05-01", location: "杭州西湖", spot: "断桥残雪", thoughts: "雪",
                  visibility: .public, place: DakaFixture.hangzhou), maxPictures: 9)
    _ = try await world.journal.deleteCheckin(id: secret.id, userID: alice)
    let scans = try await world.test { client in
      for page in ["/daka", "/daka/c/\(open.id)", "/daka/api/checkins", "/daka/api/checkins/\(open.id)"] {
        _ = try await client.get(page)
      }
      // Inside the run: the world closes its engine (and drops a PostgreSQL database) when the run ends.
      return try await fullScans(in: engine, of: Self.tables, allowing: Self.allowed, before: before)
    }
    #expect(scans.isEmpty, "\(scans.count) whole-table reads:\n\(scans.map(\.description).joined(separator: "\n"))")
  }
}
