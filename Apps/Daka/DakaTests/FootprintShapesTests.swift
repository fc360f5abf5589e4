import Foundation
import GeoData
import SparrowDemo
import SparrowPlatform
import SparrowStore
import Testing
import DakaAPI
import DakaStore
@testable import DakaWeb

/// Kept footprint shapes (`FootprintShapes`) against shapes rendered afresh, over a random history of what a person
/// visited (cities of three provinces, 香港's districts, countries) and the level they look at: every map's shapes,
/// through the kept markup, must be the shapes rendered from nothing, lit ones with their counts and links.
@Test(arguments: [11, 2028] as [UInt64])
func keptFootprintShapesAreTheShapesRenderedAfresh(seed: UInt64) async throws {
  let pages = try await TemplateLibrary.load(adding: DakaWeb.templates)
  let shapes = FootprintShapes(pages: pages)
  let geo = GeoData.shared
  var random = SplitMix(seed: seed)
  func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
  let candidates = ["杭州", "宁波", "长沙", "岳阳", "广州", "深圳", "香港"].compactMap { geo.city(named: $0) }
  let countries = [("CN", "中国"), ("JP", "日本"), ("FR", "法国"), ("SG", "新加坡"), ("HK", "中国香港")]
  var cityCounts: [Int: Int] = [:]
  var countryCounts: [String: Int] = ["CN": 1]
  for step in 0..<120 {
    if roll(2) == 0 { cityCounts[candidates[roll(candidates.count)].adcode, default: 0] += 1 + roll(3) }
    if roll(3) == 0 { let c = countries[roll(countries.count)].0; countryCounts[c, default: 0] += 1 }
    let cities = cityCounts.sorted { $0.key < $1.key }.compactMap { adcode, count in
      geo.city(adcode: adcode).map { VisitedPlace(adcode: adcode, name: $0.name, cityAdcode: adcode, count: count) }
    }
    let districts = cities.compactMap { city in
      geo.city(adcode: city.adcode).flatMap { geo.districts(of: $0).first }.map {
        VisitedPlace(adcode: $0.adcode, name: $0.fullName, cityAdcode: city.adcode, count: city.count)
      }
    }
    let visited = countries.compactMap { code, name in countryCounts[code].map { VisitedCountry(code: code, name: name, count: $0) } }
    let stats = CheckinStats(count: cities.reduce(0) { $0 + $1.count } + 1, cities: cities, districts: districts,
                             countries: visited)
    let levels: [FootprintMap.Level] = [.world, .country("HK"), .country("JP"), .province(nil), .province("湖南省")]
      + cities.map { .city($0.adcode) }
    let level = levels[roll(levels.count)]
    guard let map = FootprintMap(stats: stats, points: [], level: level) else { continue }
    let fresh = map.shapes.map(shapes.render).joined()
    #expect((shapes.html(map) ?? fresh) == fresh, "step \(step) level \(level)")
  }
}

/// Kept list rows (`KeptRenders<CheckinRow>`, 我的, 发现 and trips) against rows rendered afresh, over a random history
/// of entries whose dates, places, spots, pictures, visibility and search marks change; the keep is small, so its
/// generations turn over. Every list through the kept rows must be the list rendered from nothing.
@Test(arguments: [3, 2029] as [UInt64])
func keptCheckinRowsAreTheRowsRenderedAfresh(seed: UInt64) async throws {
  let pages = try await TemplateLibrary.load(adding: DakaWeb.templates)
  let renders = KeptRenders<CheckinRow>("daka_row", pages: pages, limit: 8)
  var random = SplitMix(seed: seed)
  func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
  let words = ["杭州西湖", "<b>&amp;</b>", "\"引号\" 'x'", "东京", "Paris"]
  var entries = (0..<6).map { n in
    CheckinRecord(id: Int64(n), userID: 1, date: "2026-11-0\(1 + n)", location: words[n % words.count], spot: "断桥",
                  createdAt: Date(timeIntervalSince1970: 1_760_000_000))
  }
  for step in 0..<200 {
    let i = roll(entries.count)
    switch roll(5) {
    case 0: entries[i].location = words[roll(words.count)]
    case 1: entries[i].spot = words[roll(words.count)] + "\(step % 3)"
    case 2: entries[i].visibility = entries[i].visibility == .public ? .private : .public
    case 3: entries[i].pictures = roll(2) == 0 ? [] : [PictureRef(id: String(format: "%016x", step), ext: "jpg", width: 4, height: 3)]
    default: entries[i].date = "2026-10-\(10 + roll(20))"
    }
    let query = ["", "西湖", "&amp", "x"][roll(4)]
    let found = roll(entries.count + 1)
    for tab in [DakaFrame.Tab.find, .me] {
      let rows = entries.enumerated().map { CheckinRow($1, from: tab, matching: query, found: $0 == found) }
      #expect(renders.html(rows) == rows.map { pages.text("daka_row", $0) }.joined(), "step \(step)")
    }
  }
}

