import Foundation
import SparrowDemo
import SparrowStore
import SparrowTestSupport
import Testing
import TuanStore

/// Keyword search through the pairs index (`SearchBigrams`, `TuanSchema.v5`) against the plain truth: a deal
/// matches when each word is a substring of its search text. Titles and words come from a small alphabet (so pairs
/// repeat across deals and words hit many and few), with Latin letters in both cases, symbols and a character
/// outside the Basic Multilingual Plane; words of one character, of several, of two words, in either locality.
@Test(arguments: StoreKind.available, [7, 2026] as [UInt64])
func keywordSearchFindsExactlyTheDealsWithEveryWord(_ kind: StoreKind, seed: UInt64) async throws {
  try await withStore(kind) { engine in
    var random = SplitMix(seed: seed)
    func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
    let alphabet = Array("火锅烤鸭双人套餐KTVktv%_（）·😀")
    func text(_ length: Int) -> String { String((0..<length).map { _ in alphabet[roll(alphabet.count)] }) }
    var f = TuanFixture()
    let beijing = TuanFixture.beijing, shanghai = TuanFixture.shanghai
    let shops = [
      f.merchant("小龙坎", city: beijing, district: TuanFixture.chaoyang, at: (39.93, 116.45)),
      f.merchant("海底捞", city: shanghai, district: TuanFixture.pudong, at: (31.24, 121.50)),
    ]
    for _ in 0..<120 {
      f.deal(text(2 + roll(7)), at: shops[roll(shops.count)], price: 1_000 + roll(9_000), nationwide: roll(8) == 0)
    }
    try await engine.tuan.importDeals(merchants: f.merchants, deals: f.deals)
    let merchants = Dictionary(uniqueKeysWithValues: f.merchants.map { ($0.id, $0) })
    for step in 0..<60 {
      // Mostly pieces of real titles (so there is something to find), sometimes made up.
      var words: [String] = []
      for _ in 0..<(roll(4) == 0 ? 2 : 1) {
        if roll(3) == 0 {
          words.append(text(1 + roll(3)))
        } else {
          let title = Array(f.deals[roll(f.deals.count)].title)
          let start = roll(title.count), length = 1 + roll(min(4, title.count - start))
          words.append(String(title[start..<(start + length)]))
        }
      }
      var query = DealQuery()
      query.keyword = words.joined(separator: " ")
      query.limit = 1_000
      let city = [beijing, shanghai][roll(2)]
      switch roll(4) {
      case 0: query.cityAdcodes = [city]
      case 1: query.cityAdcodes = [city]; query.locality = .localOnly
      case 2: query.locality = .nationwideOnly
      default: break
      }
      let wanted = TuanText.words(query.keyword)
      let truth = f.deals.filter { deal in
        let place: Bool = switch query.locality {
        case .any: query.cityAdcodes.isEmpty || deal.isNationwide || query.cityAdcodes.contains(deal.cityAdcode)
        case .localOnly: !deal.isNationwide && query.cityAdcodes.contains(deal.cityAdcode)
        case .nationwideOnly: deal.isNationwide
        }
        let text = deal.searchText(merchant: merchants[deal.merchantID])
        return place && wanted.allSatisfy { text.contains($0) }
      }
      let found = try await engine.tuan.findDeals(query)
      #expect(Set(found.items.map(\.deal.id)) == Set(truth.map(\.id)), "step \(step): \(words) \(query.locality)")
      #expect(found.total == truth.count, "step \(step): \(words)")
    }
  }
}
