import Foundation
import Testing

@testable import GeoData

/// Search, point-in-polygon, free-text matching and 商圈.
struct LookupTests {
  let geo = GeoData.shared

  @Test(arguments: ["cs", "CS", "changsha", "Chang Sha", "长沙", "长沙市"])
  func searchFindsChangshaFirst(_ query: String) {
    #expect(geo.search(query).first?.name == "长沙")
  }

  @Test func searchByCharacterRanksPrefixBeforeContained() {
    let names = geo.search("长", limit: 50).map(\.name)

    #expect(names.contains("长沙") && names.contains("长春") && names.contains("长治"))
    #expect(names.firstIndex(of: "长沙")! < (names.firstIndex(of: "延边") ?? .max))  // 延边 has no 长 at all
  }

  @Test func searchRanksExactBeforePrefix() {
    let results = geo.search("xian").map(\.name)

    #expect(results.first == "西安")  // exact pinyin
    #expect(results.contains("咸阳") && results.contains("咸宁"))  // prefix: xianyang, xianning
  }

  @Test func searchAcceptsApostrophesAndUmlauts() {
    #expect(geo.search("lu'an").first?.name == "六安")
    #expect(geo.search("lüliang").first?.name == "吕梁")
    #expect(geo.search("lvliang").first?.name == "吕梁")
  }

  @Test func searchOfNothingFindsNothing() {
    #expect(geo.search("").isEmpty)
    #expect(geo.search("   ").isEmpty)
    #expect(geo.search("zzzz").isEmpty)
  }

  @Test func searchPutsHotCitiesFirstWithinARank() {
    #expect(geo.search("b").first?.name == "北京")
  }

  @Test func districtSearchWithinACity() throws {
    let beijing = try #require(geo.city(named: "北京"))

    #expect(geo.searchDistricts("cy", in: beijing).map(\.fullName) == ["朝阳区"])
    #expect(geo.searchDistricts("朝阳").count >= 3)  // 北京, 长春, 朝阳县
  }

  @Test(arguments: [
    (39.9087, 116.3975, "北京", "东城区"),  // 天安门
    (31.2400, 121.4875, "上海", "黄浦区"),  // 外滩, at the buildings (see the README on the river border)
    (30.2420, 120.1500, "杭州", "西湖区"),  // 西湖
    (22.5430, 114.0860, "深圳", "福田区"),  // 华强北
    (30.6570, 104.0800, "成都", "锦江区"),  // 春熙路
    (40.0800, 116.5840, "北京", "朝阳区"),  // 首都机场, 朝阳's exclave inside 顺义
    (22.7800, 113.7500, "东莞", "东莞市"),  // a city without districts
  ])
  func placeContainingFindsTheDistrict(_ lat: Double, _ lon: Double, _ city: String, _ district: String) {
    let place = geo.place(containing: Coordinate(latitude: lat, longitude: lon))

    #expect(place?.city.name == city)
    #expect(place?.district.fullName == district)
  }

  @Test func placeContainingIsNilOutsideMainlandChina() {
    #expect(geo.place(containing: Coordinate(latitude: 35.68, longitude: 139.76)) == nil)  // 东京
    #expect(geo.place(containing: Coordinate(latitude: 0, longitude: 0)) == nil)
  }

  @Test func placeContainingForgivesAPointJustOffTheCoast() {
    // 蛇口's ferry terminal is on reclaimed land the simplified coast leaves in the sea.
    let place = geo.place(containing: Coordinate(latitude: 22.4835, longitude: 113.9135))

    #expect(place?.district.fullName == "南山区")
  }

  @Test(arguments: [
    ("杭州西湖", "杭州", "西湖区"),
    ("浙江省杭州市西湖区", "杭州", "西湖区"),
    ("西湖区", "杭州", "西湖区"),
    ("北京朝阳", "北京", "朝阳区"),
    ("三里屯", "北京", "朝阳区"),
    ("上海 浦东 陆家嘴", "上海", "浦东新区"),
    ("长沙县", "长沙", "长沙县"),
    ("hangzhou xihu", "杭州", "西湖区"),
    ("xihu", "杭州", "西湖区"),
  ])
  func matchFreeTextFindsCityAndDistrict(_ text: String, _ city: String, _ district: String) {
    let match = geo.match(freeText: text)

    #expect(match?.city.name == city)
    #expect(match?.district?.fullName == district)
  }

  @Test(arguments: ["杭州", "hangzhou", "Hangzhou", "杭州市"])
  func matchFreeTextWithOnlyACity(_ text: String) {
    let match = geo.match(freeText: text)

    #expect(match?.city.name == "杭州")
    #expect(match?.district == nil)
  }

  @Test func matchFreeTextKnowsTheCityIsNotItsCounty() {
    #expect(geo.match(freeText: "长沙")?.district == nil)
  }

  @Test func matchFreeTextNamesTheNeighbourhood() {
    #expect(geo.match(freeText: "成都春熙路")?.neighbourhood?.name == "春熙路")
  }

  @Test(arguments: ["", "火星", "asdfgh", "市中心"])
  func matchFreeTextIsNilForNoPlace(_ text: String) {
    #expect(geo.match(freeText: text) == nil)
  }

  @Test func everyDistrictOfTheHotCitiesHasNeighbourhoods() {
    for city in geo.hotCities {
      for district in geo.districts(of: city) {
        #expect(!geo.neighbourhoods(of: district).isEmpty, "\(city.name) \(district.fullName)")
      }
    }
  }

  @Test func neighbourhoodsAreInsideTheirDistrictOutlines() throws {
    for neighbourhood in geo.neighbourhoods {
      let district = try #require(geo.district(adcode: neighbourhood.districtAdcode))
      let outline = try #require(geo.outline(of: district))

      #expect(outline.contains(neighbourhood.coordinate), "\(neighbourhood.name) \(district.fullName)")
    }
  }

  @Test func chaoyangHasItsKnownNeighbourhoodsPlacedByHand() throws {
    let chaoyang = try #require(geo.district(adcode: 110_105))

    let byName = Dictionary(uniqueKeysWithValues: geo.neighbourhoods(of: chaoyang).map { ($0.name, $0) })

    for name in ["三里屯", "国贸", "望京", "朝阳公园", "双井", "亚运村"] {
      #expect(byName[name]?.isGenerated == false, "\(name)")
    }
    #expect((3...8).contains(byName.count))
  }

  @Test func generatedNeighbourhoodsAreFlagged() {
    let generated = geo.neighbourhoods.filter(\.isGenerated)

    #expect(!generated.isEmpty && generated.count < geo.neighbourhoods.count)
  }
}
