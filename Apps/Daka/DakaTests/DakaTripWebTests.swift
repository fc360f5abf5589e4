import DakaStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import SparrowStore
import SparrowTestSupport
import Testing

/// Trips on the web: made from the form (its token required), the trip page with its numbers and route, what a
/// second person sees of it (no private entry, no private trip), the form's refusals, deleting.
@Suite struct DakaTripWebTests {
  @Test func aTripIsMadeShownAndKeptFromWhoMayNotSeeIt() async throws {
    let w = try await DakaWebWorld()
    try await w.world.test { client in
      let alice = try await DakaWebWorld.signIn(client, "alice")
      let bob = try await DakaWebWorld.signIn(client, "bob")
      let first = try await alice.checkIn([("date", "2025-05-01"), ("location", "杭州西湖"), ("spot", "断桥"), ("visibility", "public"),
                                           ("latitude", "30.259"), ("longitude", "120.148")], pics: [try DakaWebWorld.photo("#203040")])
      let second = try await alice.checkIn([("date", "2025-05-02"), ("location", "苏州"), ("spot", "拙政园<园林>"),
                                            ("latitude", "31.325"), ("longitude", "120.629")])
      let third = try await alice.checkIn([("date", "2025-05-03"), ("location", "上海黄浦"), ("spot", "外滩"), ("visibility", "public"),
                                           ("latitude", "31.24"), ("longitude", "121.49"),
                                           ("show_exact_location", "1")])

      let form = try await alice.get("/daka/trips/new")
      #expect(form.text.contains("value=\"\(first)\"") && form.text.contains("拙政园&lt;园林&gt;"))
      #expect(try await alice.post("/daka/trips/new", [("name", "江南")], csrf: false).status == .forbidden)
      let nameless = try await alice.post("/daka/trips/new", [("name", " "), ("checkin_ids", "\(first)")])
      #expect(nameless.status == .badRequest && nameless.text.contains("请填写旅程的名字") && nameless.text.contains("value=\"\(first)\" checked"))

      let made = try await alice.post("/daka/trips/new", [
        ("name", "江南<三日>"), ("checkin_ids", ""), ("checkin_ids", "\(first)"), ("checkin_ids", "\(second)"),
        ("checkin_ids", "\(third)"), ("visibility", "public"),
      ])
      #expect(made.status == .seeOther)
      let link = try #require(made.headers[.location])
      let page = try await alice.get(link)
      #expect(page.text.contains("江南&lt;三日&gt;") && page.text.contains("<dd id=\"trip-days\">3</dd>"))
      #expect(page.text.contains("<dd id=\"trip-count\">3</dd>") && page.text.contains("杭州、苏州、上海"))
      #expect(page.text.contains("<polyline class=\"route-line\"") && page.text.matches(of: /<g class="stop">/).count == 3)
      #expect(page.text.contains("id=\"edit-trip\"") && page.text.contains("id=\"share-trip\""))
      #expect(page.text.contains("id=\"trip-cover\""))
      // The entry links back to its trip.
      #expect(try await alice.get("/daka/c/\(first)").text.contains("旅程 · 江南&lt;三日&gt;"))
      #expect(try await alice.get("/daka/trips").text.contains("江南&lt;三日&gt;"))

      // Bob: the public entries, and the one point shown (a single stop, no line); nothing to edit.
      let seen = try await bob.get(link)
      #expect(seen.status == .ok && !seen.text.contains("拙政园") && seen.text.matches(of: /<g class="stop">/).count == 1)
      #expect(!seen.text.contains("route-line") && !seen.text.contains("id=\"trip-distance\""))
      #expect(seen.text.contains("<dd id=\"trip-count\">2</dd>") && !seen.text.contains("id=\"edit-trip\""))
      #expect(try await bob.get(link + "/edit").status == .notFound)
      #expect(try await bob.post(link + "/delete", []).status == .notFound)
      #expect(try await client.get(link).status == .ok, "a public trip, signed out")

      // Private: bob, and everyone signed out, find nothing; the entry no longer names it to them.
      let edited = try await alice.post(link + "/edit", [("name", "江南"), ("checkin_ids", ""), ("checkin_ids", "\(first)"),
                                                         ("visibility", "private")])
      #expect(edited.status == .seeOther)
      #expect(try await bob.get(link).status == .notFound)
      #expect(try await client.get(link).status == .notFound)
      #expect(!(try await bob.get("/daka/c/\(first)")).text.contains("旅程 ·"))
      #expect(try await alice.get(link).text.contains("<dd id=\"trip-count\">1</dd>"))

      let deleted = try await alice.post(link + "/delete", [])
      #expect(deleted.status == .seeOther && deleted.headers[.location] == "/daka/trips")
      #expect(try await alice.get(link).status == .notFound)
      #expect(try await alice.get("/daka/c/\(first)").status == .ok)
    }
  }
}
