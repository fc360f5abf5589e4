import Foundation
import SparrowStore

/// A merchant (商家): a shop with an address, where deals are used.
package struct MerchantRecord: Sendable, Equatable {
  package var id: Int64
  /// The name without the branch: 小肥羊火锅.
  package var name: String
  /// The branch (分店名), without brackets: 三里屯店; empty for a single shop.
  package var branchName: String
  package var cityAdcode: Int
  package var districtAdcode: Int
  /// The 商圈 it is in, empty when none.
  package var neighbourhood: String
  package var address: String
  package var phone: String
  /// WGS-84, as GeoData's outlines (see docs/architecture.md).
  package var latitude: Double
  package var longitude: Double
  package var category: String
  package var subcategory: String
  /// Opening hours as shown: "10:00-22:00".
  package var hours: String
  /// Its reviews' numbers (`ReviewTally`): the stars, grades and counts every page and the API show.
  package var tally: ReviewTally
  package var createdAt: Date

  /// Stars, 0…5 in steps of 0.5; 0 without reviews.
  package var rating: Double { tally.average }
  package var reviewCount: Int { tally.count }
  /// 人均 in yuan from its reviews, -1 when none gave one.
  package var averagePrice: Int { tally.averageSpend }

  package init(
    id: Int64, name: String, branchName: String = "", cityAdcode: Int, districtAdcode: Int, neighbourhood: String = "",
    address: String, phone: String, latitude: Double, longitude: Double, category: String, subcategory: String = "",
    hours: String = "", tally: ReviewTally = .none, createdAt: Date
  ) {
    self.id = id
    self.name = name
    self.branchName = branchName
    self.cityAdcode = cityAdcode
    self.districtAdcode = districtAdcode
    self.neighbourhood = neighbourhood
    self.address = address
    self.phone = phone
    self.latitude = latitude
    self.longitude = longitude
    self.category = category
    self.subcategory = subcategory
    self.hours = hours
    self.tally = tally
    self.createdAt = createdAt
  }

  /// The name with its branch, as Dianping shows it: 小肥羊火锅(三里屯店).
  package var fullName: String { Self.fullName(name: name, branch: branchName) }

  /// A shop's name with its branch: 小龙坎(三里屯店).
  package static func fullName(name: String, branch: String) -> String {
    branch.isEmpty ? name : "\(name)(\(branch))"
  }

  /// Whether the number could ring someone: in China no local number starts with 0, so the demo's 010-0000-1234
  /// cannot, and pages show it without a `tel:` link.
  package var isDialable: Bool {
    let parts = phone.split(separator: "-")
    guard let local = parts.count > 1 ? parts[1] : parts.first else { return false }
    return !local.hasPrefix("0")
  }

  /// What keyword search of merchants looks in: name, branch and address, lowercased.
  package var searchText: String { [name, branchName, address].joined(separator: "\n").lowercased() }
}

/// A deal's sections as the engines store them (`TuanJSON.encode`), parsed when read. Two are equal when they hold
/// the same sections, whatever the text's spacing or key order (PostgreSQL hands back its own).
package struct StoredSections: Sendable, Equatable {
  package let text: String

  package init(stored text: String) { self.text = text }
  package init(_ sections: [DealSection]) { text = sections.isEmpty ? "[]" : TuanJSON.encode(sections) }

  package var sections: [DealSection] { DealSection.list(text) }

  package static func == (a: Self, b: Self) -> Bool { a.text == b.text || a.sections == b.sections }
}

/// One titled part of a deal's 团购详情: "套餐内容" with its lines.
package struct DealSection: Sendable, Equatable, Codable {
  package var title: String
  package var lines: [String]
  package init(title: String, lines: [String]) {
    self.title = title
    self.lines = lines
  }

  /// The sections a deal's `details` column holds, as the engines write it (`TuanJSON.encode`), read by hand:
  /// JSONDecoder on every deal of a page was a tenth of a `find_deals`. Anything else goes through JSONDecoder.
  package static func list(_ text: String) -> [DealSection] {
    var text = text
    let read = text.withUTF8 { bytes -> [DealSection]? in
      var reader = PlainJSONReader(bytes: bytes)
      let sections = reader.list { reader -> DealSection? in
        guard reader.take(UInt8(ascii: "{")) else { return nil }
        var title: String?, lines: [String]?
        repeat {
          guard let key = reader.string(), reader.take(UInt8(ascii: ":")) else { return nil }
          switch key {
          case "title": title = reader.string()
          case "lines": lines = reader.list { $0.string() }
          default: return nil
          }
        } while reader.take(UInt8(ascii: ","))
        guard reader.take(UInt8(ascii: "}")), let title, let lines else { return nil }
        return DealSection(title: title, lines: lines)
      }
      return reader.end() ? sections : nil
    }
    return read ?? TuanJSON.decode(text) ?? []
  }
}

