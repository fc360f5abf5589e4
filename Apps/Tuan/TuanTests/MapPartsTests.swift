import Foundation
import GeoData
import SparrowDemo
import SparrowPlatform
import Testing
import TuanStore
@testable import TuanWeb

/// The map's kept parts (`MapParts`) against parts rendered afresh, over a random history of pins in two cities:
/// deals coming and going, shops renamed, prices and places changing. The kept markup must always be the fresh one.
@Test(arguments: [3, 2026] as [UInt64])
func keptMapPartsAreThePartsRenderedAfresh(seed: UInt64) async throws {
  let pages = try await TemplateLibrary.load(adding: TuanWeb.templates)
  let parts = MapParts(pages: pages)
  var random = SplitMix(seed: seed)
  func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
  let cities = [GeoData.shared.city(named: "北京")!, GeoData.shared.city(named: "长沙")!]
  var pins: [[DealPin]] = [[], []]
  for step in 0..<200 {
    let c = roll(2), city = cities[c]
    switch roll(4) {
    case 0 where !pins[c].isEmpty: pins[c].remove(at: roll(pins[c].count))
    case 1 where !pins[c].isEmpty:
      let i = roll(pins[c].count)
      pins[c][i].merchantName = ["小龙坎<b>", "海底捞(三里屯店)", "\"引号\""][roll(3)]
      pins[c][i].currentPrice = 100 * roll(500)
      pins[c][i].latitude = city.centroid.latitude + Double(roll(100) - 50) / 1000
    default:
      pins[c].insert(DealPin(id: Int64(step), merchantID: Int64(roll(30)), merchantName: "店\(roll(9))",
                             title: "套餐\(step)", currentPrice: 100 * roll(500),
                             latitude: city.centroid.latitude + Double(roll(100) - 50) / 1000,
                             longitude: city.centroid.longitude + Double(roll(100) - 50) / 1000), at: roll(pins[c].count + 1))
    }
    let fresh = MapParts(pages: pages)
    #expect(parts.pins(pins[c], in: city) == fresh.pins(pins[c], in: city), "step \(step)")
    #expect(parts.districts(of: city) == fresh.districts(of: city), "step \(step)")
  }
}
