import SparrowCore
import SparrowStore
import TuanStore

/// Deals' and businesses' JSON kept across requests (`KeptByRecord`): used only while the rows read for the request
/// (a deal's, its shop's and its 适用分店'; a shop's and its deals') equal the ones it was written from. Building and
/// writing twenty deals was a third of `find_deals`. The list forms are kept cut where their `distance` goes, which
/// each request writes.
struct DealTemplates: Sendable {
  /// What a deal's JSON is made from, besides its distance.
  struct Shown: Equatable, Sendable {
    let deal: DealRecord
    let merchant: MerchantRecord?
    let branches: [MerchantRecord]
    let full: Bool
  }

  /// What a business's JSON is made from, besides its distance.
  struct ShownBusiness: Equatable, Sendable {
    let merchant: MerchantRecord
    let deals: [DealRecord]
  }

  private let list = KeptByRecord<Shown, DealText.Parts>()
  private let full = KeptByRecord<Shown, DealText.Parts>()
  private let businesses = KeptByRecord<ShownBusiness, DealText.Parts>()
  let presenter: DealsPresenter

  init(presenter: DealsPresenter) { self.presenter = presenter }

  /// `DealsPresenter.deal`'s JSON, from the kept parts when the rows are the same.
  func deal(_ deal: DealRecord, merchant: MerchantRecord?, full isFull: Bool, distance: Double?, hasPoint: Bool,
            branches: [MerchantRecord] = []) -> DealText
  {
    let shown = Shown(deal: deal, merchant: merchant, branches: branches, full: isFull)
    let parts = (isFull ? full : list).value(deal.id, shown) {
      var json = presenter.deal(deal, merchant: merchant, full: isFull, distance: nil, hasPoint: false,
                                branches: branches)
      json.distance = nil
      var out = JSONOutput()
      json.writeJSON(&out)
      return DealText.Parts(out.bytes)
    }
    return DealText(
      parts: parts, distance: DealsPresenter.distance(full: isFull, hasPoint: hasPoint, hasMerchant: merchant != nil, distance))
  }

  /// `DealsPresenter.business`'s JSON, from the kept parts when the shop's and its deals' rows are the same.
  func business(_ merchant: MerchantRecord, deals: [DealRecord], distance: Double?) -> DealText {
    let parts = businesses.value(merchant.id, ShownBusiness(merchant: merchant, deals: deals)) {
      var json = presenter.business(merchant, deals: deals, distance: nil)
      json.distance = nil
      var out = JSONOutput()
      json.writeJSON(&out)
      return DealText.Parts(out.bytes, cutBefore: "business_url")
    }
    return DealText(parts: parts, distance: distance.map { Int($0.rounded()) } ?? -1)
  }
}

/// A deal's or a business's JSON from kept parts, with its distance written between them.
struct DealText: Encodable, JSONFieldWriting, Sendable {
  /// An object without its distance, cut where the distance goes: before `key` (`image_url` of a deal,
  /// `business_url` of a business), the first field after it. No string can hold `,"key":` unescaped, and no
  /// earlier field is an object.
  struct Parts: Sendable {
    let head: ArraySlice<UInt8>
    let tail: ArraySlice<UInt8>

    init(_ bytes: [UInt8], cutBefore key: String = "image_url") {
      let cut = bytes.firstRange(of: Array(#","\#(key)":"#.utf8))?.lowerBound ?? bytes.endIndex
      head = bytes[..<cut]
      tail = bytes[cut...]
    }
  }

  let parts: Parts
  let distance: Int?

  func writeJSON(_ out: inout JSONOutput) {
    out.bytes.append(contentsOf: parts.head)
    if let distance {
      out.bytes.append(contentsOf: #","distance":"#.utf8)
      out.int(distance)
    }
    out.bytes.append(contentsOf: parts.tail)
  }

  func encode(to encoder: any Encoder) throws {
    var out = JSONOutput(capacity: parts.head.count + parts.tail.count + 24)
    writeJSON(&out)
    try JSONFragment(out.bytes).encode(to: encoder)
  }
}
