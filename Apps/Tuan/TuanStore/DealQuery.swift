import Foundation
import SparrowStore

/// The seven deal orders of `deal/find_deals` (`sort` 1…7).
package enum DealSort: Int, Sendable, CaseIterable {
  /// 默认排序: sales per day on sale, so a new deal with a good start ranks with old best sellers.
  case ranking = 1
  /// 价格最低, 价格最高.
  case priceLow, priceHigh
  /// 人气最高: most sold.
  case popular
  /// 最新发布.
  case newest
  /// 即将结束: nearest deadline.
  case endingSoon
  /// 离我最近: needs `DealQuery.near`.
  case nearest
}

/// A circle on the map: a point and a radius in metres.
package struct GeoCircle: Sendable, Hashable {
  package var latitude: Double
  package var longitude: Double
  package var radius: Double
  package init(latitude: Double, longitude: Double, radius: Double) {
    self.latitude = latitude
    self.longitude = longitude
    self.radius = radius
  }

  /// Metres per degree of latitude, and of longitude here.
  static let metresPerDegree = 111_320.0
  package var metresPerLongitudeDegree: Double { Self.metresPerDegree * cos(latitude * .pi / 180) }

  /// The box around the circle, for the geo index: (minLatitude, maxLatitude, minLongitude, maxLongitude).
  package var box: (minLatitude: Double, maxLatitude: Double, minLongitude: Double, maxLongitude: Double) {
    let dLat = radius / Self.metresPerDegree
    let dLon = radius / max(metresPerLongitudeDegree, 1)
    return (latitude - dLat, latitude + dLat, longitude - dLon, longitude + dLon)
  }

  /// The distance in metres from the centre to a point (haversine).
  package func distance(toLatitude lat: Double, longitude lon: Double) -> Double {
    let r = 6_371_000.0
    let p1 = latitude * .pi / 180, p2 = lat * .pi / 180
    let dp = (lat - latitude) * .pi / 180, dl = (lon - longitude) * .pi / 180
    let a = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
    return 2 * r * atan2(a.squareRoot(), (1 - a).squareRoot())
  }
}

/// Which deals a search wants. Everything set narrows the result; names are resolved by the caller (the API
/// turns 城市, 区域 and 分类 names into adcodes and category names).
package struct DealQuery: Sendable, Hashable {
  /// Local and nationwide deals, or only one kind (the API's `is_local`).
  package enum Locality: Sendable, Hashable { case any, localOnly, nationwideOnly }

  /// The deals' cities; empty for every city. Nationwide deals are in every city's results unless
  /// `locality` says otherwise.
  package var cityAdcodes: [Int] = []
  package var locality: Locality = .any
  /// Only local deals of this district.
  package var districtAdcode: Int?
  /// Only local deals in this 商圈 (of `districtAdcode` when set).
  package var neighbourhood: String?
  /// Deals in any of these top-level categories, or in any of `subcategories`; both empty for every category.
  package var categories: [String] = []
  package var subcategories: [String] = []
  /// Words that must all appear in the title, description, merchant name or address (case-insensitive).
  package var keyword: String?
  /// Only deals whose merchant is inside this circle.
  package var near: GeoCircle?
  /// Only deals of these merchants; empty for every merchant.
  /// Deals of these merchants: their own, and those they honour as a 适用分店.
  package var merchantIDs: [Int64] = []
  /// Only deals on sale at this moment.
  package var onSaleAt: Date?
  /// Only deals published in `[from, to)`.
  package var publishedIn: Range<Date>?
  /// Only deals whose deadline falls in `[from, to)` (they went off sale then).
  package var endedIn: Range<Date>?
  /// Only deals changed in `[from, to)`.
  package var updatedIn: Range<Date>?
  package var sort: DealSort = .ranking
  package var limit = 20
  package var offset = 0

  package init() {}

  /// Whether it lists a place's deals, shops' or a point's: each a filter of its own, kept apart
  /// (`OnSaleSets.placeKey`).
  package var isPlace: Bool { !merchantIDs.isEmpty || near != nil }

  /// The moment `ranking` ranks at (milliseconds): the minute of `onSaleAt` (or of now), so its order holds for a
  /// minute and can be kept (`OnSaleSets.orderKey`).
  package var rankedAt: Int64 {
    let now = millis(onSaleAt ?? Date())
    return now - now % 60_000
  }
}

/// One result of a search: the deal and, when the query had a point, its distance in metres.
package struct DealHit: Sendable, Equatable {
  package var deal: DealRecord
  package var distance: Double?
  package init(deal: DealRecord, distance: Double?) {
    self.deal = deal
    self.distance = distance
  }
}