/// A 团购 deal, sold at one merchant. Prices are integer cents (at most 2 decimals of a yuan by construction);
/// the discount is never stored, only computed from the two prices.
package struct DealRecord: Sendable, Equatable {
  package var id: Int64
  package var merchantID: Int64
  package var title: String
  package var description: String
  /// The merchant's city and district (a nationwide deal keeps its merchant's, and is sold everywhere).
  package var cityAdcode: Int
  package var districtAdcode: Int
  package var neighbourhood: String
  /// Sold in every city (the API's `city: "全国"`, `is_local=0`).
  package var isNationwide: Bool
  package var category: String
  /// Empty when the deal is only in its top-level category.
  package var subcategory: String
  /// 原价 in cents: shown struck only when above `currentPrice`.
  package var listPrice: Int
  /// 团购价 in cents.
  package var currentPrice: Int
  /// 已售: units ordered and not cancelled (a cancelled 团购券 returns to stock and lowers it).
  package var purchaseCount: Int
  package var publishedAt: Date
  /// The end of the last day it can be bought; its 团购券 are valid until then too.
  package var deadline: Date
  package var updatedAt: Date
  /// How many units are offered in all (剩余 is this less 已售); nil when unlimited.
  package var stock: Int?
  /// 限购: how many units one person may hold (ordered and not cancelled); nil when unlimited.
  package var limitPerPerson: Int?
  /// 需预约 (else 免预约).
  package var reservationRequired: Bool
  /// An important temporary notice, often empty.
  package var notice: String
  /// 购买须知: usage rules and validity.
  package var specialTips: String
  /// 团购详情, read from the stored text when asked for: a list of deals shows none of it, and parsing every
  /// deal's sections was a sixteenth of `find_deals`.
  package var details: [DealSection] {
    get { storedDetails.sections }
    set { storedDetails = StoredSections(newValue) }
  }
  package var storedDetails: StoredSections
  package var pictures: [PictureRef]
  /// The merchant's position, copied so geo search needs no join.
  package var latitude: Double
  package var longitude: Double

  package init(
    id: Int64, merchantID: Int64, title: String, description: String, cityAdcode: Int, districtAdcode: Int,
    neighbourhood: String = "", isNationwide: Bool = false, category: String, subcategory: String = "",
    listPrice: Int, currentPrice: Int, purchaseCount: Int = 0, publishedAt: Date, deadline: Date,
    updatedAt: Date? = nil, stock: Int? = nil, limitPerPerson: Int? = nil,
    reservationRequired: Bool = false, notice: String = "", specialTips: String = "", details: [DealSection] = [],
    pictures: [PictureRef] = [], latitude: Double, longitude: Double
  ) {
    self.id = id
    self.merchantID = merchantID
    self.title = title
    self.description = description
    self.cityAdcode = cityAdcode
    self.districtAdcode = districtAdcode
    self.neighbourhood = neighbourhood
    self.isNationwide = isNationwide
    self.category = category
    self.subcategory = subcategory
    self.listPrice = listPrice
    self.currentPrice = currentPrice
    self.purchaseCount = purchaseCount
    self.publishedAt = publishedAt
    self.deadline = deadline
    self.updatedAt = updatedAt ?? publishedAt
    self.stock = stock
    self.limitPerPerson = limitPerPerson
    self.reservationRequired = reservationRequired
    self.notice = notice
    self.specialTips = specialTips
    storedDetails = StoredSections(details)
    self.pictures = pictures
    self.latitude = latitude
    self.longitude = longitude
  }

  /// On sale at `now`: published and before its deadline.
  package func isOnSale(at now: Date) -> Bool { publishedAt <= now && now < deadline }

  /// 剩余: the units still for sale, nil when unlimited.
  package var left: Int? { stock.map { max(0, $0 - purchaseCount) } }

  /// 已抢光: a limited stock, all ordered.
  package var isSoldOut: Bool { left == 0 }

  /// The list price, only when it is above the current price (honest prices: no struck price otherwise).
  package var struckPrice: Int? { listPrice > currentPrice ? listPrice : nil }

  /// The discount in tenths (折): 98 of 168 → 5.8折, computed, never stored; nil without a struck price.
  package var discountTenths: Int? {
    guard let list = struckPrice, list > 0 else { return nil }
    return max(1, currentPrice * 100 / list)
  }

  /// Text keyword search looks in: the title, description, merchant name and address (given by the loader).
  package func searchText(merchant: MerchantRecord?) -> String {
    [title, description, merchant?.fullName ?? "", merchant?.address ?? ""].joined(separator: "\n").lowercased()
  }
}

