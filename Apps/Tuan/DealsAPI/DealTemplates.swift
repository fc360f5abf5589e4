import SparrowCore
import SparrowStore
import TuanStore

/// Deals' JSON kept across requests (`KeptByRecord`): used only while the deal's row, its shop's and its 适用分店'
/// rows read for the request equal the ones it was written from. Building and writing twenty deals was a third of
/// `find_deals`. The list form is kept cut where its `distance` goes, which each request writes.
struct DealTemplates: Sendable {
  /// What a deal's JSON is made from, besides its distance.
  struct Shown: Equatable, Sendable {
    let deal: DealRecord
    let merchant: MerchantRecord?
    let branches: [MerchantRecord]
    let full: Bool
  }

  private let list = KeptByRecord<Shown, DealText.Parts>()
  private let full = KeptByRecord<Shown, DealText.Parts>()
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
}

/// A deal's JSON from kept parts, with its distance written between them.
struct DealText: Encodable, JSONFieldWriting, Sendable {
  /// A deal's object without its distance, cut where the distance goes: after `purchase_deadline`, before
  /// `image_url` (no string can hold `,"image_url":` unescaped, and no earlier field is an object).
  struct Parts: Sendable {
    let head: ArraySlice<UInt8>
    let tail: ArraySlice<UInt8>

    init(_ bytes: [UInt8]) {
      let cut = bytes.firstRange(of: Array(#","image_url":"#.utf8))?.lowerBound ?? bytes.endIndex
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