/// A deal as the map places it: where, whose (with the shop's full name), what and for how much, without the
/// rest of its row or its shop's.
package struct DealPin: Sendable, Equatable {
  package var id: Int64
  package var merchantID: Int64
  package var merchantName: String
  package var title: String
  package var currentPrice: Int
  package var latitude: Double
  package var longitude: Double
  package init(id: Int64, merchantID: Int64, merchantName: String, title: String, currentPrice: Int, latitude: Double,
               longitude: Double) {
    self.id = id
    self.merchantID = merchantID
    self.merchantName = merchantName
    self.title = title
    self.currentPrice = currentPrice
    self.latitude = latitude
    self.longitude = longitude
  }
}

/// The map's pins of a list of deals: each deal's own, in the list's order, then a marker at each of their 适用分店
/// (the same deal at another shop), in the deals' order. Kept whole with the list's order (`OnSaleSets.orderKey`
/// with `pins`): a map of 300 deals read their 适用分店 and those shops on every visit, and copied and compared
/// its 300 pins to find its kept markup (`MapParts`), a quarter of `/tuan/map`.
package struct MapPins: Sendable {
  /// The deals' pins, then the markers.
  package let pins: [DealPin]
  /// How many of `pins` are the deals' own.
  package let deals: Int

  /// `deals`' pins, then a marker at each of `branches` (each deal's 适用分店, as `branches(of:)` gives them) found
  /// in `shops`.
  package init(deals: [DealPin], branches: [Int64: [Int64]], shops: [Int64: MerchantRecord]) {
    let markers = deals.flatMap { pin in
      (branches[pin.id] ?? []).compactMap { shops[$0] }.map {
        DealPin(id: pin.id, merchantID: $0.id, merchantName: $0.fullName, title: pin.title, currentPrice: pin.currentPrice,
                latitude: $0.latitude, longitude: $0.longitude)
      }
    }
    (pins, self.deals) = (deals + markers, deals.count)
  }

  /// The `limit` deals from `offset` with their markers: `pins` itself (no copy, and compared by identity) when that
  /// is all of them.
  package func page(offset: Int, limit: Int) -> [DealPin] {
    if offset == 0, limit >= deals { return pins }
    let page = Array(pins.prefix(deals).dropFirst(offset).prefix(limit))
    let shown = Set(page.map(\.id))
    return page + pins.dropFirst(deals).filter { shown.contains($0.id) }
  }
}

/// A district of a city with deals on sale, and the 商圈 in it that have some.
package struct DealRegion: Sendable, Equatable {
  package var districtAdcode: Int
  package var neighbourhoods: [String]
  package init(districtAdcode: Int, neighbourhoods: [String]) {
    self.districtAdcode = districtAdcode
    self.neighbourhoods = neighbourhoods
  }
}

/// Why a coupon could not be consumed or cancelled, or what it became.
package enum CouponOutcome: Sendable, Equatable {
  /// Done: the coupon as it is now.
  case done(CouponRecord)
  /// No coupon has this code that the asker may touch: for a consumption none of this merchant's, for a
  /// cancellation none of this user's. Someone else's coupon is not told apart from one that does not exist.
  case notFound
  /// Its state at the time forbids it: already consumed, cancelled or expired.
  case refused(CouponState)
}

/// Why an order could not be placed.
package enum OrderError: Error, Equatable, Sendable {
  /// No such deal.
  case noSuchDeal
  /// Not on sale: not yet published, or past its deadline.
  case notOnSale
  /// Fewer units left than asked for (0: 已抢光).
  case soldOut(left: Int)
  /// More than the deal's 限购 allows this person, who may still order `left`.
  case overLimit(limit: Int, left: Int)
}

/// The nine merchant orders of `business/find_businesses` (`sort` 1…9). We keep one rating, so the taste,
/// ambience and service orders (3…5) order by it too.
package enum MerchantSort: Int, Sendable, CaseIterable {
  case ranking = 1, rating, productRating, decorationRating, serviceRating, reviews, nearest, priceLow, priceHigh
}

/// Which merchants a search wants; names resolved by the caller.
package struct MerchantQuery: Sendable, Hashable {
  package var cityAdcodes: [Int] = []
  package var districtAdcode: Int?
  package var neighbourhood: String?
  package var categories: [String] = []
  package var subcategories: [String] = []
  /// Words that must all appear in the name, branch or address.
  package var keyword: String?
  package var near: GeoCircle?
  /// Only merchants with (true) or without (false) a deal on sale at `now`.
  package var hasDeal: Bool?
  package var now = Date()
  package var sort: MerchantSort = .ranking
  package var limit = 20
  package var offset = 0

  package init() {}
}

/// One merchant found, with its distance in metres when the query had a point.
package struct MerchantHit: Sendable, Equatable {
  package var merchant: MerchantRecord
  package var distance: Double?
  package init(merchant: MerchantRecord, distance: Double?) {
    self.merchant = merchant
    self.distance = distance
  }
}