/// Overviews kept as last drawn (`DrawnFootprints`) against overviews drawn afresh, over a random history of two
/// people's numbers and points (entries added, moved, renamed and deleted, cities abroad among them) and the levels
/// they look at; the keep is small, so its generations turn over. Every overview through the keep must be the one
/// drawn from nothing, to the last pin. And drawn alone, it must be what 我的 showed when it rendered the overview
/// inside its own page (`Probe` below): Mustache looks a name its context lacks up the page's (a dot's missing link,
/// the map's missing way up), so a name the page answers would make the two differ.
@Test(arguments: [5, 2030] as [UInt64])
func drawnFootprintsAreTheOverviewsDrawnAfresh(seed: UInt64) async throws {
  let pages = try await TemplateLibrary.load(adding: DakaWeb.templates)
  let drawn = DrawnFootprints(pages: pages, shapes: FootprintShapes(pages: pages), limit: 2)
  // The page's templates and one more, the overview rendered inside 我的's model as the page rendered it before.
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: folder) }
  try FileManager.default.copyItem(at: DakaWeb.templates!, to: folder)
  try "{{#overview}}{{> daka_overview}}{{/overview}}".write(to: folder.appendingPathComponent("probe.mustache"),
                                                            atomically: true, encoding: .utf8)
  let probes = try await TemplateLibrary.load(adding: folder)
  let frame = DakaFrame(web: WebFrame(title: "我的", css: "/daka/static/daka.css", js: "/daka/static/daka.js",
                                      screenName: "<i>旅人</i>", csrf: "c5rf", here: "/daka/me?map=world"),
                        tab: .me, back: "/daka")
  let geo = GeoData.shared
  var random = SplitMix(seed: seed)
  func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
  let candidates = ["杭州", "长沙", "广州"].compactMap { geo.city(named: $0) }
  let countries = [("CN", "中国"), ("JP", "日本"), ("FR", "法国"), ("SG", "新加坡")]
  let abroad = [1850147, 2988507].compactMap { geo.world.city(geonameID: $0) }
  #expect(abroad.count == 2)
  var counts: [Int64: (cities: [Int: Int], countries: [String: Int], abroad: [Int: Int], points: [CheckinPoint])] =
    [1: ([:], ["CN": 1], [:], []), 2: ([:], ["CN": 1], [:], [])]
  for step in 0..<150 {
    let user = Int64(1 + roll(2))
    var person = counts[user]!
    switch roll(6) {
    case 0: person.cities[candidates[roll(candidates.count)].adcode, default: 0] += 1
    case 1: person.countries[countries[roll(countries.count)].0, default: 0] += 1
    case 2:
      person.points.append(CheckinPoint(id: Int64(step), date: "2026-11-01", spot: "<b>\(step)</b>",
        point: Coordinate(latitude: 20 + Double(roll(20)), longitude: 100 + Double(roll(20))), countryCode: "CN"))
    case 3 where !person.points.isEmpty:
      person.points[roll(person.points.count)].point = Coordinate(latitude: 30 + Double(roll(9)), longitude: 110)
    case 4 where !person.points.isEmpty: person.points.remove(at: roll(person.points.count))
    case 5: person.abroad[abroad[roll(abroad.count)].geonameID, default: 0] += 1
    default: person.points.indices.first.map { person.points[$0].spot = "改名 \(step)" }
    }
    counts[user] = person
    let cities = person.cities.sorted { $0.key < $1.key }.compactMap { adcode, count in
      geo.city(adcode: adcode).map { VisitedPlace(adcode: adcode, name: $0.name, cityAdcode: adcode, count: count) }
    }
    let citiesAbroad = abroad.compactMap { city in
      person.abroad[city.geonameID].map { VisitedCity(geonameID: city.geonameID, name: city.name, countryCode: city.countryCode, count: $0) }
    }
    let visited = countries.compactMap { code, name in person.countries[code].map { VisitedCountry(code: code, name: name, count: $0) } }
    let stats = CheckinStats(count: cities.reduce(0) { $0 + $1.count } + person.points.count + 1, cities: cities,
                             districts: [], citiesAbroad: citiesAbroad, countries: visited)
    let levels: [FootprintMap.Level] = [.world, .country("JP"), .country("FR"), .country("SG"), .province(nil)]
      + cities.map { .city($0.adcode) }
    let level = levels[roll(levels.count)]
    let kept = drawn.html(of: user, stats: stats, points: person.points, level: level)
    let afresh = drawn.draw(stats: stats, points: person.points, level: level)
    #expect(kept == afresh, "step \(step) user \(user) level \(level)")

    let page = MePage(frame: frame, name: "<i>旅人</i>", avatar: "/a.png", stats: stats, overviewHTML: afresh, rows: [],
                      rowsHTML: "", page: 1, total: 0, pageSize: 50, kept: [("map", "world")], filter: CheckinFilter(),
                      deleted: false)
    let inPage = probes.text("probe", Probe(page: page, overview: drawn.overview(stats: stats, points: person.points, level: level)))
    #expect(inPage == afresh, "step \(step) user \(user) level \(level)")
  }
}

/// 我的's model with the overview as a section of it, as the page rendered the overview before it was kept.
private struct Probe: PageModel {
  let page: MePage
  let overview: MeOverview

  func child(named name: String) -> Any? { name == "overview" ? overview : page.child(named: name) }
}
