import Foundation
import Testing

@testable import GeoData

/// One polyphonic place-name reading from Fixtures/pinyin_traps.json.
struct PinyinTrap: Decodable, Sendable, CustomTestStringConvertible {
  let name, pinyin, initials: String
  var testDescription: String { "\(name) \(pinyin)" }

  static let all: [PinyinTrap] = {
    let url = Bundle.module.url(forResource: "pinyin_traps", withExtension: "json", subdirectory: "Fixtures")!
    return try! JSONDecoder().decode([PinyinTrap].self, from: Data(contentsOf: url))
  }()
}

@Test func fixtureHasEnoughTraps() {
  #expect(PinyinTrap.all.count >= 120)
}

/// Every place with the trap's name (长宁 is a 区 in 上海 and a 县 in 宜宾) must read as the fixture says.
@Test(arguments: PinyinTrap.all)
func placeNameReadsAsTheTrapSays(_ trap: PinyinTrap) {
  let geo = GeoData.shared

  let readings =
    geo.cities.filter { $0.name == trap.name || $0.fullName == trap.name }.map { ($0.pinyin, $0.initials) }
    + geo.districts.filter { $0.name == trap.name || $0.fullName == trap.name }.map { ($0.pinyin, $0.initials) }

  #expect(!readings.isEmpty, "no city or district is called \(trap.name)")
  for (pinyin, initials) in readings {
    #expect(pinyin == trap.pinyin)
    #expect(initials == trap.initials)
  }
}
