import Foundation
import GeoData
import Testing

/// The world beyond mainland China (`world.json`): countries by their Chinese names, cities by 汉字, pinyin and
/// English, a point to its city (not to the ward GeoNames also lists), and mainland China still by its districts.
@Suite struct WorldTests {
  let geo = GeoData.shared
  var world: World { geo.world }

  @Test func countriesHaveTheirChineseNames() throws {
    #expect(world.countries.count == 249)
    #expect(world.country(code: "JP")?.name == "日本" && world.country(code: "jp")?.english == "Japan")
    #expect(world.country(code: "HK")?.name == "中国香港" && world.country(code: "TW")?.name == "中国台湾")
    #expect(world.country(code: "KR")?.name == "韩国" && world.country(code: "KH")?.name == "柬埔寨")
    #expect(world.searchCountries("japan").first?.code == "JP")
    #expect(world.searchCountries("日本").first?.code == "JP")
    #expect(world.searchCountries("riben").first?.code == "JP")
    #expect(world.searchCountries("fa").map(\.code).contains("FR"))
  }

  @Test func citiesAreFoundBy汉字PinyinAndEnglish() throws {
    for query in ["tokyo", "Tokyo", "东京", "dongjing", "dj"] {
      #expect(world.search(query).first?.geonameID == 1850147, "\(query)")
    }
    #expect(world.search("巴黎").first?.english == "Paris")
    #expect(world.search("sao paulo").first?.name == "圣保罗")
    #expect(world.search("york").map(\.english).contains("New York City"))
    #expect(world.search("").isEmpty && world.search("   ").isEmpty)
    // Mainland China's cities are GeoData's own, not the world's.
    #expect(!world.cities.contains { $0.countryCode == "CN" })
  }

  @Test func freeTextNamesACityAbroad() throws {
    #expect(world.match(freeText: "日本东京银座")?.name == "东京")
    #expect(world.match(freeText: "Paris, France")?.name == "巴黎")
    #expect(world.match(freeText: "dongjing")?.name == "东京")
    #expect(world.match(freeText: "某地") == nil)
    #expect(world.match(freeText: "") == nil)
  }

  @Test func aPointIsInItsCityNotInTheWardNearest() throws {
    let tokyoStation = Coordinate(latitude: 35.6812, longitude: 139.7671)
    #expect(world.nearestCity(to: tokyoStation)?.countryCode == "JP")  // a ward, 中央区 or 千代田区
    #expect(world.city(at: tokyoStation)?.name == "东京")
    #expect(world.city(at: Coordinate(latitude: 48.8584, longitude: 2.2945))?.name == "巴黎")  // the Eiffel Tower
    #expect(world.city(at: Coordinate(latitude: 64.1466, longitude: -21.9426))?.countryCode == "IS")  // Reykjavík
    #expect(world.city(at: Coordinate(latitude: 0, longitude: -30)) == nil)  // the Atlantic
    // Across the date line: Fiji's cities are found from either side.
    #expect(world.city(at: Coordinate(latitude: -18.14, longitude: 178.44))?.countryCode == "FJ")
  }

  @Test func whereaboutsAreMainlandDistrictsElseCitiesElsewhere() throws {
    guard case .mainland(let city, let district)? = geo.whereabouts(of: Coordinate(latitude: 30.25, longitude: 120.15)) else {
      Issue.record("杭州 not found")
      return
    }
    #expect(city.name == "杭州" && district.fullName == "西湖区")
    // 香港 by its districts' outlines: 尖沙咀 is in 油尖旺区.
    guard case .mainland(let hongKong, let tsimShaTsui)? = geo.whereabouts(of: Coordinate(latitude: 22.2988, longitude: 114.1722))
    else {
      Issue.record("尖沙咀 not found")
      return
    }
    #expect(hongKong.countryCode == "HK" && tsimShaTsui.fullName == "油尖旺区")
    guard case .elsewhere(let tokyo)? = geo.whereabouts(of: Coordinate(latitude: 35.6812, longitude: 139.7671)) else {
      Issue.record("东京 not found")
      return
    }
    #expect(tokyo.name == "东京")
    #expect(geo.whereabouts(of: Coordinate(latitude: 10, longitude: -30)) == nil)
  }
}