/// A coupon's state. `expired` is never stored: an unused coupon past its validity reads as expired. Paid at the
/// shop (到店付款), no money is ever taken, so nothing is refunded: an unused coupon is cancelled.
package enum CouponState: String, Sendable, Hashable, CaseIterable {
  case unused, consumed, cancelled, expired

  /// The word the app shows: 未消费, 已消费, 已取消, 已过期.
  package var label: String {
    switch self {
    case .unused: "未消费"
    case .consumed: "已消费"
    case .cancelled: "已取消"
    case .expired: "已过期"
    }
  }
}

/// A 团购券: one use of a deal, paid at the shop (到店付款), valid until the deal's deadline.
package struct CouponRecord: Sendable, Hashable {
  /// 12 digits, unique.
  package var code: String
  package var orderID: Int64
  package var dealID: Int64
  package var merchantID: Int64
  package var userID: Int64
  /// As stored: unused, consumed or cancelled.
  package var storedState: CouponState
  package var validUntil: Date
  /// When it was consumed or cancelled.
  package var changedAt: Date?

  package init(
    code: String, orderID: Int64, dealID: Int64, merchantID: Int64, userID: Int64, storedState: CouponState = .unused,
    validUntil: Date, changedAt: Date? = nil
  ) {
    self.code = code
    self.orderID = orderID
    self.dealID = dealID
    self.merchantID = merchantID
    self.userID = userID
    self.storedState = storedState
    self.validUntil = validUntil
    self.changedAt = changedAt
  }

  /// The state at `now`: an unused coupon past its validity is expired.
  package func state(at now: Date) -> CouponState {
    storedState == .unused && now >= validUntil ? .expired : storedState
  }
}

/// An order of a deal by a user: quantity and total fixed when it was made; its coupons.
package struct OrderRecord: Sendable, Hashable {
  package var id: Int64
  package var userID: Int64
  package var dealID: Int64
  package var quantity: Int
  /// Cents, the deal's current price when ordered.
  package var unitPrice: Int
  package var total: Int { unitPrice * quantity }
  package var createdAt: Date
  package var coupons: [CouponRecord]
  /// The reviews written with its 团购券, by code: read with the coupons (the orders pages link them).
  package var reviewIDs: [String: Int64] = [:]

  package init(id: Int64, userID: Int64, dealID: Int64, quantity: Int, unitPrice: Int, createdAt: Date,
               coupons: [CouponRecord] = []) {
    self.id = id
    self.userID = userID
    self.dealID = dealID
    self.quantity = quantity
    self.unitPrice = unitPrice
    self.createdAt = createdAt
    self.coupons = coupons
  }
}

/// A deal a user collected (收藏) or viewed (最近浏览), and when.
package struct DealMark: Sendable, Equatable {
  package var dealID: Int64
  package var at: Date
  package init(dealID: Int64, at: Date) {
    self.dealID = dealID
    self.at = at
  }
}

/// What the deals API signs with: a Sparrow app's client_id (`appkey`) and its secret in clear, which the
/// Dianping signature (SHA-1 over key, parameters and secret) needs; OAuth itself keeps only the secret's hash.
/// A shop's app is linked to its merchant, and may consume that merchant's coupons.
package struct DealsKeyRecord: Sendable, Equatable {
  package var clientID: String
  package var secret: String
  package var merchantID: Int64?
  package var createdAt: Date
  package init(clientID: String, secret: String, merchantID: Int64? = nil, createdAt: Date) {
    self.clientID = clientID
    self.secret = secret
    self.merchantID = merchantID
    self.createdAt = createdAt
  }
}

extension [OrderRecord] {
  /// The orders with their 团购券 from `coupons` (read in one query for the page, each with the id of the review
  /// written with it, if any), as both engines answer them.
  package func attaching(_ coupons: [(coupon: CouponRecord, reviewID: Int64?)]) -> [OrderRecord] {
    let byOrder = Dictionary(grouping: coupons, by: \.coupon.orderID)
    return map { order in
      var order = order
      let own = byOrder[order.id] ?? []
      order.coupons = own.map(\.coupon)
      order.reviewIDs = Dictionary(own.compactMap { read in read.reviewID.map { (read.coupon.code, $0) } },
                                   uniquingKeysWith: { a, _ in a })
      return order
    }
  }
}
