import Foundation
import Testing

@testable import GeoData

/// The shipped data: counts, codes, names, centroids. These fail if a regeneration breaks the data.
struct DataTests {
  let geo = GeoData.shared

  @Test func countsAreInTheExpectedRanges() {
    #expect((330...400).contains(geo.cities.count))
    #expect((2_800...3_000).contains(geo.districts.count))
    #expect(geo.cities.filter { $0.level == .municipality }.map(\.name).sorted() == ["上海", "北京", "天津", "重庆"])
    #expect((330...340).contains(geo.cities.filter { $0.level == .prefecture }.count))
  }

  @Test func adcodesAreUniqueAndSixDigits() throws {
    let cityCodes = geo.cities.map(\.adcode)
    let districtCodes = geo.districts.map(\.adcode)

    #expect(Set(cityCodes).count == cityCodes.count)
    #expect(Set(districtCodes).count == districtCodes.count)
    // The mainland's provinces, then 台湾 (71) and 香港 and 澳门 (81, 82).
    #expect((cityCodes + districtCodes).allSatisfy { (110_000...659_999).contains($0) || (710_000...829_999).contains($0) })
    #expect(geo.districts(of: try #require(geo.city(named: "香港"))).map(\.fullName).contains("油尖旺区"))
    #expect(geo.districts(of: try #require(geo.city(named: "香港"))).count == 18)
    #expect(geo.city(named: "台北")?.countryCode == "TW" && geo.city(named: "澳门")?.countryCode == "MO")
    #expect(geo.city(named: "新竹")?.fullName == "新竹市" && geo.city(named: "新竹县")?.fullName == "新竹县")
    // A city and a district share a code only where the district stands for the whole city.
    let shared = Set(cityCodes).intersection(districtCodes)
    #expect(shared == Set(geo.districts.filter(\.isWholeCity).map(\.adcode)))
  }

  @Test func everyCityHasADistrictAndEveryDistrictACity() {
    for city in geo.cities {
      #expect(!geo.districts(of: city).isEmpty, "\(city.fullName) has no district")
    }
    for district in geo.districts {
      #expect(geo.city(adcode: district.cityAdcode) != nil)
    }
  }

  @Test func citiesWithoutCountyDivisionsHaveOneWholeCityDistrict() {
    for name in ["东莞", "中山", "嘉峪关", "儋州", "仙桃", "济源", "石河子", "琼海"] {
      let city = geo.city(named: name)

      let districts = city.map { geo.districts(of: $0) } ?? []

      #expect(districts.count == 1, "\(name)")
      #expect(districts.first?.isWholeCity == true && districts.first?.adcode == city?.adcode, "\(name)")
    }
  }

  @Test func chongqingHasItsRealDistrictsNotTheDevelopmentZone() throws {
    let chongqing = try #require(geo.city(named: "重庆"))

    let names = geo.districts(of: chongqing).map(\.fullName)

    #expect(names.contains("江北区") && names.contains("渝北区") && names.contains("渝中区"))
    #expect(!names.contains("两江新区"))
    #expect(names.count == 38)
  }

  @Test func namesShortAndFull() throws {
    #expect(geo.city(named: "长沙")?.fullName == "长沙市")
    #expect(geo.city(named: "长沙市")?.name == "长沙")
    #expect(geo.city(named: "延边")?.fullName == "延边朝鲜族自治州")
    #expect(geo.city(named: "海南州")?.fullName == "海南藏族自治州")
    #expect(geo.city(named: "兴安盟")?.province == "内蒙古自治区")
    #expect(geo.city(adcode: 430_100)?.name == "长沙")
    let beijing = try #require(geo.city(named: "北京"))
    let shanghai = try #require(geo.city(named: "上海"))
    #expect(geo.district(named: "朝阳区", in: beijing)?.name == "朝阳")
    #expect(geo.district(named: "浦东新区", in: shanghai)?.name == "浦东")
  }

  @Test func citiesAreSortedByPinyin() {
    let keys = geo.cities.map(\.pinyin)

    #expect(keys == keys.sorted())
    #expect(geo.cities.first?.pinyin.hasPrefix("a") == true)
  }

  @Test func hotCitiesAreInDianpingOrder() {
    #expect(geo.hotCities.map(\.name) == ["北京", "上海", "广州", "深圳", "天津", "西安", "重庆", "杭州", "南京", "武汉", "成都"])
    #expect(geo.cities.filter(\.isHot).count == 11)
  }

  @Test func pinyinIsLowercaseLettersAndInitialsFollowIt() {
    let names =
      geo.cities.map { ($0.name, $0.pinyin, $0.initials) } + geo.districts.map { ($0.name, $0.pinyin, $0.initials) }
    for place in names {
      #expect(place.1.allSatisfy { ("a"..."z").contains($0) }, "\(place.0) \(place.1)")
      #expect(place.2.count == place.0.count && place.1.hasPrefix(place.2.prefix(1)), "\(place.0) \(place.2)")
    }
  }

  @Test(arguments: [("六安", "Lu'an"), ("西安", "Xi'an"), ("吕梁", "Lüliang"), ("兴安盟", "Xing'an Meng"), ("长沙", "Changsha")])
  func displayPinyinFollowsPlaceNameSpelling(_ name: String, _ display: String) {
    #expect(geo.city(named: name)?.displayPinyin == display)
  }

  @Test func districtDisplayKeepsTheAdministrativeWordApart() throws {
    let heze = try #require(geo.city(named: "菏泽"))
    let liaocheng = try #require(geo.city(named: "聊城"))

    #expect(geo.district(named: "单县", in: heze)?.displayPinyin == "Shan Xian")
    #expect(geo.district(named: "东阿县", in: liaocheng)?.displayPinyin == "Dong'e")
  }

  @Test func everyCentroidIsInsideItsOutlineOrVeryNear() {
    for city in geo.cities {
      let outline = geo.outline(of: city)
      #expect(outline != nil, "\(city.fullName)")
      #expect((outline?.distance(to: city.centroid) ?? 1) < 0.01, "\(city.fullName)")
    }
    for district in geo.districts where district.hasOutline {
      let outline = geo.outline(of: district)
      #expect(outline != nil, "\(district.fullName)")
      #expect((outline?.distance(to: district.centroid) ?? 1) < 0.01, "\(district.fullName) \(district.adcode)")
    }
  }

  @Test func onlyTheCountiesNewerThanTheOutlinesLackOne() {
    let without = geo.districts.filter { !$0.hasOutline }.map(\.fullName).sorted()

    #expect(without == ["和安县", "和康县"])
  }

  @Test func outlinesAreMultiPolygonAware() throws {
    let sanshaCity = try #require(geo.city(named: "三沙"))
    let chaoyangDistrict = try #require(geo.district(adcode: 110_105))

    let sansha = try #require(geo.outline(of: sanshaCity))
    let chaoyang = try #require(geo.outline(of: chaoyangDistrict))

    #expect(sansha.polygons.count > 10)  // islands
    #expect(chaoyang.polygons.count >= 2)  // 首都机场 is an exclave of 朝阳区 inside 顺义区
    #expect(chaoyang.polygons.allSatisfy { $0.allSatisfy { $0.count >= 3 } })
  }
}
